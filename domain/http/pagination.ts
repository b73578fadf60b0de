/**
 * Cursor pagination, newest first, over a resource's `_id` (a ULID: ids sort by creation time). The cursor names
 * the last id of the previous page and is signed, so a client cannot forge one (400), and items inserted between
 * page reads (always newer than the cursor) never shift later pages: each item appears exactly once.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { errors } from './errors';

export const PageQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be an integer from 1 to 100' })
    .int('limit must be an integer from 1 to 100')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(20),
  cursor: z.string().max(512).optional(),
});

export type PageQuery = z.infer<typeof PageQuery>;

export function pageSchema<T extends z.ZodType>(item: T, id: string) {
  return z.object({ data: z.array(item), next_cursor: z.string().nullable() }).meta({ id });
}

/**
 * Signs with `secret` only; `fallbacks` (earlier secrets, after a rotation of API_KEY_HASH_SECRET) still verify the
 * cursors they signed, so a client paging across a deploy is not refused.
 */
export class Cursors {
  constructor(
    private readonly secret: string,
    private readonly fallbacks: readonly string[] = [],
  ) {}

  private mac(body: string, secret = this.secret): Buffer {
    return createHmac('sha256', secret).update(`cursor:${body}`).digest().subarray(0, 16);
  }

  encode(scope: string, lastId: string): string {
    const body = Buffer.from(JSON.stringify({ s: scope, a: lastId })).toString('base64url');
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  private signedHere(body: string, sig: string): boolean {
    const given = Buffer.from(sig, 'utf8');
    return [this.secret, ...this.fallbacks].some((secret) => {
      const expected = Buffer.from(this.mac(body, secret).toString('base64url'), 'utf8');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  }

  /** The last id of the previous page; 400 for anything this server did not issue for this list. */
  decode(scope: string, cursor: string): string {
    const parts = cursor.split('.');
    const [body, sig] = parts;
    const invalid = errors.invalidRequest('The cursor is invalid; pass next_cursor from the previous page unchanged.', [
      { path: 'query.cursor', message: 'invalid cursor' },
    ]);
    if (parts.length !== 2 || !body || !sig) throw invalid;
    // The signature is compared as the text we issued: base64url decoding skips unknown characters and ignores the
    // last character's spare bits, so comparing decoded bytes accepted edited cursors.
    if (!this.signedHere(body, sig)) throw invalid;
    const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { s?: unknown; a?: unknown };
    if (parsed.s !== scope || typeof parsed.a !== 'string') throw invalid;
    return parsed.a;
  }
}

/**
 * Properties of pagination cursors (domain/http/pagination.ts): whatever a list's scope and last id, the server reads
 * back exactly what it issued, and refuses everything else — an edited cursor, one from another list or another
 * server, or arbitrary text — with a 400 `invalid_request`, never another kind of failure (which would be a 500).
 */
import fc from 'fast-check';
import { ApiError } from '../../../domain/http/errors';
import { Cursors } from '../../../domain/http/pagination';

const cursors = new Cursors('property-test-secret:cursors');
const scope = fc.string({ maxLength: 40, unit: 'grapheme' });
const lastId = fc.oneof(
  fc.string({ maxLength: 40, unit: 'grapheme' }),
  fc.ulid().map((u) => `run_${u}`),
);

/** The outcome of decoding, as a value: the id, or how it was refused. */
function decode(c: Cursors, s: string, cursor: string): { id: string } | { refused: number; code: string } {
  try {
    return { id: c.decode(s, cursor) };
  } catch (err) {
    if (err instanceof ApiError) return { refused: err.status, code: err.code };
    throw err; // anything else fails the property with its stack
  }
}

const refused = { refused: 400, code: 'invalid_request' };
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

type Edit =
  | { kind: 'set'; at: number; char: string }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number; count: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    at: fc.nat(),
    char: fc.oneof(fc.constantFrom(...BASE64URL, '.', '=', '+', '/', ' '), fc.string({ minLength: 1, maxLength: 1 })),
  }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.oneof(fc.constantFrom('=', '==', '.', '.x', ' ', '\n'), fc.string({ minLength: 1, maxLength: 3 })),
  }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), count: fc.integer({ min: 1, max: 4 }) }),
);

function apply(cursor: string, e: Edit): string {
  const at = e.at % (cursor.length + 1);
  if (e.kind === 'set') return cursor.slice(0, at) + e.char + cursor.slice(at + 1);
  if (e.kind === 'insert') return cursor.slice(0, at) + e.text + cursor.slice(at);
  return cursor.slice(0, at) + cursor.slice(at + e.count);
}

describe('pagination cursors', () => {
  it('decode what they encode, for any list and any id', () => {
    fc.assert(
      fc.property(scope, lastId, (s, id) => {
        expect(decode(cursors, s, cursors.encode(s, id))).toEqual({ id });
      }),
    );
  });

  it('refuse any edited cursor with 400', () => {
    fc.assert(
      fc.property(scope, lastId, fc.array(edit, { minLength: 1, maxLength: 3 }), (s, id, edits) => {
        const issued = cursors.encode(s, id);
        const tampered = edits.reduce(apply, issued);
        fc.pre(tampered !== issued);
        expect(decode(cursors, s, tampered)).toEqual(refused);
      }),
      { numRuns: 1000 },
    );
  });

  it('refuse a cursor of another list, or one another server issued', () => {
    const other = new Cursors('another-deployment:cursors');
    fc.assert(
      fc.property(scope, scope, lastId, (s1, s2, id) => {
        expect(decode(cursors, s1, other.encode(s1, id))).toEqual(refused);
        fc.pre(s1 !== s2);
        expect(decode(cursors, s2, cursors.encode(s1, id))).toEqual(refused);
      }),
    );
  });

  it('refuse arbitrary text, including well-formed JSON a client made up', () => {
    const forged = fc
      .tuple(scope, lastId, fc.uint8Array({ minLength: 0, maxLength: 24 }))
      .map(
        ([s, id, sig]) =>
          `${Buffer.from(JSON.stringify({ s, a: id })).toString('base64url')}.${Buffer.from(sig).toString('base64url')}`,
      );
    fc.assert(
      fc.property(scope, fc.oneof(fc.string({ maxLength: 80 }), forged, fc.base64String()), (s, text) => {
        expect(decode(cursors, s, text)).toEqual(refused);
      }),
      { numRuns: 500 },
    );
  });
});

/** A rotation of API_KEY_HASH_SECRET, which cursors are signed with: earlier secrets verify, never sign. */
describe('cursors across a rotation', () => {
  it('a cursor signed under the earlier secret is honoured; new cursors are signed under the current one only', () => {
    const before = new Cursors('old-secret:cursors');
    const issued = before.encode('runs:acct_1', 'run_01');
    const rotated = new Cursors('new-secret:cursors', ['old-secret:cursors']);
    expect(rotated.decode('runs:acct_1', issued)).toBe('run_01');

    const fresh = rotated.encode('runs:acct_1', 'run_02');
    expect(fresh).toBe(new Cursors('new-secret:cursors').encode('runs:acct_1', 'run_02'));
    // Once the fallback is dropped, the earlier cursor is refused like any cursor this server did not issue.
    expect(() => new Cursors('new-secret:cursors').decode('runs:acct_1', issued)).toThrow(/cursor is invalid/);
    // A fallback verifies only what it signed: an edited cursor is refused under every secret.
    expect(() => rotated.decode('runs:acct_1', `${issued.slice(0, -2)}AA`)).toThrow(/cursor is invalid/);
    expect(() => rotated.decode('runs:acct_2', issued)).toThrow(/cursor is invalid/);
  });
});

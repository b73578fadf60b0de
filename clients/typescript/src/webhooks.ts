/**
 * Webhook verification: `X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * The same rules as the API's own signing: any of several `v1` values may match, unknown schemes are ignored,
 * comparisons are constant-time, and a timestamp further than the tolerance from now is refused even when the
 * signature is right (that stops replays).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { components } from './generated/schema';
import { WebhookVerificationError } from './errors';

export const DEFAULT_TOLERANCE_S = 300;
export const SIGNATURE_HEADER = 'X-Service-Signature';

/** A delivery's body: the event without `object` (GET /v1/events/{id} adds it). */
export type WebhookEvent = Omit<components['schemas']['Event'], 'object'>;

export interface VerifyOptions {
  /** Seconds a signature stays acceptable (default 300, the API's own limit). */
  toleranceS?: number;
  /** The current time; defaults to the clock. */
  now?: Date;
}

function parseHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/**
 * The parsed event when `header` signs `rawBody` under one of `secret` (several during a rotation) within the
 * tolerance; throws WebhookVerificationError otherwise. Pass the body exactly as received, before any JSON parsing.
 */
export function verify(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secret: string | string[],
  options: VerifyOptions = {},
): WebhookEvent {
  if (!header) throw new WebhookVerificationError(`missing ${SIGNATURE_HEADER} header`);
  const parsed = parseHeader(header);
  if (!parsed) throw new WebhookVerificationError(`malformed ${SIGNATURE_HEADER} header`);
  const tolerance = options.toleranceS ?? DEFAULT_TOLERANCE_S;
  const nowS = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowS - parsed.timestamp) > tolerance) {
    throw new WebhookVerificationError(
      `signature timestamp is ${nowS - parsed.timestamp} s from now (tolerance ${tolerance} s)`,
    );
  }
  const body =
    typeof rawBody === 'string'
      ? Buffer.from(rawBody, 'utf8')
      : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  let matched = false;
  for (const s of (Array.isArray(secret) ? secret : [secret]).filter((v) => v.length > 0)) {
    const expected = createHmac('sha256', s).update(`${parsed.timestamp}.`).update(body).digest();
    for (const candidate of parsed.signatures) {
      if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) matched = true;
    }
  }
  if (!matched) throw new WebhookVerificationError('signature does not match the body');
  try {
    return JSON.parse(body.toString('utf8')) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('body is not JSON');
  }
}

/** A header for `rawBody` (tests, and forwarding in `assay listen`). */
export function sign(rawBody: string | Uint8Array, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody))
    .digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

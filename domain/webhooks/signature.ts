/**
 * Webhook signatures (docs/api-reference.md §16):
 * `X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * The sender signs every attempt with this file, and integrators verify with `verifyWebhookSignature`, so the two
 * sides cannot disagree on the format. No Node module beyond `node:crypto`, so it can be copied as is.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signatures older (or further in the future) than this are refused (docs/api-reference.md §16: 5 minutes). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

function hmacHex(secret: string, timestamp: number, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex');
}

/**
 * The header value for `payload` signed at `timestamp` (unix seconds) with each of `secrets`, a `v1` apiece: during a
 * rotation the new secret and those it replaced, so a receiver holding any of them verifies.
 */
export function signWebhookPayload(
  secrets: string | readonly string[],
  payload: string | Buffer,
  timestamp: number,
): string {
  const all = typeof secrets === 'string' ? [secrets] : secrets;
  return [`t=${timestamp}`, ...all.map((secret) => `v1=${hmacHex(secret, timestamp, payload)}`)].join(',');
}

/** `t` and every `v1` of a header; unknown schemes (a future `v2`) are ignored rather than refused. */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
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

export interface VerifyWebhookSignatureOptions {
  /** The raw request body exactly as received: parse JSON only after verifying. */
  payload: string | Buffer;
  /** The `X-Service-Signature` header. */
  header: string | undefined | null;
  /** The endpoint secret (`whsec_…`); during a rotation, pass the old and the new one. */
  secrets: string | string[];
  toleranceSeconds?: number;
  /** The current time (tests); defaults to the clock. */
  now?: Date;
}

/**
 * True when `header` carries a `v1` signature of `payload` under one of `secrets`, made within `toleranceSeconds`
 * of `now`. Comparisons are constant-time; several `v1` values are accepted (any one may match). A stale timestamp
 * is refused even with a valid signature, which is what stops a captured request from being replayed.
 *
 * ```ts
 * app.post('/hooks/assay', express.raw({ type: 'application/json' }), (req, res) => {
 *   if (!verifyWebhookSignature({ payload: req.body, header: req.get('X-Service-Signature'), secrets: process.env.ASSAY_WEBHOOK_SECRET! })) {
 *     return res.sendStatus(400);
 *   }
 *   const event = JSON.parse(req.body.toString('utf8'));
 *   res.sendStatus(200);
 * });
 * ```
 */
export function verifyWebhookSignature(options: VerifyWebhookSignatureOptions): boolean {
  const { payload, header, toleranceSeconds = DEFAULT_TOLERANCE_SECONDS } = options;
  if (!header) return false;
  const parsed = parseSignatureHeader(header);
  if (!parsed) return false;
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - parsed.timestamp) > toleranceSeconds) return false;
  const secrets = (Array.isArray(options.secrets) ? options.secrets : [options.secrets]).filter((s) => s.length > 0);
  let matched = false;
  // Every pair is compared (no early exit), so timing reveals nothing about which secret or value matched.
  for (const secret of secrets) {
    const expected = Buffer.from(hmacHex(secret, parsed.timestamp, payload), 'hex');
    for (const candidate of parsed.signatures) {
      if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) matched = true;
    }
  }
  return matched;
}

/**
 * Properties of webhook signatures (domain/webhooks/signature.ts), the helper integrators copy: a signature made by
 * the sender verifies for any body, secret and time within the tolerance, and nothing else verifies — not a body
 * with any byte changed, not another secret, not an edited header, not a timestamp outside the window.
 */
import fc from 'fast-check';
import {
  DEFAULT_TOLERANCE_SECONDS,
  signWebhookPayload,
  verifyWebhookSignature,
} from '../../../domain/webhooks/signature';

const payload = fc.uint8Array({ maxLength: 512 }).map((a) => Buffer.from(a));
const secret = fc.string({ minLength: 1, maxLength: 64 }).map((s) => `whsec_${s}`);
/** Unix seconds from 2001 to 2286: ten digits, as real clocks give. */
const timestamp = fc.integer({ min: 1_000_000_000, max: 9_999_999_999 });
const tolerance = fc.integer({ min: 0, max: 3600 });
const at = (seconds: number) => new Date(seconds * 1000);

describe('webhook signatures', () => {
  it('verify for any body and secret, at any time within the tolerance', () => {
    fc.assert(
      fc.property(
        payload,
        secret,
        timestamp,
        tolerance,
        fc.double({ min: -1, max: 1, noNaN: true }),
        (body, s, t, tol, where) => {
          const header = signWebhookPayload(s, body, t);
          const now = at(t + Math.trunc(where * tol));
          expect(verifyWebhookSignature({ payload: body, header, secrets: s, now, toleranceSeconds: tol })).toBe(true);
          // The raw body as text verifies the same as its bytes (when it is text).
          const text = body.toString('utf8');
          if (Buffer.from(text, 'utf8').equals(body)) {
            expect(verifyWebhookSignature({ payload: text, header, secrets: s, now, toleranceSeconds: tol })).toBe(
              true,
            );
          }
        },
      ),
    );
  });

  it('fail when any byte of the body changes, is added or is removed', () => {
    fc.assert(
      fc.property(
        payload,
        secret,
        timestamp,
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        fc.constantFrom('flip', 'add', 'remove'),
        (body, s, t, i, delta, kind) => {
          const header = signWebhookPayload(s, body, t);
          let changed: Buffer;
          if (kind === 'flip') {
            fc.pre(body.length > 0);
            changed = Buffer.from(body);
            changed[i % body.length] = (changed[i % body.length]! + delta) % 256;
          } else if (kind === 'add') {
            const p = i % (body.length + 1);
            changed = Buffer.concat([body.subarray(0, p), Buffer.from([delta]), body.subarray(p)]);
          } else {
            fc.pre(body.length > 0);
            const p = i % body.length;
            changed = Buffer.concat([body.subarray(0, p), body.subarray(p + 1)]);
          }
          expect(verifyWebhookSignature({ payload: changed, header, secrets: s, now: at(t) })).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('fail under any other secret, and pass when the right one is among several', () => {
    fc.assert(
      fc.property(
        payload,
        secret,
        fc.array(secret, { minLength: 1, maxLength: 3 }),
        timestamp,
        (body, s, others, t) => {
          fc.pre(!others.includes(s));
          const header = signWebhookPayload(s, body, t);
          expect(verifyWebhookSignature({ payload: body, header, secrets: others, now: at(t) })).toBe(false);
          expect(verifyWebhookSignature({ payload: body, header, secrets: [...others, s], now: at(t) })).toBe(true);
        },
      ),
    );
  });

  it('fail outside the tolerance, in the past or the future', () => {
    fc.assert(
      fc.property(
        payload,
        secret,
        timestamp,
        tolerance,
        fc.integer({ min: 1, max: 10 ** 7 }),
        fc.boolean(),
        (body, s, t, tol, beyond, past) => {
          const header = signWebhookPayload(s, body, t);
          const now = at(past ? t + tol + beyond : t - tol - beyond);
          expect(verifyWebhookSignature({ payload: body, header, secrets: s, now, toleranceSeconds: tol })).toBe(false);
        },
      ),
    );
    // The default window is the documented five minutes.
    const header = signWebhookPayload('whsec_x', 'b', 2_000_000_000);
    expect(
      verifyWebhookSignature({
        payload: 'b',
        header,
        secrets: 'whsec_x',
        now: at(2_000_000_000 + DEFAULT_TOLERANCE_SECONDS),
      }),
    ).toBe(true);
    expect(
      verifyWebhookSignature({
        payload: 'b',
        header,
        secrets: 'whsec_x',
        now: at(2_000_000_000 + DEFAULT_TOLERANCE_SECONDS + 1),
      }),
    ).toBe(false);
  });

  it('fail when the header is edited: another time, another signature value, or a character changed', () => {
    fc.assert(
      fc.property(
        payload,
        secret,
        timestamp,
        fc.nat(),
        fc.string({ minLength: 1, maxLength: 1 }),
        fc.integer({ min: 1, max: 300 }),
        (body, s, t, i, char, shift) => {
          const header = signWebhookPayload(s, body, t);
          const now = at(t);
          // A replay re-stamped with a fresh time, still inside the window.
          const restamped = header.replace(`t=${t}`, `t=${t + shift}`);
          expect(verifyWebhookSignature({ payload: body, header: restamped, secrets: s, now })).toBe(false);
          // Any single character of the header replaced by another.
          const p = i % header.length;
          fc.pre(header[p] !== char && !(/[0-9a-f]/.test(header[p]!) && char.toLowerCase() === header[p]));
          const edited = header.slice(0, p) + char + header.slice(p + 1);
          expect(verifyWebhookSignature({ payload: body, header: edited, secrets: s, now })).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });
});

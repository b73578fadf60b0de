/**
 * The request limits of one API process, with no database write per request (docs/decisions.md 165 and 166).
 *
 * `KeyLimiter`: each process leases blocks of tokens from a key's sliding window (`lease` in ./rate-limit: one
 * atomic `$inc` that can never take the window past the limit) and admits requests from its block locally. A block
 * is good for at most LEASE_MS and never past the end of the bucket it was counted in; what is left of it is given
 * back in the `$inc` of the next lease. Blocks grow with the key's traffic in this process (doubling while they run
 * out before they expire) but never beyond LEASE_SHARE of what the window had left, so when the window runs low
 * blocks shrink to one token and the count is exact: whatever other processes hold unused is small, and it only ever
 * makes a process refuse early, never admit more. Concurrent requests of one key wait on one lease (single flight).
 *
 * `FailureThrottle`: the per-address limit of failed authentications is read from a view of its buckets at most
 * VIEW_TTL_MS old. Every failure is still counted in the database (`consumeView`), and that write answers the global
 * count, so a process that sees failures knows the address is over at once; only failures seen by other processes
 * reach this one up to VIEW_TTL_MS late.
 */
import type { Db } from 'mongodb';
import { consumeView, decide, lease, view, type BucketView, type RateDecision, WINDOW_MS } from './rate-limit';

export const LEASE_MS = 1_000;
/** The largest share of what is left in a key's window that one lease may take. */
export const LEASE_SHARE = 0.1;
const MAX_LEASE = 10_000;
/** Refused requests are answered from memory for at most this long: no database write per refused request either. */
const REFUSAL_MS = 500;
const MAX_TRACKED = 10_000;

interface KeyState {
  limit: number;
  tokens: number;
  bucketStart: Date;
  expiresAt: number;
  /** Size of the last lease, and how many of it were used. */
  size: number;
  used: number;
  buckets: BucketView | null;
  refusedUntil: number;
  pending: Promise<void> | null;
  waiting: number;
}

/** A Map used as a bounded cache: the oldest entries go first. */
function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (map.size >= MAX_TRACKED && !map.has(key)) map.delete(map.keys().next().value as K);
  map.set(key, value);
}

export class KeyLimiter {
  private readonly keys = new Map<string, KeyState>();

  constructor(private readonly db: Db) {}

  /** Admits one request of `keyId` under `limit` per sliding minute, or refuses it. Throws RateLimiterUnavailable. */
  async admit(keyId: string, limit: number): Promise<RateDecision> {
    let state = this.keys.get(keyId);
    if (!state || state.limit !== limit) {
      state = {
        limit,
        tokens: 0,
        bucketStart: new Date(0),
        expiresAt: 0,
        size: 0,
        used: 0,
        buckets: null,
        refusedUntil: 0,
        pending: null,
        waiting: 0,
      };
      remember(this.keys, keyId, state);
    }
    for (;;) {
      const nowMs = Date.now();
      const usable = nowMs < state.expiresAt && nowMs < state.bucketStart.getTime() + WINDOW_MS;
      if (usable && state.tokens > 0) {
        state.tokens--;
        state.used++;
        return this.answer(state, true, new Date(nowMs));
      }
      if (state.buckets && nowMs < state.refusedUntil) return this.answer(state, false, new Date(nowMs));
      if (!state.pending) {
        const renewing = state;
        renewing.pending = this.renew(keyId, renewing, usable, nowMs).finally(() => {
          renewing.pending = null;
        });
        await renewing.pending;
      } else {
        state.waiting++;
        await state.pending.catch(() => undefined);
        state.waiting--;
      }
      // Then take a token of the new lease, or wait on the next one: each lease grants a token or sets a refusal.
    }
  }

  private async renew(keyId: string, state: KeyState, usable: boolean, nowMs: number): Promise<void> {
    const now = new Date(nowMs);
    // Grow while leases run out before they expire; shrink to what was used when they do not.
    const ranOut = usable && state.used >= state.size;
    const wanted = Math.max(1 + state.waiting, ranOut ? state.size * 2 : state.used * 2);
    // Never more than a share of what the window has left (as last seen, with our unused tokens back in it).
    const room = state.buckets ? decide(state.buckets, state.limit, now).remaining + state.tokens : state.limit;
    const size = Math.max(1, Math.min(wanted, MAX_LEASE, Math.floor(room * LEASE_SHARE)));
    const giveBack = state.tokens > 0 ? { bucketStart: state.bucketStart, tokens: state.tokens } : null;
    state.tokens = 0;
    const got = await lease(this.db, keyId, state.limit, size, giveBack, now);
    state.tokens = got.granted;
    state.size = got.granted;
    state.used = 0;
    state.bucketStart = got.bucketStart;
    state.expiresAt = nowMs + LEASE_MS;
    state.buckets = got.buckets;
    state.refusedUntil = got.granted === 0 ? nowMs + REFUSAL_MS : 0;
  }

  /** What the window had left when last seen, plus this process's unused tokens: exact when one process serves the key. */
  private answer(state: KeyState, allowed: boolean, now: Date): RateDecision {
    const seen = decide(state.buckets!, state.limit, now);
    if (allowed)
      return {
        ...seen,
        allowed: true,
        remaining: Math.min(state.limit, seen.remaining + state.tokens),
        retryAfterS: 0,
      };
    return { ...seen, allowed: false, remaining: 0, retryAfterS: Math.max(1, seen.retryAfterS) };
  }
}

export class FailureThrottle {
  private readonly views = new Map<string, { buckets: BucketView; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly viewTtlMs = VIEW_TTL_MS,
  ) {}

  /** Whether `id` may try to authenticate now. Throws RateLimiterUnavailable. */
  async check(id: string, limit: number): Promise<RateDecision> {
    const nowMs = Date.now();
    let seen = this.views.get(id);
    if (!seen || nowMs - seen.at > this.viewTtlMs) {
      seen = { buckets: await view(this.db, id, new Date(nowMs)), at: nowMs };
      remember(this.views, id, seen);
    }
    return decide(seen.buckets, limit, new Date(nowMs));
  }

  /**
   * Counts a failed authentication of `id`, and answers whether it was within `limit` (a refused one is not
   * counted). Throws RateLimiterUnavailable.
   */
  async failed(id: string, limit: number): Promise<RateDecision> {
    const { decision, buckets } = await consumeView(this.db, id, limit);
    remember(this.views, id, { buckets, at: Date.now() });
    return decision;
  }
}

export const VIEW_TTL_MS = 1_000;

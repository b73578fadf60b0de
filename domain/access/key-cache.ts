/**
 * Authentication of API keys with no database read on most requests. Per API process:
 *   - token hash → key id, remembered for good (a credential never changes; see domain/access/api-keys.ts);
 *   - the key's state (account, mode, scopes, limit, expiry, revocation), read by `_id` and used for at most
 *     STATE_TTL_MS: once it is REFRESH_AFTER_MS old a request triggers a read in the background, and once it is
 *     STATE_TTL_MS old the request waits for a fresh read. So a key revoked through another process (or the ops
 *     CLI) is refused here within STATE_TTL_MS plus one read — the guarantee is 5 s;
 *   - keys revoked through this process, refused at once whatever the cache holds;
 *   - `last_used_at`, written at most once per LAST_USED_RESOLUTION_MS per key (the write is guarded too, so other
 *     processes' writes within that time are no-ops).
 * Unknown tokens are never remembered: a key created a moment ago works on every process at once.
 */
import type { Db } from 'mongodb';
import {
  hashToken,
  heldScopes,
  isUnrestricted,
  keyIdOf,
  loadKey,
  recordUse,
  rehashKey,
  TOKEN_PATTERN,
  type ApiKeyDoc,
  type KeyPrincipal,
} from './api-keys';
import { ApiError, errors } from '../http/errors';

export const REFRESH_AFTER_MS = 1_000;
export const STATE_TTL_MS = 2_000;
/** last_used_at is refreshed at most this often per key: no write per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;
const MAX_KEYS = 20_000;
/** Long enough that every read started before a local revocation has finished (and was superseded). */
const REVOKED_HERE_MS = 60_000;

interface KeyState {
  doc: ApiKeyDoc | null;
  readAt: number;
  reading: Promise<KeyState> | null;
  lastUsed: number;
}

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (map.size >= MAX_KEYS && !map.has(key)) map.delete(map.keys().next().value as K);
  map.set(key, value);
}

export class KeyCache {
  private readonly ids = new Map<string, string>();
  private readonly states = new Map<string, KeyState>();
  private readonly revokedHere = new Map<string, number>();

  /** `fallbacks`: earlier hash secrets, whose keys are re-hashed under `hashSecret` on use. */
  constructor(
    private readonly db: Db,
    private readonly hashSecret: string,
    private readonly fallbacks: readonly string[] = [],
  ) {}

  /** Resolves a presented token to its key, refusing malformed, unknown, revoked and expired tokens with their own codes. */
  async authenticate(token: string, now = new Date()): Promise<KeyPrincipal> {
    if (!TOKEN_PATTERN.test(token)) throw errors.unauthorized('The API key is malformed.');
    const hash = hashToken(this.hashSecret, token);
    let keyId = this.ids.get(hash);
    if (!keyId) {
      const found = (await keyIdOf(this.db, hash)) ?? (await this.underFallback(token, hash));
      if (!found) throw errors.unauthorized('The API key is not recognised.');
      keyId = found;
      remember(this.ids, hash, keyId);
    }
    const state = await this.state(keyId, now.getTime());
    const doc = state.doc;
    // The credential and the key agree, or the token is not this key's (a credential left by a failed creation).
    if (!doc || doc.token_hash !== hash) throw errors.unauthorized('The API key is not recognised.');
    if (doc.revoked_at || this.isRevokedHere(keyId, now.getTime()))
      throw new ApiError(401, 'api_key_revoked', 'This API key has been revoked.');
    if (doc.expires_at && doc.expires_at <= now)
      throw new ApiError(401, 'api_key_expired', 'This API key has expired.');

    if (now.getTime() - state.lastUsed > LAST_USED_RESOLUTION_MS) {
      state.lastUsed = now.getTime();
      void recordUse(this.db, keyId, now, LAST_USED_RESOLUTION_MS);
    }
    return {
      kind: 'api_key',
      accountId: doc.account_id,
      keyId: doc._id,
      mode: doc.mode,
      scopes: heldScopes(doc),
      unrestricted: isUnrestricted(doc),
      rateLimitRpm: doc.rate_limit_rpm,
    };
  }

  /**
   * The key a token was hashed for under an earlier secret, re-hashed under the current one (the read of its state
   * that follows sees the new hash), or null. An unknown token costs one more read per fallback while any is set.
   */
  private async underFallback(token: string, hash: string): Promise<string | null> {
    for (const secret of this.fallbacks) {
      const oldHash = hashToken(secret, token);
      const keyId = await keyIdOf(this.db, oldHash);
      if (!keyId) continue;
      await rehashKey(this.db, keyId, oldHash, hash);
      this.states.delete(keyId);
      return keyId;
    }
    return null;
  }

  /** A key this process just revoked: refused from now on, whatever a read in flight still returns. */
  revoked(keyId: string): void {
    const now = Date.now();
    for (const [id, at] of this.revokedHere) if (now - at > REVOKED_HERE_MS) this.revokedHere.delete(id);
    this.revokedHere.set(keyId, now);
    this.states.delete(keyId);
  }

  private isRevokedHere(keyId: string, now: number): boolean {
    const at = this.revokedHere.get(keyId);
    return at !== undefined && now - at <= REVOKED_HERE_MS;
  }

  private async state(keyId: string, now: number): Promise<KeyState> {
    const known = this.states.get(keyId);
    if (known && now - known.readAt <= STATE_TTL_MS) {
      // Fresh enough to answer from; past REFRESH_AFTER_MS, refresh it without making this request wait.
      if (now - known.readAt > REFRESH_AFTER_MS && !known.reading) this.read(keyId, known).catch(() => undefined);
      return known;
    }
    return known?.reading ?? this.read(keyId, known);
  }

  /** One read per key at a time; concurrent requests share it. A failed read leaves nothing behind to wait on. */
  private read(keyId: string, known: KeyState | undefined): Promise<KeyState> {
    const startedAt = Date.now();
    const holder: KeyState = known ?? { doc: null, readAt: -Infinity, reading: null, lastUsed: 0 };
    const reading = loadKey(this.db, keyId).then(
      (doc) => {
        const lastUsed = Math.max(holder.lastUsed, doc?.last_used_at?.getTime() ?? 0);
        const fresh: KeyState = { doc, readAt: startedAt, reading: null, lastUsed };
        remember(this.states, keyId, fresh);
        return fresh;
      },
      (err: unknown) => {
        holder.reading = null;
        throw err;
      },
    );
    holder.reading = reading;
    if (!known) remember(this.states, keyId, holder);
    return reading;
  }
}

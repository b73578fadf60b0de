/**
 * API keys: creation (the token is shown once), listing, revocation, and authentication of a presented token.
 *
 * A token is `ak_live_<32 base62>` or `ak_test_<32 base62>`. Only HMAC-SHA256(API_KEY_HASH_SECRET, token) is
 * stored: a dump of `api_keys` holds nothing that authenticates, and without the server secret the hashes cannot
 * even be brute-forced offline. Lookup is by hash (indexed, unique), then compared in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db, Filter } from 'mongodb';
import { COLLECTIONS } from './db';
import { ApiError, errors } from './errors';
import { newId, randomBase62 } from './ids';
import { checkCountLimit, enforceCountLimit, LIMITS } from './limits';
import { SCOPES, type Scope } from './scopes';
import type { TenantDb } from './tenant';

export type KeyMode = 'live' | 'test';

export interface ApiKeyDoc {
  _id: string; // public id, key_…
  account_id: string;
  name: string;
  mode: KeyMode;
  token_hash: string;
  last4: string;
  scopes: Scope[];
  rate_limit_rpm: number | null;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
  created_by: string;
  created_at: Date;
}

const TOKEN_PATTERN = /^ak_(live|test)_[0-9A-Za-z]{32}$/;
/** last_used_at is refreshed at most this often per key: no write per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function hashToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

export function keyPrefix(mode: KeyMode): 'ak_live' | 'ak_test' {
  return mode === 'live' ? 'ak_live' : 'ak_test';
}

export function summarize(doc: ApiKeyDoc) {
  return {
    public_id: doc._id,
    object: 'api_key' as const,
    name: doc.name,
    key_prefix: keyPrefix(doc.mode),
    last4: doc.last4,
    mode: doc.mode,
    scopes: doc.scopes,
    status: doc.revoked_at ? ('revoked' as const) : ('active' as const),
    rate_limit_rpm: doc.rate_limit_rpm,
    expires_at: doc.expires_at?.toISOString() ?? null,
    last_used_at: doc.last_used_at?.toISOString() ?? null,
    revoked_at: doc.revoked_at?.toISOString() ?? null,
    created_at: doc.created_at.toISOString(),
  };
}

export interface CreateKeyInput {
  name: string;
  mode: KeyMode;
  scopes?: Scope[];
  rate_limit_rpm?: number | null;
  expires_at?: string | null;
}

/** Keys that authenticate: not revoked, not expired. At most LIMITS.activeKeysPerAccount per account. */
const activeKeys = (now: Date): Filter<ApiKeyDoc> => ({ revoked_at: null, $or: [{ expires_at: null }, { expires_at: { $gt: now } }] });

export interface KeyPolicy {
  hashSecret: string;
  /** The highest rate_limit_rpm a key may ask for (MAX_KEY_RATE_LIMIT_RPM). */
  maxRateLimitRpm: number;
}

export async function createKey(tenant: TenantDb, policy: KeyPolicy, createdBy: string, input: CreateKeyInput) {
  if (input.rate_limit_rpm != null && input.rate_limit_rpm > policy.maxRateLimitRpm) {
    const message = `must be at most ${policy.maxRateLimitRpm}`;
    throw errors.invalidRequest(`rate_limit_rpm ${message}.`, [{ path: 'body.rate_limit_rpm', message }]);
  }
  const keys = tenant.collection<ApiKeyDoc>(COLLECTIONS.apiKeys);
  await checkCountLimit(keys, activeKeys(new Date()), LIMITS.activeKeysPerAccount, 'active API keys');
  const token = `${keyPrefix(input.mode)}_${randomBase62(32)}`;
  const scopes = input.scopes?.length ? [...new Set(input.scopes)] : [...SCOPES];
  const doc = await keys.insertOne({
    _id: newId('apiKey'),
    name: input.name,
    mode: input.mode,
    token_hash: hashToken(policy.hashSecret, token),
    last4: token.slice(-4),
    scopes,
    rate_limit_rpm: input.rate_limit_rpm ?? null,
    expires_at: input.expires_at ? new Date(input.expires_at) : null,
    last_used_at: null,
    revoked_at: null,
    created_by: createdBy,
    created_at: new Date(),
  });
  await enforceCountLimit(keys, activeKeys(new Date()), doc._id, LIMITS.activeKeysPerAccount, 'active API keys');
  const summary = summarize(doc);
  return {
    public_id: summary.public_id,
    object: summary.object,
    token,
    name: summary.name,
    mode: summary.mode,
    last4: summary.last4,
    scopes: summary.scopes,
    rate_limit_rpm: summary.rate_limit_rpm,
    expires_at: summary.expires_at,
    created_at: summary.created_at,
    warning: 'Store this token now: it is shown only once and cannot be recovered.',
  };
}

export async function listKeys(tenant: TenantDb) {
  const docs = await tenant
    .collection<ApiKeyDoc>(COLLECTIONS.apiKeys)
    .find({}, { sort: { created_at: -1, _id: -1 } })
    .toArray();
  return docs.map(summarize);
}

/** Idempotent: revoking a revoked key answers its summary unchanged. */
export async function revokeKey(tenant: TenantDb, keyId: string) {
  const keys = tenant.collection<ApiKeyDoc>(COLLECTIONS.apiKeys);
  await keys.updateOne({ _id: keyId, revoked_at: null }, { $set: { revoked_at: new Date() } });
  const doc = await keys.findOne({ _id: keyId });
  if (!doc) throw errors.notFound('API key');
  return summarize(doc);
}

export interface KeyPrincipal {
  kind: 'api_key';
  accountId: string;
  keyId: string;
  mode: KeyMode;
  scopes: Scope[];
  rateLimitRpm: number | null;
}

/**
 * Resolves a presented token to its key, refusing malformed, unknown, revoked and expired tokens with their own
 * codes. Reads the database on every call (no cache), so a revocation takes effect on the next request.
 * This is the one account-less read of `api_keys`: the account is what it finds out.
 */
export async function authenticateKey(db: Db, hashSecret: string, token: string, now = new Date()): Promise<KeyPrincipal> {
  if (!TOKEN_PATTERN.test(token)) throw errors.unauthorized('The API key is malformed.');
  const hash = hashToken(hashSecret, token);
  const doc = await db.collection<ApiKeyDoc>(COLLECTIONS.apiKeys).findOne({ token_hash: hash });
  if (!doc || !timingSafeEqual(Buffer.from(doc.token_hash, 'hex'), Buffer.from(hash, 'hex'))) {
    throw errors.unauthorized('The API key is not recognised.');
  }
  if (doc.revoked_at) throw new ApiError(401, 'api_key_revoked', 'This API key has been revoked.');
  if (doc.expires_at && doc.expires_at <= now) throw new ApiError(401, 'api_key_expired', 'This API key has expired.');

  if (!doc.last_used_at || now.getTime() - doc.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
    // Fire and forget, guarded so concurrent requests write once; a failure here must not fail the request.
    void db
      .collection<ApiKeyDoc>(COLLECTIONS.apiKeys)
      .updateOne(
        { _id: doc._id, $or: [{ last_used_at: null }, { last_used_at: { $lt: new Date(now.getTime() - LAST_USED_RESOLUTION_MS) } }] },
        { $set: { last_used_at: now } },
      )
      .catch(() => undefined);
  }
  return {
    kind: 'api_key',
    accountId: doc.account_id,
    keyId: doc._id,
    mode: doc.mode,
    scopes: doc.scopes,
    rateLimitRpm: doc.rate_limit_rpm,
  };
}

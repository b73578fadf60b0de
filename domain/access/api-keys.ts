/**
 * API keys: creation (the token is shown once), listing, revocation, and authentication of a presented token.
 *
 * A token is `ak_live_<32 base62>` or `ak_test_<32 base62>`. Only HMAC-SHA256(API_KEY_HASH_SECRET, token) is
 * stored: a dump of `api_keys` holds nothing that authenticates, and without the server secret the hashes cannot
 * even be brute-forced offline. A token is found by `_id`, the only lookup every store serves from an index: the
 * store's key credentials map each hash to its key's id (domain/store/key-credentials.ts), then the key's state is
 * read by its own `_id`. domain/access/key-cache.ts keeps both in memory for the hot path.
 */
import { createHmac } from 'node:crypto';
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../platform/db';
import { errors } from '../http/errors';
import { newId, randomBase62 } from '../platform/ids';
import { LIMITS, refuseAbove } from './limits';
import { defineCollection, keyCredentials } from '../store';
import { SCOPES, V1_SCOPES, type Scope } from './scopes';
import type { TenantDb } from '../store';

export type KeyMode = 'live' | 'test';

export interface ApiKeyDoc {
  _id: string; // public id, key_…
  account_id: string;
  name: string;
  mode: KeyMode;
  token_hash: string;
  last4: string;
  /** The scopes listed at creation; an unrestricted key's is every scope there was then (see `heldScopes`). */
  scopes: Scope[];
  /**
   * Created with omitted or empty `scopes`: holds every scope, ones added later included.
   * Absent on keys from before it was recorded, which stored every scope of the time instead.
   */
  unrestricted?: boolean;
  rate_limit_rpm: number | null;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
  created_by: string;
  created_at: Date;
}

export const TOKEN_PATTERN = /^ak_(live|test)_[0-9A-Za-z]{32}$/;

export function hashToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

export function keyPrefix(mode: KeyMode): 'ak_live' | 'ak_test' {
  return mode === 'live' ? 'ak_live' : 'ak_test';
}

/**
 * Whether a key holds every scope, present and future: recorded since keys record it; before,
 * an unrestricted key was stored with the whole list of version 1, so a key without the record is unrestricted when
 * it lists exactly that (an explicit list of every scope then could not be told apart, and meant the same).
 */
export function isUnrestricted(doc: Pick<ApiKeyDoc, 'scopes' | 'unrestricted'>): boolean {
  if (doc.unrestricted !== undefined) return doc.unrestricted;
  const listed = new Set(doc.scopes);
  return listed.size === V1_SCOPES.length && V1_SCOPES.every((s) => listed.has(s));
}

/** The scopes a key holds now: every scope for an unrestricted key, else those it listed. */
export function heldScopes(doc: Pick<ApiKeyDoc, 'scopes' | 'unrestricted'>): Scope[] {
  return isUnrestricted(doc) ? [...SCOPES] : doc.scopes;
}

export function summarize(doc: ApiKeyDoc) {
  return {
    public_id: doc._id,
    object: 'api_key' as const,
    name: doc.name,
    key_prefix: keyPrefix(doc.mode),
    last4: doc.last4,
    mode: doc.mode,
    scopes: heldScopes(doc),
    unrestricted: isUnrestricted(doc),
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

/** A key that authenticates: not revoked, not expired. At most LIMITS.activeKeysPerAccount per account. */
const isActive = (doc: ApiKeyDoc, now: Date) => !doc.revoked_at && (!doc.expires_at || doc.expires_at > now);

/**
 * A key that no longer authenticates is listed for this many days after it stopped (its revocation or its expiry,
 * whichever came first), then no longer; its record stays, so usage and logs that name it still resolve. The list
 * is unpaged in the contract: without this, an account that makes a key per CI job would list, and read, every key
 * it ever made.
 */
export const STOPPED_KEY_LISTED_DAYS = 30;

/** When the key stopped authenticating; null while it still does. */
function stoppedAt(doc: ApiKeyDoc, now: Date): Date | null {
  const expired = doc.expires_at && doc.expires_at <= now ? doc.expires_at : null;
  if (doc.revoked_at && expired) return doc.revoked_at < expired ? doc.revoked_at : expired;
  return doc.revoked_at ?? expired;
}

const listedSince = (now: Date) => new Date(now.getTime() - STOPPED_KEY_LISTED_DAYS * 86_400_000);

/**
 * Which keys an account has, read through memberships (domain/store/memberships.ts) and then each key by `_id`, never
 * `{account_id}`, which the embedded store answers by scanning every account's keys.
 * `key_rosters` holds the keys the list shows: the active ones, and those stopped within STOPPED_KEY_LISTED_DAYS;
 * the reader that finds one stopped longer ago takes it out. `active_key_rosters` holds the keys that may still
 * authenticate, for the limit, so that creating a key reads at most about 100 keys however many the account has
 * revoked: revocation and expiry are final, and the reader that finds either takes the key out.
 */
const KEYS = defineCollection<ApiKeyDoc, 'listed' | 'active'>({
  collection: COLLECTIONS.apiKeys,
  memberships: {
    listed: {
      rosters: COLLECTIONS.keyRosters,
      // Stopped after `since` is both: not revoked before it, and not expired before it.
      holds: () => {
        const since = listedSince(new Date());
        return {
          $and: [
            { $or: [{ revoked_at: null }, { revoked_at: { $gt: since } }] },
            { $or: [{ expires_at: null }, { expires_at: { $gt: since } }] },
          ],
        };
      },
      left: (doc) => {
        const now = new Date();
        const stopped = stoppedAt(doc, now);
        return stopped !== null && stopped <= listedSince(now);
      },
    },
    active: {
      rosters: COLLECTIONS.activeKeyRosters,
      holds: () => ({ revoked_at: null, $or: [{ expires_at: null }, { expires_at: { $gt: new Date() } }] }),
      left: (doc) => !isActive(doc, new Date()),
    },
  },
});

/** Hourly: adds to the built rosters every key they lack (scans of all keys). Answers the rosters changed. */
export const sweepKeyRosters = (db: Db) => KEYS.sweep(db);

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
  const active = async () => (await KEYS.members('active', tenant)).length;
  const limit = { name: 'active API keys', limit: LIMITS.activeKeysPerAccount };
  await refuseAbove(active, LIMITS.activeKeysPerAccount - 1, limit);
  // Checked before writing only: racing creations at this bound may list a few more, which costs a few reads, not a
  // guarantee (the active bound above is the one checked again after the insert).
  await refuseAbove(
    () => KEYS.count('listed', tenant, LIMITS.listedKeysPerAccount - 1),
    LIMITS.listedKeysPerAccount - 1,
    {
      name: `API keys listed (active, or stopped in the last ${STOPPED_KEY_LISTED_DAYS} days)`,
      limit: LIMITS.listedKeysPerAccount,
      remedy: `a revoked or expired key leaves the list ${STOPPED_KEY_LISTED_DAYS} days after it stopped`,
    },
  );
  const token = `${keyPrefix(input.mode)}_${randomBase62(32)}`;
  const unrestricted = !input.scopes?.length;
  // An unrestricted key also lists every scope of today, so a process from before `unrestricted` reads it rightly.
  const scopes = unrestricted ? [...SCOPES] : [...new Set(input.scopes)];
  const keyId = newId('apiKey');
  const tokenHash = hashToken(policy.hashSecret, token);
  // The credential first: without its key it finds nothing, and nobody holds its token unless the key is created.
  await keyCredentials.record(tenant.rawDb(), { _id: keyId, token_hash: tokenHash });
  const doc = await KEYS.insert(tenant, {
    _id: keyId,
    name: input.name,
    mode: input.mode,
    token_hash: tokenHash,
    last4: token.slice(-4),
    scopes,
    unrestricted,
    rate_limit_rpm: input.rate_limit_rpm ?? null,
    expires_at: input.expires_at ? new Date(input.expires_at) : null,
    last_used_at: null,
    revoked_at: null,
    created_by: createdBy,
    created_at: new Date(),
  });
  await refuseAbove(active, LIMITS.activeKeysPerAccount, limit, async () => {
    await KEYS.remove(tenant, doc._id);
  });
  const summary = summarize(doc);
  return {
    public_id: summary.public_id,
    object: summary.object,
    token,
    name: summary.name,
    mode: summary.mode,
    last4: summary.last4,
    scopes: summary.scopes,
    unrestricted: summary.unrestricted,
    rate_limit_rpm: summary.rate_limit_rpm,
    expires_at: summary.expires_at,
    created_at: summary.created_at,
    warning: 'Store this token now: it is shown only once and cannot be recovered.',
  };
}

/** The account's active keys and those stopped within STOPPED_KEY_LISTED_DAYS, newest first. */
export async function listKeys(tenant: TenantDb) {
  const docs = await KEYS.members('listed', tenant);
  const newestFirst = (a: ApiKeyDoc, b: ApiKeyDoc) =>
    b.created_at.getTime() - a.created_at.getTime() || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);
  return docs.sort(newestFirst).map(summarize);
}

/** Idempotent: revoking a revoked key answers its summary unchanged. */
export async function revokeKey(tenant: TenantDb, keyId: string) {
  // Off the active keys once revoked (the store's, on this transition; a failure there is the next reader's to mend).
  const doc =
    (await KEYS.transition(tenant, { _id: keyId, revoked_at: null }, { $set: { revoked_at: new Date() } })) ??
    (await KEYS.in(tenant).findOne({ _id: keyId }));
  if (!doc) throw errors.notFound('API key');
  return summarize(doc);
}

export interface KeyPrincipal {
  kind: 'api_key';
  accountId: string;
  keyId: string;
  mode: KeyMode;
  /** Every scope the key holds now (`heldScopes`). */
  scopes: Scope[];
  /** Holds every scope, ones added later included: what a `*` webhook subscription needs. */
  unrestricted: boolean;
  rateLimitRpm: number | null;
}

/** The id of the key a token hash belongs to, or null (domain/store/key-credentials.ts). */
export const keyIdOf = (db: Db, tokenHash: string) => keyCredentials.keyIdOf(db, tokenHash);

/** Hourly (activities/reconcile.ts): every key gets the credential the `pages` strategy finds it by. */
export const backfillCredentials = (db: Db) => keyCredentials.backfill(db);

/**
 * A key found under an earlier hash secret, hashed again under the current one: its
 * credential for the new hash first (a lookup by it must find the key once the key says so), then one update guarded
 * on the old hash, so that of processes racing on the key's first use after a rotation one writes and the rest find
 * it done. The old credential stays: it names the same key, whose `token_hash` no longer matches it.
 */
export async function rehashKey(db: Db, keyId: string, oldHash: string, newHash: string): Promise<void> {
  await keyCredentials.record(db, { _id: keyId, token_hash: newHash }).catch((err: unknown) => {
    if ((err as { code?: number }).code !== 11000) throw err;
  });
  await db
    .collection<ApiKeyDoc>(COLLECTIONS.apiKeys)
    .updateOne({ _id: keyId, token_hash: oldHash }, { $set: { token_hash: newHash } });
}

/** A key's current state by its id (account-less: the caller found the id through the token's credential). */
export function loadKey(db: Db, keyId: string): Promise<ApiKeyDoc | null> {
  return db.collection<ApiKeyDoc>(COLLECTIONS.apiKeys).findOne({ _id: keyId });
}

/**
 * Records a key's use. Guarded so that, whichever processes write, `last_used_at` moves at most once per
 * `resolutionMs`; callers also write at most that often per key (domain/access/key-cache.ts). Never fails the request.
 */
export function recordUse(db: Db, keyId: string, now: Date, resolutionMs: number): Promise<void> {
  return db
    .collection<ApiKeyDoc>(COLLECTIONS.apiKeys)
    .updateOne(
      { _id: keyId, $or: [{ last_used_at: null }, { last_used_at: { $lt: new Date(now.getTime() - resolutionMs) } }] },
      { $set: { last_used_at: now } },
    )
    .then(
      () => undefined,
      () => undefined,
    );
}

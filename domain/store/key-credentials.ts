/**
 * How a presented token finds its key (account-less: the account is what it finds out). The API keys' owner
 * (domain/access/api-keys.ts) records each key's credential before inserting the key and asks `keyIdOf`.
 *
 * - `pages`: `api_key_credentials` maps each token hash (its `_id`) to its key's id and never changes, because the
 *   embedded store answers `findOne({token_hash})` by scanning every account's keys, which any forged token would pay.
 *   Keys from before credentials get theirs when found, and from the hourly backfill.
 * - `query`: `findOne({token_hash})` on the keys' unique index; nothing else is written.
 */
import type { Db } from 'mongodb';
import { COLLECTIONS, upserting } from '../platform/db';
import { listStrategy, type ListStrategy } from './strategy';

/** What a credential needs of a key. */
interface KeyDoc {
  _id: string;
  token_hash: string;
}

/** hash → key id: written before its key, never changed, so a process may remember it for good. */
export interface CredentialDoc {
  _id: string; // HMAC-SHA256(API_KEY_HASH_SECRET, token), hex
  key_id: string;
}

/**
 * The `_id` of a document in `api_key_credentials` that says every key has its credential (`backfillCredentials`).
 * No token hash (64 hex digits) can equal it.
 */
const EVERY_KEY_CREDENTIALED = 'every-key-credentialed';

/** Databases this process has seen the mark in: it is never taken back, so once seen it is remembered. */
const markSeen = new WeakSet<Db>();

async function everyKeyCredentialed(db: Db): Promise<boolean> {
  if (markSeen.has(db)) return true;
  const mark = await db
    .collection<CredentialDoc>(COLLECTIONS.apiKeyCredentials)
    .findOne({ _id: EVERY_KEY_CREDENTIALED });
  if (mark) markSeen.add(db);
  return mark !== null;
}

const credentialFor = (db: Db, key: KeyDoc) =>
  upserting(() =>
    db
      .collection<CredentialDoc>(COLLECTIONS.apiKeyCredentials)
      .updateOne({ _id: key.token_hash }, { $setOnInsert: { key_id: key._id } }, { upsert: true }),
  );

/**
 * The id of the key a token hash belongs to, or null: by `_id` in `api_key_credentials`. A key created before that
 * collection existed is found by its `token_hash` and gets its credential then, until `backfillCredentials` has given
 * every such key its credential: from then on an unknown token costs one read by `_id`, not a query on
 * `token_hash`, which the embedded store answers by scanning every account's keys (docs/decisions.md 283). This is
 * the one account-less read of API keys: the account is what it finds out.
 */
async function keyIdByCredential(db: Db, tokenHash: string): Promise<string | null> {
  const found = await db.collection<CredentialDoc>(COLLECTIONS.apiKeyCredentials).findOne({ _id: tokenHash });
  if (found) return found.key_id;
  if (await everyKeyCredentialed(db)) return null;
  const legacy = await db
    .collection<KeyDoc>(COLLECTIONS.apiKeys)
    .findOne({ token_hash: tokenHash }, { projection: { _id: 1 } });
  if (!legacy) return null;
  await credentialFor(db, { _id: legacy._id, token_hash: tokenHash });
  return legacy._id;
}

/**
 * Gives every key its credential, then marks that done (the reconciler's hourly sweep, activities/reconcile.ts; a
 * no-op once marked). Keys created since credentials exist have theirs already: creation writes it before the key.
 * One scan of all keys, once per database. Answers the credentials added.
 */
async function backfillCredentials(db: Db): Promise<number> {
  if (await everyKeyCredentialed(db)) return 0;
  const keys = await db
    .collection<KeyDoc>(COLLECTIONS.apiKeys)
    .find({}, { projection: { _id: 1, token_hash: 1 } })
    .toArray();
  let added = 0;
  for (let i = 0; i < keys.length; i += 50) {
    const written = await Promise.all(keys.slice(i, i + 50).map((key) => credentialFor(db, key)));
    added += written.reduce((n, w) => n + w.upsertedCount, 0);
  }
  const mark = { _id: EVERY_KEY_CREDENTIALED };
  await upserting(() =>
    db
      .collection<CredentialDoc>(COLLECTIONS.apiKeyCredentials)
      .updateOne(mark, { $setOnInsert: { key_id: '' } }, { upsert: true }),
  );
  return added;
}

export const keyCredentials = {
  /** Before inserting the key. */
  async record(db: Db, key: KeyDoc, strategy: ListStrategy = listStrategy()): Promise<void> {
    if (strategy === 'pages')
      await db
        .collection<CredentialDoc>(COLLECTIONS.apiKeyCredentials)
        .insertOne({ _id: key.token_hash, key_id: key._id });
  },
  /** The id of the key a token hash belongs to, or null. */
  async keyIdOf(db: Db, tokenHash: string, strategy: ListStrategy = listStrategy()): Promise<string | null> {
    if (strategy === 'pages') return keyIdByCredential(db, tokenHash);
    const key = await db
      .collection<KeyDoc>(COLLECTIONS.apiKeys)
      .findOne({ token_hash: tokenHash }, { projection: { _id: 1 } });
    return key?._id ?? null;
  },
  /** Hourly: every key gets its credential, once per database (`pages`). Answers the credentials added. */
  backfill: (db: Db, strategy: ListStrategy = listStrategy()): Promise<number> =>
    strategy === 'pages' ? backfillCredentials(db) : Promise.resolve(0),
  /**
   * Before `pages` runs on a database `query` has written: keys created meanwhile have no credential, so the mark
   * that says every key has one goes, and the legacy lookup and the backfill give them theirs.
   */
  async forgetEveryKeyCredentialed(db: Db): Promise<void> {
    await db.collection<CredentialDoc>(COLLECTIONS.apiKeyCredentials).deleteOne({ _id: EVERY_KEY_CREDENTIALED });
  },
};

/**
 * Idempotency keys, scoped to (account, key mode, endpoint), since test and live are separate worlds, and kept 24
 * hours (checked in code; the database need not support TTL). The first request with a key reserves the id of the
 * resource it will create, so a retry after a crash resumes creating the same resource instead of a second one. Same
 * key and same body replays the stored answer; a different body is 409 `idempotency_key_reused`; the same key while
 * the first request is still running is 409 `idempotency_key_in_use`.
 */
import { createHash } from 'node:crypto';
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../platform/db';
import { errors } from '../http/errors';

const RETENTION_MS = 24 * 60 * 60 * 1000;
/** A request holding a key longer than this is presumed dead, and a retry may take the key over. */
const LOCK_MS = 120_000;

interface IdempotencyDoc {
  _id: string;
  account_id: string;
  request_hash: string;
  reserved_id: string;
  state: 'in_flight' | 'done';
  status: number | null;
  body_json: string | null;
  locked_until: Date;
  created_at: Date;
}

/** Whose key it is: the account and the mode of the API key that sent it (null for session-token routes). */
export interface IdempotencyScope {
  accountId: string;
  mode: 'live' | 'test' | null;
}

/**
 * The record of a key. Records from before keys were scoped by mode hash without it; keyed requests now carry
 * their mode, so such a record is simply not found (nothing misreads it) and ages out within the 24 hours.
 * Session-token routes have no mode and hash as they always did.
 */
export function idempotencyRecordId(scope: IdempotencyScope, endpoint: string, key: string): string {
  const parts =
    scope.mode === null ? [scope.accountId, endpoint, key] : [scope.accountId, `mode:${scope.mode}`, endpoint, key];
  return createHash('sha256').update(parts.join('\u0000')).digest('hex');
}

export type Begin =
  { kind: 'execute'; recordId: string; reservedId: string } | { kind: 'replay'; status: number; body: unknown };

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The fingerprint of a request's parts. JSON parts are their canonical text, which never holds a raw NUL or SOH
 * (JSON escapes control characters), each ended by NUL. Byte parts (multipart files) can hold any byte, so each is
 * SOH, its length and ':' before the bytes: ended by NUL alone, files [a, b] and [a + NUL + b] hashed alike.
 * JSON-only requests hash as they always did, so stored keys stay valid.
 */
export function requestHash(parts: unknown[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    if (Buffer.isBuffer(part)) hash.update(`\u0001${part.length}:`).update(part);
    else hash.update(canonicalJson(part));
    hash.update('\u0000');
  }
  return hash.digest('hex');
}

export async function beginIdempotent(
  db: Db,
  scope: IdempotencyScope,
  endpoint: string,
  key: string,
  hash: string,
  reserve: () => string,
): Promise<Begin> {
  const records = db.collection<IdempotencyDoc>(COLLECTIONS.idempotencyKeys);
  const recordId = idempotencyRecordId(scope, endpoint, key);
  const accountId = scope.accountId;
  const now = new Date();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const reservedId = reserve();
      await records.insertOne({
        _id: recordId,
        account_id: accountId,
        request_hash: hash,
        reserved_id: reservedId,
        state: 'in_flight',
        status: null,
        body_json: null,
        locked_until: new Date(now.getTime() + LOCK_MS),
        created_at: now,
      });
      return { kind: 'execute', recordId, reservedId };
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
    }
    const existing = await records.findOne({ _id: recordId });
    if (!existing) continue;
    if (now.getTime() - existing.created_at.getTime() > RETENTION_MS) {
      await records.deleteOne({ _id: recordId, created_at: existing.created_at });
      continue;
    }
    if (existing.request_hash !== hash) {
      throw errors.conflict('idempotency_key_reused', 'This Idempotency-Key was used with a different request body.');
    }
    if (existing.state === 'done')
      return { kind: 'replay', status: existing.status!, body: JSON.parse(existing.body_json!) };
    // In flight: take it over only if its holder is presumed dead, keeping the reserved id.
    const taken = await records.findOneAndUpdate(
      { _id: recordId, state: 'in_flight', locked_until: { $lt: now } },
      { $set: { locked_until: new Date(now.getTime() + LOCK_MS) } },
      { returnDocument: 'after' },
    );
    if (taken) return { kind: 'execute', recordId, reservedId: taken.reserved_id };
    throw errors.conflict('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed.');
  }
  throw errors.conflict('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed.');
}

/**
 * The resource reserved under a key was abandoned without effect (a creation that died, settled by the reconciler
 * with nothing charged or shown): the key gets `freshId`, so its retry creates anew instead of resuming what can no
 * longer finish. Compare-and-set on the stale id, so whoever renews first decides; answers the id now reserved.
 */
export async function renewReservation(db: Db, recordId: string, staleId: string, freshId: string): Promise<string> {
  const records = db.collection<IdempotencyDoc>(COLLECTIONS.idempotencyKeys);
  const renewed = await records.findOneAndUpdate(
    { _id: recordId, reserved_id: staleId },
    { $set: { reserved_id: freshId } },
    { returnDocument: 'after' },
  );
  const current = renewed ?? (await records.findOne({ _id: recordId }));
  if (!current) throw new Error(`idempotency record ${recordId} vanished while its request ran`);
  return current.reserved_id;
}

/** Stores the answer for replay. */
export async function finishIdempotent(db: Db, recordId: string, status: number, body: unknown): Promise<void> {
  await db
    .collection<IdempotencyDoc>(COLLECTIONS.idempotencyKeys)
    .updateOne({ _id: recordId }, { $set: { state: 'done', status, body_json: JSON.stringify(body ?? null) } });
}

/** The request failed without a definite answer (5xx): release the key so a retry resumes with the same id. */
export async function releaseIdempotent(db: Db, recordId: string): Promise<void> {
  await db
    .collection<IdempotencyDoc>(COLLECTIONS.idempotencyKeys)
    .updateOne({ _id: recordId, state: 'in_flight' }, { $set: { locked_until: new Date(0) } });
}

/**
 * Natural keys (collection `natural_keys`): where an item must exist once per key (an event per dedupe key, a
 * delivery per event and endpoint), the first writer takes the key for the id, list position and creation time it
 * is about to write. Every later writer (a retried activity, the API and a workflow settling the same cancel) reads
 * the key by `_id` and then finds, or writes, that same item.
 *
 * Why not find the first writer's item by its own unique field: the embedded store (FerretDB 1.24) pushes down
 * nothing but `_id` equality. `findOne({dedupe_key})` then reads every account's events: 4.1 s over 100,000 of them
 * when the match is recent. That was paid on every retry, exactly when the database was already slow. The items
 * keep their unique indexes: on MongoDB those stop a duplicate whatever happens to a key, and they find items
 * written before keys existed.
 *
 * Keys are internal records, not an account's resources: read and written here by `_id` only, each naming the account
 * it was taken for. They go with their items' retention (`purgeNaturalKeys`).
 */
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../../platform/db';

export interface NaturalKeyDoc {
  /** `<kind>:<natural key>`, e.g. `event:run.succeeded:run_…` */
  _id: string;
  account_id: string;
  /** What every writer of the key writes: the item's id, its position in its list, its creation time. */
  item_id: string;
  list_pos: number;
  created_at: Date;
}

export interface KeyedItem {
  itemId: string;
  listPos: number;
  createdAt: Date;
}

const keys = (db: Db) => db.collection<NaturalKeyDoc>(COLLECTIONS.naturalKeys);

/**
 * Takes `key` for `candidate`, or answers the item it was taken for before (`first: false`). Either way the caller
 * writes, or finds, the item the answer names.
 */
export async function takeNaturalKey(
  db: Db,
  key: string,
  accountId: string,
  candidate: KeyedItem,
): Promise<KeyedItem & { first: boolean }> {
  try {
    await keys(db).insertOne({
      _id: key,
      account_id: accountId,
      item_id: candidate.itemId,
      list_pos: candidate.listPos,
      created_at: candidate.createdAt,
    });
    return { ...candidate, first: true };
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
  }
  const taken = await keys(db).findOne({ _id: key });
  // Keys name globally unique ids (runs, events, endpoints), so another account's key here is a bug, never a race.
  if (!taken || taken.account_id !== accountId)
    throw new Error(`natural key ${key} is taken, but not for account ${accountId}`);
  return { itemId: taken.item_id, listPos: taken.list_pos, createdAt: taken.created_at, first: false };
}

/** Points `key` at an item found another way: one written before keys existed, under an id of its own. */
export async function pointNaturalKey(db: Db, key: string, item: KeyedItem): Promise<void> {
  await keys(db).updateOne(
    { _id: key },
    { $set: { item_id: item.itemId, list_pos: item.listPos, created_at: item.createdAt } },
  );
}

/** Deletes the keys taken before `before` (their items' retention has passed); any process may run it. */
export async function purgeNaturalKeys(db: Db, before: Date): Promise<number> {
  return (await keys(db).deleteMany({ created_at: { $lt: before } })).deletedCount;
}

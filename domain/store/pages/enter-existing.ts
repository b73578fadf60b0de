/**
 * Entering items that exist already in their lists: the backfill of items older than list indexes, and the entries
 * of items the `query` strategy positioned without them.
 */
import type { Db, Document } from 'mongodb';
import { bulkWriteInBatches, type CollectionName } from '../../platform/db';
import { TenantDb } from '../tenant';
import type { Listed, ListSpec } from '../list-spec';
import { NOT_CLOSED } from '../closed';
import { allocate, writeEntries } from './entries';
import { byList, createdMs, listKey } from './page-docs';

/**
 * The backfill: every item of `spec` without a position gets one, below every position handed out so far (older
 * items list after newer ones, in id order among themselves). Idempotent: items are chosen by the missing
 * `list_pos`, and an entry whose item took another position (a backfill that raced or was cut short) is skipped by
 * readers. Answers how many items it placed.
 */
export async function backfillList<T extends Listed>(db: Db, spec: ListSpec<T>): Promise<number> {
  const unplaced = (await db
    .collection<Document>(spec.collection)
    .find({ list_pos: { $exists: false } })
    .toArray()) as unknown as T[];
  const groups = byList(spec, unplaced);
  for (const group of groups.values()) {
    const accountId = group[0]!.account_id;
    const tenant = new TenantDb(db, accountId);
    const list = listKey(spec, spec.scopeOf(group[0]!));
    const sorted = [...group].sort((a, b) => (a._id < b._id ? -1 : 1));
    const lowest = await allocate(tenant, list, sorted.length, true);
    sorted.forEach((doc, i) => (doc.list_pos = lowest + i));
    await writeEntries(
      tenant,
      list,
      sorted.map((doc) => ({ id: doc._id, entry: { q: doc.list_pos!, t: createdMs(doc) } })),
      spec.expiring,
    );
    await (spec.setPositions ?? positionsIn(spec.collection))(
      db,
      accountId,
      sorted.map((doc) => ({ id: doc._id, q: doc.list_pos! })),
    );
  }
  return unplaced.length;
}

/**
 * Enters every positioned item of `spec` in its list (after the `query` strategy wrote items without entries):
 * field by field, so an entry that exists keeps its writer's hold and generation. One scan of the items.
 */
export async function enterPositioned<T extends Listed>(db: Db, spec: ListSpec<T>): Promise<void> {
  const positioned = (await db
    .collection<Document>(spec.collection)
    .find({ list_pos: { $exists: true }, ...NOT_CLOSED })
    .toArray()) as unknown as T[];
  const groups = byList(spec, positioned);
  for (const group of groups.values()) {
    const tenant = new TenantDb(db, group[0]!.account_id);
    const list = listKey(spec, spec.scopeOf(group[0]!));
    for (let i = 0; i < group.length; i += 256)
      await writeEntries(
        tenant,
        list,
        group.slice(i, i + 256).map((doc) => ({ id: doc._id, entry: { q: doc.list_pos!, t: createdMs(doc) } })),
        spec.expiring,
      );
  }
}

/** The default `setPositions`: `list_pos` on the items that have none (the store's own field on every listed item). */
export function positionsIn(collection: CollectionName): NonNullable<ListSpec<Listed>['setPositions']> {
  return async (db, accountId, positions) => {
    if (positions.length === 0) return;
    await bulkWriteInBatches(
      db.collection<Listed>(collection),
      positions.map(({ id, q }) => ({
        updateOne: {
          filter: { _id: id, account_id: accountId, list_pos: { $exists: false } },
          update: { $set: { list_pos: q } },
        },
      })),
    );
  };
}

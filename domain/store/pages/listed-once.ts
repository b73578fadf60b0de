/**
 * The `pages` strategy's create-once (domain/store/create-once.ts): a listed item that exists once per natural key
 * (an event per dedupe key, a delivery per event and endpoint) is taken as a key first (natural-keys.ts), then
 * listed and written as every listed item is (list-index.ts: entry first, item second). A retried or concurrent
 * creation finds the item by `_id`, or writes the very item a writer that died after taking the key would have
 * written, never a scan on the item's unique fields. The item's owner does its own insert; this file writes no item
 * collection.
 */
import type { Db } from 'mongodb';
import { pointNaturalKey, takeNaturalKey } from './natural-keys';
import { TenantDb } from '../tenant';
import { addToList, dropFromList, reserveListPosition } from './list-index';
import type { Listed, ListSpec, OnceWriter } from '../list-spec';

/** Creates `candidate` unless the item of `key` exists; answers the item either way. */
export async function createOnce<T extends Listed & { created_at: Date }>(
  db: Db,
  spec: ListSpec<T>,
  key: string,
  candidate: Omit<T, 'list_pos'>,
  writer: OnceWriter<T>,
): Promise<T> {
  const tenant = new TenantDb(db, candidate.account_id);
  // (A generic `Omit<T, 'list_pos'>` does not narrow to the `Omit<T, 'account_id' | 'list_pos'>` the list asks for.)
  const unlisted = candidate as unknown as Omit<T, 'account_id' | 'list_pos'>;
  const taken = await takeNaturalKey(db, key, candidate.account_id, {
    itemId: candidate._id,
    listPos: await reserveListPosition(tenant, spec, unlisted),
    createdAt: candidate.created_at,
  });
  if (!taken.first) {
    const found = await writer.findById(taken.itemId);
    if (found) return found;
  }
  // The key's first writer, or one taking over from a writer that took the key and never wrote the item: both write
  // the same item at the same position, so their list entries are identical and neither takes one back.
  const doc = { ...candidate, _id: taken.itemId, created_at: taken.createdAt, list_pos: taken.listPos } as T;
  await writer.before?.write(doc);
  await addToList(tenant, spec, doc, taken.listPos);
  try {
    await writer.insert(doc);
    return doc;
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    const written = await writer.findById(doc._id);
    if (written) return written;
    // An item from before natural keys: found by its unique fields (the embedded store scans for it, once), and the
    // key pointed at it for every later creation.
    await dropFromList(tenant, spec, doc);
    await writer.before?.undo(doc);
    const unkeyed = await writer.findUnkeyed();
    if (!unkeyed) throw err;
    await pointNaturalKey(db, key, {
      itemId: unkeyed._id,
      listPos: unkeyed.list_pos ?? taken.listPos,
      createdAt: unkeyed.created_at,
    });
    return unkeyed;
  }
}

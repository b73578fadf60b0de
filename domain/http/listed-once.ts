/**
 * A listed item that exists once per natural key (an event per dedupe key, a delivery per event and endpoint): taken
 * as a key first (domain/platform/natural-keys.ts), then listed and written as every listed item is
 * (domain/http/list-index.ts: entry first, item second). A retried or concurrent creation finds the item by `_id`,
 * or writes the very item a writer that died after taking the key would have written (docs/decisions.md 280). The
 * item's owner does its own insert; this file writes no item collection.
 */
import type { Db } from 'mongodb';
import { pointNaturalKey, takeNaturalKey } from '../platform/natural-keys';
import { TenantDb } from '../access/tenant';
import { addToList, dropFromList, reserveListPosition, type Listed, type ListSpec } from './list-index';

export interface OnceWriter<T extends Listed & { created_at: Date }> {
  /** The owner's insert of the item: rejects with a duplicate-key error (11000) when it exists already. */
  insert(doc: T): Promise<unknown>;
  /** The item by `_id`, null when it is not there. */
  findById(id: string): Promise<T | null>;
  /** The item written before natural keys existed, under an id of its own, found by its unique fields. */
  findUnkeyed(): Promise<T | null>;
  /** Written before the item's list entry (the delivery's watch entry), and undone with it when the item is another. */
  before?: { write(doc: T): Promise<unknown>; undo(doc: T): Promise<unknown> };
}

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

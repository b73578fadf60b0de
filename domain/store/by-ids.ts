/**
 * The documents with these ids, for the short lists a request names (20 inputs, 50 references). Under `pages` each
 * is read by `_id` equality, a few dozen side by side — never `{_id: {$in: ids}}`, which the embedded store answers
 * by scanning the whole collection, every account's documents (1.5 s for two ids among 20,000). Under
 * `query` it is that one `$in`.
 */
import type { Document, Filter, FindOptions, WithId } from 'mongodb';
import type { TenantCollection } from './tenant';
import { listStrategy, type ListStrategy } from './strategy';

/** Reads by `_id` in flight at once: well inside the driver's pool of 100 connections. */
const BY_ID_AT_ONCE = 32;

/** The documents of `collection` (already scoped to an account) with these ids that also match `filter`, in no particular order. */
export async function findByIds<T extends Document>(
  collection: TenantCollection<T>,
  ids: readonly string[],
  filter: Filter<T> = {},
  options?: FindOptions,
  strategy: ListStrategy = listStrategy(),
): Promise<WithId<T>[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  // The one `$in` on `_id` (the rule against it is for every other module): MongoDB serves it from the `_id` index.
  // eslint-disable-next-line no-restricted-syntax
  if (strategy === 'query') return collection.find({ ...filter, _id: { $in: unique } } as Filter<T>, options).toArray();
  const found: Array<WithId<T> | null> = [];
  for (let i = 0; i < unique.length; i += BY_ID_AT_ONCE) {
    const batch = unique.slice(i, i + BY_ID_AT_ONCE);
    found.push(
      ...(await Promise.all(batch.map((id) => collection.findOne({ ...filter, _id: id } as Filter<T>, options)))),
    );
  }
  return found.filter((doc): doc is WithId<T> => doc !== null);
}

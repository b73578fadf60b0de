/**
 * Create-once by a natural key: an item that must exist once per key (an event per dedupe key, a delivery per event
 * and endpoint), created by whichever writer comes first — a retried activity, the API and a workflow settling the
 * same cancel — and found by every later one. The owner supplies its insert and finders; the store lists the item.
 *
 * - `pages` (pages/listed-once.ts): the key is taken first in `natural_keys`, read by `_id`, because the embedded
 *   store answers a query on the item's unique fields by scanning every account's items (4.5 s over 100,000 events).
 * - `query`: the item's own unique index decides: insert, and on a duplicate find the item by its unique fields.
 */
import type { Db } from 'mongodb';
import { TenantDb } from './tenant';
import type { Listed, ListSpec, OnceWriter } from './list-spec';
import { lists } from './lists';
import { createOnce as createOnceByKey } from './pages/listed-once';
import { listStrategy, type ListStrategy } from './strategy';

/** Creates `candidate` unless the item of `key` exists; answers the item either way. */
export async function createOnce<T extends Listed & { created_at: Date }>(
  db: Db,
  spec: ListSpec<T>,
  key: string,
  candidate: Omit<T, 'list_pos'>,
  writer: OnceWriter<T>,
  strategy: ListStrategy = listStrategy(),
): Promise<T> {
  if (strategy === 'pages') return createOnceByKey(db, spec, key, candidate, writer);
  const tenant = new TenantDb(db, candidate.account_id);
  const unlisted = candidate as unknown as Omit<T, 'account_id' | 'list_pos'>;
  const doc = { ...candidate, list_pos: await lists('query').place(tenant, spec, unlisted) } as T;
  await writer.before?.write(doc);
  try {
    await writer.insert(doc);
    return doc;
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    // Another writer's item holds the key (its position was handed out first; this one is a gap readers never see).
    await writer.before?.undo(doc);
    const existing = await writer.findUnkeyed();
    if (!existing) throw err;
    return existing;
  }
}

export { purgeNaturalKeys } from './pages/natural-keys';
export type { OnceWriter };

/**
 * Writing a list index: positions handed out from the head, entries written before their items, snapshots filed
 * beside them (list-index.ts describes the layout).
 */
import type { Db, Document } from 'mongodb';
import { upserting } from '../../platform/db';
import { TenantDb } from '../tenant';
import type { Listed, ListSpec } from '../list-spec';
import {
  byList,
  createdMs,
  headId,
  listKey,
  pageId,
  pageOf,
  pages,
  snapshotOf,
  snapshotPageId,
  snapshotPages,
  type Entry,
} from './page-docs';

/**
 * Records on the list's head whether the thing the list belongs to exists (an endpoint, for its deliveries), so a
 * reader may take the head's word instead of looking the owner up on every read. The owner's writer sets it after
 * the owner exists and withdraws it before the owner goes, so a head never says live when the owner is gone. A head
 * that says nothing (a list older than the mark, or a mark that failed to be written) leaves the reader to look.
 */
export async function markListLive(
  tenant: TenantDb,
  spec: { name: string },
  scope: string,
  live: boolean,
): Promise<void> {
  const list = listKey(spec, scope);
  const _id = headId(tenant.accountId, list);
  if (live)
    await upserting(() =>
      pages(tenant).updateOne({ _id }, { $set: { live: true }, $setOnInsert: { list, p: -1 } }, { upsert: true }),
    );
  else await pages(tenant).updateOne({ _id }, { $unset: { live: '' } });
}

/**
 * Hands out `count` consecutive positions at the top of the list (or, `downward`, below its bottom); answers the
 * lowest. Positions handed twice (a store whose `$inc` were not atomic) would only tie, and ties order by id.
 */
export async function allocate(tenant: TenantDb, list: string, count: number, downward = false): Promise<number> {
  const field = downward ? 'lo' : 'hi';
  const head = await upserting(() =>
    pages(tenant).findOneAndUpdate(
      { _id: headId(tenant.accountId, list) },
      { $inc: { [field]: downward ? -count : count }, $setOnInsert: { list, p: -1 } },
      { upsert: true, returnDocument: 'after' },
    ),
  );
  const value = head?.[field] ?? 0;
  return downward ? value : value - count;
}

export async function writeEntries(
  tenant: TenantDb,
  list: string,
  entries: Array<{ id: string; entry: Entry }>,
  expiring = false,
): Promise<void> {
  const byPage = new Map<number, Array<{ id: string; entry: Entry }>>();
  for (const e of entries) byPage.set(pageOf(e.entry.q), [...(byPage.get(pageOf(e.entry.q)) ?? []), e]);
  await Promise.all(
    [...byPage].map(([p, group]) =>
      upserting(() =>
        pages(tenant).updateOne(
          { _id: pageId(tenant.accountId, list, p) },
          {
            // Field by field, not the whole entry: a second writer of the same entry (a creation taking over a
            // natural key, listed-once.ts) writes the same `q` and `t` and keeps a writer's hold (`m`, `g`).
            $set: Object.fromEntries(
              group.flatMap(({ id, entry }) => Object.entries(entry).map(([f, v]) => [`e.${id}.${f}`, v])),
            ),
            $setOnInsert: { list, p },
            ...(expiring ? { $max: { tmax: Math.max(...group.map(({ entry }) => entry.t)) } } : {}),
          },
          { upsert: true },
        ),
      ),
    ),
  );
}

/**
 * Adds a new item to its list BEFORE the item is written, and answers the position the caller stores on it as
 * `list_pos`. `doc` is the item about to be inserted. `at`: a position already reserved for it (`reserveListPosition`).
 */
export async function addToList<T extends Listed>(
  tenant: TenantDb,
  spec: ListSpec<T>,
  doc: Omit<T, 'account_id' | 'list_pos'>,
  at?: number,
): Promise<number> {
  const full = { ...doc, account_id: tenant.accountId } as T;
  const list = listKey(spec, spec.scopeOf(full));
  const q = at ?? (await allocate(tenant, list, 1));
  // No snapshot yet: the item may never be written (a crash, a lost duplicate race); a reader fills it from the item.
  await writeEntries(tenant, list, [{ id: doc._id, entry: { q, t: createdMs(full) } }], spec.expiring);
  return q;
}

/**
 * A position for an item whose entry is written later (`addToList(…, at)`), by whichever writer gets there: the
 * position travels with a natural key (listed-once.ts), so every writer of the item lists it at the same place. One never used is a
 * gap, which readers step over.
 */
export async function reserveListPosition<T extends Listed>(
  tenant: TenantDb,
  spec: ListSpec<T>,
  doc: Omit<T, 'account_id' | 'list_pos'>,
): Promise<number> {
  return allocate(tenant, listKey(spec, spec.scopeOf({ ...doc, account_id: tenant.accountId } as T)), 1);
}

/** `count` consecutive positions at the top of the list of scope `scope` (the `query` strategy's only list write). */
export function takePositions<T extends Listed>(
  tenant: TenantDb,
  spec: ListSpec<T>,
  scope: string,
  count = 1,
): Promise<number> {
  return allocate(tenant, listKey(spec, scope), count);
}

/** Takes back the entry `addToList` made for an item that was not written after all (it existed already). */
export async function dropFromList<T extends Listed>(
  tenant: TenantDb,
  spec: ListSpec<T>,
  doc: Omit<T, 'account_id'>,
): Promise<void> {
  if (doc.list_pos === undefined) return;
  const list = listKey(spec, spec.scopeOf({ ...doc, account_id: tenant.accountId } as T));
  const field = `e.${doc._id}`;
  await pages(tenant).updateOne(
    { _id: pageId(tenant.accountId, list, pageOf(doc.list_pos)), [`${field}.q`]: doc.list_pos },
    { $unset: { [field]: '' } },
  );
}

/**
 * Places many new items at once (a bulk import, the benchmark's seeding): positions, entries and `list_pos` set on
 * the given documents, which the caller then inserts — at once, since settled ones are listed from their snapshot.
 */
export async function addManyToList<T extends Listed>(db: Db, spec: ListSpec<T>, docs: T[]): Promise<void> {
  const groups = byList(spec, docs);
  await Promise.all(
    [...groups.values()].map(async (group) => {
      const tenant = new TenantDb(db, group[0]!.account_id);
      const list = listKey(spec, spec.scopeOf(group[0]!));
      const sorted = [...group].sort((a, b) => (a._id < b._id ? -1 : 1));
      const first = await allocate(tenant, list, sorted.length);
      sorted.forEach((doc, i) => (doc.list_pos = first + i));
      await writeEntries(
        tenant,
        list,
        sorted.map((doc) => ({ id: doc._id, entry: { q: doc.list_pos!, t: createdMs(doc) } })),
        spec.expiring,
      );
      const byPage = new Map<number, Record<string, { g: number; doc: Document }>>();
      for (const doc of sorted) {
        const d = snapshotOf(spec, doc);
        if (d) byPage.set(pageOf(doc.list_pos!), { ...byPage.get(pageOf(doc.list_pos!)), [doc._id]: { g: 0, doc: d } });
      }
      await Promise.all([...byPage].map(([p, d]) => fileSnapshots(tenant, pageId(tenant.accountId, list, p), d)));
    }),
  );
}

/**
 * Files snapshots under the generation their reader saw. One taken before a claim carries an older generation than
 * the entry has from then on, so it is never used: no guard is needed here, and the last writer simply wins.
 */
export async function fileSnapshots(
  tenant: TenantDb,
  page: string,
  d: Record<string, { g: number; doc: Document }>,
): Promise<void> {
  await upserting(() =>
    snapshotPages(tenant).updateOne(
      { _id: snapshotPageId(page) },
      { $set: Object.fromEntries(Object.entries(d).map(([id, snap]) => [`d.${id}`, snap])) },
      { upsert: true },
    ),
  );
}

/** Purging a list index: the pages of an expiring list whose items are all gone past their retention. */
import type { Db } from 'mongodb';
import { TenantDb } from '../tenant';
import type { Listed, ListSpec } from '../list-spec';
import {
  bottomOf,
  headId,
  listKey,
  PAGE_SIZE,
  pageId,
  pageOf,
  pages,
  snapshotPageId,
  snapshotPages,
} from './page-docs';

/**
 * Deletes the pages of `spec`'s lists whose items are all gone (purged past their retention, `cutoffMs`), so an
 * expiring list's pages do not outlive its items. `items` are the items the caller is about to delete or has just
 * deleted (their account and list are what matter): the lists they belong to are the ones looked at, so no scan of
 * every page is needed — on the embedded store a scan of the pages (snapshot copies included) took minutes. Per
 * list, pages go from the bottom up, as long as each is past the cutoff (`tmax`) or was never written and none of
 * its items exists any more — a page below one that stays is kept, and the newest page always stays (positions are
 * still handed out into it). The head's `floor` rises above the deleted pages before they go, so readers stop
 * walking down where they were. Idempotent, any number of processes may run it. Answers the pages deleted.
 */
export async function purgeListPages<T extends Listed>(
  db: Db,
  spec: ListSpec<T>,
  items: T[],
  cutoffMs: number,
): Promise<number> {
  if (!spec.expiring) return 0;
  const lists = new Map<string, { accountId: string; list: string }>();
  for (const item of items) {
    const list = listKey(spec, spec.scopeOf(item));
    lists.set(`${item.account_id}\u0000${list}`, { accountId: item.account_id, list });
  }
  let deleted = 0;
  for (const { accountId, list } of lists.values())
    deleted += await purgeList(new TenantDb(db, accountId), spec, list, cutoffMs);
  return deleted;
}

async function purgeList<T extends Listed>(
  tenant: TenantDb,
  spec: ListSpec<T>,
  list: string,
  cutoffMs: number,
): Promise<number> {
  const hid = headId(tenant.accountId, list);
  const head = await pages(tenant).findOne({ _id: hid });
  if (!head) return 0;
  const items = tenant.collection<T>(spec.collection);
  const newest = pageOf((head.hi ?? 0) - 1);
  const gone: number[] = [];
  for (let p = pageOf(bottomOf(head)); p < newest; p++) {
    const page = await pages(tenant).findOne({ _id: pageId(tenant.accountId, list, p) });
    if (!page) continue;
    if (page.tmax === undefined || page.tmax >= cutoffMs) break;
    const left = await Promise.all(
      Object.keys(page.e ?? {}).map((id) => items.findOne({ _id: id } as never, { projection: { _id: 1 } })),
    );
    if (left.some((item) => item !== null)) break;
    gone.push(p);
  }
  if (gone.length === 0) return 0;
  await pages(tenant).updateOne({ _id: hid }, { $max: { floor: (gone[gone.length - 1]! + 1) * PAGE_SIZE } });
  for (const p of gone) {
    const id = pageId(tenant.accountId, list, p);
    await pages(tenant).deleteOne({ _id: id });
    await snapshotPages(tenant).deleteOne({ _id: snapshotPageId(id) });
  }
  return gone.length;
}

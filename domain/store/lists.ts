/**
 * An account's ordered lists (runs, workflows, reference documents, events, an endpoint's deliveries): newest first
 * by position (`list_pos`, then id), filtered, paged by signed cursors `<position>:<id>`. The one interface every
 * owner lists through; which strategy answers is chosen once at start-up (strategy.ts) and known nowhere else.
 *
 * - `pages` (pages/list-index.ts): every read and write by `_id`, for the embedded store (FerretDB 1.24), which
 *   pushes down nothing but `_id` equality: entries in pages, snapshots of settled items, claims.
 * - `query` (query/lists.ts): an ordinary indexed `find` sorted by position, for MongoDB.
 *
 * Both hand out positions from the same counter and encode cursors alike, so data and cursors written under one
 * read the same under the other (switching: README "Storage strategies").
 */
import type { Db } from 'mongodb';
import type { TenantDb } from './tenant';
import { TenantDb as Tenant } from './tenant';
import { assertDeclaredShape, type ListRead, type Listed, type ListSpec } from './list-spec';
import * as pages from './pages/list-index';
import * as query from './query/lists';
import { listStrategy, type ListStrategy } from './strategy';
import { closeList, type ClosableSpec } from './closed';

export interface ListPage<T> {
  items: T[];
  next_cursor: string | null;
  /** The list vouches that its owner (the endpoint) exists; false: look the owner up. */
  live: boolean;
  /**
   * The items are as stored now (`query`). False under `pages`, which answers a settled item from its list's snapshot,
   * so a field its owner writes outside the list's idea of a change (an event's refund mark) may be missing there.
   */
  current: boolean;
  /**
   * A closable list's tombstone (closed.ts): true when this read found it (the owner was deleted, or its deletion
   * began), false when the same read found none; absent when the strategy does not read tombstones (`pages`).
   */
  closed?: boolean;
}

export interface Lists {
  /** Before inserting a new item: answers the position the caller stores on it as `list_pos`. */
  place<T extends Listed>(
    tenant: TenantDb,
    spec: ListSpec<T>,
    doc: Omit<T, 'account_id' | 'list_pos'>,
  ): Promise<number>;
  /** Many new items at once (a bulk import, seeding): sets `list_pos` on each; the caller then inserts them. */
  placeMany<T extends Listed>(db: Db, spec: ListSpec<T>, docs: T[]): Promise<void>;
  /**
   * Every change to a listed item goes through here: `write` changes the owner's collection; `doc` is the item as
   * last read (null: nothing to guard); `remove` when the item leaves its list for good.
   */
  change<T extends Listed, R>(
    tenant: TenantDb,
    spec: ListSpec<T>,
    doc: T | null,
    write: () => Promise<R>,
    options?: { remove?: boolean },
  ): Promise<R>;
  read<T extends Listed>(tenant: TenantDb, spec: ListSpec<T>, read: ListRead): Promise<ListPage<T>>;
  /** Whether the owner of list `scope` exists (an endpoint, for its deliveries): set after creation, withdrawn before deletion. */
  markOwner(tenant: TenantDb, spec: { name: string }, scope: string, live: boolean): Promise<void>;
  /** The list's owner goes: its tombstone (closed.ts), under both strategies, so a switch to `query` finds it. */
  close(tenant: TenantDb, spec: ClosableSpec, scope: string): Promise<void>;
  /** After items of an expiring list were purged: what the strategy kept for them goes too. Answers how much. */
  purged<T extends Listed>(db: Db, spec: ListSpec<T>, items: T[], cutoffMs: number): Promise<number>;
}

const pagesLists: Lists = {
  place: (tenant, spec, doc) => pages.addToList(tenant, spec, doc),
  placeMany: (db, spec, docs) => pages.addManyToList(db, spec, docs),
  change: (tenant, spec, doc, write, options) => pages.whileClaimed(tenant, spec, doc, write, options),
  read: async (tenant, spec, read) => ({ ...(await pages.readList(tenant, spec, read)), current: false }),
  markOwner: (tenant, spec, scope, live) => pages.markListLive(tenant, spec, scope, live),
  purged: (db, spec, items, cutoffMs) => pages.purgeListPages(db, spec, items, cutoffMs),
  close: (tenant, spec, scope) => closeList(tenant, spec, scope),
};

const queryLists: Lists = {
  place: (tenant, spec, doc) =>
    pages.takePositions(tenant, spec, spec.scopeOf({ ...doc, account_id: tenant.accountId } as never)),
  async placeMany(db, spec, docs) {
    const groups = new Map<string, typeof docs>();
    for (const doc of docs) {
      const key = `${doc.account_id}\u0000${spec.scopeOf(doc)}`;
      groups.set(key, [...(groups.get(key) ?? []), doc]);
    }
    for (const group of groups.values()) {
      const sorted = [...group].sort((a, b) => (a._id < b._id ? -1 : 1));
      const first = await pages.takePositions(
        new Tenant(db, group[0]!.account_id),
        spec,
        spec.scopeOf(group[0]!),
        sorted.length,
      );
      sorted.forEach((doc, i) => (doc.list_pos = first + i));
    }
  },
  change: (_tenant, _spec, _doc, write) => write(),
  read: async (tenant, spec, read) => ({ ...(await query.readList(tenant, spec, read)), current: true }),
  // A mark is only ever withdrawn here: a head that still said live after a deletion under `query` would mislead
  // `pages` readers after a switch back.
  markOwner: async (tenant, spec, scope, live) => {
    if (!live) await pages.markListLive(tenant, spec, scope, false);
  },
  purged: async () => 0,
  close: (tenant, spec, scope) => closeList(tenant, spec, scope),
};

export const LISTS_BY_STRATEGY: Record<ListStrategy, Lists> = { pages: pagesLists, query: queryLists };

/** The running strategy's lists; `strategy` only for the store's own tests, which compare the two. */
export function lists(strategy: ListStrategy = listStrategy()): Lists {
  const chosen = LISTS_BY_STRATEGY[strategy];
  return {
    ...chosen,
    read: (tenant, spec, read) => {
      assertDeclaredShape(spec, read.filter);
      return chosen.read(tenant, spec, read);
    },
  };
}

/** Forgets every listed item this process remembers (tests: reads that must come from the store). */
export const forgetListedItems = pages.forgetListedItems;

/** Entries per page under `pages` (tests that cross page boundaries). */
export const LIST_PAGE_SIZE = pages.PAGE_SIZE;

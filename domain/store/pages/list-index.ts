/**
 * List indexes: how every paged list (runs, workflows, reference documents, events, an endpoint's deliveries) is
 * read without a query whose cost grows with other accounts' data. The embedded store (FerretDB 1.24 on SQLite)
 * pushes down nothing but `_id` equality — no `_id` range, no `$in`, no field filter, no sort — so a list read as
 * `find({account_id}).sort({_id: -1}).limit(21)` scans every account's documents (docs/decisions.md 170). Here every
 * read is a lookup by `_id`. This is the `pages` strategy's list (domain/store/lists.ts); on MongoDB the `query`
 * strategy reads the same positions with an indexed `find` instead:
 *
 *   head      `<account>:<list>:h`     {hi, lo, floor?, live?}: positions handed out, upward for new items, downward
 *                                       for backfilled; `floor`: where pages begin after a purge (`purgeListPages`);
 *                                       `live`: the list's owner exists (`markListLive`)
 *   page      `<account>:<list>:<p>`   {e: {<item id>: {q, t, g?, m?}}, tmax?}: the entries at positions
 *                                       [p·K, p·K + K); `tmax`, on lists whose items expire, the newest entry's `t`
 *   snapshots `<account>:<list>:<p>:s` {d: {<item id>: {g, doc}}}: copies of the page's settled items
 *
 * An item's position `q` is stored on the item itself (`list_pos`), so an entry is valid only while the item names
 * it: a second entry for the same item (a creation retried after a crash) or one whose item was never written is
 * skipped by the reader. Writes go entry first, item second: a crash in between leaves an entry with no item
 * (skipped), never an item no list shows. Newest first is position order, ties by id.
 *
 * A snapshot is a copy of a settled item (its owner's `settled`: a final run, a finished delivery, an event),
 * trusted while no writer holds the entry (`m`) and its generation equals the entry's `g`; otherwise the reader
 * fetches the item by `_id` and files a snapshot under the generation it saw. A writer that changes a settled item
 * first claims the entry (`m` set, `g` bumped: every snapshot taken before is now of another generation), so a
 * snapshot in use is never older than the item; a claim that crashes leaves the entry held: the item is always
 * fetched, still correct. Snapshots live apart from the entries so that adding an entry rewrites a small document.
 */
import { randomBytes } from 'node:crypto';
import type { Db, Document } from 'mongodb';
import { bulkWriteInBatches, COLLECTIONS, upserting, type CollectionName } from '../../platform/db';
import { errors } from '../../http/errors';
import type { Cursors } from '../../http/pagination';
import { TenantDb } from '../tenant';
import { matches, type ListRead, type Listed, type ListSpec } from '../list-spec';
import { NOT_CLOSED } from '../closed';

/** The collection of heads and pages (declared in domain/platform/db.ts; read by `_id` only). */
export const LIST_PAGES = COLLECTIONS.listPages;

/** Entries per page: two pages (read together) cover a page of 20 even when the newest one has just begun. */
export const PAGE_SIZE = 32;

/** A snapshot larger than this (as JSON) is not kept; such an item is always fetched. */
const SNAPSHOT_LIMIT = 16_384;

interface Entry {
  q: number;
  /** Creation time (ms): lets a reader stop at retention without fetching. */
  t: number;
  g?: number;
  m?: string;
}

interface SnapshotPage {
  _id: string;
  account_id: string;
  d?: Record<string, { g: number; doc: Document }>;
}

interface PageDoc {
  _id: string;
  account_id: string;
  list: string;
  p: number;
  e?: Record<string, Entry>;
  hi?: number;
  lo?: number;
  /** Positions below it were purged (head only). */
  floor?: number;
  /** The newest entry's creation time (ms), on the pages of expiring lists. */
  tmax?: number;
  /** The list's owner exists (head only; `markListLive`). */
  live?: boolean;
}

/** The lowest position a list can still hold: its lowest handed out, or above it once pages were purged. */
const bottomOf = (head: { lo?: number; floor?: number }) =>
  Math.max(head.lo ?? 0, head.floor ?? Number.NEGATIVE_INFINITY);

const listKey = (spec: { name: string }, scope: string) => (scope ? `${spec.name}:${scope}` : spec.name);
const headId = (accountId: string, list: string) => `${accountId}:${list}:h`;
const pageId = (accountId: string, list: string, p: number) => `${accountId}:${list}:${p}`;
const pageOf = (q: number) => Math.floor(q / PAGE_SIZE);
const snapshotPageId = (page: string) => `${page}:s`;
const pages = (tenant: TenantDb) => tenant.collection<PageDoc>(LIST_PAGES);
const snapshotPages = (tenant: TenantDb) => tenant.collection<SnapshotPage>(LIST_PAGES);

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
async function allocate(tenant: TenantDb, list: string, count: number, downward = false): Promise<number> {
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

async function writeEntries(
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

const createdMs = (doc: Document): number => (doc.created_at instanceof Date ? doc.created_at.getTime() : Date.now());

function snapshotOf<T extends Listed>(spec: ListSpec<T>, doc: T): Document | undefined {
  if (!spec.settled(doc)) return undefined;
  return JSON.stringify(doc).length <= SNAPSHOT_LIMIT ? (doc as Document) : undefined;
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
  const groups = new Map<string, T[]>();
  for (const doc of docs) {
    const key = `${doc.account_id}\u0000${listKey(spec, spec.scopeOf(doc))}`;
    groups.set(key, [...(groups.get(key) ?? []), doc]);
  }
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

export interface Claim {
  list: string;
  page: string;
  id: string;
  token: string;
}

/**
 * Before changing an item its readers may hold a snapshot of (a settled one): the entry is marked held and its
 * snapshot dropped, so from now until `release` every reader fetches the item itself. Null for an unlisted item.
 */
export async function claimEntry<T extends Listed>(tenant: TenantDb, spec: ListSpec<T>, doc: T): Promise<Claim | null> {
  if (doc.list_pos === undefined) return null;
  const list = listKey(spec, spec.scopeOf(doc));
  const claim = {
    list,
    page: pageId(tenant.accountId, list, pageOf(doc.list_pos)),
    id: doc._id,
    token: randomBytes(8).toString('hex'),
  };
  await pages(tenant).updateOne(
    { _id: claim.page, [`e.${doc._id}.q`]: doc.list_pos },
    { $set: { [`e.${doc._id}.m`]: claim.token }, $inc: { [`e.${doc._id}.g`]: 1 } },
  );
  return claim;
}

/**
 * After the change: the hold is lifted (unless a later writer holds the entry now), or the entry removed when the
 * item left the list for good (a deletion). A crash before this leaves the entry held: still correct, only slower.
 */
export async function releaseEntry(
  tenant: TenantDb,
  claim: Claim | null,
  options: { remove?: boolean } = {},
): Promise<void> {
  if (!claim) return;
  const field = `e.${claim.id}`;
  await pages(tenant).updateOne(
    { _id: claim.page, [`${field}.m`]: claim.token },
    options.remove ? { $unset: { [field]: '' } } : { $unset: { [`${field}.m`]: '' } },
  );
}

/**
 * An owner's change to a listed item, made with its entry claimed (`claimEntry`, then `releaseEntry`): every way a
 * settled item changes goes through here, so no owner can forget the claim. `write` writes the owner's own
 * collection; `doc` is the item as the owner last read it (null: nothing to claim). A write that throws leaves the
 * entry held — still correct, only slower: it may have landed after all, and a release would let a reader file a
 * snapshot of the item as it was before. `remove` takes the entry away (a deletion).
 */
export async function whileClaimed<T extends Listed, R>(
  tenant: TenantDb,
  spec: ListSpec<T>,
  doc: T | null,
  write: () => Promise<R>,
  options: { remove?: boolean } = {},
): Promise<R> {
  const claim = doc ? await claimEntry(tenant, spec, doc) : null;
  const result = await write();
  await releaseEntry(tenant, claim, options);
  return result;
}

export interface Position {
  q: number;
  id: string;
}

const before = (a: Position, b: Position) => a.q < b.q || (a.q === b.q && a.id < b.id);

/**
 * Settled items this process has already seen, by page, item and generation. An item's content under one generation
 * never changes (every change to a settled item claims its entry first, which bumps the generation), so a copy is
 * used exactly when a stored snapshot would be: the entry, read afresh on every request, is not held and has that
 * generation. A change made through another process is therefore seen at once, as with stored snapshots; the cache
 * saves only the read and decoding of the snapshot page. Bounded by the items' JSON size; least recently used first out.
 */
const CACHE_BYTES = 16 * 1024 * 1024;
const seen = new Map<string, { doc: Document; bytes: number }>();
let seenBytes = 0;
const seenKey = (page: string, id: string, g: number) => `${page}\u0000${id}\u0000${g}`;

function recall(key: string): Document | undefined {
  const hit = seen.get(key);
  if (!hit) return undefined;
  seen.delete(key); // most recently used last
  seen.set(key, hit);
  return hit.doc;
}

function remember(key: string, doc: Document, bytes = JSON.stringify(doc).length): void {
  if (seen.has(key) || bytes > CACHE_BYTES / 64) return;
  seen.set(key, { doc, bytes });
  seenBytes += bytes;
  for (const [k, v] of seen) {
    if (seenBytes <= CACHE_BYTES) break;
    seen.delete(k);
    seenBytes -= v.bytes;
  }
}

/** Forgets every item this process remembers (tests: reads that must come from the store). */
export function forgetListedItems(): void {
  seen.clear();
  seenBytes = 0;
}

/** The last head this process saw of each list (positions only), bounded; a guess, never trusted as the head. */
const lastHeads = new Map<string, { hi?: number; lo?: number; floor?: number }>();
const HEADS_KEPT = 10_000;

function seeHead(id: string, head: { hi?: number; lo?: number; floor?: number }): void {
  lastHeads.delete(id);
  lastHeads.set(id, { hi: head.hi, lo: head.lo, floor: head.floor });
  if (lastHeads.size > HEADS_KEPT) lastHeads.delete(lastHeads.keys().next().value!);
}

/**
 * Where a read starts: the page of the first position at or below the cursor (or the newest), and whether the page
 * below is read with it in the first round — not when the start's own page holds enough positions at or below it.
 */
function firstPages(
  head: { hi?: number; lo?: number; floor?: number },
  bound: Position | null,
  want: number,
  idOf: (n: number) => string,
) {
  const bottom = bottomOf(head);
  const lowest = pageOf(bottom);
  const start = Math.max(bottom, Math.min(bound?.q ?? Infinity, (head.hi ?? 0) - 1));
  const p = pageOf(start);
  const span = start - p * PAGE_SIZE + 1 >= want ? 1 : 2;
  const ids = Array.from({ length: span }, (_, k) => p - k)
    .filter((n) => n >= lowest)
    .map(idOf);
  return { lowest, p, span, ids };
}

/** `firstPages` for a walk upward: the page of the first position at or above the cursor (or the oldest). */
function firstPagesUp(
  head: { hi?: number; lo?: number; floor?: number },
  bound: Position | null,
  want: number,
  idOf: (n: number) => string,
) {
  const lowest = pageOf(bottomOf(head));
  const highest = pageOf((head.hi ?? 0) - 1);
  const start = Math.max(bottomOf(head), bound?.q ?? Number.NEGATIVE_INFINITY);
  const p = pageOf(start);
  const span = (p + 1) * PAGE_SIZE - start >= want ? 1 : 2;
  const ids = Array.from({ length: span }, (_, k) => p + k)
    .filter((n) => n <= highest)
    .map(idOf);
  return { lowest, p, span, ids };
}

/**
 * One page of a list, newest first (or oldest first, `ascending`): `accept` is the list's filter (a status, a kind, not deleted), applied to the
 * item itself. `stopAt` (ms) ends the walk at the first entry created before it (retention: older ones are gone).
 * Per round: the entry pages (one when the first holds enough positions below the start, else two), then for the
 * entries this process has no copy of, their snapshot pages, then the items without a trusted snapshot.
 */
export async function readList<T extends Listed>(
  tenant: TenantDb,
  spec: ListSpec<T>,
  { scope, page, cursors, cursorScope, filter, notBefore, ascending = false }: ListRead,
): Promise<{ items: T[]; next_cursor: string | null; live: boolean }> {
  if (ascending && notBefore) throw new Error(`list ${spec.name}: an ascending read takes no notBefore`);
  const accept = (doc: T) =>
    matches(doc, filter) && (!spec.scopeField || (doc as Record<string, unknown>)[spec.scopeField] === scope);
  const stopAt = notBefore?.getTime() ?? -Infinity;
  const list = listKey(spec, scope);
  const items = tenant.collection<T>(spec.collection);
  const bound = page.cursor
    ? await decodeListCursor(
        cursors,
        cursorScope,
        page.cursor,
        (id) => items.findOne({ _id: id } as never) as Promise<Listed | null>,
      )
    : null;
  const want = page.limit + 1;
  const hid = headId(tenant.accountId, list);
  const readPage = (id: string) => pages(tenant).findOne({ _id: id });
  // The entry pages the last head this process saw points to are read alongside the head; used when the head just
  // read points to the same ones. Each read still begins after the request did, so nothing written before is missed.
  const guess = ascending ? undefined : lastHeads.get(hid);
  const early = new Map(
    (guess ? firstPages(guess, bound, want, (n) => pageId(tenant.accountId, list, n)).ids : []).map(
      (id) => [id, readPage(id)] as const,
    ),
  );
  for (const read of early.values()) read.catch(() => undefined);
  const head = await readPage(hid);
  if (!head) return { items: [], next_cursor: null, live: false };
  seeHead(hid, head);
  const first = (ascending ? firstPagesUp : firstPages)(head, bound, want, (n) => pageId(tenant.accountId, list, n));
  const lowest = first.lowest;
  const highest = pageOf((head.hi ?? 0) - 1);
  // The walk's direction: downward from the newest (or the cursor), or upward from the oldest (or the cursor).
  const step = ascending ? 1 : -1;
  const inRange = (n: number) => n >= lowest && n <= highest;
  let p = first.p;
  let span = first.span;
  const found: Array<{ pos: Position; doc: T }> = [];
  let stopped = false;
  while (inRange(p) && found.length < want && !stopped) {
    const ids = Array.from({ length: span }, (_, k) => p + step * k)
      .filter(inRange)
      .map((n) => pageId(tenant.accountId, list, n));
    const loaded = (await Promise.all(ids.map((id) => early.get(id) ?? readPage(id)))).filter(
      (x): x is PageDoc & { _id: string } => x !== null,
    );
    early.clear();
    const snapshotReads = new Map<string, Promise<SnapshotPage | null>>();
    const snapshotOfEntry = async (pid: string, id: string) => {
      if (!snapshotReads.has(pid)) snapshotReads.set(pid, snapshotPages(tenant).findOne({ _id: snapshotPageId(pid) }));
      return (await snapshotReads.get(pid)!)?.d?.[id];
    };
    const fills = new Map<string, Record<string, { g: number; doc: Document }>>();
    p += step * span;
    span = 2;
    const entries = loaded
      .flatMap((pg) => Object.entries(pg.e ?? {}).map(([id, entry]) => ({ id, entry, page: pg._id })))
      .filter(({ entry }) => typeof entry.q === 'number')
      .filter(
        ({ id, entry }) =>
          !bound || (ascending ? before(bound, { q: entry.q, id }) : before({ q: entry.q, id }, bound)),
      )
      .sort((a, b) => (before({ q: a.entry.q, id: a.id }, { q: b.entry.q, id: b.id }) === ascending ? -1 : 1));
    for (let i = 0; i < entries.length && found.length < want && !stopped;) {
      const chunk = entries.slice(i, i + want - found.length);
      i += chunk.length;
      const resolved = await Promise.all(
        chunk.map(async ({ id, entry, page: pid }) => {
          if (entry.t < stopAt) return { stop: true as const };
          const g = entry.g ?? 0;
          if (!entry.m) {
            const known = recall(seenKey(pid, id, g));
            if (known) return { doc: known as T };
            const snap = await snapshotOfEntry(pid, id);
            if (snap && snap.g === g) {
              remember(seenKey(pid, id, g), snap.doc);
              return { doc: snap.doc as T };
            }
          }
          const doc = (await items.findOne({ _id: id } as never)) as T | null;
          const d = doc && doc.list_pos === entry.q && !entry.m ? snapshotOf(spec, doc) : undefined;
          if (d) {
            fills.set(pid, { ...fills.get(pid), [id]: { g, doc: d } });
            remember(seenKey(pid, id, g), d);
          }
          return { doc };
        }),
      );
      for (const [k, r] of resolved.entries()) {
        if ('stop' in r) {
          stopped = true;
          break;
        }
        const { id, entry } = chunk[k]!;
        if (r.doc && r.doc.list_pos === entry.q && accept(r.doc)) found.push({ pos: { q: entry.q, id }, doc: r.doc });
        if (found.length >= want) break;
      }
    }
    // Not awaited: a lost fill only means the next reader fetches those items again.
    for (const [page, d] of fills) void fileSnapshots(tenant, page, d).catch(() => undefined);
  }
  const shown = found.slice(0, page.limit);
  const last = shown[shown.length - 1];
  return {
    items: shown.map((f) => f.doc),
    next_cursor: found.length > page.limit && last ? cursors.encode(cursorScope, `${last.pos.q}:${last.pos.id}`) : null,
    live: head.live === true,
  };
}

/**
 * Files snapshots under the generation their reader saw. One taken before a claim carries an older generation than
 * the entry has from then on, so it is never used: no guard is needed here, and the last writer simply wins.
 */
async function fileSnapshots(
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

/**
 * The position a cursor names. Cursors are `<q>:<id>`; one issued before list indexes names only the last id, and
 * is placed where that item now is, so a client paging across the upgrade goes on where it was.
 */
export async function decodeListCursor(
  cursors: Cursors,
  scope: string,
  cursor: string,
  find: (id: string) => Promise<Listed | null>,
): Promise<Position> {
  const raw = cursors.decode(scope, cursor);
  const match = /^(-?\d+):(.+)$/.exec(raw);
  if (match) return { q: Number(match[1]), id: match[2]! };
  const item = await find(raw);
  if (item?.list_pos === undefined) {
    throw errors.invalidRequest('The cursor is invalid; pass next_cursor from the previous page unchanged.', [
      { path: 'query.cursor', message: 'invalid cursor' },
    ]);
  }
  return { q: item.list_pos, id: raw };
}

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
  const groups = new Map<string, T[]>();
  for (const doc of unplaced) {
    const key = `${doc.account_id}\u0000${listKey(spec, spec.scopeOf(doc))}`;
    groups.set(key, [...(groups.get(key) ?? []), doc]);
  }
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
  const groups = new Map<string, T[]>();
  for (const doc of positioned) {
    const key = `${doc.account_id}\u0000${listKey(spec, spec.scopeOf(doc))}`;
    groups.set(key, [...(groups.get(key) ?? []), doc]);
  }
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

/** Reading a list index: a page of a list by `_id` lookups only, and the position a cursor names. */
import type { Document } from 'mongodb';
import { errors } from '../../http/errors';
import type { Cursors } from '../../http/pagination';
import type { TenantDb } from '../tenant';
import { matches, type ListRead, type Listed, type ListSpec } from '../list-spec';
import { fileSnapshots } from './entries';
import {
  before,
  bottomOf,
  headId,
  listKey,
  PAGE_SIZE,
  pageId,
  pageOf,
  pages,
  snapshotOf,
  snapshotPageId,
  snapshotPages,
  type PageDoc,
  type Position,
  type SnapshotPage,
} from './page-docs';
import { lastHeads, recall, remember, seeHead, seenKey } from './seen-cache';

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

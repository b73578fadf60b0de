/**
 * The reconciler's reads of the watch list (watch.ts): which items of a kind may need their job settled or started,
 * a bounded batch per pass, each source with its own cursor, so that a long-waiting item at the front never starves
 * the rest; and the hourly sweep that watches open items nobody watched. What "open" means is the owner's (the
 * reconciler's table of kinds); how items are found is the store's.
 */
import type { Db, Document, Filter } from 'mongodb';
import { COLLECTIONS, type CollectionName } from '../platform/db';
import { MARKED_KINDS, watchEntry, watchedByMark, watchSources, type MarkWrite, type WatchCandidate } from './watch';
import type { WatchSource, WatchedKind } from './watch';

/** A kind the reconciler settles: its items' collection, and what makes one of them need it. */
export interface WatchedItemsSpec {
  kind: WatchedKind;
  collection: CollectionName;
  /** The sweep's query for open items (read in full on the embedded store, hence hourly). */
  filter: Filter<Document>;
  /** Whether a watched item still needs the reconciler. */
  isOpen(item: Document): boolean;
  /** The time an open item's entry is ordered and timed by. */
  since(item: Document): Date;
}

export interface WatchedRead {
  namespace: string;
  /** Candidates from before this time only. */
  now: Date;
  limit: number;
  /** How long an entry may wait for its item (a creation between its writes) before it is dropped. */
  graceMs: number;
}

interface CursorDoc {
  _id: string;
  after: Date | null;
}

/**
 * The next candidates from one source, after that source's cursor (by the time it orders by); the cursor moves to
 * the last one read, or back to the start once the read reached the end.
 */
async function nextBatch(db: Db, kind: WatchedKind, source: WatchSource, q: WatchedRead): Promise<WatchCandidate[]> {
  const cursors = db.collection<CursorDoc>(COLLECTIONS.reconcilerCursors);
  // The watch list's cursor keeps the id it had before marks existed.
  const id = `${q.namespace}:${kind}${source.name === 'entries' ? '' : `:${source.name}`}`;
  const after = (await cursors.findOne({ _id: id }))?.after ?? null;
  const batch = await source.read(db, kind, { namespace: q.namespace, after, before: q.now, limit: q.limit });
  const next = batch.length === q.limit ? batch[batch.length - 1]!.since : null;
  await cursors.updateOne({ _id: id }, { $set: { after: next } }, { upsert: true });
  return batch;
}

/**
 * This pass's open items of a kind: a batch from each of its sources. A candidate whose item is settled is taken off
 * its source, as is one whose item never appeared (a creation that died between its writes) once `graceMs` passed.
 */
export async function readWatched<T extends Document>(db: Db, spec: WatchedItemsSpec, q: WatchedRead): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  const marked = spec.kind in MARKED_KINDS;
  for (const source of watchSources(spec.kind)) {
    for (const candidate of await nextBatch(db, spec.kind, source, q)) {
      const filter = { _id: candidate.itemId, account_id: candidate.accountId } as unknown as Filter<Document>;
      const item = candidate.item ?? (await db.collection(spec.collection).findOne(filter));
      const mark: MarkWrite | undefined = marked
        ? (update) => db.collection(spec.collection).updateOne(filter, update)
        : undefined;
      if (item && spec.isOpen(item)) {
        await source.keep(db, spec.kind, candidate, mark);
        if (!seen.has(candidate.itemId)) items.push(item as T);
        seen.add(candidate.itemId);
      } else if (item || q.now.getTime() - candidate.since.getTime() > q.graceMs) {
        await source.drop(db, spec.kind, candidate, mark);
      }
    }
  }
  return items;
}

/** What the sweep needs of an open item: who it is, and the time its entry is ordered and timed by. */
const SWEEP_PROJECTION = {
  _id: 1,
  account_id: 1,
  created_at: 1,
  completed_at: 1,
  indexing_started_at: 1,
  watched_since: 1,
};

/**
 * The safety net under the watch list: every open item of `namespace` that is not watched gets an entry — items from
 * before the list existed, or written by a process that did not watch them. Answers the entries added.
 */
export async function watchUnwatched(db: Db, specs: WatchedItemsSpec[], namespace: string): Promise<number> {
  let added = 0;
  for (const spec of specs) {
    const items = await db
      .collection(spec.collection)
      .find({ ...spec.filter, job_namespace: namespace }, { projection: SWEEP_PROJECTION })
      .toArray();
    for (const item of items) {
      if (watchedByMark(spec.kind, item)) continue;
      const outcome = await watchEntry(db, spec.kind, {
        id: String(item._id),
        accountId: item.account_id as string,
        namespace,
        since: spec.since(item),
      });
      if (outcome === 'added') added++;
    }
  }
  return added;
}

/**
 * The reconciler's watch list: what tells the reconciler which items' jobs it may have to settle or start — a run not
 * yet final (or final with its settlement unfinished), a document extracting, a reference indexing, a delivery
 * pending, a batch not final.
 *
 * - `pages` (and every kind but runs and deliveries under `query`): one small entry per item in `watched_jobs`,
 *   written before its item can exist in that state (as a list entry is: a crash in between leaves an entry without an
 *   item, which the reconciler drops after its grace period, never an item nobody watches) and deleted once the item
 *   is settled; a deletion that never happened is the reconciler's to make when it finds the item settled. Why: the
 *   embedded store pushes no filter but `_id` equality down, so a pass that queried the items' own collections read
 *   and decoded every run, document, reference and delivery ever stored.
 * - `query`, runs and deliveries (docs/decisions.md 305): the item carries its own mark, `watched_since`, written in
 *   its insert (`watchMark`) and cleared in the write that settles it (`UNWATCHED` in its `$unset`, or the owner's
 *   `clearMark` where a settlement ends after its status, as a failure's does). The reconciler reads the marked items
 *   through the declared index `job_namespace, watched_since` (domain/platform/db.ts), and still the entries a
 *   `pages` process left (`watchSources`). Two commands fewer per run and per delivery, and nothing to keep in step.
 */
import type { Db, Document } from 'mongodb';
import { COLLECTIONS } from '../platform/db';
import { listStrategy } from './strategy';

/**
 * `generations`: a live prompt generation charged on the request path, until the request answers (one whose request
 * died is refunded by the reconciler).
 * `document_uploads`, `reference_uploads`: an upload URL handed out, until the sweep after it expired
 * (domain/documents/open-uploads.ts; their `created_at` is the URL's expiry).
 * `batches`: a batch not yet final, until its job (or the reconciler) ends it (domain/batches/).
 * `calibrations`: a calibration running, until its job (or the reconciler) ends it
 * (domain/operations/reconcile-calibrations.ts).
 */
export type WatchedKind =
  | 'runs'
  | 'documents'
  | 'references'
  | 'deliveries'
  | 'generations'
  | 'document_uploads'
  | 'reference_uploads'
  | 'batches'
  | 'calibrations';

export interface WatchedJobDoc {
  /** `<kind>:<item id>` */
  _id: string;
  kind: WatchedKind;
  item_id: string;
  account_id: string;
  job_namespace: string;
  /** The item's own creation (or start) time: the reconciler's cursor and its grace period count from it. */
  created_at: Date;
}

/** The field that marks an item watched under `query`, holding the time its grace period counts from. */
export const WATCH_MARK_FIELD = 'watched_since';

/** The kinds an item's own mark watches under `query`, and their collections (read here; written by their owners). */
export const MARKED_KINDS = {
  runs: COLLECTIONS.runs,
  deliveries: COLLECTIONS.webhookDeliveries,
} as const;
export type MarkedKind = keyof typeof MARKED_KINDS;

/**
 * The reconciler's read of marked items: the namespace for equality, the mark for the range and the order. Its index
 * is declared with the `query` strategy's (domain/platform/db.ts); test/unit/store-indexes.test.ts checks it serves this.
 */
export const WATCH_MARK_READ = { equal: ['job_namespace'], range: WATCH_MARK_FIELD } as const;

const byMark = (kind: WatchedKind): kind is MarkedKind => kind in MARKED_KINDS && listStrategy() === 'query';

/** For `$unset` in the write that settles an item (a no-op where the item carries no mark). */
export const UNWATCHED = { [WATCH_MARK_FIELD]: '' } as { watched_since: '' };

/** What the owner writes into a new (or reopened) item of `kind`: its mark under `query`, nothing under `pages`. */
export function watchMark(kind: WatchedKind, since: Date): { watched_since?: Date } {
  return byMark(kind) ? { watched_since: since } : {};
}

/**
 * The owner's write of an item's mark (`updateOne` by the item's `_id` and account): `{ $unset: UNWATCHED }` clears
 * it; the reconciler's `$set` marks an item a `pages` process watched by an entry (`WatchSource.keep`).
 */
export type MarkWrite = (update: { $unset: typeof UNWATCHED } | { $set: { watched_since: Date } }) => Promise<unknown>;

const watched = (db: Db) => db.collection<WatchedJobDoc>(COLLECTIONS.watchedJobs);
const entryId = (kind: WatchedKind, itemId: string) => `${kind}:${itemId}`;

interface WatchedItem {
  id: string;
  accountId: string;
  namespace: string;
  since: Date;
}

async function addEntry(db: Db, kind: WatchedKind, item: WatchedItem): Promise<'added' | 'present'> {
  try {
    await watched(db).insertOne({
      _id: entryId(kind, item.id),
      kind,
      item_id: item.id,
      account_id: item.accountId,
      job_namespace: item.namespace,
      created_at: item.since,
    });
    return 'added';
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    return 'present';
  }
}

/**
 * Puts the item on the watch list; a second call (a retried request) changes nothing. `marked`: the item carries its
 * own mark (`watchMark`, under `query`), so nothing is written here.
 */
export async function watchJob(db: Db, kind: WatchedKind, item: WatchedItem): Promise<'added' | 'present' | 'marked'> {
  if (byMark(kind)) return 'marked';
  return addEntry(db, kind, item);
}

/**
 * An entry on the watch list whatever the strategy: the reconciler's hourly sweep, for open items that carry neither
 * (items from before, or written by a process that did not watch them).
 */
export function watchEntry(db: Db, kind: WatchedKind, item: WatchedItem): Promise<'added' | 'present'> {
  return addEntry(db, kind, item);
}

/**
 * Takes a settled item off the watch list (idempotent). Under `query`, a kind its item's mark watches is cleared by
 * `clearMark`, the owner's write; without one nothing is written (an undo of a watch that wrote nothing).
 */
export async function unwatchJob(db: Db, kind: WatchedKind, itemId: string, clearMark?: MarkWrite): Promise<void> {
  if (byMark(kind)) {
    if (clearMark) await clearMark({ $unset: UNWATCHED });
    return;
  }
  await watched(db).deleteOne({ _id: entryId(kind, itemId) });
}

/** One candidate for the reconciler: the item when the read had it already (a mark), else only its entry's fields. */
export interface WatchCandidate {
  itemId: string;
  accountId: string;
  /** The cursor's and the grace period's time: the entry's `created_at`, or the item's mark. */
  since: Date;
  item?: Document;
}

/**
 * Where the reconciler reads a kind's candidates, each with a cursor of its own (`name`), in order: the watch list
 * (`entries`; under `query` only what a `pages` process or an older version left), and under `query` for runs and
 * deliveries the marked items themselves (`marks`). `drop` takes a candidate whose item is settled off its source.
 */
export interface WatchSource {
  name: 'entries' | 'marks';
  read(
    db: Db,
    kind: WatchedKind,
    q: { namespace: string; after: Date | null; before: Date; limit: number },
  ): Promise<WatchCandidate[]>;
  drop(db: Db, kind: WatchedKind, candidate: WatchCandidate, mark?: MarkWrite): Promise<void>;
  /** A candidate whose item is open, before the reconciler acts on it. */
  keep(db: Db, kind: WatchedKind, candidate: WatchCandidate, mark?: MarkWrite): Promise<void>;
}

const entries: WatchSource = {
  name: 'entries',
  async read(db, kind, q) {
    const found = await watched(db)
      .find({
        kind,
        job_namespace: q.namespace,
        created_at: q.after ? { $gt: q.after, $lt: q.before } : { $lt: q.before },
      })
      .sort({ created_at: 1 })
      .limit(q.limit)
      .toArray();
    return found.map((e) => ({ itemId: e.item_id, accountId: e.account_id, since: e.created_at }));
  },
  drop: async (db, kind, candidate) => {
    await watched(db).deleteOne({ _id: entryId(kind, candidate.itemId) });
  },
  keep: async () => undefined,
};

/**
 * Under `query`, the entries of runs and deliveries a `pages` process (or an older version) left: an open item's
 * entry becomes its mark, so that its settlement, which clears the mark, also takes it off the reconciler's reads.
 */
const leftEntries: WatchSource = {
  ...entries,
  keep: async (db, kind, candidate, mark) => {
    if (!mark) return;
    await mark({ $set: { watched_since: candidate.since } });
    await entries.drop(db, kind, candidate);
  },
};

const marks: WatchSource = {
  name: 'marks',
  async read(db, kind, q) {
    const found = await db
      .collection(MARKED_KINDS[kind as MarkedKind])
      .find({
        job_namespace: q.namespace,
        [WATCH_MARK_FIELD]: q.after ? { $gt: q.after, $lt: q.before } : { $lt: q.before },
      })
      .sort({ [WATCH_MARK_FIELD]: 1 })
      .limit(q.limit)
      .toArray();
    return found.map((item) => ({
      itemId: String(item._id),
      accountId: item.account_id as string,
      since: item[WATCH_MARK_FIELD] as Date,
      item,
    }));
  },
  drop: async (_db, _kind, _candidate, mark) => {
    await mark?.({ $unset: UNWATCHED });
  },
  keep: async () => undefined,
};

/** Whether `item` (of `kind`) is watched by its own mark in this process's strategy: the sweep adds no entry for it. */
export function watchedByMark(kind: WatchedKind, item: Document): boolean {
  return byMark(kind) && item[WATCH_MARK_FIELD] instanceof Date;
}

/** The sources the reconciler reads for `kind` in this process's strategy. */
export function watchSources(kind: WatchedKind): WatchSource[] {
  return byMark(kind) ? [marks, leftEntries] : [entries];
}

/**
 * `query` → `pages` (prepare.ts): every marked item gets its entry, as `pages` watches only those. Marks stay (they
 * cost nothing under `pages`, and an item settled under `pages` has its mark cleared by its settling write or dropped
 * by the reconciler should `query` run again). Answers the entries added.
 */
export async function enterMarkedItems(db: Db): Promise<number> {
  let added = 0;
  for (const [kind, collection] of Object.entries(MARKED_KINDS) as Array<[MarkedKind, string]>) {
    const items = await db
      .collection(collection)
      .find(
        { [WATCH_MARK_FIELD]: { $exists: true } },
        { projection: { _id: 1, account_id: 1, job_namespace: 1, [WATCH_MARK_FIELD]: 1 } },
      )
      .toArray();
    for (const item of items) {
      const outcome = await addEntry(db, kind, {
        id: String(item._id),
        accountId: item.account_id as string,
        namespace: item.job_namespace as string,
        since: item[WATCH_MARK_FIELD] as Date,
      });
      if (outcome === 'added') added++;
    }
  }
  return added;
}

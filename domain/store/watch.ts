/**
 * The reconciler's watch list (collection `watched_jobs`): one small entry per item whose job the reconciler may have
 * to settle or start — a run not yet final, a document extracting, a reference indexing, a delivery pending. An entry
 * is written before its item can exist in that state (as a list entry is: a crash in between leaves an entry
 * without an item, which the reconciler drops after its grace period, never an item nobody watches) and deleted
 * once the item is settled; a deletion that never happened is the reconciler's to make when it finds the item
 * settled.
 *
 * Why (docs/decisions.md 249): every pass of the reconciler used to query the items' own collections, and the
 * embedded store pushes no filter but `_id` equality down, so each pass read and decoded every run, document,
 * reference and delivery ever stored. Reading this list costs what the items in flight cost. Both strategies keep
 * it for now (docs/decisions.md 353): on MongoDB the reconciler could query the items' `status_created` indexes instead.
 */
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../platform/db';

/**
 * `generations`: a live prompt generation charged on the request path, until the request answers (docs/decisions.md 279).
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

const watched = (db: Db) => db.collection<WatchedJobDoc>(COLLECTIONS.watchedJobs);
const entryId = (kind: WatchedKind, itemId: string) => `${kind}:${itemId}`;

/** Puts the item on the watch list; a second call (a retried request) changes nothing. */
export async function watchJob(
  db: Db,
  kind: WatchedKind,
  item: { id: string; accountId: string; namespace: string; since: Date },
): Promise<'added' | 'present'> {
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

/** Takes a settled item off the watch list (idempotent). */
export async function unwatchJob(db: Db, kind: WatchedKind, itemId: string): Promise<void> {
  await watched(db).deleteOne({ _id: entryId(kind, itemId) });
}

/**
 * The sweep of uploads nobody completed, run by the reconciler's hourly step
 * (activities/reconcile.ts). It reads the deadlines open-uploads.ts set at creation, each upload URL's expiry, once
 * UPLOAD_SWEEP_GRACE_MS has passed after it, and for each upload:
 * - still awaiting its bytes: failed with `upload_expired` through its owner's guarded transition (a `complete` that
 *   got there first wins), and its object deleted;
 * - failed with its original deleted (too large, changed after `complete`, expired): the object deleted again, for
 *   bytes PUT after that deletion while the URL was still valid;
 * - anything else: left alone.
 * Then the deadline goes. Only this namespace's deadlines are read, as the reconciler reads its own.
 */
import type { Db } from 'mongodb';
import type { Storage } from '../platform/storage';
import { TenantDb, type DueItem } from '../store';
import { expireDocumentUpload, takeBackDocumentUpload } from './documents';
import { DOCUMENTS } from './document-record';
import { expireReferenceUpload, takeBackReferenceUpload } from './reference-documents';
import { REFERENCES } from './reference-record';
import { UPLOAD_DEADLINES, type UploadKind } from './open-uploads';
import { deleteOriginal } from './originals';

/**
 * How long after its URL expired an upload may still be completed: a PUT that started before the expiry is accepted
 * to its end, and the client needs time to call `complete` after it.
 */
export const UPLOAD_SWEEP_GRACE_MS = 3_600_000;
/** Deadlines read per batch; a sweep reads batches until none is left or SWEEP_MAX_BATCHES were read. */
const SWEEP_BATCH = 100;
const SWEEP_MAX_BATCHES = 20;

/** Failure codes whose original was deleted when the upload failed. */
const ORIGINAL_DELETED = new Set(['file_too_large', 'upload_changed', 'upload_expired']);

export interface UploadSweepReport {
  expired: number;
  deleted: number;
}

export async function sweepAbandonedUploads(
  deps: { db: Db; storage: Storage; namespace: string },
  now = new Date(),
): Promise<UploadSweepReport> {
  const report: UploadSweepReport = { expired: 0, deleted: 0 };
  const cutoff = new Date(now.getTime() - UPLOAD_SWEEP_GRACE_MS);
  for (const kind of ['document', 'reference'] as const) {
    for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch++) {
      const entries = await UPLOAD_DEADLINES[kind].due(deps.db, {
        namespace: deps.namespace,
        before: cutoff,
        limit: SWEEP_BATCH,
      });
      for (const entry of entries) await sweepOne(deps, kind, entry, report);
      if (entries.length < SWEEP_BATCH) break;
    }
  }
  return report;
}

async function sweepOne(
  deps: { db: Db; storage: Storage },
  kind: UploadKind,
  entry: DueItem,
  report: UploadSweepReport,
): Promise<void> {
  const tenant = new TenantDb(deps.db, entry.accountId);
  const id = entry.itemId;
  if (kind === 'document') {
    if (await expireDocumentUpload(deps.db, entry.accountId, id)) report.expired++;
    const now = await DOCUMENTS.in(tenant).findOne({ _id: id });
    if (now?.status === 'failed' && ORIGINAL_DELETED.has(now.extraction_error?.code ?? '')) {
      await deleteOriginal(deps.storage, now.object_key);
      report.deleted++;
    }
    if (!now) await takeBackDocumentUpload(tenant, id);
  } else {
    if (await expireReferenceUpload(deps.db, entry.accountId, id)) report.expired++;
    const now = await REFERENCES.in(tenant).findOne({ _id: id });
    if (now?.status === 'failed' && ORIGINAL_DELETED.has(now.failure_code ?? '')) {
      await deleteOriginal(deps.storage, now.object_key);
      report.deleted++;
    }
    if (!now) await takeBackReferenceUpload(tenant, id);
  }
  await UPLOAD_DEADLINES[kind].clear(deps.db, id);
}

/**
 * Uploads awaiting their bytes: an upload URL handed out for a document or a reference document that is not yet
 * completed (docs/decisions.md 322). Two things follow each one from its creation:
 * - the account's open-upload memberships (domain/store/memberships.ts), which bound how many it may hold at once
 *   (LIMITS.openUploadsPerAccount, documents and references together; 409 `limit_reached` past it): each may leave
 *   bytes in the store — up to the store's largest single PUT when no size was declared — until it is swept;
 * - a watch entry (domain/store/watch.ts) timed at the URL's expiry, which the reconciler's hourly sweep reads
 *   (upload-sweep.ts) to fail the uploads nobody completed and delete their objects.
 * The owners of the records (documents.ts, reference-documents.ts) call in here when they create and complete one.
 */
import type { Db } from 'mongodb';
import { LIMITS, refuseAbove } from '../access/limits';
import type { TenantDb } from '../store';
import { COLLECTIONS } from '../platform/db';
import { Membership, unwatchJob, watchJob } from '../store';

export type UploadKind = 'document' | 'reference';

/** What an open upload is, per kind: the rosters' filter, and the legacy scan's. */
const ROSTERS_HOLD = {
  document: { status: 'awaiting_upload' },
  reference: { indexing_started_at: null, deleted_at: null },
} as const;

const ROSTERS = {
  document: new Membership<{ _id: string; account_id: string; status?: string }>({
    rosters: COLLECTIONS.documentUploadRosters,
    items: COLLECTIONS.documents,
    holds: () => ROSTERS_HOLD.document,
    left: (doc) => doc.status !== 'awaiting_upload',
  }),
  reference: new Membership<{
    _id: string;
    account_id: string;
    indexing_started_at?: Date | null;
    deleted_at?: Date | null;
  }>({
    rosters: COLLECTIONS.referenceUploadRosters,
    items: COLLECTIONS.referenceDocuments,
    holds: () => ROSTERS_HOLD.reference,
    // A deleted one no longer counts against the account either: nobody can complete it.
    left: (ref) => ref.indexing_started_at != null || ref.deleted_at != null,
  }),
} as const;

const WATCH_KIND = { document: 'document_uploads', reference: 'reference_uploads' } as const;
export const UPLOAD_WATCH_KINDS = WATCH_KIND;

/**
 * The account's open uploads, as far as a limit at `most` needs to know: each roster's own count while their sum is
 * within `most` (supersets within it cannot be over), otherwise both confirmed item by item.
 */
async function openUploads(tenant: TenantDb, most: number): Promise<number> {
  const [documents, references] = [
    await ROSTERS.document.count(tenant, most),
    await ROSTERS.reference.count(tenant, most),
  ];
  if (documents + references <= most) return documents + references;
  return (await ROSTERS.document.count(tenant, -1)) + (await ROSTERS.reference.count(tenant, -1));
}

const LIMIT = {
  name: 'uploads awaiting their bytes',
  limit: LIMITS.openUploadsPerAccount,
  remedy: 'complete them, or wait for their upload URLs to expire',
};

/**
 * Before inserting the record of a new upload: 409 `limit_reached` when the account already holds the most, else
 * the upload is on its roster and watched from here on (a crash before the insert leaves an entry the sweep drops).
 * Call `admitted` right after the insert.
 */
export async function openUpload(
  tenant: TenantDb,
  kind: UploadKind,
  upload: { id: string; namespace: string; expiresAt: Date },
): Promise<void> {
  await refuseAbove(
    () => openUploads(tenant, LIMITS.openUploadsPerAccount - 1),
    LIMITS.openUploadsPerAccount - 1,
    LIMIT,
  );
  await ROSTERS[kind].enrol(tenant, upload.id);
  await watchJob(tenant.rawDb(), WATCH_KIND[kind], {
    id: upload.id,
    accountId: tenant.accountId,
    namespace: upload.namespace,
    since: upload.expiresAt,
  });
}

/**
 * Counted again after the insert (domain/access/limits.ts `refuseAbove`): racing creations cannot all see room and
 * succeed. `takeBack` withdraws the caller's insert.
 */
export async function admitted(tenant: TenantDb, kind: UploadKind, id: string, takeBack: () => Promise<void>) {
  await refuseAbove(
    () => openUploads(tenant, LIMITS.openUploadsPerAccount),
    LIMITS.openUploadsPerAccount,
    LIMIT,
    async () => {
      await takeBack();
      await ROSTERS[kind].withdraw(tenant, id);
    },
  );
}

/**
 * `complete` took the upload (or the sweep failed it): it no longer counts as open. The watch entry stays until the
 * sweep after the URL expired, which deletes what a PUT after a deletion of the original may have left.
 */
export async function closeUpload(tenant: TenantDb, kind: UploadKind, id: string): Promise<void> {
  await ROSTERS[kind].withdraw(tenant, id);
}

/** The sweep is done with the upload. */
export async function forgetUpload(db: Db, kind: UploadKind, id: string): Promise<void> {
  await unwatchJob(db, WATCH_KIND[kind], id);
}

/**
 * Uploads created before uploads were watched (no `upload_expires_at`): watched now, timed at their creation plus
 * today's URL lifetime, so the sweep finds them too. One scan of each collection, hourly with the reconciler's other
 * sweeps (the embedded store scans for any filter but `_id`); once swept they no longer match. Answers the entries
 * added.
 */
export async function watchUnwatchedUploads(db: Db, namespace: string, urlTtlS: number): Promise<number> {
  const unwatched = { upload_expires_at: { $exists: false } };
  const found = {
    document: await db
      .collection(COLLECTIONS.documents)
      .find({ ...ROSTERS_HOLD.document, ...unwatched }, { projection: { _id: 1, account_id: 1, created_at: 1 } })
      .toArray(),
    reference: await db
      .collection(COLLECTIONS.referenceDocuments)
      .find({ ...ROSTERS_HOLD.reference, ...unwatched }, { projection: { _id: 1, account_id: 1, created_at: 1 } })
      .toArray(),
  };
  let added = 0;
  for (const kind of ['document', 'reference'] as const) {
    for (const item of found[kind]) {
      const since = new Date((item.created_at as Date).getTime() + urlTtlS * 1000);
      const outcome = await watchJob(db, WATCH_KIND[kind], {
        id: String(item._id),
        accountId: String(item.account_id),
        namespace,
        since,
      });
      if (outcome === 'added') added++;
    }
  }
  return added;
}

/** The hourly safety net of the rosters (with the reconciler's other sweeps). */
export async function sweepUploadRosters(db: Db): Promise<number> {
  return (await ROSTERS.document.sweep(db)) + (await ROSTERS.reference.sweep(db));
}

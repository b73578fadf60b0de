/**
 * Uploads awaiting their bytes: an upload URL handed out for a document or a reference document that is not yet
 * completed. Two things follow each one from its creation:
 * - its collection's membership of uploads awaiting their bytes (document-record.ts, reference-record.ts), which
 *   bounds how many the account may hold at once (LIMITS.openUploadsPerAccount, documents and references together;
 *   409 `limit_reached` past it): each may leave bytes in the store — up to the store's largest single PUT when no
 *   size was declared — until it is swept. Its record's insert enrols it, and the change that completes or fails it
 *   withdraws it;
 * - a deadline (domain/store/deadlines.ts) at the URL's expiry, which the reconciler's hourly sweep reads
 *   (upload-sweep.ts) to fail the uploads nobody completed and delete their objects.
 * The owners of the records (documents.ts, reference-documents.ts) call in here when they create one.
 */
import type { Db } from 'mongodb';
import { LIMITS, refuseAbove } from '../access/limits';
import type { TenantDb } from '../store';
import { defineDeadline } from '../store';
import { DOCUMENTS } from './document-record';
import { REFERENCES } from './reference-record';

export type UploadKind = 'document' | 'reference';

/** What an open upload is, per kind: the legacy scan's filter. */
const HOLDS = {
  document: { status: 'awaiting_upload' },
  reference: { indexing_started_at: null, deleted_at: null },
} as const;

/** Each kind's count of open uploads, as far as a limit at `most` needs to know (-1: every one confirmed). */
const COUNT = {
  document: (tenant: TenantDb, most: number) => DOCUMENTS.count('awaiting_upload', tenant, most),
  reference: (tenant: TenantDb, most: number) => REFERENCES.count('awaiting_upload', tenant, most),
} as const;

/** Each upload's deadline, at its URL's expiry. */
export const UPLOAD_DEADLINES = {
  document: defineDeadline('document_uploads'),
  reference: defineDeadline('reference_uploads'),
} as const;

/**
 * The account's open uploads, as far as a limit at `most` needs to know: each membership's own count while their sum
 * is within `most` (each count may be over, never under: within it, neither can be over), otherwise both confirmed
 * item by item.
 */
async function openUploads(tenant: TenantDb, most: number): Promise<number> {
  const [documents, references] = [await COUNT.document(tenant, most), await COUNT.reference(tenant, most)];
  if (documents + references <= most) return documents + references;
  return (await COUNT.document(tenant, -1)) + (await COUNT.reference(tenant, -1));
}

const LIMIT = {
  name: 'uploads awaiting their bytes',
  limit: LIMITS.openUploadsPerAccount,
  remedy: 'complete them, or wait for their upload URLs to expire',
};

/**
 * Before inserting the record of a new upload: 409 `limit_reached` when the account already holds the most, else
 * its deadline is set (a crash before the insert leaves a deadline the sweep forgets). The insert enrols it in its
 * collection's membership; call `admitted` right after it.
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
  await UPLOAD_DEADLINES[kind].set(tenant.rawDb(), {
    id: upload.id,
    accountId: tenant.accountId,
    namespace: upload.namespace,
    at: upload.expiresAt,
  });
}

/**
 * Counted again after the insert (domain/access/limits.ts `refuseAbove`): racing creations cannot all see room and
 * succeed. `takeBack` withdraws the caller's insert, and with it its membership.
 */
export async function admitted(tenant: TenantDb, takeBack: () => Promise<void>) {
  await refuseAbove(
    () => openUploads(tenant, LIMITS.openUploadsPerAccount),
    LIMITS.openUploadsPerAccount,
    LIMIT,
    takeBack,
  );
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
    document: await DOCUMENTS.across(db)
      .find({ ...HOLDS.document, ...unwatched }, { projection: { _id: 1, account_id: 1, created_at: 1 } })
      .toArray(),
    reference: await REFERENCES.across(db)
      .find({ ...HOLDS.reference, ...unwatched }, { projection: { _id: 1, account_id: 1, created_at: 1 } })
      .toArray(),
  };
  let added = 0;
  for (const kind of ['document', 'reference'] as const) {
    for (const item of found[kind]) {
      const since = new Date((item.created_at as Date).getTime() + urlTtlS * 1000);
      const outcome = await UPLOAD_DEADLINES[kind].set(db, {
        id: String(item._id),
        accountId: String(item.account_id),
        namespace,
        at: since,
      });
      if (outcome === 'added') added++;
    }
  }
  return added;
}

/** The hourly safety net of the uploads' memberships (with the reconciler's other sweeps). */
export async function sweepUploadRosters(db: Db): Promise<number> {
  return (await DOCUMENTS.sweep(db)) + (await REFERENCES.sweep(db));
}

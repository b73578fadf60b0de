/**
 * Reference documents (rubrics, criteria): the presigned upload, `complete` (which starts indexing), the lazily
 * synchronized status, and the soft delete that hides the pointer while the stored original stays.
 * Parsing and indexing are activities (activities/reference-indexing.ts) that record their outcome here: this module
 * alone writes the reference documents collection (test/unit/structure.test.ts); chunks and indexes are
 * reference-index.ts's, the original and the text originals.ts's and stored-text.ts's.
 */
import type { Config } from '../platform/config';
import { errors } from '../http/errors';
import { newId } from '../platform/ids';
import type { Cursors, PageQuery } from '../http/pagination';
import type { Storage } from '../platform/storage';
import { deleteOriginal, originalKeys, presignOriginalUpload, statOriginal } from './originals';
import { forgetOcrPages, textKeys } from './stored-text';
import type { Db } from 'mongodb';
import { describeJob, indexReference, isClosed, jobIds, type JobStatus, type TemporalHandle } from '../jobs';
import type { UpdateFilter } from 'mongodb';
import { publishEvent, type EventPublisher } from '../webhooks/publish-event';
import { TenantDb, type WatchFrom } from '../store';
import { MAX_UPLOAD_BYTES, oversizedUploadMessage, uploadContentType, uploadHeaders } from './uploads';
import { admitted, openUpload } from './open-uploads';
import { REFERENCES, type ReferenceDocumentDoc } from './reference-record';

export { REFERENCES, type ReferenceDocumentDoc };

export function referenceView(doc: ReferenceDocumentDoc) {
  return {
    id: doc._id,
    object: 'reference_document' as const,
    name: doc.name,
    filename: doc.filename,
    status: doc.status,
    failure_reason: doc.failure_reason,
    mime_type: doc.mime_type,
    size_bytes: doc.size_bytes,
    page_count: doc.page_count,
    chunk_count: doc.chunk_count,
    created_at: doc.created_at.toISOString(),
  };
}

const collection = (tenant: TenantDb) => REFERENCES.in(tenant);

/**
 * Every change to a reference document goes through here, with the document as last read (`known`, else read now):
 * the list trusts its copy in every status, so the change claims it (the declaration's `settled`). Answers the
 * document after the change, null when `filter` matched none.
 */
async function changing(
  tenant: TenantDb,
  filter: { _id: string } & Partial<Record<keyof ReferenceDocumentDoc, unknown>>,
  update: UpdateFilter<ReferenceDocumentDoc>,
  options: { known?: ReferenceDocumentDoc | null; watch?: WatchFrom } = {},
): Promise<ReferenceDocumentDoc | null> {
  const current = options.known ?? (await collection(tenant).findOne({ _id: filter._id }));
  return REFERENCES.transition(tenant, filter as never, update, { current, watch: options.watch });
}

/** `temporalNamespace`: whose reconciler sweeps the upload if nobody completes it (domain/documents/upload-sweep.ts). */
export async function createReferenceUpload(
  tenant: TenantDb,
  storage: Storage,
  config: Config,
  temporalNamespace: string,
  input: { name: string; filename: string; mime_type?: string; size_bytes?: number },
) {
  const id = newId('referenceDocument');
  const contentType = uploadContentType(input.filename, input.mime_type);
  const key = originalKeys.reference(tenant.accountId, id);
  const { url, expiresAt } = await presignOriginalUpload(
    storage,
    key,
    contentType,
    input.size_bytes,
    config.UPLOAD_URL_TTL_S,
  );
  const fresh: Omit<ReferenceDocumentDoc, 'account_id'> = {
    _id: id,
    name: input.name,
    filename: input.filename,
    upload_content_type: contentType,
    object_key: key,
    status: 'processing',
    failure_reason: null,
    mime_type: null,
    size_bytes: input.size_bytes ?? null,
    page_count: null,
    chunk_count: null,
    index_version: 0,
    indexing_started_at: null,
    upload_expires_at: expiresAt,
    deleted_at: null,
    created_at: new Date(),
  };
  await openUpload(tenant, 'reference', { id, namespace: temporalNamespace, expiresAt });
  const doc = await REFERENCES.insert(tenant, fresh);
  // Taken back as a deletion: it is already on the account's list, which a deletion takes it off.
  await admitted(tenant, async () => {
    await deleteReference(tenant, id);
  });
  return {
    id,
    object: 'reference_document' as const,
    name: doc.name,
    status: doc.status,
    upload_url: url,
    upload_headers: uploadHeaders(contentType, input.size_bytes),
    expires_at: expiresAt.toISOString(),
    created_at: doc.created_at.toISOString(),
  };
}

async function findLive(tenant: TenantDb, refId: string): Promise<ReferenceDocumentDoc> {
  const doc = await collection(tenant).findOne({ _id: refId, deleted_at: null });
  if (!doc) throw errors.notFound('reference document');
  return doc;
}

/**
 * `complete`: 422 until the bytes are in the store; then starts indexing. A repeat answers the same document and,
 * while it is still `processing`, starts (or attaches to) the job again: a first call whose start failed (Temporal
 * away after `indexing_started_at` was set) is finished by the client's retry instead of staying stuck.
 */
export async function completeReference(tenant: TenantDb, storage: Storage, temporal: TemporalHandle, refId: string) {
  const doc = await findLive(tenant, refId);
  if (doc.indexing_started_at && doc.status !== 'processing') return doc;
  let started: ReferenceDocumentDoc | null = null;
  if (!doc.indexing_started_at) {
    const stored = await statOriginal(storage, doc.object_key);
    if (!stored)
      throw errors.unprocessable('upload_missing', 'No file has been uploaded yet: PUT the bytes to upload_url first.');
    if (stored.size > MAX_UPLOAD_BYTES) {
      // Refused from the store's size alone, never read, and not kept.
      await deleteOriginal(storage, doc.object_key);
      const refused = await changing(
        tenant,
        { _id: refId, indexing_started_at: null },
        {
          $set: {
            indexing_started_at: new Date(),
            size_bytes: stored.size,
            status: 'failed',
            failure_code: 'file_too_large',
            failure_reason: oversizedUploadMessage(stored.size),
          },
        },
        { known: doc },
      );
      return refused ?? (await findLive(tenant, refId));
    }
    // Watched as its indexing starts: an indexing that never starts is started by the reconciler.
    started = await changing(
      tenant,
      { _id: refId, indexing_started_at: null },
      {
        $set: {
          indexing_started_at: new Date(),
          size_bytes: stored.size,
          job_namespace: temporal.namespace,
          original_etag: stored.etag ?? null,
        },
        $inc: { index_version: 1 },
      },
      { known: doc, watch: { namespace: temporal.namespace, since: new Date() } },
    );
    if (!started) {
      // Another `complete` took it first (then start or attach as it does), or the sweep failed it as abandoned.
      const now = await findLive(tenant, refId);
      if (now.status !== 'processing') return now;
    }
  } else if (doc.job_namespace !== temporal.namespace) {
    await changing(
      tenant,
      { _id: refId, status: 'processing' },
      { $set: { job_namespace: temporal.namespace } },
      { known: doc },
    );
  }
  await indexReference(temporal, { accountId: tenant.accountId, refId });
  return started ?? (await findLive(tenant, refId));
}

/**
 * The status as of now. While a document is `processing` with indexing started, the indexing job is asked: one
 * that ended without marking the document (terminated, timed out, failed outside our handling) marks it failed
 * here, so a client never waits forever on a job that is gone. (The reconciler does the same for documents nobody
 * reads.)
 */
export async function getReference(
  tenant: TenantDb,
  temporal: TemporalHandle,
  storage: Storage,
  refId: string,
): Promise<ReferenceDocumentDoc> {
  const doc = await findLive(tenant, refId);
  if (doc.status !== 'processing' || !doc.indexing_started_at) return doc;
  let status: JobStatus;
  try {
    status = (await describeJob(temporal, jobIds.indexReferenceDocument(refId))).status;
  } catch {
    return doc; // Temporal unreachable: report what we know.
  }
  // Running, done (its last step marked the document), or not started yet (`complete`'s retry or the reconciler
  // starts it): nothing to settle here.
  if (!isClosed(status) || status === 'completed')
    return doc.status === 'processing' ? await findLive(tenant, refId) : doc;
  await settleIndexingEnded(
    tenant.rawDb(),
    storage,
    tenant.accountId,
    refId,
    `Indexing did not finish (the job ended as ${status}).`,
  );
  return findLive(tenant, refId);
}

/** `processing → failed` with a reason, once (a guarded update). */
export async function settleIndexingEnded(
  db: Db,
  storage: Storage,
  accountId: string,
  refId: string,
  reason: string,
): Promise<boolean> {
  // The job is closed: the pages it kept for a retry go first, as for an input document.
  await forgetOcrPages(storage, textKeys.reference(accountId, refId));
  const tenant = new TenantDb(db, accountId);
  const settled = await changing(
    tenant,
    { _id: refId, status: 'processing' },
    { $set: { status: 'failed', failure_reason: reason } },
  );
  return settled !== null;
}

/** The reference an indexing job works on (deleted or not); a plain Error when it is gone (the job retries). */
export async function referenceForIndexing(db: Db, accountId: string, refId: string): Promise<ReferenceDocumentDoc> {
  const doc = await collection(new TenantDb(db, accountId)).findOne({ _id: refId });
  if (!doc) throw new Error(`reference document ${refId} not found`);
  return doc;
}

/** What extraction learned of the file, on the reference (idempotent). */
export async function recordReferenceExtraction(
  db: Db,
  accountId: string,
  refId: string,
  found: { mime_type: string | null; page_count: number | null },
): Promise<void> {
  const tenant = new TenantDb(db, accountId);
  await changing(tenant, { _id: refId }, { $set: { mime_type: found.mime_type, page_count: found.page_count } });
}

/** Moves `processing` to `ready` or `failed` once; `ready` records the event (once, by its dedupe key). */
export async function finishReferenceIndexing(
  publisher: EventPublisher,
  input: {
    accountId: string;
    refId: string;
    outcome: 'ready' | 'failed';
    reason?: string;
    code?: string;
    chunkCount?: number;
  },
): Promise<void> {
  const tenant = new TenantDb(publisher.db, input.accountId);
  // Off the watch list as it leaves `processing`, whether or not this write matched (the declaration's).
  const updated = await changing(
    tenant,
    { _id: input.refId, status: 'processing' },
    {
      $set:
        input.outcome === 'ready'
          ? { status: 'ready', chunk_count: input.chunkCount ?? 0, failure_reason: null, failure_code: null }
          : {
              status: 'failed',
              failure_reason: input.reason ?? 'The document could not be indexed.',
              failure_code: input.code ?? 'indexing_failed',
            },
    },
  );
  const current = updated ?? (await referenceForIndexing(publisher.db, input.accountId, input.refId));
  if (current.status === 'ready' && input.outcome === 'ready') {
    await publishEvent(publisher, {
      accountId: input.accountId,
      type: 'reference_document.ready',
      dedupeKey: `reference_document.ready:${input.refId}:${current.index_version}`,
      data: { reference_document: referenceView(current) },
    });
  }
}

export async function listReferences(tenant: TenantDb, page: PageQuery, cursors: Cursors) {
  const { items, next_cursor } = await REFERENCES.page(tenant, {
    page,
    cursors,
    cursorScope: 'reference_documents',
    filter: { deleted_at: null },
  });
  return { data: items.map(referenceView), next_cursor };
}

/** Hides the pointer; the stored original and the index stay (the contract: the original remains). */
export async function deleteReference(tenant: TenantDb, refId: string) {
  // Off its list for good (the declaration's `leftBy`), and off the uploads awaiting their bytes.
  const deleted = await changing(
    tenant,
    { _id: refId, deleted_at: null },
    { $set: { deleted_at: new Date() } },
    { known: await findLive(tenant, refId) },
  );
  if (!deleted) throw errors.notFound('reference document');
  return { id: refId, object: 'reference_document' as const, deleted: true as const };
}

/**
 * An upload nobody completed before its URL expired (domain/documents/upload-sweep.ts): failed with
 * `upload_expired`, once (guarded on `indexing_started_at`, as `complete` is, so whichever comes first wins). True
 * when it changed. Deleted references too: their original is swept all the same, having never been completed.
 */
export async function expireReferenceUpload(db: Db, accountId: string, refId: string): Promise<boolean> {
  const tenant = new TenantDb(db, accountId);
  const expired = await changing(
    tenant,
    { _id: refId, indexing_started_at: null },
    {
      $set: {
        indexing_started_at: new Date(),
        status: 'failed',
        failure_code: 'upload_expired',
        failure_reason: 'The upload was not completed before its URL expired; its file, if any, has been deleted.',
      },
    },
  );
  return expired !== null;
}

/**
 * An upload whose record never appeared (its creation died), found by the sweep: its insert is taken back, off the
 * list and the uploads awaiting their bytes.
 */
export async function takeBackReferenceUpload(tenant: TenantDb, refId: string): Promise<void> {
  await REFERENCES.remove(tenant, refId);
}

/** The names of the account's references among `refIds`, read by `_id` (domain/store `findByIds`). */
export async function referenceNames(db: Db, accountId: string, refIds: string[]): Promise<Map<string, string>> {
  const found = await REFERENCES.byIds(new TenantDb(db, accountId), refIds, {}, { projection: { _id: 1, name: 1 } });
  return new Map(found.map((r) => [r._id, r.name] as const));
}

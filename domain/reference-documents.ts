/**
 * Reference documents (rubrics, criteria): the presigned upload, `complete` (which starts indexing), the lazily
 * synchronized status, and the soft delete that hides the pointer while the stored original stays.
 * Parsing and indexing are activities (activities/reference-indexing.ts).
 */
import type { Config } from './config';
import { COLLECTIONS } from './db';
import { errors } from './errors';
import { newId } from './ids';
import { paginate, type Cursors, type PageQuery } from './pagination';
import { deleteObject, objectKeys, presignUpload, statObject, type Storage } from './storage';
import { startOrAttach, withinDeadline, type TemporalHandle } from './temporal';
import type { TenantDb } from './tenant';
import { MAX_UPLOAD_BYTES, oversizedUploadMessage, uploadContentType, uploadHeaders } from './uploads';
import { TASK_QUEUES, WORKFLOW_TYPES, workflowIds, type ReferenceJobInput } from './workflow-contract';

export interface ReferenceDocumentDoc {
  _id: string;
  account_id: string;
  name: string;
  filename: string;
  upload_content_type: string;
  object_key: string;
  status: 'processing' | 'ready' | 'failed';
  failure_reason: string | null;
  /** Why it failed, as a code (`file_too_large`, extraction codes); the API shows `failure_reason`. */
  failure_code?: string | null;
  mime_type: string | null;
  size_bytes: number | null;
  page_count: number | null;
  chunk_count: number | null;
  /** Bumped on every (re)index; a run records the version it retrieved from. */
  index_version: number;
  indexing_started_at: Date | null;
  deleted_at: Date | null;
  created_at: Date;
}

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

const collection = (tenant: TenantDb) => tenant.collection<ReferenceDocumentDoc>(COLLECTIONS.referenceDocuments);

export async function createReferenceUpload(
  tenant: TenantDb,
  storage: Storage,
  config: Config,
  input: { name: string; filename: string; mime_type?: string; size_bytes?: number },
) {
  const id = newId('referenceDocument');
  const contentType = uploadContentType(input.filename, input.mime_type);
  const key = objectKeys.referenceOriginal(tenant.accountId, id);
  const { url, expiresAt } = await presignUpload(storage, key, contentType, input.size_bytes, config.UPLOAD_URL_TTL_S);
  const doc = await collection(tenant).insertOne({
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
    deleted_at: null,
    created_at: new Date(),
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

/** `complete`: 422 until the bytes are in the store; then starts indexing once (a repeat answers the same). */
export async function completeReference(tenant: TenantDb, storage: Storage, temporal: TemporalHandle, refId: string) {
  const doc = await findLive(tenant, refId);
  if (doc.indexing_started_at) return doc;
  const stored = await statObject(storage, doc.object_key);
  if (!stored) throw errors.unprocessable('upload_missing', 'No file has been uploaded yet: PUT the bytes to upload_url first.');
  if (stored.size > MAX_UPLOAD_BYTES) {
    // DESIGN.md decision 27: refused from the store's size alone, never read, and not kept.
    await deleteObject(storage, doc.object_key);
    const refused = await collection(tenant).findOneAndUpdate(
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
      { returnDocument: 'after' },
    );
    return refused ?? (await findLive(tenant, refId));
  }
  const started = await collection(tenant).findOneAndUpdate(
    { _id: refId, indexing_started_at: null },
    { $set: { indexing_started_at: new Date(), size_bytes: stored.size }, $inc: { index_version: 1 } },
  );
  await startOrAttach(temporal, WORKFLOW_TYPES.indexReferenceDocument, {
    workflowId: workflowIds.indexReferenceDocument(refId),
    taskQueue: TASK_QUEUES.indexing,
    args: [{ accountId: tenant.accountId, refId } satisfies ReferenceJobInput],
  });
  return started ?? (await findLive(tenant, refId));
}

/**
 * The status as of now. While a document is `processing` with indexing started, the indexing workflow is asked:
 * one that ended without marking the document (terminated, timed out, failed outside our handling) marks it failed
 * here, so a client never waits forever on a job that is gone.
 */
export async function getReference(tenant: TenantDb, temporal: TemporalHandle, refId: string): Promise<ReferenceDocumentDoc> {
  const doc = await findLive(tenant, refId);
  if (doc.status !== 'processing' || !doc.indexing_started_at) return doc;
  let status: string | undefined;
  try {
    const description = await withinDeadline(temporal, () => temporal.client.workflow.getHandle(workflowIds.indexReferenceDocument(refId)).describe());
    status = description.status.name;
  } catch {
    return doc; // Temporal unreachable or the start is still in flight: report what we know.
  }
  if (status === 'RUNNING' || status === 'COMPLETED') return doc.status === 'processing' ? await findLive(tenant, refId) : doc;
  const failed = await collection(tenant).findOneAndUpdate(
    { _id: refId, status: 'processing' },
    { $set: { status: 'failed', failure_reason: `Indexing did not finish (the job ended as ${status?.toLowerCase()}).` } },
  );
  return failed ?? (await findLive(tenant, refId));
}

export async function listReferences(tenant: TenantDb, page: PageQuery, cursors: Cursors) {
  const { items, next_cursor } = await paginate(collection(tenant), { deleted_at: null }, page, cursors, 'reference_documents');
  return { data: items.map(referenceView), next_cursor };
}

/** Hides the pointer; the stored original and the index stay (the contract: the original remains). */
export async function deleteReference(tenant: TenantDb, refId: string) {
  const res = await collection(tenant).updateOne({ _id: refId, deleted_at: null }, { $set: { deleted_at: new Date() } });
  if (res.matchedCount === 0) throw errors.notFound('reference document');
  return { id: refId, object: 'reference_document' as const, deleted: true as const };
}

/**
 * Input documents: the presigned upload, the document's state as the API reports it, and what extraction found.
 * Extraction itself is an activity (activities/documents.ts) that records its outcome here: this module alone
 * writes the documents collection (test/unit/structure.test.ts); the original and the text are originals.ts's and
 * stored-text.ts's.
 */
import type { Db } from 'mongodb';
import type { Config } from '../platform/config';
import { errors } from '../http/errors';
import { newId } from '../platform/ids';
import type { Storage } from '../platform/storage';
import { deleteOriginal, originalKeys, presignOriginalUpload, putOriginal, statOriginal } from './originals';
import { FIRST_TEXT_VERSION, forgetOcrPages, loadStoredText, textKeys } from './stored-text';
import { extractDocument, type TemporalHandle } from '../jobs';
import { TenantDb } from '../store';
import { MAX_UPLOAD_BYTES, oversizedUploadMessage, uploadContentType, uploadHeaders } from './uploads';
import { admitted, openUpload } from './open-uploads';
import { DOCUMENTS, type DocumentDoc } from './document-record';

export { DOCUMENTS, type DocumentDoc };

/** A document that is waiting for its bytes; nothing about the file is known yet. */
function newDocument(f: {
  id: string;
  filename: string;
  contentType: string;
  key: string;
  declaredSize: number | null;
}): Omit<DocumentDoc, 'account_id'> {
  return {
    _id: f.id,
    filename: f.filename,
    upload_content_type: f.contentType,
    declared_size: f.declaredSize,
    object_key: f.key,
    status: 'awaiting_upload',
    mime_type: null,
    size_bytes: null,
    page_count: null,
    extracted: false,
    extraction_error: null,
    text_key: null,
    char_count: null,
    inferred_schema_json: null,
    created_at: new Date(),
    completed_at: null,
  };
}

export function documentView(doc: DocumentDoc) {
  return {
    id: doc._id,
    object: 'document' as const,
    filename: doc.filename,
    mime_type: doc.mime_type,
    size_bytes: doc.size_bytes,
    page_count: doc.page_count,
    ocr_pages: doc.extracted ? (doc.ocr_pages ?? 0) : null,
    extracted: doc.extracted,
    extraction_error: doc.extraction_error,
    text_version: doc.extracted ? (doc.text_version ?? FIRST_TEXT_VERSION) : null,
    created_at: doc.created_at.toISOString(),
  };
}

/** `temporalNamespace`: whose reconciler sweeps the upload if nobody completes it (domain/documents/upload-sweep.ts). */
export async function createDocumentUpload(
  tenant: TenantDb,
  storage: Storage,
  config: Config,
  temporalNamespace: string,
  input: { filename: string; mime_type?: string; size_bytes?: number },
) {
  const id = newId('document');
  const contentType = uploadContentType(input.filename, input.mime_type);
  const key = originalKeys.document(tenant.accountId, id);
  const { url, expiresAt } = await presignOriginalUpload(
    storage,
    key,
    contentType,
    input.size_bytes,
    config.UPLOAD_URL_TTL_S,
  );
  await openUpload(tenant, 'document', { id, namespace: temporalNamespace, expiresAt });
  await DOCUMENTS.insert(tenant, {
    ...newDocument({ id, filename: input.filename, contentType, key, declaredSize: input.size_bytes ?? null }),
    upload_expires_at: expiresAt,
  });
  await admitted(tenant, async () => {
    await DOCUMENTS.remove(tenant, id);
  });
  return {
    id,
    object: 'document_upload' as const,
    upload_url: url,
    upload_headers: uploadHeaders(contentType, input.size_bytes),
    expires_at: expiresAt.toISOString(),
  };
}

export async function getDocument(tenant: TenantDb, docId: string): Promise<DocumentDoc> {
  const doc = await DOCUMENTS.in(tenant).findOne({ _id: docId });
  if (!doc) throw errors.notFound('document');
  return doc;
}

/**
 * The extracted text, as stored by extraction (JSON sections next to the original). 409 `document_not_extracted`
 * until there is some: the same answer a run on the document would get.
 */
export async function documentText(tenant: TenantDb, storage: Storage, docId: string) {
  const doc = await getDocument(tenant, docId);
  if (!doc.extracted || !doc.text_key) {
    throw errors.conflict(
      'document_not_extracted',
      'The document has no extracted text (complete the upload, and wait while it is extracted).',
    );
  }
  const stored = await loadStoredText(storage, doc.text_key);
  return {
    object: 'document_text' as const,
    document_id: doc._id,
    page_count: stored.page_count,
    text_version: stored.text_version ?? FIRST_TEXT_VERSION,
    sections: stored.sections.map(({ kind, index, label, text }) => ({ kind, index, label, text })),
  };
}

/**
 * `complete`: checks the bytes really arrived, then runs extraction (workflow `extract-<doc_id>`) and waits for it,
 * bounded. Calling it again answers the same document; it never extracts twice.
 */
export async function completeDocument(
  tenant: TenantDb,
  storage: Storage,
  temporal: TemporalHandle,
  docId: string,
  waitMs: number,
): Promise<{ doc: DocumentDoc; finished: boolean }> {
  const doc = await getDocument(tenant, docId);
  if (doc.status === 'extracted' || doc.status === 'failed') return { doc, finished: true };
  if (doc.status === 'awaiting_upload') {
    const stored = await statOriginal(storage, doc.object_key);
    if (!stored) {
      throw errors.unprocessable('upload_missing', 'No file has been uploaded yet: PUT the bytes to upload_url first.');
    }
    if (stored.size > MAX_UPLOAD_BYTES) {
      // Refused from the store's size alone, never read, and not kept.
      await deleteOriginal(storage, doc.object_key);
      await DOCUMENTS.transition(
        tenant,
        { _id: docId, status: 'awaiting_upload' },
        {
          $set: {
            status: 'failed',
            size_bytes: stored.size,
            completed_at: new Date(),
            extraction_error: { code: 'file_too_large', message: oversizedUploadMessage(stored.size) },
          },
        },
      );
      return { doc: await getDocument(tenant, docId), finished: true };
    }
    // Watched as it starts extracting: an extraction that never starts is started by the reconciler.
    const taken = await DOCUMENTS.transition(
      tenant,
      { _id: docId, status: 'awaiting_upload' },
      {
        $set: {
          status: 'extracting',
          size_bytes: stored.size,
          completed_at: new Date(),
          job_namespace: temporal.namespace,
          original_etag: stored.etag ?? null,
        },
      },
      { watch: { namespace: temporal.namespace, since: new Date() } },
    );
    if (!taken) {
      // Another `complete` took it first (then extract as it does), or the sweep failed it as abandoned.
      const now = await getDocument(tenant, docId);
      if (now.status === 'failed' || now.status === 'extracted') return { doc: now, finished: true };
    }
  }
  const job = await extractDocument(temporal, { accountId: tenant.accountId, docId }, waitMs);
  if (job.state === 'ended') {
    // The extraction job closed without recording a result (terminated, or failed past its retries); a closed id is
    // never run again (REJECT_DUPLICATE), so the document settles as failed and this answer stays a 200.
    await settleExtractionEnded(
      tenant.rawDb(),
      storage,
      tenant.accountId,
      docId,
      'Extraction did not finish; upload the file again as a new document.',
    );
  }
  return { doc: await getDocument(tenant, docId), finished: job.state !== 'waiting' };
}

/**
 * `extracting → failed` with a reason, once (a guarded update): what `complete` and the reconciler do when the
 * extraction job is gone without having recorded an outcome.
 */
export async function settleExtractionEnded(
  db: Db,
  storage: Storage,
  accountId: string,
  docId: string,
  reason: string,
): Promise<boolean> {
  // The job is closed, so no attempt will take up the pages it kept: they go first, so a
  // settlement cut short between the two is finished by the next caller, which deletes what is left and settles.
  await forgetOcrPages(storage, textKeys.document(accountId, docId));
  const settled = await DOCUMENTS.transition(
    new TenantDb(db, accountId),
    { _id: docId, status: 'extracting' },
    {
      $set: { status: 'failed', extracted: false, extraction_error: { code: 'extraction_failed', message: reason } },
    },
  );
  return settled !== null;
}

/** The document an extraction job works on; a plain Error when it is gone (the job retries, then fails). */
export async function documentForExtraction(db: Db, accountId: string, docId: string): Promise<DocumentDoc> {
  const doc = await DOCUMENTS.in(new TenantDb(db, accountId)).findOne({ _id: docId });
  if (!doc) throw new Error(`document ${docId} not found`);
  return doc;
}

export interface ExtractionOutcome {
  extracted: boolean;
  mime_type: string | null;
  page_count: number | null;
  ocr_pages: number;
  ocr?: { engine: string; mean_confidence: number; pages: number } | null;
  char_count: number;
  /** The form of the text extraction stored. */
  textVersion: number;
  /** Where the text was stored (stored-text.ts), when extracted. */
  textKey: string;
  inferredSchema: unknown;
  code?: string;
  reason?: string;
}

const jsonOrNull = (v: unknown) => (v ? JSON.stringify(v) : null);

/** What extraction found, on the document. Idempotent: a retried extraction writes the same fields. */
export async function recordExtraction(
  db: Db,
  accountId: string,
  docId: string,
  outcome: ExtractionOutcome,
): Promise<void> {
  await DOCUMENTS.transition(
    new TenantDb(db, accountId),
    { _id: docId },
    {
      $set: {
        status: outcome.extracted ? 'extracted' : 'failed',
        extracted: outcome.extracted,
        mime_type: outcome.mime_type,
        page_count: outcome.page_count,
        ocr_pages: outcome.extracted ? outcome.ocr_pages : null,
        ocr: outcome.extracted ? (outcome.ocr ?? null) : null,
        char_count: outcome.char_count,
        text_version: outcome.extracted ? outcome.textVersion : null,
        text_key: outcome.extracted ? outcome.textKey : null,
        inferred_schema_json: outcome.extracted ? jsonOrNull(outcome.inferredSchema) : null,
        extraction_error: outcome.extracted
          ? null
          : { code: outcome.code ?? 'not_extracted', message: outcome.reason ?? 'No text could be extracted.' },
      },
    },
  );
}

/**
 * An input document from bytes the API already holds (the legacy multipart run form): stored, then extracted as
 * any uploaded document is, waiting at most `waitMs`.
 */
export async function ingestDocumentBytes(
  tenant: TenantDb,
  storage: Storage,
  temporal: TemporalHandle,
  file: { filename: string; mimeType: string; bytes: Buffer },
  waitMs: number,
): Promise<DocumentDoc> {
  const id = newId('document');
  const contentType = uploadContentType(
    file.filename,
    file.mimeType === 'application/octet-stream' ? undefined : file.mimeType,
  );
  const key = originalKeys.document(tenant.accountId, id);
  const etag = await putOriginal(storage, key, file.bytes, contentType);
  await DOCUMENTS.insert(
    tenant,
    {
      ...newDocument({
        id,
        filename: file.filename.slice(0, 255) || 'upload',
        contentType,
        key,
        declaredSize: file.bytes.length,
      }),
      // The bytes are already stored: the document starts where `complete` leaves an uploaded one.
      status: 'extracting',
      size_bytes: file.bytes.length,
      completed_at: new Date(),
      job_namespace: temporal.namespace,
      original_etag: etag ?? null,
    },
    { namespace: temporal.namespace, since: new Date() },
  );
  const { doc } = await completeDocument(tenant, storage, temporal, id, waitMs);
  return doc;
}

/**
 * An upload nobody completed before its URL expired (domain/documents/upload-sweep.ts): `awaiting_upload → failed`
 * with `upload_expired`, once (a guarded update, so a `complete` that got there first wins). True when it changed.
 */
export async function expireDocumentUpload(db: Db, accountId: string, docId: string): Promise<boolean> {
  const expired = await DOCUMENTS.transition(
    new TenantDb(db, accountId),
    { _id: docId, status: 'awaiting_upload' },
    {
      $set: {
        status: 'failed',
        completed_at: new Date(),
        extraction_error: {
          code: 'upload_expired',
          message: 'The upload was not completed before its URL expired; its file, if any, has been deleted.',
        },
      },
    },
  );
  return expired !== null;
}

/**
 * An upload whose record never appeared (its creation died, or was taken back at the limit), found by the sweep: its
 * insert is taken back, off the uploads awaiting their bytes.
 */
export async function takeBackDocumentUpload(tenant: TenantDb, docId: string): Promise<void> {
  await DOCUMENTS.remove(tenant, docId);
}

/** A run's input documents as its job reads them, by `_id` (the ones found; the caller names the missing). */
export function documentsForRun(db: Db, accountId: string, docIds: string[]): Promise<DocumentDoc[]> {
  return DOCUMENTS.byIds(new TenantDb(db, accountId), docIds);
}

/**
 * The account's input documents `ids` names, in that order, each uploaded and extracted: what every caller that
 * evaluates documents checks first (run creation, calibration items). A missing id is a 400 naming the field that
 * names it (`fieldOf`: `input_documents`, `items.3.input_documents`), an unextracted document a 409
 * `document_not_extracted`. Read by `_id` (domain/store `findByIds`); nothing is written.
 */
export async function requireInputDocuments(
  tenant: TenantDb,
  ids: string[],
  fieldOf: (id: string) => string = () => 'input_documents',
  /**
   * `wait`: a document still being read (`extracting`) passes, for a run that waits for it in `queued` (charged
   * once its pages are read); `refuse`: it is a 409 like any document without text.
   */
  reading: 'wait' | 'refuse' = 'refuse',
): Promise<DocumentDoc[]> {
  const unique = [...new Set(ids)];
  const docs = unique.length ? await DOCUMENTS.byIds(tenant, unique) : [];
  const byId = new Map(docs.map((d) => [d._id, d]));
  const missing = unique.filter((id) => !byId.has(id));
  if (missing.length) {
    const byField = new Map<string, string[]>();
    for (const id of missing) byField.set(fieldOf(id), [...(byField.get(fieldOf(id)) ?? []), id]);
    const details = [...byField].map(([field, gone]) => ({
      path: `body.${field}`,
      message: `no document ${gone.join(', ')}`,
    }));
    const [first] = [...byField];
    throw errors.invalidRequest(`${first![0]}: no document ${first![1].join(', ')}`, details.slice(0, 20));
  }
  const unextracted = docs.filter((d) => !d.extracted && !(reading === 'wait' && d.status === 'extracting'));
  const stillReading = unextracted.filter((d) => d.status === 'extracting');
  if (stillReading.length && stillReading.length === unextracted.length) {
    throw errors.conflict(
      'document_not_extracted',
      `Still being read: ${stillReading.map((d) => d._id).join(', ')}; ask again once each reports extracted: true.`,
    );
  }
  if (unextracted.length) {
    throw errors.conflict(
      'document_not_extracted',
      `No text could be extracted from ${unextracted.map((d) => d._id).join(', ')} (complete the upload and wait until the document reports extracted: true; a file without readable text never does).`,
    );
  }
  return unique.map((id) => byId.get(id)!);
}

/**
 * The activities of the `indexReferenceDocument` workflow: extract the text, chunk and index it (chunks and a
 * compressed BM25 index in MongoDB), then mark the document ready or failed and record `reference_document.ready`.
 * Each step is idempotent: a retry rewrites the same chunks and index, and the status changes once.
 */
import { gzipSync } from 'node:zlib';
import { Binary } from 'mongodb';
import { COLLECTIONS } from '../domain/platform/db';
import { publishEvent } from '../domain/webhooks/publish-event';
import { referenceView, type ReferenceDocumentDoc } from '../domain/documents/reference-documents';
import { objectKeys } from '../domain/platform/storage';
import type { ExtractionSummary, ReferenceJobInput } from '../domain/jobs/contract';
import { extractStored, loadStoredText } from './extraction';
import type { ActivityDeps } from './deps';
import { buildIndex } from './indexing/bm25';
import { chunkSections, type Chunk } from './indexing/chunking';

export interface ChunkDoc extends Chunk {
  _id: string;
  account_id: string;
}

export interface IndexDoc {
  _id: string; // the reference document id
  account_id: string;
  version: number;
  chunk_count: number;
  /** gzip of the serialized MiniSearch index */
  index_gz: Binary;
  created_at: Date;
}

const INSERT_BATCH = 500;

export function referenceIndexingActivities({ db, storage, config, temporal }: ActivityDeps) {
  const refs = db.collection<ReferenceDocumentDoc>(COLLECTIONS.referenceDocuments);

  async function load({ accountId, refId }: ReferenceJobInput): Promise<ReferenceDocumentDoc> {
    const doc = await refs.findOne({ _id: refId, account_id: accountId });
    if (!doc) throw new Error(`reference document ${refId} not found`);
    return doc;
  }

  return {
    async extractReferenceText(input: ReferenceJobInput): Promise<ExtractionSummary> {
      const doc = await load(input);
      const { extraction: result } = await extractStored(storage, {
        objectKey: doc.object_key,
        filename: doc.filename,
        declaredMime: doc.upload_content_type,
        textKey: objectKeys.referenceText(input.accountId, input.refId),
      });
      await refs.updateOne(
        { _id: input.refId, account_id: input.accountId },
        { $set: { mime_type: result.mime_type, page_count: result.page_count } },
      );
      return { extracted: result.extracted, pageCount: result.page_count, code: result.code, reason: result.reason };
    },

    async indexReferenceChunks(input: ReferenceJobInput): Promise<{ chunkCount: number }> {
      const doc = await load(input);
      const text = await loadStoredText(storage, objectKeys.referenceText(input.accountId, input.refId));
      const chunks = chunkSections(input.refId, text.sections);
      const chunkDocs = db.collection<ChunkDoc>(COLLECTIONS.referenceChunks);
      await chunkDocs.deleteMany({ ref_id: input.refId, account_id: input.accountId });
      for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
        await chunkDocs.insertMany(
          chunks.slice(i, i + INSERT_BATCH).map((c) => ({ ...c, _id: c.id, account_id: input.accountId })),
        );
      }
      const indexDoc: IndexDoc = {
        _id: input.refId,
        account_id: input.accountId,
        version: doc.index_version,
        chunk_count: chunks.length,
        index_gz: new Binary(gzipSync(buildIndex(chunks))),
        created_at: new Date(),
      };
      await db.collection<IndexDoc>(COLLECTIONS.referenceIndexes).replaceOne({ _id: input.refId }, indexDoc, { upsert: true });
      return { chunkCount: chunks.length };
    },

    /** Moves `processing` to `ready` or `failed` once; `ready` records the event (once, by its dedupe key). */
    async finishReference(
      input: ReferenceJobInput & { outcome: 'ready' | 'failed'; reason?: string; code?: string; chunkCount?: number },
    ): Promise<void> {
      const updated = await refs.findOneAndUpdate(
        { _id: input.refId, account_id: input.accountId, status: 'processing' },
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
        { returnDocument: 'after' },
      );
      const current = updated ?? (await load(input));
      if (current.status === 'ready' && input.outcome === 'ready') {
        await publishEvent(
          { db, config, temporal },
          {
            accountId: input.accountId,
            type: 'reference_document.ready',
            dedupeKey: `reference_document.ready:${input.refId}:${current.index_version}`,
            data: { reference_document: referenceView(current) },
          },
        );
      }
    },
  };
}

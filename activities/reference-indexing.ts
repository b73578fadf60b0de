/**
 * The activities of the `indexReferenceDocument` workflow: extract the text, chunk and index it, then mark the
 * document ready or failed and record `reference_document.ready`. What is stored belongs to domain/documents/
 * (reference-documents.ts the record, stored-text.ts the text, reference-index.ts the chunks and index); these are
 * the steps that compute it. Each step is idempotent: a retry rewrites the same chunks and index, and the status
 * changes once.
 */
import {
  finishReferenceIndexing,
  recordReferenceExtraction,
  referenceForIndexing,
} from '../domain/documents/reference-documents';
import { storeReferenceIndex } from '../domain/documents/reference-index';
import { forgetOcrPages, openStoredText, textKeys } from '../domain/documents/stored-text';
import type { ExtractionSummary, ReferenceJobInput } from '../domain/jobs/contract';
import { extractStored, ocrSettings } from './extraction';
import type { ActivityDeps } from './deps';
import { cancellationSignal, withHeartbeat } from './heartbeat';
import { indexInSandbox } from './indexing/sandbox';

export function referenceIndexingActivities({ db, storage, config, temporal, extractionSlots }: ActivityDeps) {
  return {
    async extractReferenceText(input: ReferenceJobInput): Promise<ExtractionSummary> {
      const doc = await referenceForIndexing(db, input.accountId, input.refId);
      const { extraction: result, yielded } = await extractStored(
        storage,
        {
          objectKey: doc.object_key,
          etag: doc.original_etag,
          filename: doc.filename,
          declaredMime: doc.upload_content_type,
          textKey: textKeys.reference(input.accountId, input.refId),
          countTokens: false,
        },
        ocrSettings(config),
        extractionSlots,
      );
      // Left after a page read by OCR so that waiting work gets the slot, as input documents do: nothing to record
      // yet; the job takes it up again from its kept pages.
      if (yielded) return { extracted: false, pageCount: null, yielded: true };
      await recordReferenceExtraction(db, input.accountId, input.refId, {
        mime_type: result.mime_type,
        page_count: result.page_count,
      });
      return { extracted: result.extracted, pageCount: result.page_count, code: result.code, reason: result.reason };
    },

    /**
     * `failure` when the text cannot be indexed within the sandbox's limits: the workflow fails the reference with
     * it, once (a retry would need the same memory again).
     */
    async indexReferenceChunks(
      input: ReferenceJobInput,
    ): Promise<{ chunkCount: number; failure?: { code: string; reason: string } }> {
      const doc = await referenceForIndexing(db, input.accountId, input.refId);
      const text = await openStoredText(storage, textKeys.reference(input.accountId, input.refId));
      // In a child process, while this one keeps heartbeating: a long reference takes longer than the 30 s heartbeat
      // timeout, and its memory is the child's, capped (20 M characters of CJK took 2.5 GB of a worker thread).
      const outcome = await withHeartbeat(() =>
        indexInSandbox(input.refId, text, { maxMemoryMb: config.INDEXING_MEMORY_MB }, cancellationSignal()),
      );
      if (!outcome.indexed) return { chunkCount: 0, failure: { code: outcome.code, reason: outcome.reason } };
      const ref = { accountId: input.accountId, refId: input.refId, version: doc.index_version };
      await storeReferenceIndex(db, storage, ref, outcome.chunks, outcome.indexGz);
      return { chunkCount: outcome.chunks.length };
    },

    /**
     * The job failed for good: the pages an attempt kept for its retry are deleted, since no retry will come.
     */
    forgetReferencePages: (input: ReferenceJobInput): Promise<void> =>
      forgetOcrPages(storage, textKeys.reference(input.accountId, input.refId)),

    // Heartbeats, so that a worker lost inside it delays the reference's `ready` by the heartbeat timeout, not the minute.
    finishReference: (
      input: ReferenceJobInput & { outcome: 'ready' | 'failed'; reason?: string; code?: string; chunkCount?: number },
    ): Promise<void> => withHeartbeat(() => finishReferenceIndexing({ db, config, temporal }, input)),
  };
}

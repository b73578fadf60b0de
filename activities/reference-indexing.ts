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
import { loadStoredText, textKeys } from '../domain/documents/stored-text';
import type { ExtractionSummary, ReferenceJobInput } from '../domain/jobs/contract';
import { extractStored } from './extraction';
import type { ActivityDeps } from './deps';
import { withHeartbeat } from './heartbeat';
import { indexOnThread } from './indexing/thread';

export function referenceIndexingActivities({ db, storage, config, temporal }: ActivityDeps) {
  return {
    async extractReferenceText(input: ReferenceJobInput): Promise<ExtractionSummary> {
      const doc = await referenceForIndexing(db, input.accountId, input.refId);
      const { extraction: result } = await extractStored(storage, {
        objectKey: doc.object_key,
        filename: doc.filename,
        declaredMime: doc.upload_content_type,
        textKey: textKeys.reference(input.accountId, input.refId),
        countTokens: false,
      });
      await recordReferenceExtraction(db, input.accountId, input.refId, { mime_type: result.mime_type, page_count: result.page_count });
      return { extracted: result.extracted, pageCount: result.page_count, code: result.code, reason: result.reason };
    },

    async indexReferenceChunks(input: ReferenceJobInput): Promise<{ chunkCount: number }> {
      const doc = await referenceForIndexing(db, input.accountId, input.refId);
      const text = await loadStoredText(storage, textKeys.reference(input.accountId, input.refId));
      // Off the main thread, which keeps heartbeating: a long reference takes longer than the 30 s heartbeat timeout.
      const { chunks, index } = await withHeartbeat(() => indexOnThread({ refId: input.refId, sections: text.sections }));
      await storeReferenceIndex(db, storage, { accountId: input.accountId, refId: input.refId, version: doc.index_version }, chunks, index);
      return { chunkCount: chunks.length };
    },

    finishReference: (
      input: ReferenceJobInput & { outcome: 'ready' | 'failed'; reason?: string; code?: string; chunkCount?: number },
    ): Promise<void> => finishReferenceIndexing({ db, config, temporal }, input),
  };
}

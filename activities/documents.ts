/** The extraction activity behind POST /documents/{id}/complete: extract, store the text, record it on the document. */
import { documentForExtraction, recordExtraction } from '../domain/documents/documents';
import { forgetOcrPages, textKeys } from '../domain/documents/stored-text';
import type { DocumentJobInput, ExtractionSummary } from '../domain/jobs/contract';
import type { ActivityDeps } from './deps';
import { extractStored, ocrSettings } from './extraction';
import { TEXT_VERSION } from './parsing/markdown';

export function documentActivities({ db, storage, config, extractionSlots }: ActivityDeps) {
  return {
    /** Idempotent: a retry re-extracts and rewrites the same keys and fields. */
    async extractDocumentText({ accountId, docId }: DocumentJobInput): Promise<ExtractionSummary> {
      const doc = await documentForExtraction(db, accountId, docId);
      const textKey = textKeys.document(accountId, docId);
      const {
        extraction: result,
        inferredSchema,
        yielded,
      } = await extractStored(
        storage,
        {
          objectKey: doc.object_key,
          etag: doc.original_etag,
          filename: doc.filename,
          declaredMime: doc.upload_content_type,
          textKey,
          countTokens: true,
        },
        ocrSettings(config),
        extractionSlots,
      );
      // Left after a page to let waiting work in: nothing to record yet; the job goes on.
      if (yielded) return { extracted: false, pageCount: null, yielded: true };
      await recordExtraction(db, accountId, docId, {
        extracted: result.extracted,
        mime_type: result.mime_type,
        page_count: result.page_count,
        ocr_pages: result.ocr_pages ?? 0,
        ocr: result.ocr ?? null,
        char_count: result.char_count,
        textVersion: TEXT_VERSION,
        textKey,
        inferredSchema,
        code: result.code,
        reason: result.reason,
      });
      return { extracted: result.extracted, pageCount: result.page_count, code: result.code, reason: result.reason };
    },

    /**
     * The job failed for good (its attempts spent): the pages an attempt kept for its retry are deleted, since no
     * retry will come.
     */
    forgetKeptPages: ({ accountId, docId }: DocumentJobInput): Promise<void> =>
      forgetOcrPages(storage, textKeys.document(accountId, docId)),
  };
}

/**
 * The page-image job's activity: the document's original, streamed from the object store
 * into the page-image sandbox, drawn at the width asked, and what came of it kept by its owner
 * (domain/documents/page-images.ts). A page that breaks a limit is kept as refused, an outcome like any; only a fault
 * of the store or of the sandbox's start fails the activity, which then retries.
 */
import { openOriginal, OriginalChanged } from '../domain/documents/originals';
import { pageSource, storePageOutcome } from '../domain/documents/page-images';
import { hasPages } from '../domain/documents/paged-types';
import type { PageImageJobInput, PageImageJobResult } from '../domain/jobs/contract';
import type { ActivityDeps } from './deps';
import { withHeartbeat } from './heartbeat';
import { renderPageInSandbox } from './parsing/page-image';

export function pageImageActivities({ db, storage, config }: ActivityDeps) {
  return {
    async drawPageImage(input: PageImageJobInput): Promise<PageImageJobResult> {
      const source = await pageSource(db, input);
      const mimeType = source?.mimeType;
      if (!source || !hasPages(mimeType) || input.page > source.pageCount) {
        // The API checked all of this before starting the job: only a document changed since gets here.
        return { rendered: false, reason: `the document has no page ${input.page} to draw` };
      }
      let original;
      try {
        original = await openOriginal(storage, source.objectKey, source.etag);
      } catch (err) {
        if (!(err instanceof OriginalChanged)) throw err;
        const reason = 'the file was uploaded again after it was read, so its pages are no longer the ones read';
        await storePageOutcome(db, storage, input, { reason });
        return { rendered: false, reason };
      }
      // The limits of a page read by OCR: its deadline and its memory cap.
      const outcome = await withHeartbeat(() =>
        renderPageInSandbox(
          original,
          { mimeType, page: input.page, width: input.width },
          { timeoutMs: config.OCR_PAGE_TIMEOUT_S * 1000, maxMemoryMb: config.OCR_MEMORY_MB },
        ),
      );
      if (!outcome.rendered) {
        await storePageOutcome(db, storage, input, { reason: outcome.reason });
        return { rendered: false, reason: outcome.reason };
      }
      await storePageOutcome(db, storage, input, outcome);
      return { rendered: true, width: outcome.width, height: outcome.height };
    },
  };
}

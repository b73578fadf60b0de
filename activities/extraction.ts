/**
 * Turns a stored original into stored text: streams the bytes from the object store into the parsing sandbox (a
 * child process with time and memory limits, which also infers the schema of structured files), and writes the
 * sections as JSON next to the original (domain/documents/originals.ts and stored-text.ts own those objects).
 * The worker itself never holds the upload: the stream is capped at the upload limit however large the store says
 * (or does not say) the object is. Shared by input and reference documents.
 */
import { deleteOriginal, openOriginal, OriginalChanged } from '../domain/documents/originals';
import { forgetOcrPages, keepOcrPage, keptOcrPages, saveStoredText } from '../domain/documents/stored-text';
import type { Storage } from '../domain/platform/storage';
import type { ExtractionSlots } from './deps';
import { withHeartbeat } from './heartbeat';
import { failed } from './parsing/result';
import { ocrLanguages } from './parsing/ocr/engine';
import type { OcrPageText } from './parsing/ocr/read';
import { COUNT_TOKENS_WITHIN_MS, processInSandbox, type InferredSchema } from './parsing/sandbox';
import type { Extraction } from './parsing/types';

/** `extraction.sections` is empty: the text is in the object store under `textKey`. */
export async function extractStored(
  storage: Storage,
  source: {
    objectKey: string;
    /** The ETag `complete` recorded: only that object is read, never bytes PUT again after `complete` checked it. */
    etag?: string | null;
    filename: string;
    declaredMime?: string;
    textKey: string;
    /** Store each section's token count for the runs (input documents; references are counted by chunk). */
    countTokens: boolean;
  },
  ocr: OcrSettings,
  slots?: ExtractionSlots,
): Promise<{ extraction: Extraction; inferredSchema: InferredSchema | null; yielded?: boolean }> {
  let original;
  try {
    original = await openOriginal(storage, source.objectKey, source.etag);
  } catch (err) {
    if (!(err instanceof OriginalChanged)) throw err;
    // Bytes PUT again after `complete` (its URL stays valid until it expires): they were never checked, so they are
    // neither read nor kept, and no retry could make them the checked ones. A final answer, not an error.
    await deleteOriginal(storage, source.objectKey);
    return { extraction: failed('upload_changed', UPLOAD_CHANGED_REASON), inferredSchema: null };
  }
  // Pages an earlier attempt read by OCR are not read again; each new one is kept as it ends.
  const done = (await keptOcrPages(storage, source.textKey)) as OcrPageText[];
  const kept = done.map((p) => p.page);
  if (slots) slots.running += 1;
  const { extraction, storedText, inferredSchema, yielded } = await withHeartbeat(async () =>
    processInSandbox(
      original,
      { filename: source.filename, declaredMime: source.declaredMime },
      {
        countTokensWithinMs: source.countTokens ? COUNT_TOKENS_WITHIN_MS : 0,
        ocrPageTimeoutMs: ocr.pageTimeoutMs,
        ocrMaxMemoryMb: ocr.memoryMb,
      },
      {
        languages: ocr.languages,
        maxPages: ocr.maxPages,
        done,
        onPage: async (page) => {
          await keepOcrPage(storage, source.textKey, kept, page.page, page);
          kept.push(page.page);
        },
        // With every slot of this worker taken, leave after the page so that waiting work
        // (another account's document) gets a slot; the job takes this file up again from its kept pages.
        shouldYield: () => slots !== undefined && slots.running >= slots.total,
      },
    ),
  ).finally(() => {
    if (slots) slots.running -= 1;
  });
  if (yielded) return { extraction, inferredSchema: null, yielded: true };
  if (extraction.code === 'file_too_large') {
    // An oversized original is not kept (the store under-reported its size at `complete`).
    await deleteOriginal(storage, source.objectKey);
  }
  if (extraction.extracted && storedText) await saveStoredText(storage, source.textKey, storedText);
  // The outcome is final (this file is never extracted again): the pages kept for a retry have served.
  await forgetOcrPages(storage, source.textKey);
  return { extraction, inferredSchema };
}

/** How the worker reads pages by OCR (OCR_* settings). */
export interface OcrSettings {
  languages: string[];
  maxPages: number;
  pageTimeoutMs: number;
  memoryMb: number;
}

export function ocrSettings(config: {
  OCR_LANGUAGES: string;
  OCR_MAX_PAGES: number;
  OCR_PAGE_TIMEOUT_S: number;
  OCR_MEMORY_MB: number;
}): OcrSettings {
  return {
    languages: ocrLanguages(config.OCR_LANGUAGES),
    maxPages: config.OCR_MAX_PAGES,
    pageTimeoutMs: config.OCR_PAGE_TIMEOUT_S * 1000,
    memoryMb: config.OCR_MEMORY_MB,
  };
}

const UPLOAD_CHANGED_REASON =
  'The file was changed after complete (uploaded again to its upload URL), so it was not read; upload it again as a new document.';

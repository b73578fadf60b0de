/**
 * Turns a stored original into stored text: streams the bytes from the object store into the parsing sandbox (a
 * child process with time and memory limits, which also infers the schema of structured files), and writes the
 * sections as JSON next to the original. The worker itself never holds the upload: the stream is capped at the
 * upload limit however large the store says (or does not say) the object is. Shared by input and reference
 * documents.
 */
import { deleteObject, getObjectBytes, getObjectStream, putObject, type Storage } from '../domain/platform/storage';
import { withHeartbeat } from './heartbeat';
import { processInSandbox, type InferredSchema } from './parsing/sandbox';
import type { Extraction, Section } from './parsing/types';

export interface StoredText {
  format: string | null;
  mime_type: string | null;
  page_count: number | null;
  sections: Section[];
}

/** `extraction.sections` is empty: the text is in the object store under `textKey`. */
export async function extractStored(
  storage: Storage,
  source: { objectKey: string; filename: string; declaredMime?: string; textKey: string },
): Promise<{ extraction: Extraction; inferredSchema: InferredSchema | null }> {
  const { extraction, storedText, inferredSchema } = await withHeartbeat(async () =>
    processInSandbox(await getObjectStream(storage, source.objectKey), {
      filename: source.filename,
      declaredMime: source.declaredMime,
    }),
  );
  if (extraction.code === 'file_too_large') {
    // DESIGN.md decision 27: an oversized original is not kept (the store under-reported its size at `complete`).
    await deleteObject(storage, source.objectKey);
  }
  if (extraction.extracted && storedText) await putObject(storage, source.textKey, storedText, 'application/json');
  return { extraction, inferredSchema };
}

export async function loadStoredText(storage: Storage, textKey: string): Promise<StoredText> {
  const bytes = await getObjectBytes(storage, textKey);
  return JSON.parse(Buffer.from(bytes).toString('utf8')) as StoredText;
}

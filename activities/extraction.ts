/**
 * Turns a stored original into stored text: reads the bytes from the object store, extracts them in the parsing
 * sandbox (bounded time and memory: hostile files cannot take the worker down), and writes the sections as JSON
 * next to the original. Shared by input documents and reference documents.
 */
import { getObjectBytes, putObject, type Storage } from '../domain/storage';
import { withHeartbeat } from './heartbeat';
import { extractInSandbox } from './parsing/sandbox';
import type { Extraction, Section } from './parsing/types';

export interface StoredText {
  format: string | null;
  mime_type: string | null;
  page_count: number | null;
  sections: Section[];
}

export async function extractStored(
  storage: Storage,
  source: { objectKey: string; filename: string; declaredMime?: string; textKey: string },
): Promise<{ extraction: Extraction; bytes: Uint8Array }> {
  const bytes = await getObjectBytes(storage, source.objectKey);
  // The sandbox takes ownership of what it is given: hand it a copy and keep the original for the caller.
  const extraction = await withHeartbeat(() =>
    extractInSandbox(bytes.slice(), { filename: source.filename, declaredMime: source.declaredMime }),
  );
  if (extraction.extracted) {
    const stored: StoredText = {
      format: extraction.format,
      mime_type: extraction.mime_type,
      page_count: extraction.page_count,
      sections: extraction.sections,
    };
    await putObject(storage, source.textKey, JSON.stringify(stored), 'application/json');
  }
  return { extraction, bytes };
}

export async function loadStoredText(storage: Storage, textKey: string): Promise<StoredText> {
  const bytes = await getObjectBytes(storage, textKey);
  return JSON.parse(Buffer.from(bytes).toString('utf8')) as StoredText;
}

/**
 * The extracted text of input and reference documents: one JSON object per document in the object store, next to
 * its original (`…/extracted.json`), written once by extraction (activities/extraction.ts) and read by the API
 * (`GET /documents/{id}/text`), by indexing and by the run engine. This module alone builds those keys and reads or
 * writes those objects (test/unit/structure.test.ts), so the format has one owner.
 */
import type { Readable } from 'node:stream';
import {
  deleteObject,
  getObjectBytes,
  getObjectStream,
  putObject,
  statObject,
  type Storage,
} from '../platform/storage';

/** One page, sheet, slide or section of a document's text; the unit citations point into. */
export interface Section {
  kind: 'page' | 'sheet' | 'slide' | 'section';
  index: number; // 1-based page/slide number, or sheet/section order
  label: string; // e.g. "Page 3", "Sheet: Rubric", "Slide 2", or a heading text
  text: string;
}

/**
 * A section as stored: with its o200k token count when extraction counted it (input documents of 100,000 characters
 * or more, when the sandbox had the time: counting on every run cost seconds). Runs count the sections that have
 * none. Never part of what the API returns.
 */
export interface StoredSection extends Section {
  tokens?: number;
}

export interface StoredText {
  format: string | null;
  mime_type: string | null;
  page_count: number | null;
  sections: StoredSection[];
  /**
   * The form of `sections[].text`: 2 is the structured Markdown every format is written in; text stored
   * before it has no field and is version 1 (flattened). Stored text is never rewritten to a newer version.
   */
  text_version?: number;
  /**
   * Per section, in order, the boxes of its text where the format has positions (PDF pages):
   * flat [start, end, x, y, w, h] sextuples, `start`/`end` offsets into the section's text, the rest fractions of
   * the page from its top left. Absent for other formats and for text stored before positions existed.
   */
  positions?: number[][];
  /** The OCR engine and its mean word confidence, when pages were read by OCR. */
  ocr?: { engine: string; mean_confidence: number; pages: number };
}

/** The version of text stored before `text_version` existed. */
export const FIRST_TEXT_VERSION = 1;

/** Where a document's text is stored: under the account's prefix, beside the original. */
export const textKeys = {
  document: (accountId: string, docId: string) => `accounts/${accountId}/documents/${docId}/extracted.json`,
  reference: (accountId: string, refId: string) => `accounts/${accountId}/reference-documents/${refId}/extracted.json`,
};

/** Stores the text as the parsing sandbox serialized it (a StoredText as JSON bytes; the worker never re-parses it). */
export async function saveStoredText(storage: Storage, key: string, json: Uint8Array): Promise<void> {
  await putObject(storage, key, json, 'application/json');
}

/** The stored text's JSON bytes as a stream, for a process that parses them elsewhere (the indexing sandbox). */
export function openStoredText(storage: Storage, key: string): Promise<Readable> {
  return getObjectStream(storage, key);
}

export async function loadStoredText(storage: Storage, key: string): Promise<StoredText> {
  const bytes = await getObjectBytes(storage, key);
  return JSON.parse(Buffer.from(bytes).toString('utf8')) as StoredText;
}

/**
 * Pages read by OCR are kept as they finish, beside the text, so that a retried extraction goes on where the last
 * attempt stopped: one object per page and a small list of the pages kept. Extraction
 * removes them once the file's outcome is recorded. The page's content is the parsing sandbox's; here it is JSON.
 */
const ocrKeys = {
  list: (textKey: string) => textKey.replace(/[^/]+$/, 'ocr-pages/kept.json'),
  page: (textKey: string, page: number) => textKey.replace(/[^/]+$/, `ocr-pages/${page}.json`),
};

export async function keepOcrPage(storage: Storage, textKey: string, kept: number[], page: number, json: unknown) {
  await putObject(storage, ocrKeys.page(textKey, page), JSON.stringify(json), 'application/json');
  // The list last: a page it names is always there.
  await putObject(storage, ocrKeys.list(textKey), JSON.stringify([...kept, page]), 'application/json');
}

/** The pages kept by earlier attempts (empty when none), in the order they were read. */
export async function keptOcrPages(storage: Storage, textKey: string): Promise<unknown[]> {
  if (!(await statObject(storage, ocrKeys.list(textKey)))) return [];
  const pages = JSON.parse(Buffer.from(await getObjectBytes(storage, ocrKeys.list(textKey))).toString('utf8'));
  const kept: unknown[] = [];
  for (const page of pages as number[]) {
    kept.push(JSON.parse(Buffer.from(await getObjectBytes(storage, ocrKeys.page(textKey, page))).toString('utf8')));
  }
  return kept;
}

export async function forgetOcrPages(storage: Storage, textKey: string): Promise<void> {
  if (!(await statObject(storage, ocrKeys.list(textKey)))) return;
  const pages = JSON.parse(Buffer.from(await getObjectBytes(storage, ocrKeys.list(textKey))).toString('utf8'));
  // The pages first, the list last: a forgetting cut short is finished by the next call, which reads the list again.
  for (const page of pages as number[]) await deleteObject(storage, ocrKeys.page(textKey, page));
  await deleteObject(storage, ocrKeys.list(textKey));
}

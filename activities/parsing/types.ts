/**
 * The result of extracting text from an uploaded document: the contract between parsing, the activities that store
 * extracted text, and the API that reports it. Field names are snake_case because the API returns them as they are.
 */
export type DocFormat =
  | 'pdf'
  | 'docx'
  | 'xlsx'
  | 'xls'
  | 'pptx'
  | 'txt'
  | 'md'
  | 'csv'
  | 'json'
  | 'xml'
  /** Images, read by OCR: a page each, a page per frame of a TIFF. */
  | 'png'
  | 'jpeg'
  | 'tiff';

import type { Section } from '../../domain/documents/stored-text';

export type { Section };

export type FailureCode =
  | 'unsupported_type'
  | 'type_mismatch'
  | 'empty_file'
  | 'corrupt'
  | 'zip_bomb'
  | 'xml_entities'
  | 'file_unprocessable'
  | 'no_text'
  | 'file_too_large'
  /** More pages to read by OCR than OCR_MAX_PAGES. */
  | 'too_many_pages'
  /** The stored original is not the object `complete` checked (its bytes were PUT again since). */
  | 'upload_changed';

export interface Extraction {
  extracted: boolean; // false: nothing usable (see code/reason)
  format: DocFormat | null; // null when the type could not be determined
  mime_type: string | null; // the real type, e.g. application/pdf
  page_count: number | null; // PDF pages, PPTX slides, XLSX/XLS sheets; null for plain text formats
  sections: Section[]; // empty when not extracted
  char_count: number;
  /** Per section (same order), the boxes of its text where the format has positions (PDF); stored, never returned. */
  positions?: number[][];
  /** Pages read by OCR (scanned PDF pages, image pages); 0 when none were. */
  ocr_pages?: number;
  /** The OCR engine and the mean word confidence over the pages it read, when it read any. */
  ocr?: OcrSummary;
  code?: FailureCode;
  reason?: string; // one human sentence, safe to show to the API client (no stack traces, no paths)
}

/** What the caller knows about the bytes besides the bytes: the upload's name and the type the client declared. */
export interface ExtractHint {
  filename: string;
  declaredMime?: string;
}

/** What a format parser hands back; `extract` turns it into an Extraction (text cap, no-text check). */
export interface Parsed {
  sections: Section[];
  pageCount: number | null;
  /** PDF: per section, the boxes of its text (flat [start, end, x, y, w, h] sextuples; pdf-layout.ts). */
  positions?: number[][];
  /** Pages (1-based section indexes) whose text is to be read by OCR; their sections are placeholders until then. */
  ocrPages?: number[];
  /**
   * PDF: `ocrPages` are the pages with too little text, each read by OCR only if images cover most of it, which is
   * checked as the page is read, under that page's own deadline.
   */
  ocrCandidates?: boolean;
  /** The file's bytes for OCR, when the parser gave away the ones it was given (pdf.js detaches them). */
  ocrSource?: Uint8Array;
  /** Set once OCR has read `ocrPages`. */
  ocr?: OcrSummary;
}

export interface OcrSummary {
  /** e.g. `tesseract.js 7.0.0 (eng)`. */
  engine: string;
  /** Mean word confidence, 0–100, over every word of every page read. */
  mean_confidence: number;
  pages: number;
}

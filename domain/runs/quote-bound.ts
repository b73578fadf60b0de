/**
 * What a run waiting for its input is quoted for a document still being read (docs/decisions.md 600): its pages are
 * not known yet, so the quote prices the most the run will be charged for it, and the run is then charged what the
 * document turns out to cost, never more than that quote.
 */
import { MIME_BY_FORMAT } from '../documents/uploads';
import type { DocumentDoc } from '../documents/documents';

type Priced = Pick<DocumentDoc, 'page_count' | 'ocr_pages'>;

/** Declared types that are one image page (read by OCR) or plain text (one page, never read by OCR). */
const ONE_IMAGE_PAGE: ReadonlySet<string> = new Set([MIME_BY_FORMAT.png, MIME_BY_FORMAT.jpeg]);
const TEXT: ReadonlySet<string> = new Set([
  MIME_BY_FORMAT.txt,
  MIME_BY_FORMAT.md,
  MIME_BY_FORMAT.csv,
  MIME_BY_FORMAT.json,
  MIME_BY_FORMAT.xml,
]);

/**
 * The pages a quote counts for `doc`: what was read once it is extracted; while it is being read, a PNG or JPEG is
 * one page read by OCR, a text format one page, and anything else (PDF, TIFF, office files, unknown) `ocrMaxPages`
 * pages each priced with the OCR surcharge — a document with more pages to read by OCR fails `too_many_pages`. A
 * declared type that lies costs the service, never the client: the charge is capped by the quote.
 */
export function pagesToQuote(
  doc: Pick<DocumentDoc, 'extracted' | 'upload_content_type'> & Priced,
  ocrMaxPages: number,
): Priced {
  if (doc.extracted) return doc;
  if (ONE_IMAGE_PAGE.has(doc.upload_content_type)) return { page_count: 1, ocr_pages: 1 };
  if (TEXT.has(doc.upload_content_type)) return { page_count: null, ocr_pages: 0 };
  return { page_count: ocrMaxPages, ocr_pages: ocrMaxPages };
}

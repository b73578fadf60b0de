/**
 * PDF: each page's text items through unpdf's bundled pdf.js (the only pdf.js this process may load: two copies
 * clash), laid out as structured Markdown with the boxes of its text (pdf-layout.ts). A page without a text layer
 * gives an empty section, so a scanned PDF still reports its page count. Pages are read one at a time and only
 * their segments are kept until the document's body text size is known (headings are measured against it).
 */
import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { bodySizeOf, layoutPage, writePage, type PageLayout, type PageView, type PdfItem } from './pdf-layout';
import { ExtractionFailure, ParserUnavailable } from './result';
import type { Parsed } from './types';

/** The parts of a pdf.js TextItem read here (marked-content entries have no `str`). */
interface TextItem {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
}

export async function parsePdf(bytes: Uint8Array): Promise<Parsed> {
  // unpdf loads its pdf.js bundle with a native import() on first use; where that cannot work (jest's module
  // sandbox) the PDF is not to blame.
  await getResolvedPDFJS().catch((err: unknown) => {
    throw new ParserUnavailable('the PDF parser (pdf.js) could not be loaded', { cause: err });
  });
  // pdf.js refuses Node Buffers; a plain view over the same memory costs nothing.
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // No eval: pdf.js would otherwise compile PostScript functions from the file into JavaScript.
  const pdf = await getDocumentProxy(data, { verbosity: 0, isEvalSupported: false }).catch((err: unknown) => {
    if ((err as { name?: string }).name === 'PasswordException') {
      throw new ExtractionFailure('corrupt', 'the PDF is password-protected; upload it without a password');
    }
    throw err;
  });
  try {
    const sizes = new Map<number, number>();
    const layouts: PageLayout[] = [];
    const ocrPages: number[] = [];
    for (let p = 1; p <= pdf.numPages; p++) {
      const page = await pdf.getPage(p);
      const content = await page.getTextContent();
      const items = itemsOf(content.items as TextItem[]);
      layouts.push(layoutPage(items, page.view as PageView, sizes));
      // Only the text is read here, under the file's deadline: whether images cover the page is checked as the
      // page is read by OCR, under that page's own (ocr/read.ts), since it costs decoding the page's images.
      const chars = items.reduce((n, item) => n + item.str.replace(/\s/g, '').length, 0);
      if (chars < MIN_TEXT_LAYER_CHARS) ocrPages.push(p);
      page.cleanup();
    }
    const bodySize = bodySizeOf(sizes);
    const sections = [];
    const positions = [];
    for (const [i, layout] of layouts.entries()) {
      const written = writePage(layout, bodySize);
      layouts[i] = { view: layout.view, blocks: [] }; // let the page's segments go as soon as it is written
      sections.push({ kind: 'page' as const, index: i + 1, label: `Page ${i + 1}`, text: written.text });
      positions.push(written.boxes);
    }
    if (ocrPages.length === 0) return { pageCount: pdf.numPages, sections, positions };
    // pdf.js took over the bytes it was given (their buffer is detached now): OCR renders from its own copy.
    const ocrSource = await pdf.getData();
    return { pageCount: pdf.numPages, sections, positions, ocrPages, ocrCandidates: true, ocrSource };
  } finally {
    await pdf.destroy();
  }
}

/**
 * A page has no usable text layer when it has fewer than 20 characters of text (whitespace not counted) and images
 * cover most of it; the first half is decided here, the second as the page is read (ocr/pdf-pages.ts), since finding
 * images has pdf.js decode them.
 */
const MIN_TEXT_LAYER_CHARS = 20;

function itemsOf(items: TextItem[]): PdfItem[] {
  const out: PdfItem[] = [];
  for (const item of items) {
    if (typeof item.str !== 'string' || !item.transform || item.str.trim() === '') continue;
    const [, , c = 0, d = 0, x = 0, y = 0] = item.transform;
    const size = Math.hypot(c, d) || item.height || 0;
    out.push({ str: item.str, x, y, w: item.width ?? 0, size });
  }
  return out;
}

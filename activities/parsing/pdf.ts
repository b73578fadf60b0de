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
    const { OPS } = (await getResolvedPDFJS()) as unknown as { OPS: Record<string, number> };
    for (let p = 1; p <= pdf.numPages; p++) {
      const page = await pdf.getPage(p);
      const content = await page.getTextContent();
      const items = itemsOf(content.items as TextItem[]);
      layouts.push(layoutPage(items, page.view as PageView, sizes));
      const chars = items.reduce((n, item) => n + item.str.replace(/\s/g, '').length, 0);
      if (chars < MIN_TEXT_LAYER_CHARS) {
        const ops = await page.getOperatorList();
        if (imageCoverage(ops, page.view as PageView, OPS) >= MOSTLY) ocrPages.push(p);
      }
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
    return { pageCount: pdf.numPages, sections, positions, ocrPages, ocrSource: await pdf.getData() };
  } finally {
    await pdf.destroy();
  }
}

/**
 * docs/decisions.md 435: a page has no usable text layer when it has fewer than 20 characters of text (whitespace
 * not counted) and images cover most of it (half its area or more); such a page is read by OCR.
 */
const MIN_TEXT_LAYER_CHARS = 20;
const MOSTLY = 0.5;

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

/**
 * The share of the page's area its images cover (their union measured on a coarse grid), from the page's operator
 * list: an image is painted into the unit square under the current transform, which `save`, `restore`,
 * `transform` and form XObjects change. Exported for its test.
 */
export function imageCoverage(
  ops: { fnArray: number[]; argsArray: unknown[] },
  view: PageView,
  OPS: Record<string, number>,
): number {
  const [vx0, vy0, vx1, vy1] = view;
  const width = vx1 - vx0;
  const height = vy1 - vy0;
  if (!(width > 0 && height > 0)) return 0;
  const GRID = 64;
  const covered = new Uint8Array(GRID * GRID);
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  const images = new Set([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject]);
  ops.fnArray.forEach((fn, i) => {
    const args = ops.argsArray[i] as unknown[] | null;
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform && args) ctm = multiply(ctm, args as Matrix);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      const matrix = args?.[0];
      if (Array.isArray(matrix) && matrix.length === 6) ctm = multiply(ctm, matrix as Matrix);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (images.has(fn)) {
      const corners = [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ].map(([u, v]) => [ctm[0] * u! + ctm[2] * v! + ctm[4], ctm[1] * u! + ctm[3] * v! + ctm[5]] as const);
      const xs = corners.map((c) => (c[0] - vx0) / width);
      const ys = corners.map((c) => (c[1] - vy0) / height);
      const clamp = (n: number) => Math.max(0, Math.min(GRID, n));
      const gx0 = clamp(Math.floor(Math.min(...xs) * GRID));
      const gx1 = clamp(Math.ceil(Math.max(...xs) * GRID));
      const gy0 = clamp(Math.floor(Math.min(...ys) * GRID));
      const gy1 = clamp(Math.ceil(Math.max(...ys) * GRID));
      for (let y = gy0; y < gy1; y++) for (let x = gx0; x < gx1; x++) covered[y * GRID + x] = 1;
    }
  });
  return covered.reduce((n, c) => n + c, 0) / covered.length;
}

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

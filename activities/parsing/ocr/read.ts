/**
 * Reads the pages a parser left to OCR, one at a time, in the parsing sandbox's child: each
 * page is decoded (an image page or frame) or rendered (a scanned PDF page), read by the engine, and written as
 * text with the box of every word, then handed to `onPage` so the worker keeps it. Pages the worker already kept
 * from an earlier attempt are taken as they are and never read again. The engine starts on the first page that
 * needs it and is closed at the end.
 */
import { ExtractionFailure } from '../result';
import type { DocFormat, Parsed } from '../types';
import { createOcrEngine, type OcrEngine, type OcrPage } from './engine';
import { layoutOcrPage } from './layout';
import { openPdfPages, type PdfPages } from './pdf-pages';
import { decodePage, type ImageType } from './raster';

/** One page as OCR read it: what the worker keeps between attempts, and what becomes the page's section. */
export interface OcrPageText {
  page: number;
  text: string;
  /** Flat [start, end, x, y, w, h] per word: offsets into `text`, the box in fractions of the page as shown. */
  positions: number[];
  /** Mean word confidence of the page (0–100) and how many words it is the mean of. */
  confidence: number;
  words: number;
  engine: string;
}

export interface OcrOptions {
  languages: string[];
  /** More pages to read than this fails the file `too_many_pages`. */
  maxPages: number;
  /** Pages kept from an earlier attempt. */
  done: OcrPageText[];
  /**
   * Before a page is read (never for a kept one), or only checked for being a scan (`checking`): the sandbox starts
   * that page's deadline and memory cap here.
   */
  onPageStart: (page: number, checking?: boolean) => Promise<void>;
  /** `last`: no page is left to read after this one. */
  onPage: (page: OcrPageText, last: boolean) => Promise<void>;
  /** An engine already started (tests and the bench read many files with one): used, and left open. */
  engine?: OcrEngine;
}

const IMAGE_TYPES: Partial<Record<DocFormat, ImageType>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  tiff: 'image/tiff',
};

/**
 * An OCR'd page as text: laid out from its words into lines, paragraphs, headings and pipe tables (layout.ts), each
 * word's box recorded.
 */
export function pageText(page: number, read: OcrPage, engine: string): OcrPageText {
  const { text, positions } = layoutOcrPage(read);
  let words = 0;
  let confidenceSum = 0;
  for (const paragraph of read.paragraphs) {
    for (const line of paragraph.lines) {
      for (const word of line.words) {
        words += 1;
        confidenceSum += word.confidence;
      }
    }
  }
  const confidence = words ? Math.round((confidenceSum / words) * 10) / 10 : 0;
  return { page, text, positions, confidence, words, engine };
}

export async function readOcrPages(
  bytes: Uint8Array,
  format: DocFormat,
  parsed: Parsed,
  options: OcrOptions,
): Promise<Parsed> {
  const { ocrSource, ocrCandidates, ...rest } = parsed;
  const source = ocrSource ?? bytes;
  const kept = new Map(options.done.map((p) => [p.page, p]));
  let pages = parsed.ocrPages ?? [];
  // A PDF's pages are candidates until images are found to cover them; a kept page was read,
  // so it was a scan.
  const scans = new Set<number>(ocrCandidates ? kept.keys() : pages);
  const imageType = IMAGE_TYPES[format];
  const buffer = Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  let engine: OcrEngine | undefined = options.engine;
  let pdf: PdfPages | undefined;
  const sections = parsed.sections.map((s) => ({ ...s }));
  const positions = parsed.positions ? parsed.positions.map((p) => p) : parsed.sections.map(() => []);
  const read: OcrPageText[] = [];
  try {
    if (ocrCandidates && pages.length > options.maxPages) {
      // More candidates than the limit: which are scans is found out before any page is read, each check under its
      // own deadline, stopping as soon as the answer is known (docs/decisions.md 546).
      pdf = await openPdfPages(source);
      const found = await findScans(pages, scans, options, pdf);
      if (found.over) {
        throw new ExtractionFailure(
          'too_many_pages',
          `the file has at least ${found.pages.length} pages to read by OCR, over the limit of ${options.maxPages}`,
          parsed.pageCount,
        );
      }
      pages = found.pages;
    }
    if (pages.length > options.maxPages) {
      throw new ExtractionFailure(
        'too_many_pages',
        `the file has ${pages.length} pages to read by OCR, over the limit of ${options.maxPages}`,
        parsed.pageCount,
      );
    }
    for (const [at, n] of pages.entries()) {
      let result = kept.get(n);
      if (!result) {
        await options.onPageStart(n);
        let raster;
        let dpi: number | undefined;
        if (imageType) raster = await decodePage(buffer, imageType, n);
        else {
          pdf ??= await openPdfPages(source);
          // Too little text but not covered by images (an empty page, a drawing): it stays as the parser wrote it.
          if (!scans.has(n) && !(await pdf.isScanned(n))) continue;
          ({ raster, dpi } = await pdf.render(n));
        }
        engine ??= await createOcrEngine({ languages: options.languages });
        result = pageText(n, await engine.recognize(raster, dpi ? { dpi } : {}), engine.name);
        await options.onPage(result, at === pages.length - 1);
      }
      read.push(result);
      const i = sections.findIndex((s) => s.index === n);
      if (i >= 0) {
        sections[i] = { ...sections[i]!, text: result.text };
        positions[i] = result.positions;
      }
    }
  } finally {
    await Promise.all([engine === options.engine ? undefined : engine?.close(), pdf?.close()]);
  }
  // A PDF whose pages with too little text were none of them scans: nothing was read by OCR.
  if (read.length === 0) return { ...rest, ocrPages: [] };
  const words = read.reduce((sum, p) => sum + p.words, 0);
  const mean = words ? read.reduce((sum, p) => sum + p.confidence * p.words, 0) / words : 0;
  return {
    ...rest,
    sections,
    positions,
    ocr: {
      engine: read.find((p) => p.words > 0)?.engine ?? read[0]?.engine ?? 'none',
      mean_confidence: Math.round(mean * 10) / 10,
      pages: read.length,
    },
    ocrPages: read.map((p) => p.page),
  };
}

/**
 * Checks candidate pages in order, each announced (`checking`) so that it runs under its own deadline, until it is
 * known whether more than `maxPages` of them are scans: `over` at the first scan past the limit, else once the
 * pages left unchecked could no longer pass it. Returns the scans found and the pages left unchecked, in order;
 * the scans found are added to `scans`. Kept pages count as scans without a check.
 */
async function findScans(
  candidates: number[],
  scans: Set<number>,
  options: OcrOptions,
  pdf: PdfPages,
): Promise<{ pages: number[]; over: boolean }> {
  const found: number[] = [];
  let next = 0;
  while (next < candidates.length && found.length + (candidates.length - next) > options.maxPages) {
    const n = candidates[next++]!;
    if (!scans.has(n)) {
      await options.onPageStart(n, true);
      if (!(await pdf.isScanned(n))) continue;
      scans.add(n);
    }
    found.push(n);
    if (found.length > options.maxPages) return { pages: found, over: true };
  }
  return { pages: [...found, ...candidates.slice(next)], over: false };
}

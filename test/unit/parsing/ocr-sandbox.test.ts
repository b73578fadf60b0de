/**
 * OCR in the parsing sandbox: image uploads and the scanned pages of a PDF are read a page at
 * a time in the sandbox's child, each page under its own deadline and memory cap, every finished page handed to the
 * worker to keep, and pages kept from an earlier attempt never read again. Real pages are few (each takes seconds).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { extractInSandbox } from '../../../activities/parsing/sandbox';
import type { OcrPageText } from '../../../activities/parsing/ocr/read';
import { MAX_PAGE_PIXELS } from '../../../activities/parsing/ocr/raster';
import {
  knownText,
  multiPageTiff,
  normalizedWords,
  pdfOfPages,
  scannedPage,
  wordsFound,
  type ScannedPage,
} from '../../support/scanned-page';
import { loadScannedCorpus, SCANNED_DIR, scannedWordsFound } from '../../support/ocr-scores';

jest.setTimeout(180_000);

const OCR = { languages: ['eng'], maxPages: 100 };

/** Each word drawn once on the page against the box OCR gave the same word: the centres within 2 % of the page. */
function boxesFar(scan: ScannedPage, text: string, positions: number[]): string[] {
  const counts = new Map<string, number>();
  for (const w of scan.words) for (const n of normalizedWords(w.text)) counts.set(n, (counts.get(n) ?? 0) + 1);
  const read: { word: string; cx: number; cy: number }[] = [];
  for (let i = 0; i < positions.length; i += 6) {
    const [start, end, x, y, w, h] = positions.slice(i, i + 6) as [number, number, number, number, number, number];
    read.push({ word: normalizedWords(text.slice(start, end))[0] ?? '', cx: x + w / 2, cy: y + h / 2 });
  }
  const far: string[] = [];
  let checked = 0;
  for (const drawn of scan.words) {
    const [key] = normalizedWords(drawn.text);
    if (!key || counts.get(key) !== 1) continue;
    const same = read.filter((r) => r.word === key);
    if (same.length === 0) continue;
    checked++;
    const off = Math.min(...same.map((r) => Math.max(Math.abs(r.cx - drawn.cx), Math.abs(r.cy - drawn.cy))));
    if (off > 0.02) far.push(`${drawn.text} off by ${off.toFixed(3)}`);
  }
  expect(checked).toBeGreaterThan(40);
  return far;
}

let scan: ScannedPage;
beforeAll(() => {
  scan = scannedPage();
});

it('reads a scanned PNG upload by OCR: its words, a box for each, the engine and its confidence', async () => {
  const kept: number[] = [];
  const result = await extractInSandbox(
    scan.png,
    { filename: 'rubric-scan.png' },
    {},
    { ...OCR, done: [], onPage: async (p) => void kept.push(p.page) },
  );
  expect(result).toMatchObject({ extracted: true, format: 'png', mime_type: 'image/png', page_count: 1, ocr_pages: 1 });
  expect(result.sections).toHaveLength(1);
  expect(result.sections[0]).toMatchObject({ kind: 'page', index: 1, label: 'Page 1' });
  const text = result.sections[0]!.text;
  expect(wordsFound(knownText(), text)).toBeGreaterThanOrEqual(0.95);
  expect(text).toMatch(/^Rubric for the final essay/);
  expect(boxesFar(scan, text, result.positions![0]!)).toEqual([]);
  expect(result.ocr).toMatchObject({ engine: expect.stringMatching(/^tesseract\.js \d/), pages: 1 });
  expect(result.ocr!.mean_confidence).toBeGreaterThan(70);
  expect(kept).toEqual([1]);
});

it('reads a PDF page by page: text pages from their text layer, scanned pages by OCR', async () => {
  const typed = 'Cover sheet for the History 204 essay rubric\nSubmitted with the scanned marking scheme';
  const pdf = await pdfOfPages([typed, scan]);
  const result = await extractInSandbox(pdf, { filename: 'mixed.pdf' }, {}, { ...OCR, done: [] });
  expect(result).toMatchObject({ extracted: true, format: 'pdf', page_count: 2, ocr_pages: 1 });
  expect(result.sections[0]!.text).toContain('Cover sheet for the History 204 essay rubric');
  const scanned = result.sections[1]!.text;
  expect(wordsFound(knownText(), scanned)).toBeGreaterThanOrEqual(0.95);
  // The image fills the page, so its words land where they were drawn on the page too.
  expect(boxesFar(scan, scanned, result.positions![1]!)).toEqual([]);
});

it('reads each frame of a TIFF as a page, taking the pages kept from an earlier attempt as they are', async () => {
  const tiff = multiPageTiff([
    { width: scan.width, height: scan.height, grey: scan.grey },
    { width: 400, height: 300, grey: 255 },
  ]);
  const earlier: OcrPageText = {
    page: 1,
    text: 'Kept from the attempt before',
    positions: [0, 4, 0.1, 0.1, 0.05, 0.01],
    confidence: 91,
    words: 5,
    engine: 'tesseract.js 7.0.0 (eng)',
  };
  const kept: number[] = [];
  const result = await extractInSandbox(
    tiff,
    { filename: 'scan.tiff' },
    {},
    { ...OCR, done: [earlier], onPage: async (p) => void kept.push(p.page) },
  );
  expect(result).toMatchObject({ extracted: true, format: 'tiff', page_count: 2, ocr_pages: 2 });
  // Page 1 was not read again (its full text would be the rubric); only the blank page 2 was.
  expect(result.sections.map((s) => s.text)).toEqual(['Kept from the attempt before', '']);
  expect(result.positions![0]).toEqual(earlier.positions);
  expect(kept).toEqual([2]);
  expect(result.ocr).toMatchObject({ mean_confidence: 91, pages: 2 });
});

it('refuses more pages to read than OCR_MAX_PAGES as too_many_pages, before reading any', async () => {
  const tiff = multiPageTiff([1, 2, 3].map(() => ({ width: 50, height: 40, grey: 255 })));
  const kept: number[] = [];
  const result = await extractInSandbox(
    tiff,
    { filename: 'scan.tif' },
    {},
    { ...OCR, maxPages: 2, done: [], onPage: async (p) => void kept.push(p.page) },
  );
  expect(result).toMatchObject({ extracted: false, code: 'too_many_pages', format: 'tiff', page_count: 3 });
  expect(result.reason).toBe('the file has 3 pages to read by OCR, over the limit of 2');
  expect(kept).toEqual([]);
});

it('refuses an image page over 50 megapixels as file_unprocessable, from its header', async () => {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'ascii');
  header.writeUInt32BE(10_000, 16);
  header.writeUInt32BE(Math.ceil(MAX_PAGE_PIXELS / 10_000) + 1, 20);
  const result = await extractInSandbox(header, { filename: 'huge.png' }, {}, { ...OCR, done: [] });
  expect(result).toMatchObject({ extracted: false, code: 'file_unprocessable', format: 'png' });
  expect(result.reason).toMatch(/over the 50-megapixel limit/);
});

it('stops a page that overruns its own deadline, naming the page', async () => {
  const result = await extractInSandbox(
    scan.png,
    { filename: 'scan.png' },
    { ocrPageTimeoutMs: 300 },
    {
      ...OCR,
      done: [],
    },
  );
  expect(result).toMatchObject({ extracted: false, code: 'file_unprocessable', format: 'png' });
  expect(result.reason).toBe('reading page 1 by OCR did not finish within 300 ms and was stopped');
});

/**
 * A long image-only PDF: `pages` pages copied from the committed scanned corpus's three (each a 200 dpi JPEG filling
 * the page), ending with its page 1, every page its own image object, as a scanner writes them (pdf.js decodes a
 * shared image once, which would hide what a page costs).
 */
async function longScan(pages: number): Promise<Buffer> {
  const source = await PDFDocument.load(readFileSync(join(SCANNED_DIR, 'rubric-scan.pdf')));
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) {
    // A copy at a time: one copy of several pages would share their image objects.
    const [page] = await doc.copyPages(source, [(pages - 1 - i) % 3]);
    doc.addPage(page!);
  }
  return Buffer.from(await doc.save());
}

const keptPage = (page: number): OcrPageText => ({
  page,
  text: `Kept page ${page}`,
  positions: [],
  confidence: 90,
  words: 3,
  engine: 'tesseract.js 7.0.0 (eng)',
});

/**
 * Only a PDF's text is read under the file's deadline; whether a page with too little text
 * is a scan (which costs decoding its image, about 0.2 s of CPU a page) is found out under that page's own. Before,
 * every page's image was decoded under the file's deadline and a long scan failed before OCR read a page: for these
 * 80 pages about 15 s of CPU (0.19 s a page, measured), and the file's deadline here is 12 s.
 */
describe('a long scan inside the file deadline', () => {
  const PAGES = 80;
  const FILE_DEADLINE = { timeoutMs: 12_000 };
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await longScan(PAGES);
  });

  it('goes on from its kept pages to the last one and completes, every page counted as read by OCR', async () => {
    const read: number[] = [];
    const result = await extractInSandbox(pdf, { filename: 'long-scan.pdf' }, FILE_DEADLINE, {
      ...OCR,
      done: Array.from({ length: PAGES - 1 }, (_, i) => keptPage(i + 1)),
      onPage: async (p) => void read.push(p.page),
    });
    expect(result).toMatchObject({ extracted: true, format: 'pdf', page_count: PAGES, ocr_pages: PAGES });
    expect(read).toEqual([PAGES]);
    expect(result.sections.slice(0, 2).map((s) => s.text)).toEqual(['Kept page 1', 'Kept page 2']);
    const want = loadScannedCorpus().files['rubric-scan-p1.png']!;
    expect(scannedWordsFound(want, result.sections[PAGES - 1]!.text)).toBeGreaterThanOrEqual(0.95);
    expect(result.ocr).toMatchObject({ pages: PAGES });
  });

  it('is refused as too_many_pages once a page past OCR_MAX_PAGES is found a scan, having checked only that many', async () => {
    const read: number[] = [];
    const result = await extractInSandbox(pdf, { filename: 'long-scan.pdf' }, FILE_DEADLINE, {
      ...OCR,
      maxPages: 2,
      done: [],
      onPage: async (p) => void read.push(p.page),
    });
    expect(result).toMatchObject({ extracted: false, code: 'too_many_pages', format: 'pdf', page_count: PAGES });
    expect(result.reason).toBe('the file has at least 3 pages to read by OCR, over the limit of 2');
    expect(read).toEqual([]);
  });

  it('checks each page for a scan under that page deadline, naming the page', async () => {
    const result = await extractInSandbox(
      pdf,
      { filename: 'long-scan.pdf' },
      { ...FILE_DEADLINE, ocrPageTimeoutMs: 50 },
      { ...OCR, maxPages: 2, done: [] },
    );
    expect(result).toMatchObject({ extracted: false, code: 'file_unprocessable', format: 'pdf' });
    expect(result.reason).toBe('checking page 1 for a scan did not finish within 50 ms and was stopped');
  });
});

it('reads by OCR only the pages images cover: pages with little text and no image count for nothing', async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < 3; i++) {
    doc.addPage([612, 792]).drawRectangle({ x: 50, y: 50, width: 512, height: 692, color: rgb(0.85, 0.85, 0.8) });
  }
  doc.addPage([612, 792]).drawText('Appendix: the marking scheme was withdrawn', { x: 72, y: 700, size: 11, font });
  const read: number[] = [];
  const result = await extractInSandbox(
    Buffer.from(await doc.save()),
    { filename: 'drawings.pdf' },
    {},
    { ...OCR, maxPages: 2, done: [], onPage: async (p) => void read.push(p.page) },
  );
  expect(result).toMatchObject({ extracted: true, format: 'pdf', page_count: 4, ocr_pages: 0 });
  expect(result.ocr).toBeUndefined();
  expect(result.sections[3]!.text).toContain('Appendix: the marking scheme was withdrawn');
  expect(read).toEqual([]);
});

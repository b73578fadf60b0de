/**
 * OCR in the parsing sandbox (docs/decisions.md 435): image uploads and the scanned pages of a PDF are read a page at
 * a time in the sandbox's child, each page under its own deadline and memory cap, every finished page handed to the
 * worker to keep, and pages kept from an earlier attempt never read again. Real pages are few (each takes seconds).
 */
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

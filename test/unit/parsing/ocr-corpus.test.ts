/**
 * The committed scanned corpus (test/fixtures/scanned, scripts/make-scanned-corpus.ts: rubric.pdf's pages at 200 dpi,
 * turned 0.6°, seeded noise, as an image-only PDF, a multi-page TIFF, a PNG and a JPEG of quality 75) read as the
 * worker reads them — the parsers and the OCR reader (ocr/read.ts) in the parsing sandbox's child
 * (`extractInSandbox`, its OCR limits) — and scored by test/support/ocr-scores.ts against what the source's author
 * wrote and where the render drew it (page 1 held twice is scored twice): words found
 * ≥ 0.95, table rows kept on one line in order ≥ 80 %, and a citation into a scanned page boxed within 2 % of the
 * page of the quoted words. The child's limits and IPC are tested in test/unit/parsing/ocr-sandbox.test.ts and, on
 * the real stack, test/integration/ocr.test.ts. Seven pages in all, a few seconds each; the TIFF's second frame is
 * page 1 fed sideways, read as well as upright.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractInSandbox, OCR_DEFAULTS } from '../../../activities/parsing/sandbox';
import type { Extraction } from '../../../activities/parsing/types';
import {
  BOX_TOLERANCE,
  citationBoxChecks,
  loadScannedCorpus,
  SCANNED_DIR,
  scannedRowsKept,
  scannedWordsFound,
  type ReadPage,
} from '../../support/ocr-scores';

jest.setTimeout(600_000);

const corpus = loadScannedCorpus();

function read(file: string): Promise<Extraction> {
  return extractInSandbox(readFileSync(join(SCANNED_DIR, file)), { filename: file }, {}, OCR_DEFAULTS);
}

it('holds every format of the recipe, made with its seed', () => {
  expect(Object.keys(corpus.files).sort()).toEqual([
    'rubric-scan-p1.jpg',
    'rubric-scan-p1.png',
    'rubric-scan.pdf',
    'rubric-scan.tiff',
  ]);
  expect(corpus.recipe).toMatchObject({ dpi: 200, skew_degrees: 0.6, seed: 46, jpeg_quality: 75 });
  expect(corpus.recipe.noise_sigma).toBeGreaterThan(0);
});

describe.each(Object.keys(corpus.files))('%s', (file) => {
  const want = corpus.files[file]!;
  let result: Extraction;
  let pages: ReadPage[] = [];
  let text = '';
  beforeAll(async () => {
    result = await read(file);
    pages = result.sections.map((s, i) => ({ page: s.index, text: s.text, positions: result.positions?.[i] }));
    text = pages.map((p) => p.text).join('\n\n');
  });

  it('is read by OCR, a section for every page', () => {
    expect(result).toMatchObject({ extracted: true, page_count: want.pages.length, ocr_pages: want.pages.length });
    expect(result.sections.map((s) => s.index)).toEqual(want.pages.map((_, i) => i + 1));
    for (const page of pages) expect(page.positions?.length).toBeGreaterThan(0);
  });

  it('finds at least 95 % of the words', () => {
    expect(scannedWordsFound(want, text)).toBeGreaterThanOrEqual(0.95);
  });

  it('keeps at least 80 % of the table rows on one pipe-table line, their cells in order', () => {
    const rows = scannedRowsKept(want, text);
    expect(rows.rows).toBeGreaterThanOrEqual(10);
    expect(rows.kept / rows.rows).toBeGreaterThanOrEqual(0.8);
  });

  it('boxes a citation into a scanned page within 2 % of the page of the quoted words', () => {
    const checks = citationBoxChecks(want, pages);
    expect(checks.length).toBeGreaterThanOrEqual(20);
    const found = checks.filter((c) => c.found);
    // OCR may misread a word of a line, which a model could then not quote; nearly every line is found.
    expect(found.length / checks.length).toBeGreaterThanOrEqual(0.9);
    const far = found.filter((c) => c.off === null || c.off > BOX_TOLERANCE);
    expect(far.map((c) => `page ${c.page} "${c.quote}" off by ${c.off?.toFixed(3)}`)).toEqual([]);
  });
});

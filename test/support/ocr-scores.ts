/**
 * Scores of OCR against the committed scanned corpus (test/fixtures/scanned, made by scripts/make-scanned-corpus.ts
 * from the structured-text corpus): words found, table rows kept, and citation boxes against
 * where the text was drawn. Shared by test/unit/parsing/ocr-corpus.test.ts and the OCR section of the bench, so the
 * engine and Tesseract's command line are measured by one rule.
 *
 * - Words found: the share of the source's words (expected.json, from the source content) found in the text read,
 *   each occurrence counted once (test/support/fidelity.ts `wordRecall`, the rule of the structured-text corpus).
 * - Rows kept: the source's table rows that some pipe-table line of the text holds exactly, its cells in order
 *   (`missingRows`): a row's cells on one line, in order. Plain text (no pipe tables) keeps none.
 * - Citation boxes: each line of text drawn once on a page (the source PDF's text items, put through the scan's scale
 *   and turn by the corpus script) is quoted as a model would quote it, located in the page's text as a run's
 *   citation is (activities/citations.ts `locateQuote`), and given boxes from the page's positions as a run's
 *   citation is (`boxesOf`); the union of those boxes against the drawn box, the largest difference of an edge, in
 *   fractions of the page's width (left, right) or height (top, bottom).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { boxesOf, locateQuote } from '../../activities/citations';
import { cellsOf, flat, wordRecall } from './fidelity';

export const SCANNED_DIR = join(__dirname, '../fixtures/scanned');

/** Where a piece of text was drawn on a scanned page: fractions of the page, origin top left. */
export interface DrawnText {
  page: number;
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ScannedExpected {
  /** The structured-text corpus file the scan was made from, which of its pages it holds, in order, and each one's
   * clockwise quarter turn (90: fed sideways). */
  source: string;
  pages: number[];
  turns: number[];
  words: string[];
  rows: string[][];
  boxes: DrawnText[];
}

export interface ScannedCorpus {
  recipe: { dpi: number; skew_degrees: number; noise_sigma: number; seed: number; jpeg_quality: number };
  files: Record<string, ScannedExpected>;
}

export function loadScannedCorpus(): ScannedCorpus {
  return JSON.parse(readFileSync(join(SCANNED_DIR, 'expected.json'), 'utf8')) as ScannedCorpus;
}

/** One page as read: its text, and its positions (flat [start, end, x, y, w, h] per piece) when the reader has them. */
export interface ReadPage {
  page: number;
  text: string;
  positions?: number[];
}

/** The share of the expected words found in `text` (0–1). */
export function scannedWordsFound(want: ScannedExpected, text: string): number {
  return wordRecall(want.words, text);
}

/**
 * How many of the expected table rows `text` keeps on one pipe-table line, cells in order. A line keeps one row: a
 * row expected twice (a page held twice) needs two lines.
 */
export function scannedRowsKept(
  want: ScannedExpected,
  text: string,
): { kept: number; rows: number; missing: string[][] } {
  const lines = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (cellsOf(line)) {
      const key = cellsOf(line)!.map(flat).join('\u0000');
      lines.set(key, (lines.get(key) ?? 0) + 1);
    }
  }
  const missing: string[][] = [];
  for (const row of want.rows) {
    const key = row.map(flat).join('\u0000');
    const left = lines.get(key) ?? 0;
    if (left > 0) lines.set(key, left - 1);
    else missing.push(row);
  }
  return { kept: want.rows.length - missing.length, rows: want.rows.length, missing };
}

export interface BoxCheck {
  page: number;
  quote: string;
  /** The quote was found in the page's text (OCR may misread a word of it). */
  found: boolean;
  /** The largest difference of an edge between the citation's boxes and the drawn text; null when not found. */
  off: number | null;
}

/** The largest difference of an edge between two boxes, each edge in fractions of its own axis. */
export function boxOffset(
  a: { x: number; y: number; w: number; h: number },
  b: { x: number; y: number; w: number; h: number },
): number {
  return Math.max(
    Math.abs(a.x - b.x),
    Math.abs(a.y - b.y),
    Math.abs(a.x + a.w - (b.x + b.w)),
    Math.abs(a.y + a.h - (b.y + b.h)),
  );
}

/**
 * Drawn lines worth quoting: a few letters long, and drawn once on their page, inside no other line of it either (a
 * quote of "Reviewer" would be found in "Reviewer Guidance" first).
 */
export function quotableLines(drawn: DrawnText[]): DrawnText[] {
  return drawn.filter((d) => {
    if (d.text.length < 8 || !/\p{L}{3}/u.test(d.text)) return false;
    const quote = d.text.toLowerCase();
    return !drawn.some((o) => o !== d && o.page === d.page && o.text.toLowerCase().includes(quote));
  });
}

/** Every quotable drawn line quoted into the page read, its citation's boxes against where it was drawn. */
export function citationBoxChecks(want: ScannedExpected, pages: ReadPage[]): BoxCheck[] {
  const checks: BoxCheck[] = [];
  for (const drawn of quotableLines(want.boxes)) {
    const page = drawn.page; // the scanned file's own page
    const read = pages.find((p) => p.page === page);
    const at = read ? locateQuote(read.text, drawn.text) : null;
    if (!read || !at || !read.positions) {
      checks.push({ page, quote: drawn.text, found: at !== null, off: null });
      continue;
    }
    const boxes = boxesOf(read.positions, read.text, at.start, at.end, page);
    if (boxes.length === 0) {
      checks.push({ page, quote: drawn.text, found: true, off: 1 });
      continue;
    }
    const x0 = Math.min(...boxes.map((b) => b.x));
    const y0 = Math.min(...boxes.map((b) => b.y));
    const x1 = Math.max(...boxes.map((b) => b.x + b.w));
    const y1 = Math.max(...boxes.map((b) => b.y + b.h));
    checks.push({
      page,
      quote: drawn.text,
      found: true,
      off: boxOffset({ x: x0, y: y0, w: x1 - x0, h: y1 - y0 }, drawn),
    });
  }
  return checks;
}

export interface OcrScores {
  words: number;
  rowsKept: number;
  rows: number;
  /** Quotable lines found in the text, of those checked. */
  quotesFound: number;
  quotes: number;
  /** Found quotes whose citation boxes lie within 2 % of the page of the drawn text; null without positions. */
  boxesWithin: number | null;
  /** The largest box offset over the found quotes; null without positions. */
  worstBox: number | null;
}

export const BOX_TOLERANCE = 0.02;

/** All the scores of one scanned file from its pages as read (text alone for a reader without positions). */
export function scoreScannedFile(want: ScannedExpected, pages: ReadPage[]): OcrScores {
  const text = [...pages]
    .sort((a, b) => a.page - b.page)
    .map((p) => p.text)
    .join('\n\n');
  const rows = scannedRowsKept(want, text);
  const checks = citationBoxChecks(want, pages);
  const found = checks.filter((c) => c.found);
  const placed = found.filter((c) => c.off !== null);
  const withPositions = pages.some((p) => p.positions);
  return {
    words: scannedWordsFound(want, text),
    rowsKept: rows.kept,
    rows: rows.rows,
    quotesFound: found.length,
    quotes: checks.length,
    boxesWithin: withPositions ? placed.filter((c) => c.off! <= BOX_TOLERANCE).length : null,
    worstBox: withPositions && placed.length ? Math.max(...placed.map((c) => c.off!)) : null,
  };
}

/**
 * Scores of extracted text against the fidelity corpus's expectations (test/fixtures/corpus/expected.json, written
 * from scripts/make-corpus.py's source content): shared by test/unit/parsing/corpus.test.ts and the fidelity
 * section of `npm run bench` (bench/fidelity.ts), so this project and markitdown are measured by the same rule.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Expected {
  words: string[];
  headings: string[];
  rows: string[][];
  notes?: string[];
  list_items?: string[];
  columns?: string[];
}

export const CORPUS_DIR = join(__dirname, '../fixtures/corpus');

export function loadExpected(): Record<string, Expected> {
  return JSON.parse(readFileSync(join(CORPUS_DIR, 'expected.json'), 'utf8')) as Record<string, Expected>;
}

const words = (text: string): string[] => text.match(/[\p{L}\p{N}]+/gu) ?? [];
export const flat = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The share of the expected words found, each occurrence counted once (a multiset recall). */
export function wordRecall(want: string[], text: string): number {
  const have = new Map<string, number>();
  for (const word of words(text)) have.set(word.toLowerCase(), (have.get(word.toLowerCase()) ?? 0) + 1);
  let found = 0;
  for (const word of want) {
    const left = have.get(word.toLowerCase()) ?? 0;
    if (left > 0) {
      found += 1;
      have.set(word.toLowerCase(), left - 1);
    }
  }
  return want.length === 0 ? 1 : found / want.length;
}

/** A pipe-table line's cells, unescaped; null for any other line. */
export function cellsOf(line: string): string[] | null {
  if (!/^\|.*\|$/.test(line.trim())) return null;
  const cells: string[] = [];
  let cell = '';
  const body = line.trim().slice(1);
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\' && (body[i + 1] === '|' || body[i + 1] === '\\')) cell += body[++i];
    else if (body[i] === '|') {
      cells.push(flat(cell));
      cell = '';
    } else cell += body[i];
  }
  return cells;
}

/** The expected rows that no pipe-table line of `text` holds exactly (its cells, in order). */
export function missingRows(want: string[][], text: string): string[][] {
  const lines = text.split('\n').map(cellsOf);
  const key = (cells: string[]) => cells.map(flat).join('\u0000');
  const have = new Set(lines.filter((c): c is string[] => c !== null).map(key));
  return want.filter((row) => !have.has(key(row)));
}

/** The headings of `text`: its `#` lines' text. */
export function headingsOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => /^#{1,6} (.+?)\s*#*$/.exec(line.trim())?.[1])
    .filter((h): h is string => h !== undefined)
    .map(flat);
}

export interface Score {
  words: number;
  rowsKept: number;
  rows: number;
  headingsMarked: number;
  headings: number;
  notesKept: number;
  notes: number;
}

export function score(want: Expected, text: string): Score {
  const headings = headingsOf(text);
  const folded = flat(text);
  return {
    words: wordRecall(want.words, text),
    rowsKept: want.rows.length - missingRows(want.rows, text).length,
    rows: want.rows.length,
    headingsMarked: want.headings.filter((h) => headings.includes(flat(h))).length,
    headings: want.headings.length,
    notesKept: (want.notes ?? []).filter((n) => folded.includes(flat(n))).length,
    notes: want.notes?.length ?? 0,
  };
}

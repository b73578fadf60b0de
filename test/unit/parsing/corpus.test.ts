/**
 * The fidelity corpus (test/fixtures/corpus, made by LibreOffice and python-pptx with scripts/make-corpus.py) read
 * through the parsers as the worker reads uploads, and scored against what its author wrote (expected.json, from
 * the script's source content): words found, every table row kept on one line with its cells in order, headings
 * marked, speaker notes present, and the two-column page read column by column (decision 33).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extract } from '../../../activities/parsing';

interface Expected {
  words: string[];
  headings: string[];
  rows: string[][];
  notes?: string[];
  list_items?: string[];
  columns?: string[];
}

const CORPUS = join(__dirname, '../../fixtures/corpus');
const expected = JSON.parse(readFileSync(join(CORPUS, 'expected.json'), 'utf8')) as Record<string, Expected>;

const words = (text: string): string[] => text.match(/[\p{L}\p{N}]+/gu) ?? [];
const flat = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The share of the expected words found, each occurrence counted once (a multiset recall). */
function wordRecall(want: string[], text: string): number {
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
  return found / want.length;
}

/** A pipe-table line's cells, unescaped. */
function cellsOf(line: string): string[] | null {
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

async function textOf(file: string): Promise<string> {
  const result = await extract(readFileSync(join(CORPUS, file)), { filename: file });
  expect(result).toMatchObject({ extracted: true });
  return result.sections.map((s) => s.text).join('\n\n');
}

describe.each(Object.keys(expected))('%s', (file) => {
  const want = expected[file]!;
  let text = '';
  beforeAll(async () => {
    text = await textOf(file);
  });

  it('finds at least 98 % of the words', () => {
    expect(wordRecall(want.words, text)).toBeGreaterThanOrEqual(0.98);
  });

  it('keeps every table row as one pipe-table line, its cells in order', () => {
    const rows = text.split('\n').map(cellsOf);
    const missing = want.rows.filter(
      (row) => !rows.some((cells) => cells && cells.join('\u0000') === row.map(flat).join('\u0000')),
    );
    expect(missing).toEqual([]);
    // Every table starts with its header row and the separator under it.
    const separators = text.split('\n').filter((line) => /^\|(\s*:?-{3,}:?\s*\|)+$/.test(line));
    expect(separators.length).toBeGreaterThan(0);
  });

  it('marks every heading with #', () => {
    const headings = text
      .split('\n')
      .map((line) => /^#{1,6} (.+)$/.exec(line)?.[1])
      .filter((h): h is string => h !== undefined)
      .map(flat);
    for (const heading of want.headings) expect(headings).toContain(heading);
  });

  if (want.notes) {
    it('keeps the speaker notes under a Notes heading on their slide', async () => {
      const result = await extract(readFileSync(join(CORPUS, file)), { filename: file });
      want.notes!.forEach((note, i) => {
        const slide = result.sections[i]!.text;
        expect(slide).toMatch(/^## Notes$/m);
        expect(flat(slide.slice(slide.indexOf('## Notes')))).toContain(note);
      });
    });
  }

  if (want.list_items?.length) {
    it('writes list items as nested Markdown list items', () => {
      const items = text
        .split('\n')
        .map((line) => /^( *)- (.+)$/.exec(line))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => flat(m[2]!));
      for (const item of want.list_items!) expect(items).toContain(item);
      expect(text).toMatch(/^ {2}- /m); // a second level
    });
  }

  if (want.columns?.length) {
    it('reads the two-column page column by column', () => {
      const folded = flat(text);
      const at = want.columns!.map((sentence) => folded.indexOf(sentence));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
    });
  }
});

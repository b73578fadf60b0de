/**
 * The fidelity corpus (test/fixtures/corpus, made by LibreOffice and python-pptx with scripts/make-corpus.py) read
 * through the parsers as the worker reads uploads, and scored against what its author wrote (expected.json, from
 * the script's source content): words found, every table row kept on one line with its cells in order, headings
 * marked, speaker notes present, and the two-column page read column by column.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extract } from '../../../activities/parsing';
import { CORPUS_DIR as CORPUS, flat, headingsOf, loadExpected, missingRows, wordRecall } from '../../support/fidelity';

const expected = loadExpected();

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
    expect(missingRows(want.rows, text)).toEqual([]);
    // Every table starts with its header row and the separator under it.
    const separators = text.split('\n').filter((line) => /^\|(\s*:?-{3,}:?\s*\|)+$/.test(line));
    expect(separators.length).toBeGreaterThan(0);
  });

  it('marks every heading with #', () => {
    const headings = headingsOf(text);
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

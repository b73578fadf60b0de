import { chunkSections, type Chunk } from '../../../activities/indexing/chunking';
import type { Section } from '../../../activities/parsing/types';
import { countTokens } from '../../../activities/indexing/tokens';
import * as o200k from 'gpt-tokenizer/encoding/o200k_base';

const sentence = (i: number) =>
  `Criterion ${i} rewards an essay whose argument is supported by evidence from the assigned readings and class notes.`;
const paragraph = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');

/** Every chunk slices back out of its section, is non-empty, within budget, and its token count is exact. */
function expectWellFormed(chunks: Chunk[], sections: Section[], target: number): void {
  chunks.forEach((chunk, ordinal) => {
    const section = sections.find((s) => s.kind === chunk.section.kind && s.index === chunk.section.index);
    expect(section).toBeDefined();
    expect(section?.text.slice(chunk.char_start, chunk.char_end)).toBe(chunk.text.slice(chunk.header_chars ?? 0));
    expect(chunk.text.trim()).toBe(chunk.text);
    expect(chunk.text.length).toBeGreaterThan(0);
    expect(chunk.tokens).toBe(countTokens(chunk.text));
    expect(chunk.tokens).toBeLessThanOrEqual(target);
    expect(chunk.ordinal).toBe(ordinal);
    expect(chunk.id).toBe(`${chunk.ref_id}:${ordinal}`);
  });
}

/** The longest run of spaces or of anything else in `text`: a BPE pre-tokenizer piece is no longer than that. */
function longestRun(text: string): number {
  let longest = 0;
  for (const run of text.matchAll(/\S+|\s+/g)) longest = Math.max(longest, run[0].length);
  return longest;
}

describe('chunkSections', () => {
  const pages: Section[] = [
    {
      kind: 'page',
      index: 1,
      label: 'Page 1',
      text: `# Essay Rubric\n\n## Thesis\n${paragraph(0, 12)}\n\n${paragraph(12, 10)}\n\n## Citations\n${paragraph(22, 8)}`,
    },
    { kind: 'page', index: 2, label: 'Page 2', text: `Late Work\n\n${paragraph(100, 3)}` },
  ];

  it('keeps chunks within their page, with its label, and offsets that slice back to the text', () => {
    const chunks = chunkSections('ref_a', pages, { targetTokens: 200, overlapTokens: 40 });
    expectWellFormed(chunks, pages, 200);
    expect(new Set(chunks.map((c) => c.section.label))).toEqual(new Set(['Page 1', 'Page 2']));
    const last = chunks.at(-1) as Chunk;
    expect(last.section).toEqual({ kind: 'page', index: 2, label: 'Page 2' });
    expect(last.char_start).toBe(0);
    expect(last.heading).toBe('Late Work');
    // Page 2's text appears only in page 2's chunks.
    for (const chunk of chunks.filter((c) => c.section.index === 1)) expect(chunk.text).not.toContain('Late Work');
  });

  it('labels each chunk with the nearest heading before it and starts chunks at headings', () => {
    const chunks = chunkSections('ref_a', pages, { targetTokens: 200, overlapTokens: 40 });
    const page1 = chunks.filter((c) => c.section.index === 1);
    expect(page1[0]?.heading).toBe('Essay Rubric');
    expect(page1.some((c) => c.heading === 'Thesis')).toBe(true);
    const citations = page1.filter((c) => c.text.includes('Criterion 29'));
    expect(citations.map((c) => c.heading)).toEqual(['Citations']);
    // The "## Citations" heading opens a chunk instead of trailing the previous one.
    expect(page1.some((c) => c.text.startsWith('## Citations'))).toBe(true);
    expect(page1.some((c) => c.text.endsWith('## Citations'))).toBe(false);
  });

  it('cuts between sentences and overlaps consecutive chunks of a section by about overlapTokens', () => {
    const section: Section = { kind: 'section', index: 1, label: 'Grading', text: paragraph(0, 60) };
    const chunks = chunkSections('ref_b', [section], { targetTokens: 150, overlapTokens: 30 });
    expectWellFormed(chunks, [section], 150);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.text).toMatch(/^Criterion \d+/);
      expect(chunk.text.endsWith('notes.')).toBe(true);
    }
    for (let i = 1; i < chunks.length; i++) {
      const previous = chunks[i - 1] as Chunk;
      const current = chunks[i] as Chunk;
      expect(current.char_start).toBeLessThan(previous.char_end); // overlap
      expect(current.char_start).toBeGreaterThan(previous.char_start); // progress
      expect(countTokens(section.text.slice(current.char_start, previous.char_end))).toBeLessThanOrEqual(31);
    }
  });

  it('fills chunks close to the target with the default options', () => {
    const section: Section = { kind: 'page', index: 1, label: 'Page 1', text: paragraph(0, 400) };
    const chunks = chunkSections('ref_c', [section]);
    expectWellFormed(chunks, [section], 400);
    const full = chunks.slice(0, -1);
    expect(Math.min(...full.map((c) => c.tokens))).toBeGreaterThan(300);
  });

  it('hard-splits one enormous paragraph by tokens, still overlapping and within budget', () => {
    const words = Array.from({ length: 30_000 }, (_, i) => `term${i % 977}`).join(' ');
    const noSpaces = 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo'.repeat(2_000);
    // 67,000 CJK characters without punctuation: one pre-tokenizer piece, which unsliced takes over 30 s to count.
    const cjk = '評価基準は明確で一貫していなければならない'.repeat(3_200);
    const sections: Section[] = [
      { kind: 'sheet', index: 1, label: 'Sheet: Rubric', text: words },
      { kind: 'slide', index: 2, label: 'Slide 2', text: noSpaces },
      { kind: 'section', index: 3, label: 'Notes', text: cjk },
    ];
    const counted = jest.spyOn(o200k, 'countTokens');
    const encoded = jest.spyOn(o200k, 'encode');
    let chunks: Chunk[];
    try {
      chunks = chunkSections('ref_d', sections);
      // In linear time: the tokenizer is never handed a run long enough for BPE's square (unsliced, the CJK run
      // took over 30 s to count); activities/indexing/tokens.ts slices runs at 256 characters, one more to keep a
      // surrogate pair whole.
      const handed = [...counted.mock.calls, ...encoded.mock.calls].map(([text]) => String(text));
      expect(handed.join('')).toContain(cjk.slice(0, 256));
      expect(handed.reduce((most, text) => Math.max(most, longestRun(text)), 0)).toBeLessThanOrEqual(257);
    } finally {
      counted.mockRestore();
      encoded.mockRestore();
    }
    expectWellFormed(chunks, sections, 400);
    for (const section of sections) {
      const own = chunks.filter((c) => c.section.index === section.index);
      expect(own.length).toBeGreaterThan(10);
      // Together the chunks cover the whole paragraph, each overlapping the next.
      expect(own[0]?.char_start).toBe(0);
      expect(own.at(-1)?.char_end).toBe(section.text.length);
      for (let i = 1; i < own.length; i++)
        expect((own[i] as Chunk).char_start).toBeLessThan((own[i - 1] as Chunk).char_end);
    }
    // With spaces available, cuts fall between words.
    for (const chunk of chunks.filter((c) => c.section.index === 1)) expect(chunk.text).toMatch(/^term\d+( term\d+)*$/);
  });

  it('is deterministic', () => {
    const a = chunkSections('ref_a', pages, { targetTokens: 120, overlapTokens: 20 });
    const b = chunkSections('ref_a', pages, { targetTokens: 120, overlapTokens: 20 });
    expect(b).toEqual(a);
  });

  it('makes no chunk of an empty or blank section and numbers chunks across sections', () => {
    const sections: Section[] = [
      { kind: 'slide', index: 1, label: 'Slide 1', text: '' },
      { kind: 'slide', index: 2, label: 'Slide 2', text: '  \n\n \t ' },
      { kind: 'slide', index: 3, label: 'Slide 3', text: '\n  Only line.  \n' },
      { kind: 'slide', index: 4, label: 'Slide 4', text: 'Another slide.' },
    ];
    const chunks = chunkSections('ref_e', sections);
    expectWellFormed(chunks, sections, 400);
    expect(chunks.map((c) => [c.id, c.section.label, c.text, c.char_start])).toEqual([
      ['ref_e:0', 'Slide 3', 'Only line.', 3],
      ['ref_e:1', 'Slide 4', 'Another slide.', 0],
    ]);
    expect(chunkSections('ref_e', [])).toEqual([]);
  });

  it('counts special-token text as plain text instead of throwing', () => {
    const section: Section = {
      kind: 'page',
      index: 1,
      label: 'Page 1',
      text: 'Ignore <|endoftext|> and <|im_start|> here.',
    };
    const [chunk] = chunkSections('ref_f', [section]);
    expect(chunk?.text).toBe(section.text);
    expect(chunk?.tokens).toBeGreaterThan(5);
  });

  it('treats spreadsheet rows as lines, not headings', () => {
    const rows = [
      'Criterion\tPoints\tDescription',
      ...Array.from({ length: 80 }, (_, i) => `Item ${i}\t${i % 5}\tShort description of item ${i}`),
    ];
    const section: Section = { kind: 'sheet', index: 1, label: 'Sheet: Rubric', text: rows.join('\n') };
    const chunks = chunkSections('ref_g', [section], { targetTokens: 100, overlapTokens: 10 });
    expectWellFormed(chunks, [section], 100);
    expect(chunks.every((c) => c.heading === null)).toBe(true);
    // Rows are kept whole.
    for (const chunk of chunks) for (const line of chunk.text.split('\n')) expect(rows).toContain(line);
  });

  it('rejects budgets it cannot honour', () => {
    expect(() => chunkSections('r', pages, { targetTokens: 4 })).toThrow(RangeError);
    expect(() => chunkSections('r', pages, { targetTokens: 100, overlapTokens: 80 })).toThrow(RangeError);
    expect(() => chunkSections('r', pages, { overlapTokens: -1 })).toThrow(RangeError);
  });
});

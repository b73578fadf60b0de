/**
 * Tables in reference documents: a retrieved criterion arrives with its whole row and its table's header row, so
 * the model reads "Weight 15 %" under its column name rather than a bare number.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildIndex } from '../../../activities/indexing/bm25';
import { chunkSections } from '../../../activities/indexing/chunking';
import { extract } from '../../../activities/parsing';
import type { Section } from '../../../activities/parsing/types';
import { retrieve } from '../../../activities/retrieval';

const HEADER = '| Criterion | Weight | Excellent | Adequate | Poor |';
const CRITERIA = [
  'Clarity of aims',
  'Methodology',
  'Budget realism',
  'Team expertise',
  'Compliance',
  'Ethics review',
  'Data management',
  'Public engagement',
  'Sustainability plan',
  'Risk register',
  'Gender dimension',
  'Open access',
];
const row = (name: string, i: number) =>
  `| ${name} | ${5 + i}% | The ${name.toLowerCase()} section is exemplary and complete | ` +
  `It is present but partial | It is absent or contradicts the plan |`;

const rubric: Section = {
  kind: 'section',
  index: 1,
  label: 'Scoring Criteria',
  text: [
    '## Scoring Criteria',
    '',
    'Score each criterion against the descriptors below.',
    '',
    HEADER,
    '| --- | --- | --- | --- | --- |',
    ...CRITERIA.map(row),
  ].join('\n'),
};

describe('a table in a reference document', () => {
  const chunks = chunkSections('ref_rubric', [rubric], { targetTokens: 120, overlapTokens: 20 });
  const source = { refId: 'ref_rubric', chunks, index: buildIndex(chunks) };

  it('is cut into several chunks, each slicing back out of the section after its header', () => {
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(rubric.text.slice(chunk.char_start, chunk.char_end)).toBe(chunk.text.slice(chunk.header_chars ?? 0));
      expect(chunk.tokens).toBeLessThanOrEqual(120);
      // No row is ever cut: every line of a chunk is a whole line of the section.
      for (const line of chunk.text.split('\n')) expect(rubric.text.split('\n')).toContain(line);
    }
  });

  it.each(CRITERIA.map((name, i) => [name, i] as const))(
    'retrieving %s returns a chunk holding its whole row and the header row',
    (name, i) => {
      const [top] = retrieve(name, [source], 1);
      expect(top).toBeDefined();
      const lines = top!.text.split('\n');
      expect(lines).toContain(row(name, i));
      expect(lines).toContain(HEADER);
      expect(lines.indexOf(HEADER)).toBeLessThan(lines.indexOf(row(name, i)));
    },
  );
});

it('keeps the header with the rows of a LibreOffice table read from DOCX', async () => {
  const bytes = readFileSync(join(__dirname, '../../fixtures/corpus/rubric.docx'));
  const { sections } = await extract(bytes, { filename: 'rubric.docx' });
  const chunks = chunkSections('ref_docx', sections, { targetTokens: 64, overlapTokens: 8 });
  const [top] = retrieve('APP-131', [{ refId: 'ref_docx', chunks, index: buildIndex(chunks) }], 1);
  const lines = top!.text.split('\n');
  expect(lines).toContain('| APP-131 | Dara Singh | 77 | Funded |');
  expect(lines[0]).toBe('| Application | Reviewer | Score | Decision |');
  expect(lines[1]).toBe('| --- | --- | --- | --- |');
});

import { buildIndex } from '../../activities/indexing/bm25';
import { chunkSections } from '../../activities/indexing/chunking';
import type { Section } from '../../activities/parsing/types';
import { queriesFrom, rank, retrieve, type ReferenceSource } from '../../activities/retrieval';

function source(refId: string, sections: Section[]): ReferenceSource {
  const chunks = chunkSections(refId, sections, { targetTokens: 120, overlapTokens: 20 });
  return { refId, chunks, index: buildIndex(chunks) };
}

const rubric = source('ref_rubric', [
  {
    kind: 'page',
    index: 1,
    label: 'Page 1',
    text: `# Research Essay Rubric

## Thesis and Argument (30 points)
The essay states a clear, arguable thesis in the introduction. Each body paragraph advances the argument with a
topic sentence and analysis. Full marks require a thesis that anticipates counterarguments.

## Organisation (20 points)
Paragraphs follow a logical order with transitions. The conclusion synthesises rather than repeats.`,
  },
  {
    kind: 'page',
    index: 2,
    label: 'Page 2',
    text: `## Citing Sources (25 points)
Citing sources correctly earns up to 25 points. The essay cites at least five credible sources in APA style, with
an in-text citation for every quotation and paraphrase. Deduct 5 points for each missing reference-list entry.

## Mechanics (25 points)
Grammar, spelling and punctuation are correct. Sentences vary in length and structure.`,
  },
]);

const checklist = source('ref_contract', [
  {
    kind: 'sheet',
    index: 1,
    label: 'Sheet: Checklist',
    text: `Item\tRequirement\tOwner
Parties\tFull legal names and registered addresses of both parties\tLegal
Term\tStart date, end date and renewal conditions are stated\tLegal
Payment\tInvoice schedule, currency and late-payment interest of 2 points above base rate\tFinance
Source code\tEscrow of source code with an independent agent\tEngineering
Termination\tNotice period and termination for cause are defined\tLegal`,
  },
]);

const policy = source('ref_hr', [
  {
    kind: 'section',
    index: 1,
    label: 'Leave Policy',
    text: `Annual Leave
Employees accrue two days of paid leave per month. Requests go to the line manager at least two weeks ahead.

Sick Leave
Employees notify their manager before the start of the working day. A medical certificate is required after
three consecutive days of absence.`,
  },
  {
    kind: 'section',
    index: 2,
    label: 'Conduct',
    text: `Attendance
Unauthorised absences accumulate attendance points; six points within a year lead to a formal review.`,
  },
]);

const sources = [rubric, checklist, policy];

describe('retrieve', () => {
  it('returns the chunk that answers the query, with its document and page', () => {
    const [top, ...rest] = retrieve('how many points for citing sources', sources);
    expect(top?.ref_id).toBe('ref_rubric');
    expect(top?.section).toEqual({ kind: 'page', index: 2, label: 'Page 2' });
    expect(top?.heading).toBe('Citing Sources (25 points)');
    expect(top?.text).toContain('up to 25 points');
    expect(top?.score).toBeGreaterThan(0);
    // Scores are on one scale across documents: best first.
    const scores = [top, ...rest].map((c) => c?.score ?? 0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('finds passages in each kind of reference document', () => {
    expect(retrieve('escrow of source code', sources)[0]).toMatchObject({
      ref_id: 'ref_contract',
      section: { label: 'Sheet: Checklist' },
    });
    const sick = retrieve('medical certificate after sick days', sources)[0];
    expect(sick).toMatchObject({ ref_id: 'ref_hr', section: { kind: 'section', label: 'Leave Policy' } });
    expect(sick?.text).toContain('medical certificate');
    expect(retrieve('unauthorised absence', sources)[0]?.section.label).toBe('Conduct');
  });

  it('returns the same result whatever the order of the sources', () => {
    const forward = retrieve('points', sources, 20).map((c) => c.id);
    expect(retrieve('points', [...sources].reverse(), 20).map((c) => c.id)).toEqual(forward);
  });

  it('breaks ties by ref_id, then ordinal', () => {
    const text = 'Plagiarism results in a grade of zero for the assignment.';
    const twin = (refId: string) =>
      source(refId, [
        { kind: 'page', index: 1, label: 'Page 1', text },
        { kind: 'page', index: 2, label: 'Page 2', text },
      ]);
    const hits = retrieve('plagiarism', [twin('ref_b'), twin('ref_a')], 10);
    expect(hits.map((c) => c.id)).toEqual(['ref_a:0', 'ref_a:1', 'ref_b:0', 'ref_b:1']);
    expect(new Set(hits.map((c) => c.score)).size).toBe(1);
  });

  it('respects k', () => {
    expect(retrieve('points', sources, 2)).toHaveLength(2);
    expect(retrieve('points', sources, 1)).toEqual(retrieve('points', sources, 2).slice(0, 1));
    expect(retrieve('points', sources, 0)).toEqual([]);
    expect(retrieve('points', sources).length).toBeLessThanOrEqual(8);
  });

  it('ranks by reference and ordinal what it picks: a run reads only those chunks', () => {
    const picked = retrieve('points for citing sources', sources, 5);
    const ranked = rank('points for citing sources', sources, 5);
    expect(ranked.map((hit) => `${hit.refId}:${hit.ordinal}`)).toEqual(picked.map((c) => c.id));
    expect(ranked.map((hit) => hit.score)).toEqual(picked.map((c) => c.score));
  });

  it('skips a ranked chunk whose record is missing, and still returns k', () => {
    const query = 'essay sources points policy';
    const five = retrieve(query, sources, 5).map((c) => c.id);
    expect(five).toHaveLength(5);
    const without = sources.map((s) => ({ ...s, chunks: s.chunks.filter((c) => c.id !== five[0]) }));
    expect(retrieve(query, without, 4).map((c) => c.id)).toEqual(five.slice(1));
  });

  it('returns nothing for an empty query, a query of stop words, or no sources', () => {
    expect(retrieve('', sources)).toEqual([]);
    expect(retrieve('   ', sources)).toEqual([]);
    expect(retrieve('how is the of', sources)).toEqual([]);
    expect(retrieve('points', [])).toEqual([]);
  });

  it('uses a rebuilt index under the same refId, not a stale cached one', () => {
    expect(retrieve('plagiarism', [rubric])).toEqual([]);
    const rebuilt = source('ref_rubric', [
      { kind: 'page', index: 1, label: 'Page 1', text: 'Plagiarism means a zero.' },
    ]);
    expect(retrieve('plagiarism', [rebuilt]).map((c) => c.text)).toEqual(['Plagiarism means a zero.']);
    expect(retrieve('plagiarism', [rubric])).toEqual([]);
  });

  it('skips index entries whose chunk records are missing, and duplicate sources', () => {
    const partial = { ...rubric, chunks: rubric.chunks.filter((c) => !c.text.includes('Citing sources')) };
    expect(retrieve('citing sources', [partial]).every((c) => !c.text.includes('Citing sources'))).toBe(true);
    expect(retrieve('citing sources', [rubric, rubric], 20)).toEqual(retrieve('citing sources', [rubric], 20));
  });
});

describe('queriesFrom', () => {
  const essay =
    `Climate migration is reshaping coastal cities. Rising seas push families inland, and coastal cities must
plan housing for climate migrants. Insurance markets retreat from flood zones.
`.repeat(3) +
    `Meanwhile agricultural drought in the interior drives farmers toward cities, and drought relief budgets fall short.
Water rights disputes between farmers and cities grow as drought deepens.
`.repeat(3);

  it('starts with the prompt, then the input’s salient keywords', () => {
    const queries = queriesFrom('Grade this essay against the rubric: thesis, citations and organisation.', essay);
    expect(queries[0]).toBe('Grade this essay against the rubric: thesis, citations and organisation.');
    expect(queries[1]?.split(' ')).toEqual(expect.arrayContaining(['cities', 'drought', 'coastal', 'climate']));
    expect(queries.length).toBeGreaterThanOrEqual(3);
    expect(queries.length).toBeLessThanOrEqual(5);
    // Later queries cover the parts of the input: the coastal part, then the drought part.
    expect(queries.some((q) => q.includes('insurance') || q.includes('seas'))).toBe(true);
    expect(queries.some((q) => q.includes('water') || q.includes('farmers'))).toBe(true);
  });

  it('is deterministic, distinct, and bounded by max', () => {
    const a = queriesFrom('Evaluate the argument.', essay, 4);
    expect(queriesFrom('Evaluate the argument.', essay, 4)).toEqual(a);
    expect(a.length).toBeLessThanOrEqual(4);
    expect(new Set(a).size).toBe(a.length);
    expect(queriesFrom('Evaluate the argument.', essay, 1)).toEqual(['Evaluate the argument.']);
    expect(queriesFrom('Evaluate the argument.', essay, 0)).toEqual([]);
  });

  it('works with an empty prompt or an empty input', () => {
    expect(queriesFrom('', '')).toEqual([]);
    expect(queriesFrom('  Assess   compliance\n with the policy. ', '')).toEqual([
      'Assess compliance with the policy.',
    ]);
    const fromInput = queriesFrom('', 'Overtime must be approved in advance. Overtime is paid at 1.5 times the rate.');
    expect(fromInput).toHaveLength(1);
    expect(fromInput[0]?.split(' ')[0]).toBe('overtime');
  });
});

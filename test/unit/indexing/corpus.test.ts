import MiniSearch, { type Options } from 'minisearch';
import { buildIndex, INDEX_OPTIONS, loadIndex, toIndexed } from '../../../activities/indexing/bm25';
import { chunkSections, type Chunk } from '../../../activities/indexing/chunking';
import type { Section } from '../../../activities/parsing/types';
import { openIndex, scoreCorpus } from '../../../activities/indexing/corpus';

const words = [
  'essay',
  'source',
  'citation',
  'policy',
  'leave',
  'contract',
  'clause',
  'grade',
  'points',
  'review',
  'notice',
];
/** Documents of very different sizes and vocabularies, so per-document statistics differ a lot from global ones. */
function document(refId: string, pages: number, seed: number): Chunk[] {
  const sections: Section[] = Array.from({ length: pages }, (_, p) => {
    const paragraphs = Array.from({ length: 3 }, (_, q) => {
      const picked = Array.from({ length: 12 }, (_, w) => words[(seed * 7 + p * 5 + q * 3 + w * w) % words.length]);
      return `${q === 0 ? `Part ${p}\n` : ''}The ${picked.join(' and ')} apply.`;
    });
    return { kind: 'page', index: p + 1, label: `Page ${p + 1}`, text: paragraphs.join('\n\n') };
  });
  return chunkSections(refId, sections, { targetTokens: 60, overlapTokens: 10 });
}

const docs = [
  { refId: 'ref_small', chunks: document('ref_small', 1, 1) },
  { refId: 'ref_large', chunks: document('ref_large', 12, 2) },
  { refId: 'ref_mid', chunks: document('ref_mid', 4, 3) },
];
const opened = docs.map((d) => openIndex(d.refId, buildIndex(d.chunks)));

/** One MiniSearch over the union of all chunks: the scores a globally built index gives. */
function unionScores(query: string): Map<string, number> {
  const union = new MiniSearch({ ...INDEX_OPTIONS, idField: 'id' } as Options<{
    id: string;
    text: string;
    heading: string;
  }>);
  union.addAll(docs.flatMap((d) => d.chunks.map((c) => ({ ...toIndexed(c), id: c.id }))));
  return new Map(union.search(query).map((hit) => [hit.id as string, hit.score]));
}

describe('scoreCorpus', () => {
  it.each(['citation sources', 'points points review', 'part 3 contract clause', 'notice', 'essay grade leave policy'])(
    'gives exactly the scores of one index over all chunks: %s',
    (query) => {
      const expected = unionScores(query);
      const hits = scoreCorpus(query, opened);
      expect(hits.length).toBe(expected.size);
      expect(hits.length).toBeGreaterThan(0);
      for (const hit of hits) expect(hit.score).toBeCloseTo(expected.get(`${hit.refId}:${hit.ordinal}`) as number, 9);
    },
  );

  it("differs from what each document's own index says (the reason for global statistics)", () => {
    const own = loadIndex(buildIndex(docs[0]?.chunks ?? [])).search('notice')[0];
    const global = scoreCorpus('notice', opened).find((h) => h.refId === 'ref_small' && h.ordinal === own?.ordinal);
    expect(own).toBeDefined();
    expect(Math.abs((global?.score ?? 0) - (own?.score ?? 0))).toBeGreaterThan(0.01);
  });

  it('does not depend on the order of the indexes', () => {
    const scores = (indexes: typeof opened) =>
      new Map(
        scoreCorpus('citation review', indexes).map(
          (h) => [`${h.refId}:${h.ordinal}`, h.score.toPrecision(12)] as const,
        ),
      );
    expect(scores([...opened].reverse())).toEqual(scores(opened));
  });

  it('returns nothing for a query without content words or without indexes', () => {
    expect(scoreCorpus('', opened)).toEqual([]);
    expect(scoreCorpus('the and of', opened)).toEqual([]);
    expect(scoreCorpus('unmatched', opened)).toEqual([]);
    expect(scoreCorpus('citation', [])).toEqual([]);
  });
});

describe('openIndex', () => {
  const scores = (indexes: typeof opened, query: string) =>
    new Map(scoreCorpus(query, indexes).map((h) => [`${h.refId}:${h.ordinal}`, h.score] as const));
  const queries = ['citation sources', 'part 3 contract clause', 'notice'];

  it('opens the stored bytes as it opens the string, score for score', () => {
    const fromBytes = docs.map((d) => openIndex(d.refId, Buffer.from(buildIndex(d.chunks), 'utf8')));
    for (const query of queries) expect(scores(fromBytes, query)).toEqual(scores(opened, query));
  });

  it('reads past terms that JSON escapes, and across MiniSearch’s own serialization', () => {
    const mini = new MiniSearch({ ...INDEX_OPTIONS } as Options<ReturnType<typeof toIndexed>>);
    mini.addAll(docs[1]!.chunks.map(toIndexed));
    const plain = JSON.parse(JSON.stringify(mini)) as { index: Array<[string, unknown]> };
    // Terms the analyzer never makes, first and in the middle: a quote, a backslash, a newline, a brace.
    plain.index.unshift(['say "when"', { 0: { 0: 2 } }], ['back\\slash}{', { 1: { 3: 1 } }]);
    plain.index.splice(5, 0, ['line\nbreak', { 0: { 1: 1 } }]);
    const stored = `{"analyzer":${JSON.parse(buildIndex([])).analyzer},"index":${JSON.stringify(plain)}}`;
    const reopened = openIndex('ref_large', stored);
    expect([...reopened.terms.keys()].slice(0, 2)).toEqual(['say "when"', 'back\\slash}{']);
    expect(reopened.terms.has('line\nbreak')).toBe(true);
    const large = [opened[1]!];
    for (const query of queries) expect(scores([reopened], query)).toEqual(scores(large, query));
  });

  it('refuses a stored index cut short, rather than scoring part of it', () => {
    const stored = buildIndex(docs[1]!.chunks);
    expect(() => openIndex('ref_large', stored.slice(0, Math.floor(stored.length / 2)))).toThrow(/malformed|JSON/);
    expect(() => openIndex('ref_large', '{"analyzer":1}')).toThrow(/no term entries/);
  });
});

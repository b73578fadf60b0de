import MiniSearch from 'minisearch';
import { ANALYZER_VERSION } from '../../../activities/indexing/analyzer';
import {
  buildIndex,
  INDEX_OPTIONS,
  IndexVersionError,
  loadIndex,
  parseIndex,
  toIndexed,
  type IndexedChunk,
} from '../../../activities/indexing/bm25';
import { chunkSections } from '../../../activities/indexing/chunking';
import type { Section } from '../../../activities/parsing/types';

const sections: Section[] = [
  { kind: 'page', index: 1, label: 'Page 1', text: 'Citation\n\nEvery claim cites a credible source in APA style.' },
  {
    kind: 'page',
    index: 2,
    label: 'Page 2',
    text: 'Organisation\n\nParagraphs follow a logical order with transitions.',
  },
  { kind: 'sheet', index: 1, label: 'Sheet: Penalties', text: 'Late submissions lose ten percent per day.' },
];
const chunks = chunkSections('ref_x', sections);

describe('bm25 index', () => {
  it('serializes term statistics and ordinals only, not chunk text', () => {
    const serialized = buildIndex(chunks);
    expect(serialized).not.toContain('credible source');
    expect(serialized).not.toContain('ref_x');
    const plain = parseIndex(serialized);
    expect(plain.documentCount).toBe(chunks.length);
    expect(Object.values(plain.documentIds)).toEqual(chunks.map((c) => c.ordinal));
    expect(plain.storedFields).toEqual({});
  });

  it('finds chunks across singular and plural, but not by prefix or typo', () => {
    const index = loadIndex(buildIndex(chunks));
    expect(index.documentCount).toBe(3);
    expect(index.search('sources cited')[0]?.ordinal).toBe(0);
    expect(index.search('paragraph')[0]?.ordinal).toBe(1);
    expect(index.search('cit')).toEqual([]);
    expect(index.search('sourse')).toEqual([]);
    expect(index.search('the of and')).toEqual([]);
  });

  it('searches headings and sheet names too', () => {
    const index = loadIndex(buildIndex(chunks));
    expect(index.search('organisation').map((h) => h.ordinal)).toEqual([1]);
    expect(index.search('penalty').map((h) => h.ordinal)).toEqual([2]);
  });

  it("stores exactly what MiniSearch's own indexing stores, so every score is the same", () => {
    // English, CJK (bigram terms), mixed tokens, section and sheet headings, an empty heading, repeated terms.
    const cjk = '評価基準は明確でなければならない。各項目の配点を示す。学生の論文は出典を明記すること。';
    const mixed: Section[] = [
      ...sections,
      {
        kind: 'section',
        index: 1,
        label: '評価 Rubric',
        text: `${cjk}\n\nAPA 7 applies; 引用abc123 must match. ${cjk}`,
      },
      { kind: 'page', index: 3, label: 'Page 3', text: `${'Sources and sources. '.repeat(40)}\n\n${cjk.repeat(30)}` },
      { kind: 'sheet', index: 2, label: 'Sheet: 配点', text: 'Criterion,Points\nClarity,10\n明確さ,10' },
    ];
    const chunked = chunkSections('ref_y', mixed, { targetTokens: 60, overlapTokens: 10 });
    expect(chunked.length).toBeGreaterThan(6);
    const library = new MiniSearch<IndexedChunk>(INDEX_OPTIONS);
    library.addAll(chunked.map(toIndexed));
    const theirs = JSON.parse(JSON.stringify(library)) as ReturnType<typeof parseIndex>;
    const ours = parseIndex(buildIndex(chunked));
    const byTerm = (entries: typeof ours.index) => [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    expect({ ...ours, index: byTerm(ours.index) }).toEqual({ ...theirs, index: byTerm(theirs.index) });
    expect(ours.index.some(([term]) => term === '評価')).toBe(true);
    for (const query of ['評価基準の配点', 'sources clarity', '出典 APA']) {
      expect(loadIndex(buildIndex(chunked)).search(query)).toEqual(
        library
          .search(query)
          .map((h) => ({ ordinal: h.id, score: h.score }))
          .sort((a, b) => b.score - a.score || a.ordinal - b.ordinal),
      );
    }
  });

  it('is deterministic', () => {
    expect(buildIndex(chunks)).toBe(buildIndex(chunkSections('ref_x', sections)));
  });

  it('refuses an index built by another analyzer version', () => {
    const other = buildIndex(chunks).replace(`{"analyzer":${ANALYZER_VERSION},`, '{"analyzer":0,');
    expect(() => loadIndex(other)).toThrow(IndexVersionError);
    expect(() => loadIndex('{"index":{}}')).toThrow(IndexVersionError);
  });
});

import { ANALYZER_VERSION } from '../../../activities/indexing/analyzer';
import { buildIndex, IndexVersionError, loadIndex, parseIndex } from '../../../activities/indexing/bm25';
import { chunkSections } from '../../../activities/indexing/chunking';
import type { Section } from '../../../activities/parsing/types';

const sections: Section[] = [
  { kind: 'page', index: 1, label: 'Page 1', text: 'Citation\n\nEvery claim cites a credible source in APA style.' },
  { kind: 'page', index: 2, label: 'Page 2', text: 'Organisation\n\nParagraphs follow a logical order with transitions.' },
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

  it('is deterministic', () => {
    expect(buildIndex(chunks)).toBe(buildIndex(chunkSections('ref_x', sections)));
  });

  it('refuses an index built by another analyzer version', () => {
    const other = buildIndex(chunks).replace(`{"analyzer":${ANALYZER_VERSION},`, '{"analyzer":0,');
    expect(() => loadIndex(other)).toThrow(IndexVersionError);
    expect(() => loadIndex('{"index":{}}')).toThrow(IndexVersionError);
  });
});

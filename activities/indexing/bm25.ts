/**
 * The stored BM25 index of one reference document: MiniSearch (BM25+) over its chunks, its options, and its
 * serialized form. The index holds term statistics and chunk ordinals only; chunk text lives once, in the chunk
 * records, so the stored index stays small. The envelope records the analyzer version, because an index is only
 * valid with the analyzer that built it.
 */
import MiniSearch, { type AsPlainObject, type Options, type SearchOptions } from 'minisearch';
import { ANALYZER_VERSION, processTerm, tokenize } from './analyzer';
import type { Chunk } from './chunking';

/** What MiniSearch indexes per chunk. The id is the ordinal: the index belongs to one document, so it suffices. */
export interface IndexedChunk {
  ordinal: number;
  text: string;
  heading: string;
}

/**
 * A heading or sheet name says what a passage is about even when its text does not repeat it ("Citations" over a
 * paragraph about sources); half weight, because heading words are shared by every chunk under them.
 */
export const FIELD_BOOSTS: Readonly<Record<keyof Omit<IndexedChunk, 'ordinal'>, number>> = { text: 1, heading: 0.5 };
/** MiniSearch's BM25+ defaults, named here because corpus.ts scores with the same formula. */
export const BM25_PARAMS = { k: 1.2, b: 0.7, d: 0.5 } as const;

const SEARCH_OPTIONS: SearchOptions = {
  boost: { ...FIELD_BOOSTS },
  bm25: { ...BM25_PARAMS },
  prefix: false,
  fuzzy: false,
  combineWith: 'OR',
};

export const INDEX_OPTIONS: Options<IndexedChunk> = {
  idField: 'ordinal',
  fields: Object.keys(FIELD_BOOSTS),
  storeFields: [],
  tokenize: (text) => tokenize(text),
  processTerm: (term) => processTerm(term),
  searchOptions: SEARCH_OPTIONS,
};

export function toIndexed(chunk: Chunk): IndexedChunk {
  // Page and slide labels ("Page 3") carry no topic; sheet names and section titles do.
  const label = chunk.section.kind === 'sheet' || chunk.section.kind === 'section' ? chunk.section.label : '';
  return { ordinal: chunk.ordinal, text: chunk.text, heading: [label, chunk.heading ?? ''].join('\n') };
}

export function buildIndex(chunks: Chunk[]): string {
  const index = new MiniSearch<IndexedChunk>(INDEX_OPTIONS);
  index.addAll(chunks.map(toIndexed));
  return `{"analyzer":${ANALYZER_VERSION},"index":${JSON.stringify(index)}}`;
}

export class IndexVersionError extends Error {
  constructor(found: unknown) {
    super(`index was built by analyzer version ${String(found)}, this code uses ${ANALYZER_VERSION}: rebuild it`);
    this.name = 'IndexVersionError';
  }
}

/**
 * The stored form as MiniSearch's plain object (its serialization format 2, which corpus.ts reads directly), after
 * checking it was built by this analyzer and that format.
 */
export function parseIndex(serialized: string): AsPlainObject {
  const parsed = JSON.parse(serialized) as { analyzer?: unknown; index?: AsPlainObject };
  if (parsed.analyzer !== ANALYZER_VERSION || typeof parsed.index !== 'object' || parsed.index === null) {
    throw new IndexVersionError(parsed.analyzer);
  }
  if (parsed.index.serializationVersion !== 2) throw new Error('index is not in MiniSearch serialization format 2');
  return parsed.index;
}

export interface ChunkHit {
  ordinal: number;
  score: number;
}

export interface ReferenceIndex {
  documentCount: number;
  /** Best first. Scores are comparable only within this one index (its own IDF); corpus.ts scores across several. */
  search(query: string, limit?: number): ChunkHit[];
}

export function loadIndex(serialized: string): ReferenceIndex {
  const index = MiniSearch.loadJS<IndexedChunk>(parseIndex(serialized), INDEX_OPTIONS);
  return {
    documentCount: index.documentCount,
    search(query, limit = Number.POSITIVE_INFINITY) {
      return index
        .search(query)
        .map((hit) => ({ ordinal: hit.id as number, score: hit.score }))
        .sort((a, b) => b.score - a.score || a.ordinal - b.ordinal)
        .slice(0, limit);
    },
  };
}

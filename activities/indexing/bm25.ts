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

/**
 * The stored form of the chunks' index: exactly what `JSON.stringify` of a MiniSearch with INDEX_OPTIONS and these
 * chunks added gives (MiniSearch's documented serialization, version 2, which `loadIndex` reads back with
 * `MiniSearch.loadJS`), only its term entries may come in another order.
 *
 * Why not `MiniSearch#addAll`: MiniSearch adds every term occurrence through its radix tree, whose nodes find a
 * child by scanning all their keys. Text without spaces (Chinese, Japanese) is indexed as character bigrams, so the
 * root of that tree has one child per distinct character, thousands of them, and indexing a reference of 4 M CJK
 * characters took 18 s, growing faster than the text (docs/decisions.md 259). The statistics are the same counted in
 * plain maps: BM25 needs only each term's frequency per chunk and field, each field's length in distinct tokens,
 * and the fields' average length, accumulated as MiniSearch accumulates it so the scores are bit for bit the same.
 * The tree is built once, from distinct terms, when an index is loaded.
 */
export function buildIndex(chunks: Chunk[]): string {
  const fields = INDEX_OPTIONS.fields as Array<keyof Omit<IndexedChunk, 'ordinal'>>;
  const fieldIds = Object.fromEntries(fields.map((field, id) => [field, id]));
  // term → field id → chunk's short id → occurrences; objects with integer keys serialize as MiniSearch's do.
  const postings = new Map<string, Record<number, Record<number, number>>>();
  const documentIds: Record<number, number> = {};
  const fieldLength: Record<number, number[]> = {};
  const averageFieldLength: number[] = [];
  const add = (fieldId: number, shortId: number, term: string) => {
    let byField = postings.get(term);
    if (!byField) postings.set(term, (byField = {}));
    const counts = (byField[fieldId] ??= {});
    counts[shortId] = (counts[shortId] ?? 0) + 1;
  };
  chunks.forEach((chunk, shortId) => {
    const indexed = toIndexed(chunk);
    documentIds[shortId] = indexed.ordinal;
    const lengths: number[] = (fieldLength[shortId] = []);
    fields.forEach((field, fieldId) => {
      const tokens = tokenize(indexed[field]);
      const length = new Set(tokens).size;
      lengths[fieldId] = length;
      // MiniSearch's running mean (addFieldLength), in its order of operations: the same float at the end.
      averageFieldLength[fieldId] = ((averageFieldLength[fieldId] ?? 0) * shortId + length) / (shortId + 1);
      for (const token of tokens) {
        const terms = processTerm(token);
        if (typeof terms === 'string') {
          if (terms) add(fieldId, shortId, terms);
        } else if (terms) for (const term of terms) add(fieldId, shortId, term);
      }
    });
  });
  const index: AsPlainObject = {
    documentCount: chunks.length,
    nextId: chunks.length,
    documentIds,
    fieldIds,
    fieldLength,
    averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index: [...postings],
    serializationVersion: 2,
  };
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

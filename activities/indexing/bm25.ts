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
 */
export function buildIndex(chunks: Chunk[]): string {
  return [...indexParts(chunks)].join('');
}

/** About how many characters of the stored form `indexParts` yields at a time. */
const PART_CHARS = 1 << 16;

/**
 * `buildIndex`'s string in parts of about 64 K characters, for a caller that compresses it as it comes (the indexing
 * sandbox): the whole string of a large reference is hundreds of MB that nobody needs at once.
 *
 * Why not `MiniSearch#addAll`: MiniSearch adds every term occurrence through its radix tree, whose nodes find a
 * child by scanning all their keys. Text without spaces (Chinese, Japanese) is indexed as character bigrams, so the
 * root of that tree has one child per distinct character, thousands of them, and indexing a reference of 4 M CJK
 * characters took 18 s, growing faster than the text. The statistics are the same counted in
 * plain maps: BM25 needs only each term's frequency per chunk and field, each field's length in distinct tokens,
 * and the fields' average length, accumulated as MiniSearch accumulates it so the scores are bit for bit the same.
 * The tree is built once, from distinct terms, when an index is loaded.
 *
 * Why not a map of maps: MiniSearch's own shape (term → field → chunk → occurrences, an object at each level) took
 * over 1 GB of heap for 4 M CJK characters. Here each term gets a number when first seen, each
 * chunk's occurrences are counted in a small map and appended to typed arrays as (term, field, chunk, count)
 * rows, and the rows are grouped by term only to be written: about 13 bytes a row and one map entry a term.
 */
export function* indexParts(chunks: Chunk[]): Generator<string> {
  const fields = INDEX_OPTIONS.fields as Array<keyof Omit<IndexedChunk, 'ordinal'>>;
  const fieldIds = Object.fromEntries(fields.map((field, id) => [field, id]));
  const termIds = new Map<string, number>();
  const rows = new Rows();
  const documentIds: Record<number, number> = {};
  const fieldLength: Record<number, number[]> = {};
  const averageFieldLength: number[] = [];
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
      const counts = new Map<string, number>();
      const add = (term: string) => counts.set(term, (counts.get(term) ?? 0) + 1);
      for (const token of tokens) {
        const terms = processTerm(token);
        if (typeof terms === 'string') {
          if (terms) add(terms);
        } else if (terms) for (const term of terms) add(term);
      }
      for (const [term, count] of counts) {
        let termId = termIds.get(term);
        if (termId === undefined) termIds.set(term, (termId = termIds.size));
        rows.push(termId, fieldId, shortId, count);
      }
    });
  });
  // The keys in the order of MiniSearch's plain object (AsPlainObject), as JSON.stringify of it writes them.
  const head = {
    documentCount: chunks.length,
    nextId: chunks.length,
    documentIds,
    fieldIds,
    fieldLength,
    averageFieldLength,
    storedFields: {},
    dirtCount: 0,
  } satisfies Partial<AsPlainObject>;
  let part = `{"analyzer":${ANALYZER_VERSION},"index":${JSON.stringify(head).slice(0, -1)},"index":[`;
  // Rows grouped by term, in the order terms were first seen (MiniSearch's insertion order); within a term they
  // stay in the order they came, chunk by chunk.
  const byTerm = rows.groupedBy(termIds.size);
  let termId = 0;
  for (const term of termIds.keys()) {
    const [from, to] = [byTerm.start[termId]!, byTerm.start[termId + 1]!];
    // {"<field id>":{"<short id>":occurrences,…},…}: integer keys, which JSON.stringify writes in ascending order.
    const perField: string[] = [];
    for (let fieldId = 0; fieldId < fields.length; fieldId++) {
      const pairs: string[] = [];
      for (let k = from; k < to; k++) {
        const row = byTerm.order[k]!;
        if (rows.field[row] === fieldId) pairs.push(`"${rows.chunk[row]}":${rows.count[row]}`);
      }
      if (pairs.length > 0) perField.push(`"${fieldId}":{${pairs.join(',')}}`);
    }
    part += `${termId === 0 ? '' : ','}[${JSON.stringify(term)},{${perField.join(',')}}]`;
    termId += 1;
    if (part.length >= PART_CHARS) {
      yield part;
      part = '';
    }
  }
  yield `${part}],"serializationVersion":2}}`;
}

/** (term, field, chunk, count) rows in growable typed arrays. */
class Rows {
  length = 0;
  term = new Int32Array(1024);
  field = new Uint8Array(1024);
  chunk = new Int32Array(1024);
  count = new Int32Array(1024);

  push(term: number, field: number, chunk: number, count: number): void {
    if (this.length === this.term.length) this.grow();
    const i = this.length++;
    this.term[i] = term;
    this.field[i] = field;
    this.chunk[i] = chunk;
    this.count[i] = count;
  }

  /** A counting sort by term: rows `order[start[t]] … order[start[t + 1] - 1]` are term t's, in pushing order. */
  groupedBy(terms: number): { start: Int32Array; order: Int32Array } {
    const start = new Int32Array(terms + 1);
    for (let i = 0; i < this.length; i++) start[this.term[i]! + 1]! += 1;
    for (let t = 0; t < terms; t++) start[t + 1]! += start[t]!;
    const next = start.slice(0, terms);
    const order = new Int32Array(this.length);
    for (let i = 0; i < this.length; i++) order[next[this.term[i]!]!++] = i;
    return { start, order };
  }

  private grow(): void {
    const size = this.term.length * 2;
    const grown = <T extends Int32Array | Uint8Array>(from: T, to: T): T => (to.set(from), to);
    this.term = grown(this.term, new Int32Array(size));
    this.field = grown(this.field, new Uint8Array(size));
    this.chunk = grown(this.chunk, new Int32Array(size));
    this.count = grown(this.count, new Int32Array(size));
  }
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

/**
 * BM25+ across several stored reference-document indexes with global statistics. Scores from separately built
 * indexes are not comparable: each has its own document count, document frequencies (IDF) and average field
 * lengths, so the same match scores higher in a small document than in a large one. Here every query term's IDF
 * and every field's average length are computed over the union of the indexes, from the term statistics each
 * stored index already holds; the result is exactly the score one MiniSearch index over all the chunks would give
 * (the unit tests check this against MiniSearch itself), without rebuilding anything or re-reading chunk text.
 *
 * Cost: opening an index is a JSON.parse plus a term map (O(terms)); a query touches only the postings of its own
 * terms (made typed arrays on first use). That is why this does not go through MiniSearch.search, which builds a
 * result object with match details for every matching chunk: over 100 ms for a common word in 15,000 chunks,
 * where this takes a few.
 */
import type { AsPlainObject } from 'minisearch';
import { analyze } from './analyzer';
import { BM25_PARAMS, FIELD_BOOSTS, parseIndex } from './bm25';

type RawPostings = Record<string, number>; // short document id -> term frequency, as stored

interface Postings {
  ids: Uint32Array;
  frequencies: Float64Array;
}

/** One stored index, parsed once and kept for as many queries as needed. */
export interface OpenedIndex {
  refId: string;
  documentCount: number;
  nextId: number;
  ordinals: Int32Array; // short document id -> chunk ordinal, -1 for none
  fieldLengths: Float64Array[]; // field id -> short document id -> length
  averageFieldLengths: number[];
  fieldIds: Record<string, number>;
  raw: Map<string, Record<string, RawPostings>>; // term -> field id -> postings
  /** Postings turned into typed arrays the first time a query needs them: later queries loop over numbers only. */
  compiled: Map<string, Array<Postings | undefined>>;
}

export function openIndex(refId: string, serialized: string): OpenedIndex {
  const plain: AsPlainObject = parseIndex(serialized);
  const ordinals = new Int32Array(plain.nextId).fill(-1);
  for (const shortId in plain.documentIds) ordinals[Number(shortId)] = plain.documentIds[shortId] as number;
  const fieldLengths = plain.averageFieldLength.map(() => new Float64Array(plain.nextId));
  for (const shortId in plain.fieldLength) {
    plain.fieldLength[shortId]?.forEach((length, field) => {
      (fieldLengths[field] as Float64Array)[Number(shortId)] = length;
    });
  }
  return {
    refId,
    documentCount: plain.documentCount,
    nextId: plain.nextId,
    ordinals,
    fieldLengths,
    averageFieldLengths: plain.averageFieldLength,
    fieldIds: plain.fieldIds,
    raw: new Map(plain.index),
    compiled: new Map(),
  };
}

function postingsOf(index: OpenedIndex, term: string, fieldId: number): Postings | undefined {
  let compiled = index.compiled.get(term);
  if (compiled === undefined) {
    compiled = [];
    const fields = index.raw.get(term);
    for (const fieldKey in fields) {
      const raw = fields[fieldKey] as RawPostings;
      const keys = Object.keys(raw);
      const postings = { ids: new Uint32Array(keys.length), frequencies: new Float64Array(keys.length) };
      keys.forEach((key, i) => {
        postings.ids[i] = Number(key);
        postings.frequencies[i] = raw[key] as number;
      });
      compiled[Number(fieldKey)] = postings;
    }
    index.compiled.set(term, compiled);
  }
  return compiled[fieldId];
}

/** A query is a few sentences; a whole document pasted as one is cut here, which bounds the work per query. */
const MAX_QUERY_TERMS = 1024;

export interface CorpusHit {
  refId: string;
  ordinal: number;
  score: number;
}

/**
 * Every chunk matching at least one query term, unsorted. Per MiniSearch's BM25+ (search options of bm25.ts):
 * for each query term and field, boost x IDF x (d + tf(k+1) / (tf + k(1 - b + b len/avglen))), summed, then
 * multiplied by the number of distinct query terms the chunk matched (MiniSearch's coordination factor).
 */
export function scoreCorpus(query: string, indexes: OpenedIndex[]): CorpusHit[] {
  const queryTerms = analyze(query).slice(0, MAX_QUERY_TERMS);
  if (queryTerms.length === 0 || indexes.length === 0) return [];

  const documentCount = indexes.reduce((sum, index) => sum + index.documentCount, 0);
  if (documentCount === 0) return [];
  const fields = Object.entries(FIELD_BOOSTS).map(([name, boost]) => {
    const id = indexes[0]?.fieldIds[name] ?? -1;
    let totalLength = 0;
    for (const index of indexes) {
      if (index.fieldIds[name] !== id) throw new Error(`index of ${index.refId} has other fields`);
      totalLength += (index.averageFieldLengths[id] ?? 0) * index.documentCount;
    }
    return { id, boost, averageLength: totalLength / documentCount };
  });

  const scores = indexes.map((index) => new Float64Array(index.nextId));
  const matched = indexes.map((index) => new Uint16Array(index.nextId)); // distinct query terms matched
  const lastTerm = indexes.map((index) => new Int32Array(index.nextId).fill(-1));
  const distinct = new Map<string, number>();
  const { k, b, d } = BM25_PARAMS;
  for (const term of queryTerms) {
    // A repeated query term scores again (as in MiniSearch) but counts once towards the coordination factor.
    let termNumber = distinct.get(term);
    if (termNumber === undefined) distinct.set(term, (termNumber = distinct.size));
    for (const field of fields) {
      const postings = indexes.map((index) => postingsOf(index, term, field.id));
      const matching = postings.reduce((sum, p) => sum + (p?.ids.length ?? 0), 0);
      if (matching === 0) continue;
      const idf = Math.log(1 + (documentCount - matching + 0.5) / (matching + 0.5));
      const weight = field.boost * idf;
      postings.forEach((p, i) => {
        if (p === undefined) return;
        const lengths = (indexes[i] as OpenedIndex).fieldLengths[field.id] as Float64Array;
        const score = scores[i] as Float64Array;
        const count = matched[i] as Uint16Array;
        const last = lastTerm[i] as Int32Array;
        for (let j = 0; j < p.ids.length; j++) {
          const id = p.ids[j] as number;
          const tf = p.frequencies[j] as number;
          const norm = tf + k * (1 - b + (b * (lengths[id] as number)) / field.averageLength);
          score[id] = (score[id] as number) + weight * (d + (tf * (k + 1)) / norm);
          if (last[id] !== termNumber) {
            last[id] = termNumber;
            count[id] = (count[id] as number) + 1;
          }
        }
      });
    }
  }

  const hits: CorpusHit[] = [];
  indexes.forEach((index, i) => {
    const score = scores[i] as Float64Array;
    const count = matched[i] as Uint16Array;
    for (let id = 0; id < index.nextId; id++) {
      const ordinal = index.ordinals[id] as number;
      const terms = count[id] as number;
      if (terms > 0 && ordinal >= 0) hits.push({ refId: index.refId, ordinal, score: (score[id] as number) * terms });
    }
  });
  return hits;
}

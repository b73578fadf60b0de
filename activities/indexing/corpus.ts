/**
 * BM25+ across several stored reference-document indexes with global statistics. Scores from separately built
 * indexes are not comparable: each has its own document count, document frequencies (IDF) and average field
 * lengths, so the same match scores higher in a small document than in a large one. Here every query term's IDF
 * and every field's average length are computed over the union of the indexes, from the term statistics each
 * stored index already holds; the result is exactly the score one MiniSearch index over all the chunks would give
 * (the unit tests check this against MiniSearch itself), without rebuilding anything or re-reading chunk text.
 *
 * Cost: opening an index scans its bytes once into a term map (O(terms), `openIndex`); a query touches only the
 * postings of its own terms (read from the bytes into typed arrays on first use). That is why this does not go through MiniSearch.search, which builds a
 * result object with match details for every matching chunk: over 100 ms for a common word in 15,000 chunks,
 * where this takes a few.
 */
import type { AsPlainObject } from 'minisearch';
import { analyze } from './analyzer';
import { BM25_PARAMS, FIELD_BOOSTS, parseIndex } from './bm25';

interface Postings {
  ids: Uint32Array;
  frequencies: Float64Array;
}

/** One stored index, opened once and kept for as many queries as needed. */
export interface OpenedIndex {
  refId: string;
  documentCount: number;
  nextId: number;
  ordinals: Int32Array; // short document id -> chunk ordinal, -1 for none
  fieldLengths: Float64Array[]; // field id -> short document id -> length
  averageFieldLengths: number[];
  fieldIds: Record<string, number>;
  /** The stored form's bytes, and where each term's postings object starts in them. */
  bytes: Buffer;
  terms: Map<string, number>;
  /** Postings turned into typed arrays the first time a query needs them: later queries loop over numbers only. */
  compiled: Map<string, Array<Postings | undefined>>;
}

/** Where the term entries begin: the first `"index":[` (the envelope's own `index` holds an object, `"index":{`). */
const POSTINGS_KEY = Buffer.from('"index":[');
const [QUOTE, BACKSLASH, COMMA, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET] = [...'"\\,{}[]'].map((c) =>
  c.charCodeAt(0),
);

/**
 * Opens a stored index (what `buildIndex` wrote, or MiniSearch's own serialization of the same shape). Only the
 * small head is parsed as JSON; the term entries are scanned in place, keeping the bytes and one map entry per
 * term (where its postings start). JSON.parse of the whole built an object per term and field: about 200 MB of
 * heap per million CJK characters indexed, gigabytes for one large reference, inside the worker running the run.
 */
export function openIndex(refId: string, stored: string | Uint8Array): OpenedIndex {
  const bytes =
    typeof stored === 'string'
      ? Buffer.from(stored, 'utf8')
      : Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  const keyAt = bytes.indexOf(POSTINGS_KEY);
  if (keyAt < 0) throw new Error(`the index of ${refId} has no term entries`);
  const open = keyAt + POSTINGS_KEY.length - 1;
  const { terms, close } = scanTerms(bytes, open);
  const plain: AsPlainObject = parseIndex(`${bytes.toString('utf8', 0, open)}[]${bytes.toString('utf8', close + 1)}`);
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
    bytes,
    terms,
    compiled: new Map(),
  };
}

/**
 * The term entries `[["term",{…}],…]` from the `[` at `open`: each term with the offset of its postings object,
 * and the offset of the closing `]`. The stored form has no whitespace (JSON.stringify writes none).
 */
function scanTerms(bytes: Buffer, open: number): { terms: Map<string, number>; close: number } {
  const terms = new Map<string, number>();
  const malformed = (at: number): never => {
    throw new Error(`the index's term entries are malformed at byte ${at}`);
  };
  let p = open + 1;
  if (bytes[p] === CLOSE_BRACKET) return { terms, close: p };
  for (;;) {
    if (bytes[p] !== OPEN_BRACKET || bytes[p + 1] !== QUOTE) malformed(p);
    const quote = p + 1;
    let q = quote + 1;
    let escaped = false;
    for (; q < bytes.length && bytes[q] !== QUOTE; q++) {
      if (bytes[q] === BACKSLASH) {
        escaped = true;
        q += 1;
      }
    }
    if (bytes[q + 1] !== COMMA || bytes[q + 2] !== OPEN_BRACE) malformed(q);
    const term = escaped
      ? (JSON.parse(bytes.toString('utf8', quote, q + 1)) as string)
      : bytes.toString('utf8', quote + 1, q);
    terms.set(term, q + 2);
    // A postings object holds only quoted integer keys, numbers and objects: it ends where its braces balance.
    let depth = 0;
    p = q + 2;
    do {
      const byte = bytes[p++];
      if (byte === OPEN_BRACE) depth += 1;
      else if (byte === CLOSE_BRACE) depth -= 1;
      else if (byte === undefined) malformed(p);
    } while (depth > 0);
    if (bytes[p] !== CLOSE_BRACKET) malformed(p);
    p += 1;
    if (bytes[p] === CLOSE_BRACKET) return { terms, close: p };
    if (bytes[p] !== COMMA) malformed(p);
    p += 1;
  }
}

/** The postings object `{"<field>":{"<short id>":<frequency>,…},…}` at `at`, as typed arrays per field. */
function readPostings(bytes: Buffer, at: number): Array<Postings | undefined> {
  const byField: Array<Postings | undefined> = [];
  let p = at + 1;
  const quotedInteger = (): number => {
    let value = 0;
    for (p += 1; bytes[p] !== QUOTE; p++) value = value * 10 + (bytes[p] as number) - 48;
    p += 2; // the closing quote and the colon
    return value;
  };
  while (bytes[p] === QUOTE) {
    const field = quotedInteger();
    p += 1; // {
    const ids: number[] = [];
    const frequencies: number[] = [];
    while (bytes[p] === QUOTE) {
      ids.push(quotedInteger());
      // Frequencies are counts, written as integers; anything else (a fraction, an exponent) goes through Number.
      const start = p;
      let value = 0;
      let integer = true;
      for (; bytes[p] !== COMMA && bytes[p] !== CLOSE_BRACE; p++) {
        const digit = (bytes[p] as number) - 48;
        if (digit >= 0 && digit <= 9) value = value * 10 + digit;
        else integer = false;
      }
      frequencies.push(integer ? value : Number(bytes.toString('latin1', start, p)));
      if (bytes[p] === COMMA) p += 1;
    }
    p += 1; // }
    if (bytes[p] === COMMA) p += 1;
    byField[field] = { ids: Uint32Array.from(ids), frequencies: Float64Array.from(frequencies) };
  }
  return byField;
}

function postingsOf(index: OpenedIndex, term: string, fieldId: number): Postings | undefined {
  let compiled = index.compiled.get(term);
  if (compiled === undefined) {
    const at = index.terms.get(term);
    compiled = at === undefined ? [] : readPostings(index.bytes, at);
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

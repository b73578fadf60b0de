/**
 * Query time of the file-search policy: which reference chunks go to the model. `rank` ranks the chunks of
 * several reference documents for one query on a common scale (`retrieve` does the same with the chunks at hand);
 * `queriesFrom` turns an evaluation's prompt and input into the few queries to run. Pure: no database, no network;
 * the caller loads indexes and chunks.
 */
import { analyze, isStopWord, processTerm, tokenize } from './indexing/analyzer';
import type { Chunk } from './indexing/chunking';
import { openIndex, scoreCorpus, type CorpusHit, type OpenedIndex } from './indexing/corpus';

export type RetrievedChunk = Chunk & { score: number };

/** A reference document's stored index. */
export interface IndexSource {
  refId: string;
  /** buildIndex output for this reference document, or its UTF-8 bytes as stored. */
  index: string | Uint8Array;
}

/** An index source with its chunks at hand (the unit tests, the bench). */
export interface ReferenceSource extends IndexSource {
  chunks: Chunk[];
}

/** A ranked chunk, named by its reference and ordinal; the score is rounded to 12 significant digits. */
export interface RankedHit {
  refId: string;
  ordinal: number;
  score: number;
}

/**
 * The top k chunks across all sources, by reference and ordinal, best first: what a run then reads from the chunk
 * records, a handful of them, instead of every chunk of every reference. Cross-document scoring: BM25+ with global
 * statistics over the union of the sources (indexing/corpus.ts), so a score means the same in every reference
 * document and equals what one index over all their chunks would give. Cost: each stored index is opened once and
 * cached (below); a query then costs O(postings of its terms). Equal scores (to 12 significant digits, so float
 * noise cannot reorder) are ordered by ref_id, then ordinal. `accept` leaves out chunks known to be missing.
 */
export function rank(
  query: string,
  sources: IndexSource[],
  k = 8,
  accept: (refId: string, ordinal: number) => boolean = () => true,
): RankedHit[] {
  if (k < 1 || query.trim() === '') return [];
  const unique = uniqueByRef(sources);
  if (unique.length === 0) return [];
  // k is small, so a bounded insertion keeps the best k without sorting every match (a common word matches most
  // chunks).
  const best: RankedHit[] = [];
  const limit = Math.floor(k);
  for (const hit of scoreCorpus(query, unique.map(opened))) {
    const score = Number(hit.score.toPrecision(12));
    const worst = best[limit - 1];
    if (worst !== undefined && !outranks(score, hit, worst)) continue;
    if (!accept(hit.refId, hit.ordinal)) continue;
    let at = best.length;
    while (at > 0 && outranks(score, hit, best[at - 1] as RankedHit)) at--;
    best.splice(at, 0, { refId: hit.refId, ordinal: hit.ordinal, score });
    if (best.length > limit) best.pop();
  }
  return best;
}

/** `rank` over sources whose chunks are at hand: the top k chunks themselves. A hit without its chunk is skipped. */
export function retrieve(query: string, sources: ReferenceSource[], k = 8): RetrievedChunk[] {
  const chunks = new Map<string, Chunk>();
  for (const source of uniqueByRef(sources)) for (const chunk of source.chunks) chunks.set(chunk.id, chunk);
  const idOf = (refId: string, ordinal: number) => `${refId}:${ordinal}`;
  return rank(query, sources, k, (refId, ordinal) => chunks.has(idOf(refId, ordinal))).map((hit) => ({
    ...(chunks.get(idOf(hit.refId, hit.ordinal)) as Chunk),
    score: hit.score,
  }));
}

/** Higher score first; equal scores in ref_id, then ordinal order. */
function outranks(score: number, hit: CorpusHit, other: RankedHit): boolean {
  if (score !== other.score) return score > other.score;
  return hit.refId < other.refId || (hit.refId === other.refId && hit.ordinal < other.ordinal);
}

function uniqueByRef<T extends IndexSource>(sources: T[]): T[] {
  const seen = new Set<string>();
  return sources.filter((s) => !seen.has(s.refId) && seen.add(s.refId) && sizeOf(s.index) > 0);
}

/**
 * Opened indexes by refId, most recently used last, validated by their stored form (equal strings compare by
 * pointer first; bytes compare in a few ms; a rebuilt index replaces its entry). Bounded by stored size: opened,
 * an index takes its bytes and a map entry per term (corpus.ts), and 64 MB of it is some 3 M characters of CJK
 * or 100,000 chunks of English, far more than one evaluation uses.
 */
const CACHE_MAX_BYTES = 64 * 1024 * 1024;
const cache = new Map<string, { stored: string | Uint8Array; index: OpenedIndex }>();
let cachedBytes = 0;

const sizeOf = (stored: string | Uint8Array) => (typeof stored === 'string' ? stored.length : stored.byteLength);

function sameStored(a: string | Uint8Array, b: string | Uint8Array): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a === b || Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

function opened(source: IndexSource): OpenedIndex {
  const entry = cache.get(source.refId);
  if (entry !== undefined) {
    cache.delete(source.refId);
    cachedBytes -= sizeOf(entry.stored);
  }
  const index = entry && sameStored(entry.stored, source.index) ? entry.index : openIndex(source.refId, source.index);
  cache.set(source.refId, { stored: source.index, index });
  cachedBytes += sizeOf(source.index);
  for (const [refId, old] of cache) {
    if (cachedBytes <= CACHE_MAX_BYTES || refId === source.refId) break;
    cache.delete(refId);
    cachedBytes -= sizeOf(old.stored);
  }
  return index;
}

const PROMPT_MAX_CHARS = 1000;
const KEYWORDS_PER_QUERY = 8;
/** Below this many content words an input has one topic; splitting it into parts would only repeat queries. */
const MIN_WORDS_PER_PART = 40;

/**
 * Up to `max` distinct search queries: the prompt (what the evaluation asks about), the input's most frequent
 * content words (what it is about overall), then the most salient words of successive parts of the input, so a
 * long input's later topics get their own rubric passages. Salience within a part is its frequency there, raised
 * for words concentrated in that part (tf x inverse part frequency). Deterministic: ties go to the earlier word.
 */
export function queriesFrom(prompt: string, inputText: string, max = 5): string[] {
  if (max <= 0) return [];
  const queries: string[] = [];
  const seen: Array<Set<string>> = [];
  const add = (query: string) => {
    const terms = new Set(analyze(query));
    // A query whose terms another query already covers would retrieve the same chunks.
    if (terms.size === 0 || seen.some((s) => [...terms].every((t) => s.has(t)))) return;
    seen.push(terms);
    queries.push(query);
  };

  add(prompt.replace(/\s+/g, ' ').trim().slice(0, PROMPT_MAX_CHARS));
  const words = contentWords(inputText);
  if (words.length > 0 && queries.length < max) add(topWords(words, () => 1));

  const partCount = Math.min(max - queries.length, Math.floor(words.length / MIN_WORDS_PER_PART));
  if (partCount >= 2) {
    const size = Math.ceil(words.length / partCount);
    const parts = Array.from({ length: partCount }, (_, i) => words.slice(i * size, (i + 1) * size));
    const partsWith = new Map<string, number>();
    for (const part of parts) {
      for (const term of new Set(part.map((w) => w.term))) partsWith.set(term, (partsWith.get(term) ?? 0) + 1);
    }
    const inverse = (term: string) => Math.log(1 + partCount / (partsWith.get(term) ?? 1));
    for (const part of parts) {
      if (queries.length >= max) break;
      add(topWords(part, inverse));
    }
  }
  return queries;
}

interface Word {
  term: string; // as the index sees it
  surface: string; // lowercased, as written, for a readable query
  position: number;
}

/** Words worth searching for: no stop words, no bare numbers, at least three characters. */
function contentWords(text: string): Word[] {
  const out: Word[] = [];
  for (const token of tokenize(text)) {
    const surface = token.toLowerCase();
    if (surface.length < 3 || isStopWord(surface) || /^\p{N}+$/u.test(surface)) continue;
    const term = processTerm(token);
    if (typeof term !== 'string') continue; // CJK runs are left to the prompt query
    out.push({ term, surface, position: out.length });
  }
  return out;
}

/** The KEYWORDS_PER_QUERY best terms of `words` by frequency x weight, each in its first written form. */
function topWords(words: Word[], weight: (term: string) => number): string {
  const stats = new Map<string, { frequency: number; first: number; surface: string }>();
  for (const word of words) {
    const stat = stats.get(word.term);
    if (stat) stat.frequency++;
    else stats.set(word.term, { frequency: 1, first: word.position, surface: word.surface });
  }
  return [...stats]
    .map(([term, stat]) => ({ ...stat, score: stat.frequency * weight(term) }))
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .slice(0, KEYWORDS_PER_QUERY)
    .map((stat) => stat.surface)
    .join(' ');
}

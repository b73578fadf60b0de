/**
 * The text analyzer shared by indexing and querying: how text becomes search terms. Index and query must analyze
 * identically, so this is the only place that decides it; changing any rule here changes stored indexes, so bump
 * `ANALYZER_VERSION` with it (loading an index built by another version fails instead of silently missing terms).
 */

export const ANALYZER_VERSION = 1;

/**
 * A short English list: words that carry no topic. Kept small on purpose; BM25's IDF already discounts common
 * words, so this mainly keeps query derivation and index size free of filler.
 */
const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between ' +
    'both but by can could did do does doing down during each few for from further had has have having he her here ' +
    'hers herself him himself his how i if in into is it its itself just let me more most my myself no nor not of ' +
    'off on once only or other our ours ourselves out over own same she should so some such than that the their ' +
    'theirs them themselves then there these they this those through to too under until up very was we were what ' +
    'when where which while who whom why will with would you your yours yourself yourselves many much may might ' +
    'must shall via per etc'
  ).split(' '),
);

export function isStopWord(term: string): boolean {
  return STOP_WORDS.has(term);
}

/** Apostrophes inside words are dropped, so "student's" and "students" meet at one term instead of "student" + "s". */
const INNER_APOSTROPHE = /(?<=\p{L})['\u2019](?=\p{L})/gu;
/** Letters, digits and combining marks make terms; everything else (punctuation, symbols, spaces) separates them. */
const SEPARATORS = /[^\p{L}\p{N}\p{M}]+/u;
/** Scripts written without spaces: one "word" there is a whole clause, so it is cut into character bigrams. */
const UNSPACED = ['Han', 'Hiragana', 'Katakana', 'Hangul', 'Thai', 'Lao', 'Khmer', 'Myanmar']
  .map((script) => `\\p{Script=${script}}`)
  .join('');
const UNSPACED_RUN = new RegExp(`[${UNSPACED}]+`, 'gu');
const HAS_UNSPACED = new RegExp(`[${UNSPACED}]`, 'u');
const DIGIT = /\p{N}/u;
const ASCII = /^[\x00-\x7f]*$/;
const SIBILANT_ES = /(?:ss|x|ch|sh|zz)es$/;
const LATIN_WITH_MARKS = /[\u00C0-\u024F\u1E00-\u1EFF]/;
const COMBINING_MARKS = /\p{M}+/gu;

export function tokenize(text: string): string[] {
  return text.replace(INNER_APOSTROPHE, '').split(SEPARATORS);
}

/**
 * One raw token to zero or more index terms: lowercase, accents folded for Latin script only (folding marks in,
 * say, Devanagari would destroy vowels), stop words and one-letter words dropped, plurals reduced to singular,
 * runs of CJK, Thai and similar scripts cut into character bigrams (Lucene's CJKBigramFilter approach: precise
 * enough without a dictionary).
 */
export function processTerm(token: string): string | string[] | null {
  if (token.length === 0) return null;
  // ASCII needs no normalization; skipping it keeps indexing of ordinary English text cheap.
  let term = (ASCII.test(token) ? token : token.normalize('NFKC')).toLowerCase();
  if (LATIN_WITH_MARKS.test(term)) term = term.normalize('NFD').replace(COMBINING_MARKS, '').normalize('NFC');
  if (HAS_UNSPACED.test(term)) return bigrams(term);
  if (isStopWord(term)) return null;
  if (term.length < 2 && !DIGIT.test(term)) return null;
  return singular(term);
}

/** Every term of `text`, in order, as the index sees them. */
export function analyze(text: string): string[] {
  const out: string[] = [];
  for (const token of tokenize(text)) {
    const terms = processTerm(token);
    if (terms === null) continue;
    if (typeof terms === 'string') out.push(terms);
    else out.push(...terms);
  }
  return out;
}

/**
 * Plural to singular, after Harman's S-stemmer (1991), plus "-es" after sibilants ("classes", "matches", "boxes")
 * and no stripping of "-is" ("analysis", "basis"). Only plurals: rubric language is specific ("policy" must not
 * meet "police", nor "general" "generic", as Porter-style stemmers make them), and prefix/fuzzy search is off for
 * the same reason, yet "sources" must still find "source". Idempotent: its output never ends in a strippable "s".
 */
export function singular(term: string): string {
  if (term.length <= 3 || !term.endsWith('s') || DIGIT.test(term)) return term;
  if (term.endsWith('ies') && !term.endsWith('eies') && !term.endsWith('aies')) return `${term.slice(0, -3)}y`;
  if (SIBILANT_ES.test(term)) return term.slice(0, -2);
  if (term.endsWith('es') && !term.endsWith('aes') && !term.endsWith('ees') && !term.endsWith('oes')) {
    return term.slice(0, -1);
  }
  if (!term.endsWith('us') && !term.endsWith('ss') && !term.endsWith('is')) return term.slice(0, -1);
  return term;
}

function bigrams(term: string): string[] {
  const out: string[] = [];
  // Text around such a run in the same token (e.g. "abc日本語") is kept as its own term.
  for (const part of term.split(UNSPACED_RUN)) if (part.length > 1 && !isStopWord(part)) out.push(singular(part));
  for (const match of term.matchAll(UNSPACED_RUN)) {
    const chars = Array.from(match[0]);
    if (chars.length === 1) out.push(chars[0] as string);
    for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
  }
  return out;
}

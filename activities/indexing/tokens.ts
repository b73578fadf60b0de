/**
 * Token counting for the whole product: reference chunking, a run's budget and manifest, and the parsing sandbox's
 * stored counts (docs/decisions.md 256). Which encoding counts, how text is cut at token boundaries, and how
 * any text a client can upload is counted in linear time. o200k_base is the encoding of the current OpenAI models; other providers' tokenizers differ by a few
 * percent, which the chunk budget absorbs. The encoding ships inside gpt-tokenizer, so nothing is fetched.
 */
import {
  clearMergeCache,
  countTokens as countO200k,
  decodeGenerator,
  encode as encodeO200k,
} from 'gpt-tokenizer/encoding/o200k_base';

/**
 * Reference documents are untrusted text: a literal "<|endoftext|>" in a rubric must count as the characters it
 * is, not make the tokenizer throw (its default) or turn into a control token.
 */
const SPECIAL_TOKENS_AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * BPE time grows with the square of a pre-tokenizer piece's length, and a run of text without spaces or
 * punctuation is one piece: 64,000 CJK characters in a row take over 30 s to count. A run of whitespace is one
 * piece too (`\s+`, and punctuation takes the line breaks after it): 64,000 spaces or line breaks took 3.5 s, a
 * million about 15 minutes, all of it on the worker's main thread. Runs of either kind are tokenized in slices of
 * this many characters; counts stay exact for every run shorter than that (words, URLs, hashes, indentation) and
 * are, for the longer ones, at most about one token per slice above the true count.
 */
const RUN_LIMIT = 256;
const LONG_RUNS = new RegExp(`\\S{${RUN_LIMIT + 1},}|\\s{${RUN_LIMIT + 1},}`, 'g');

/** The same test as LONG_RUNS, in one pass: that regex retries from every character, a fifth of chunking time. */
export function hasLongRun(text: string): boolean {
  let run = 0;
  let inSpace = false;
  for (let i = 0; i < text.length; i++) {
    const space = isSpace(text.charCodeAt(i));
    if (space !== inSpace) {
      inSpace = space;
      run = 0;
    }
    if (++run > RUN_LIMIT) return true;
  }
  return false;
}

/** Exactly JavaScript's `\s`. */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** The parts `text` is encoded in: pieces of at most about PART_CHARS, each with its long runs sliced. */
function slices(text: string): string[] {
  return parts(text).flatMap(runSlices);
}

/**
 * Text is encoded in parts of about this many characters, so that no one call fills the tokenizer's cache (below).
 * A part ends only where a piece of the encoding ends anyway, so the counts are exactly those of the whole text.
 * o200k's pre-tokenizer has no look-behind, and no piece holds a non-whitespace character followed by a space or
 * tab, a letter or digit followed by a line break, or a line break followed by a letter or digit (only punctuation
 * takes the line breaks after it). Every line of CJK prose ends in one of these.
 */
const PART_CHARS = 50_000;
const PIECE_END = /\S(?=[^\S\r\n])|[\p{L}\p{N}](?=[\r\n])|[\r\n](?=[\p{L}\p{N}])/gu;

function parts(text: string): string[] {
  if (text.length <= PART_CHARS) return [text];
  const out: string[] = [];
  let from = 0;
  while (text.length - from > PART_CHARS) {
    PIECE_END.lastIndex = from + PART_CHARS;
    const end = PIECE_END.exec(text);
    if (!end) break;
    const at = end.index + end[0].length;
    out.push(text.slice(from, at));
    from = at;
  }
  out.push(text.slice(from));
  return out;
}

/** Long runs cut every RUN_LIMIT characters. A run never crosses a part's end, where whitespace starts or ends. */
function runSlices(text: string): string[] {
  if (!hasLongRun(text)) return [text];
  const out: string[] = [];
  let from = 0;
  for (const run of text.matchAll(LONG_RUNS)) {
    const runEnd = run.index + run[0].length;
    for (let at = run.index + RUN_LIMIT; at < runEnd; at += RUN_LIMIT) {
      if (HIGH_SURROGATE.test(text.charAt(at - 1))) at++; // never between the halves of a pair
      if (at >= runEnd) break;
      out.push(text.slice(from, at));
      from = at;
    }
  }
  out.push(text.slice(from));
  return out;
}

const HIGH_SURROGATE = /[\uD800-\uDBFF]/;

/**
 * gpt-tokenizer caches up to 100,000 encoded pieces and evicts the oldest one at a time. V8's Map makes each such
 * eviction walk past every entry deleted before it, so text with more distinct pieces than the cache holds (base64,
 * identifiers, tables of numbers) counted about 4 times slower than it should once the cache was full (2 M
 * characters of base64: 0.26 against 1.0 M characters a second, measured). Every cached piece is at least one
 * character, so clearing the whole cache before it has seen this many characters keeps it below its size: it
 * never evicts. Text is encoded in parts of at most about PART_CHARS, so one call cannot overfill it either.
 */
const CACHE_CHARS = 100_000;
let sinceClear = 0;

function beforeEncoding(part: string): void {
  if (sinceClear + part.length > CACHE_CHARS) {
    clearMergeCache();
    sinceClear = 0;
  }
  sinceClear += part.length;
}

export function countTokens(text: string): number {
  let count = 0;
  for (const part of countsByPart(text)) count += part.tokens;
  return count;
}

/**
 * `text`'s count piece by piece (at most about PART_CHARS characters each; the counts add up to `countTokens`), for
 * a caller that may have to stop half-way, such as the parsing sandbox against its deadline.
 */
export function* countsByPart(text: string): Generator<{ chars: number; tokens: number }> {
  for (const part of parts(text)) {
    for (const slice of runSlices(part)) {
      beforeEncoding(slice);
      yield { chars: slice.length, tokens: countO200k(slice, SPECIAL_TOKENS_AS_TEXT) };
    }
  }
}

export interface TokenPiece {
  start: number; // offsets into the text given to splitByTokens
  end: number;
  tokens: number;
}

/**
 * Consecutive pieces of at most `maxTokens` tokens that together cover `text` exactly. A cut prefers a token that
 * starts with whitespace (a word boundary) in the last quarter of the window, so words are cut only in text with
 * no spaces at all (CJK, base64, long identifiers).
 */
export function splitByTokens(text: string, maxTokens: number): TokenPiece[] {
  const ids = slices(text).flatMap((part) => {
    beforeEncoding(part);
    return encodeO200k(part, SPECIAL_TOKENS_AS_TEXT);
  });
  const cuts = safeCuts(ids);
  if (cuts.at(-1)?.char !== text.length) return splitByChars(text, ids.length, maxTokens);

  const pieces: TokenPiece[] = [];
  let from = { token: 0, char: 0 };
  let i = 0;
  while (from.char < text.length) {
    // The furthest cut within the window, and the furthest word-boundary cut in its last quarter.
    let best = -1;
    let bestWord = -1;
    while (i < cuts.length && (cuts[i] as Cut).token - from.token <= maxTokens) {
      const cut = cuts[i] as Cut;
      best = i;
      if (cut.token - from.token >= maxTokens * 0.75 && /\s/.test(text.charAt(cut.char))) bestWord = i;
      i++;
    }
    // One token spans more than the window (cannot happen with maxTokens >= 1), or a multi-token character.
    if (best < 0) best = i++;
    const chosen = bestWord >= 0 && i < cuts.length ? bestWord : best;
    const to = cuts[chosen] as Cut;
    pieces.push({ start: from.char, end: to.char, tokens: to.token - from.token });
    from = to;
    i = chosen + 1;
  }
  return pieces;
}

interface Cut {
  token: number; // number of tokens before the cut
  char: number; // UTF-16 offset of the cut
}

/**
 * Token boundaries that fall between characters. A token can end inside a multi-byte character (emoji, rare CJK);
 * the decoder yields text only once a character is complete, and the lazy feed tells how many tokens that took.
 */
function safeCuts(ids: number[]): Cut[] {
  let consumed = 0;
  function* feed(): Generator<number> {
    for (const id of ids) {
      consumed++;
      yield id;
    }
  }
  const cuts: Cut[] = [];
  let char = 0;
  for (const part of decodeGenerator(feed())) {
    char += part.length;
    cuts.push({ token: consumed, char });
  }
  return cuts;
}

/** Fallback if decoding ever failed to reproduce the text: even character slices sized by the average token. */
function splitByChars(text: string, tokenCount: number, maxTokens: number): TokenPiece[] {
  const pieceCount = Math.max(1, Math.ceil(tokenCount / maxTokens));
  const size = Math.ceil(text.length / pieceCount);
  const pieces: TokenPiece[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    // Never cut a surrogate pair in half.
    if (end < text.length && HIGH_SURROGATE.test(text.charAt(end - 1))) end++;
    pieces.push({ start, end, tokens: countTokens(text.slice(start, end)) });
    start = end;
  }
  return pieces;
}

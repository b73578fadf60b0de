/**
 * A section's text as a sequence of units (headings, sentences, pieces of over-long sentences), the smallest spans
 * a chunk is made of, each with its token count and how good a place the gap before it is to end a chunk. Units
 * never include surrounding whitespace, so a chunk spanning units i..j is exactly text.slice(start_i, end_j).
 */
import { countTokens, splitByTokens } from './tokens';

/** How good the gap before a unit is for a chunk boundary; the packer prefers the highest it can use. */
export const Boundary = {
  /** Right after a heading: cutting there would orphan the heading at the end of a chunk. */
  afterHeading: -1,
  /** Inside a sentence too long for one chunk. */
  hard: 0,
  /** A line break inside a paragraph (hard-wrapped PDF text, spreadsheet rows). */
  line: 1,
  sentence: 2,
  paragraph: 3,
  heading: 4,
} as const;

export interface Unit {
  start: number;
  end: number;
  tokens: number;
  boundary: number;
  /** The heading's text when this unit is a heading line. */
  heading: string | null;
}

export interface UnitBudget {
  maxUnitTokens: number; // a sentence longer than this is split
  pieceTokens: number; // into pieces of at most this many tokens
}

export function segment(text: string, budget: UnitBudget): Unit[] {
  const units: Unit[] = [];
  let afterBlank = true; // the section start counts as a blank line before
  let previousEndedSentence = false;
  for (const line of lines(text)) {
    if (line.start === line.end) {
      afterBlank = true;
      continue;
    }
    const lineText = text.slice(line.start, line.end);
    const afterHeading = units.at(-1)?.heading != null;
    const heading = headingOf(lineText, afterBlank, line.last);
    const headingTokens = heading === null ? 0 : countTokens(lineText);
    if (heading !== null && headingTokens <= budget.maxUnitTokens) {
      const boundary = afterHeading ? Boundary.afterHeading : Boundary.heading;
      units.push({ start: line.start, end: line.end, tokens: headingTokens, boundary, heading });
    } else if (TABLE_ROW.test(lineText)) {
      // A table row is one unit: its cells mean something only together.
      pushSentence(units, text, line, lineStart(afterHeading, afterBlank, false), budget);
    } else {
      let boundary = lineStart(afterHeading, afterBlank, previousEndedSentence);
      for (const { start, end } of sentences(lineText)) {
        pushSentence(units, text, { start: line.start + start, end: line.start + end }, boundary, budget);
        boundary = Boundary.sentence;
      }
    }
    previousEndedSentence = SENTENCE_END.test(lineText);
    afterBlank = false;
  }
  return units;
}

/** The boundary before a line's first sentence. */
function lineStart(afterHeading: boolean, afterBlank: boolean, previousEndedSentence: boolean): number {
  if (afterHeading) return Boundary.afterHeading;
  if (afterBlank) return Boundary.paragraph;
  return previousEndedSentence ? Boundary.sentence : Boundary.line;
}

function pushSentence(units: Unit[], text: string, span: Span, boundary: number, budget: UnitBudget): void {
  const { start, end } = span;
  const sentence = text.slice(start, end);
  const tokens = countTokens(sentence);
  if (tokens <= budget.maxUnitTokens) {
    units.push({ start, end, tokens, boundary, heading: null });
    return;
  }
  // Pieces smaller than a chunk, so that consecutive chunks of one enormous sentence can still overlap.
  let first = true;
  for (const piece of splitByTokens(sentence, budget.pieceTokens)) {
    const span = trim(text, start + piece.start, start + piece.end);
    if (span.start === span.end) continue;
    units.push({ ...span, tokens: piece.tokens, boundary: first ? boundary : Boundary.hard, heading: null });
    first = false;
  }
}

interface Span {
  start: number;
  end: number;
}

interface Line extends Span {
  // trimmed; start === end for a blank line
  last: boolean; // no non-blank line follows
}

function lines(text: string): Line[] {
  const out: Line[] = [];
  let at = 0;
  while (at <= text.length) {
    let next = text.indexOf('\n', at);
    if (next < 0) next = text.length;
    out.push({ ...trim(text, at, next), last: false });
    at = next + 1;
  }
  for (let i = out.length - 1; i >= 0; i--) {
    const line = out[i] as Line;
    if (line.start !== line.end) {
      line.last = true;
      break;
    }
  }
  return out;
}

/** Sentence ends: Latin punctuation (plus closing quotes) before whitespace and a non-lowercase start, or CJK. */
const SENTENCE_SPLIT = /[.!?\u2026]+["'\u201D\u2019)\]]*(\s+)(?=[^\s\p{Ll}])|[\u3002\uFF01\uFF1F]+/gu;
const SENTENCE_END = /(?:[.!?\u2026]+["'\u201D\u2019)\]]*|[\u3002\uFF01\uFF1F])$/u;

function sentences(line: string): Span[] {
  const out: Span[] = [];
  let start = 0;
  for (const match of line.matchAll(SENTENCE_SPLIT)) {
    const end = match.index + match[0].length - (match[1]?.length ?? 0);
    const span = trim(line, start, end);
    if (span.start < span.end) out.push(span);
    start = match.index + match[0].length;
  }
  const rest = trim(line, start, line.length);
  if (rest.start < rest.end) out.push(rest);
  return out;
}

/** A pipe-table line of structured text (activities/parsing/markdown.ts). */
export const TABLE_ROW = /^\|.*\|$/;
const MARKDOWN_HEADING = /^#{1,6}\s+(.+?)\s*#*$/;
const NUMBERED = /^(?:\d+(?:\.\d+)*\.?|[A-Z]\.|[IVXLC]+\.)\s+\S/;
const MINOR_WORDS = new Set('a an and as at by for from in of on or the to with'.split(' '));

/**
 * The heading text when a line is a heading: a markdown `#` line, or a short title-like line that starts a
 * paragraph and has text after it (parsers of PDF, DOCX and slides give headings as plain lines). Title-like means
 * no sentence punctuation at the end, no table separators (spreadsheet rows are not headings), and either
 * numbered, ALL CAPS, ending with a colon, at most four words, or mostly capitalized words.
 */
export function headingOf(line: string, startsParagraph: boolean, last: boolean): string | null {
  const markdown = MARKDOWN_HEADING.exec(line);
  if (markdown) return markdown[1] ?? null;
  if (!startsParagraph || last || line.length > 80) return null;
  if (/[.,;!?]$/.test(line) || /[\t|]/.test(line) || (line.match(/,/g)?.length ?? 0) >= 2) return null;
  const words = line.split(/\s+/);
  if (words.length > 10 || !/^[\p{Lu}\p{N}]/u.test(line)) return null;
  if (NUMBERED.test(line) || line.endsWith(':') || words.length <= 4) return line;
  if (line === line.toUpperCase() && /\p{Lu}/u.test(line)) return line;
  const major = words.filter((w) => !MINOR_WORDS.has(w.toLowerCase()));
  const capitalized = major.filter((w) => /^[\p{Lu}\p{N}]/u.test(w)).length;
  return capitalized >= major.length * 0.6 ? line : null;
}

const NOT_SPACE = /\S/;

function trim(text: string, start: number, end: number): Span {
  while (start < end && !NOT_SPACE.test(text.charAt(start))) start++;
  while (end > start && !NOT_SPACE.test(text.charAt(end - 1))) end--;
  return { start, end };
}

/**
 * Evidence verification: turns the evidence a model (or the test-mode stub) claims into citations a client can
 * trust. A quote is accepted only where it occurs in the input text the model was actually sent — exactly, or
 * after folding whitespace, typographic quotes, dashes and compatibility characters (NFKC) — and the citation then
 * carries the source's own characters at the matched span, so `quote === text.slice(start, end)` always holds.
 * Anything else is dropped and counted, never shown. Pure: no database, no network.
 */
import type { Section } from './parsing/types';
import type { RunCitation } from '../domain/runs/schemas';

/** One item of evidence as the model states it (the prompt's `evidence` array); every field is untrusted. */
export interface EvidenceClaim {
  criterion?: unknown;
  quote?: unknown;
  document_id?: unknown;
  reference_chunk_id?: unknown;
  insufficient_evidence?: unknown;
}

/** An input section as the model saw it: `sent` characters of `section.text` from its start (all, unless cut). */
export interface CitableSection {
  section: Section;
  sent: number;
}

export interface CitableInput {
  documentId: string;
  sections: CitableSection[];
}

/** A reference passage that was in the prompt, by its chunk id. */
export interface CitableChunk {
  refId: string;
  location: Pick<Section, 'kind' | 'index' | 'label'>;
}

export interface VerifiedEvidence {
  citations: RunCitation[];
  /** Quotes that were offered but occur nowhere in the text the model was sent. */
  unverified: number;
}

/** More claims than this are ignored: no evaluation has that many criteria, and the run view must stay small. */
export const MAX_CLAIMS = 100;
/** A longer "quote" is a passage, not evidence: refused like a quote that does not occur. */
export const MAX_QUOTE_CHARS = 1000;
const MAX_CRITERION_CHARS = 200;
const DEFAULT_CRITERION = 'Overall';

export function verifyEvidence(
  claims: unknown,
  inputs: CitableInput[],
  chunks: ReadonlyMap<string, CitableChunk>,
): VerifiedEvidence {
  const list = Array.isArray(claims) ? claims.slice(0, MAX_CLAIMS) : [];
  const citations: RunCitation[] = [];
  const seen = new Set<string>();
  const unsupported = new Map<string, RunCitation['reference']>(); // criteria whose every quote was refused
  let unverified = 0;

  for (const raw of list) {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) continue;
    const claim = raw as EvidenceClaim;
    const criterion = criterionOf(claim.criterion);
    const reference = referenceOf(claim.reference_chunk_id, chunks);
    const quote = typeof claim.quote === 'string' ? claim.quote : '';
    if (claim.insufficient_evidence === true || quote.trim() === '') {
      push({ criterion, status: 'insufficient_evidence', quote: null, input: null, reference });
      continue;
    }
    const found =
      quote.length <= MAX_QUOTE_CHARS
        ? findQuote(quote, inputs, typeof claim.document_id === 'string' ? claim.document_id : null)
        : null;
    if (!found) {
      unverified += 1;
      if (!unsupported.has(criterion)) unsupported.set(criterion, reference);
      continue;
    }
    const { section } = found.section;
    push({
      criterion,
      status: 'supported',
      quote: section.text.slice(found.start, found.end),
      input: {
        document_id: found.documentId,
        location: { kind: section.kind, index: section.index, label: section.label },
        start: found.start,
        end: found.end,
      },
      reference,
    });
  }
  // A criterion the model could only "support" with quotes that are not in the documents has no evidence: say so
  // rather than leave it looking judged on nothing.
  for (const [criterion, reference] of unsupported) {
    if (!citations.some((c) => c.criterion === criterion)) {
      push({ criterion, status: 'insufficient_evidence', quote: null, input: null, reference });
    }
  }
  return { citations, unverified };

  function push(citation: RunCitation): void {
    const key = JSON.stringify([
      citation.criterion,
      citation.status,
      citation.input,
      citation.reference?.chunk_id ?? null,
    ]);
    if (seen.has(key)) return;
    seen.add(key);
    citations.push(citation);
  }
}

function criterionOf(value: unknown): string {
  const text = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
  return text === '' ? DEFAULT_CRITERION : text.slice(0, MAX_CRITERION_CHARS);
}

function referenceOf(value: unknown, chunks: ReadonlyMap<string, CitableChunk>): RunCitation['reference'] {
  if (typeof value !== 'string') return null;
  const chunk = chunks.get(value.trim());
  if (!chunk) return null; // a chunk the model was not shown is not a reference it judged against
  return { reference_document_id: chunk.refId, chunk_id: value.trim(), location: { ...chunk.location } };
}

interface Found {
  documentId: string;
  section: CitableSection;
  start: number;
  end: number;
}

/** The first occurrence of `quote` in the sent text: the named document first, then the others in order. */
function findQuote(quote: string, inputs: CitableInput[], documentId: string | null): Found | null {
  const ordered = [
    ...inputs.filter((i) => i.documentId === documentId),
    ...inputs.filter((i) => i.documentId !== documentId),
  ];
  for (const input of ordered) {
    for (const section of input.sections) {
      const span = locateQuote(section.section.text.slice(0, section.sent), quote);
      if (span) return { documentId: input.documentId, section, ...span };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------------------------------------------

/**
 * Where `quote` occurs in `text`, as UTF-16 offsets into `text`, or null. Exact first; then both sides folded
 * (fold below) and the match mapped back to the original characters, so the span never starts or ends inside a
 * character of the source. A quote with no letter or digit is never a match.
 */
export function locateQuote(text: string, quote: string): { start: number; end: number } | null {
  if (!/[\p{L}\p{N}]/u.test(quote)) return null;
  const trimmed = quote.trim();
  const exact = text.indexOf(trimmed);
  if (exact >= 0) return { start: exact, end: exact + trimmed.length };

  const needle = fold(trimmed).text.trim();
  if (needle === '') return null;
  const hay = fold(text);
  const at = hay.text.indexOf(needle);
  if (at < 0) return null;
  return { start: hay.starts[at] as number, end: hay.ends[at + needle.length - 1] as number };
}

const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u2032\u0060\u00B4]/;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/;
const DASHES = /[\u2010-\u2015\u2212]/;
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/;

/**
 * The Markdown of structured text that a model reading the table or list does not retype: a table's cell pipes and
 * header separator, and heading, list and quote markers at the start of a line. They fold like whitespace, so a quote
 * that runs across cells ("Clarity of aims 30%") or list items matches.
 */
const MARKUP =
  /^[ \t]*(?:#{1,6}[ \t]+|[-*+][ \t]+|\d{1,3}\.[ \t]+|>[ \t]*)|^[ \t]*\|(?:[ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*$/gm;

/**
 * Positions of `text` that are markup (MARKUP, and every `|`). A pipe inside a cell (`\\|`) folds like the cell
 * separators, and its backslash goes: a model may retype it with or without the backslash, or as a space.
 */
function markupOf(text: string): Set<number> {
  const marked = new Set<number>();
  if (!/[|#>*+\-\d]/.test(text)) return marked;
  for (const match of text.matchAll(MARKUP)) for (let k = 0; k < match[0].length; k++) marked.add(match.index + k);
  for (let k = text.indexOf('|'); k >= 0; k = text.indexOf('|', k + 1)) {
    marked.add(k);
    if (text[k - 1] === '\\') marked.add(k - 1);
  }
  return marked;
}

/**
 * Text as a model typically retypes it: NFKC (ligatures, full-width forms, "…" as "..."), typographic quotes and
 * dashes as ASCII, invisible characters gone, Markdown table and list markup as whitespace, every run of
 * whitespace one space. `starts[i]`/`ends[i]` give the span of original text that folded
 * character `i` came from.
 */
export function fold(text: string): { text: string; starts: number[]; ends: number[] } {
  let out = '';
  const starts: number[] = [];
  const ends: number[] = [];
  const markup = markupOf(text);
  let i = 0;
  for (const char of text) {
    const from = i;
    i += char.length;
    if (INVISIBLE.test(char)) continue;
    if (markup.has(from) && text[from] === '\\') continue;
    if (/\s/.test(char) || markup.has(from)) {
      if (out.endsWith(' ')) ends[ends.length - 1] = i;
      else {
        out += ' ';
        starts.push(from);
        ends.push(i);
      }
      continue;
    }
    let folded = char.normalize('NFKC');
    if (SINGLE_QUOTES.test(folded)) folded = "'";
    else if (DOUBLE_QUOTES.test(folded)) folded = '"';
    else if (DASHES.test(folded)) folded = '-';
    for (const unit of folded) {
      if (/\s/.test(unit)) {
        if (out.endsWith(' ')) {
          ends[ends.length - 1] = i;
          continue;
        }
        out += ' ';
      } else out += unit;
      // A unit may be more than one UTF-16 code unit (an astral character): one entry per code unit keeps
      // `starts`/`ends` aligned with indexes into `out`.
      for (let k = 0; k < unit.length; k++) {
        starts.push(from);
        ends.push(i);
      }
    }
  }
  return { text: out, starts, ends };
}

// ---------------------------------------------------------------------------------------------------------------
// Positions
// ---------------------------------------------------------------------------------------------------------------

export interface Box {
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Relative advance widths of printable ASCII (Helvetica's metrics, per 1,000 em, from space to `~`). A position map
 * knows where a piece of text starts and ends on the page, not where each character is: the quoted part of a piece
 * is placed by these widths, which for proportional fonts land far closer than an equal share per character.
 */
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];

function widthOf(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 32 && code <= 126) width += ASCII_WIDTHS[code - 32]!;
    else if (code >= 0x2e80)
      width += 1000; // CJK and wider scripts: a full em
    else width += 556;
  }
  return width;
}

/**
 * The boxes covering [start, end) of a page's `text`, from its position map (flat [start, end, x, y, w, h] per
 * piece of text, activities/parsing/pdf-layout.ts): each piece the quote touches, cut to the quoted characters
 * (placed by their widths within the piece), and the pieces of one line joined into one box.
 */
export function boxesOf(map: number[], text: string, start: number, end: number, page: number): Box[] {
  const lines: Box[] = [];
  for (let k = 0; k + 5 < map.length; k += 6) {
    const [s, e, x, y, w, h] = map.slice(k, k + 6) as [number, number, number, number, number, number];
    if (e <= start || s >= end || e <= s) continue;
    const total = widthOf(text.slice(s, e)) || 1;
    const from = x + (w * widthOf(text.slice(s, Math.max(start, s)))) / total;
    // Trailing spaces of the quoted part take no room: a box ends with its last character.
    const to = x + (w * widthOf(text.slice(s, Math.min(end, e)).trimEnd())) / total;
    const line = lines.find((b) => Math.abs(b.y - y) < h / 2 && Math.abs(b.h - h) < h / 2);
    if (line) {
      const left = Math.min(line.x, from);
      line.w = Math.max(line.x + line.w, to) - left;
      line.x = left;
    } else lines.push({ page, x: from, y, w: to - from, h });
  }
  const clamp = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 1e4) / 1e4;
  return lines.map((b) => ({ page, x: clamp(b.x), y: clamp(b.y), w: clamp(b.w), h: clamp(b.h) }));
}

/**
 * Reference-document sections to retrieval chunks (the Chunk shape is the stored one, domain/documents/reference-index.ts): the packing of a
 * section's units (segments.ts) into chunks of about `targetTokens` with about `overlapTokens` carried over.
 * A chunk never spans two sections, so every retrieved passage can be cited by its page, sheet or slide. A chunk
 * that starts inside a pipe table's body begins with that table's header row and separator (`header_chars` long),
 * so a retrieved row arrives with its column names.
 */
import type { Chunk } from '../../domain/documents/reference-index';
import type { Section } from '../parsing/types';
import { Boundary, segment, TABLE_ROW, type Unit } from './segments';
import { countTokens } from './tokens';

export type { Chunk };

export interface ChunkOptions {
  targetTokens?: number;
  overlapTokens?: number;
}

export const DEFAULT_TARGET_TOKENS = 400;
export const DEFAULT_OVERLAP_TOKENS = 50;

/**
 * A chunk is cut at the best boundary (heading > paragraph > sentence > line) that leaves it at least this full
 * (fraction of the target). A new heading is worth a smaller chunk, since what follows it is another topic; a mere
 * paragraph break is not worth a chunk too small to earn its retrieval slot.
 */
function minFill(boundary: number): number {
  if (boundary === Boundary.heading) return 0.3;
  if (boundary === Boundary.paragraph) return 0.6;
  return 0.75;
}
const LOWEST_FILL = 0.3;

export function chunkSections(refId: string, sections: Section[], options: ChunkOptions = {}): Chunk[] {
  const target = options.targetTokens ?? DEFAULT_TARGET_TOKENS;
  const overlap = options.overlapTokens ?? DEFAULT_OVERLAP_TOKENS;
  if (!Number.isInteger(target) || target < 16) throw new RangeError('targetTokens must be an integer >= 16');
  if (!Number.isInteger(overlap) || overlap < 0 || overlap > target / 2) {
    throw new RangeError('overlapTokens must be an integer between 0 and targetTokens / 2');
  }
  // Pieces of an over-long sentence are overlap-sized, so its chunks overlap like any others.
  const pieceTokens = Math.max(8, overlap > 0 ? overlap : Math.floor(target / 4));

  const chunks: Chunk[] = [];
  for (const section of sections) {
    const units = segment(section.text, { maxUnitTokens: target, pieceTokens });
    const headingAt = headingsInForce(units);
    const headers = tableHeaders(section.text, units);
    for (const span of pack(section.text, units, target, overlap, headers)) {
      const ordinal = chunks.length;
      chunks.push({
        id: `${refId}:${ordinal}`,
        ref_id: refId,
        ordinal,
        text: span.text,
        tokens: span.tokens,
        section: { kind: section.kind, index: section.index, label: section.label },
        heading: headingAt[span.from] ?? firstHeading(units, span.from, span.to),
        char_start: span.start,
        char_end: span.end,
        ...(span.headerChars > 0 ? { header_chars: span.headerChars } : {}),
      });
    }
  }
  return chunks;
}

interface Span {
  from: number; // unit range [from, to)
  to: number;
  start: number;
  end: number;
  text: string;
  tokens: number;
  headerChars: number;
}

/** For each unit in a pipe table's body, the table's header row and separator (with a line break after); else null. */
interface Header {
  text: string;
  tokens: number;
}

function tableHeaders(text: string, units: Unit[]): Array<Header | null> {
  const lines = text.split('\n');
  const bodies: Array<{ start: number; end: number; header: Header }> = [];
  let offset = 0;
  const starts = lines.map((line) => {
    const at = offset;
    offset += line.length + 1;
    return at;
  });
  for (let i = 1; i < lines.length; i++) {
    if (!SEPARATOR.test(lines[i]!.trim()) || !TABLE_ROW.test(lines[i - 1]!.trim())) continue;
    let last = i;
    while (last + 1 < lines.length && TABLE_ROW.test(lines[last + 1]!.trim())) last++;
    if (last === i) continue;
    const header = `${lines[i - 1]!.trim()}\n${lines[i]!.trim()}\n`;
    bodies.push({
      start: starts[i + 1]!,
      end: starts[last]! + lines[last]!.length,
      header: { text: header, tokens: countTokens(header) },
    });
  }
  if (bodies.length === 0) return units.map(() => null);
  // Units and table bodies are both in text order: one walk over each.
  let b = 0;
  return units.map((unit) => {
    while (b < bodies.length && bodies[b]!.end <= unit.start) b++;
    const body = bodies[b];
    return body && unit.start >= body.start ? body.header : null;
  });
}

const SEPARATOR = /^\|(?:\s*:?-{3,}:?\s*\|)+$/;

/**
 * Joining two units usually costs no extra token (the space merges into the next word's token), a line break
 * sometimes one or two: measured on English prose and markdown, a quarter of a token per gap on average.
 */
const GAP_TOKENS = 0.25;

/**
 * Greedy packing with a look-back for a better cut. The packer works with an estimate (unit tokens plus GAP_TOKENS
 * per gap), so each unit is encoded once; every emitted chunk is then counted exactly, and shortened by a unit in
 * the uncommon case the estimate was low.
 */
function pack(text: string, units: Unit[], target: number, overlap: number, headers: Array<Header | null>): Span[] {
  const prefix = [0];
  for (const unit of units) prefix.push((prefix.at(-1) as number) + unit.tokens);
  // A chunk starting in a table's body carries the header: its tokens count against the chunk's budget.
  const estimate = (a: number, b: number) =>
    (prefix[b] as number) - (prefix[a] as number) + GAP_TOKENS * Math.max(0, b - a - 1) + (headers[a]?.tokens ?? 0);
  const spanOf = (from: number, to: number) => spanAt(text, units, from, to, headers[from] ?? null);
  const unit = (i: number) => units[i] as Unit;

  const spans: Span[] = [];
  let from = 0; // first unit of the chunk being built, overlap included
  let fresh = 0; // first unit not yet in any chunk
  while (fresh < units.length) {
    let to = fresh;
    while (to < units.length && estimate(from, to + 1) <= target) to++;
    if (to === fresh) {
      // Not even one new unit fits after the overlap: give up overlap from the front.
      if (from < fresh) from++;
      else to = fresh + 1; // a single unit over budget (only via the exact-count fallback): it still goes out
      if (to === fresh) continue;
    }
    if (to < units.length) to = bestCut(units, estimate, from, fresh, to, target);

    let span = spanOf(from, to);
    while (span.tokens > target && to - 1 > fresh) span = spanOf(from, --to);
    if (span.tokens > target && from < fresh) {
      from = fresh;
      span = spanOf(from, to);
    }
    spans.push(span);

    fresh = to;
    from = to;
    if (to < units.length && unit(to).heading === null) {
      // Overlap: the longest suffix of this chunk within the overlap budget, never the whole chunk.
      while (from - 1 > span.from && estimate(from - 1, to) <= overlap) from--;
    }
  }
  return spans;
}

/** The cut in (fresh, to] with the strongest boundary that leaves the chunk full enough for its kind; else `to`. */
function bestCut(
  units: Unit[],
  estimate: (a: number, b: number) => number,
  from: number,
  fresh: number,
  to: number,
  target: number,
): number {
  let best = to;
  let bestStrength = (units[to] as Unit).boundary;
  for (let c = to - 1; c > fresh; c--) {
    const fill = estimate(from, c) / target;
    if (fill < LOWEST_FILL) break;
    const strength = (units[c] as Unit).boundary;
    if (strength > bestStrength && fill >= minFill(strength)) {
      best = c;
      bestStrength = strength;
    }
  }
  return best;
}

function spanAt(text: string, units: Unit[], from: number, to: number, header: Header | null): Span {
  const start = (units[from] as Unit).start;
  const end = (units[to - 1] as Unit).end;
  const slice = `${header?.text ?? ''}${text.slice(start, end)}`;
  return { from, to, start, end, text: slice, tokens: countTokens(slice), headerChars: header?.text.length ?? 0 };
}

/** For each unit, the heading in force there (the unit itself if it is a heading); a chunk takes its first unit's. */
function headingsInForce(units: Unit[]): Array<string | null> {
  let current: string | null = null;
  return units.map((unit) => (current = unit.heading ?? current));
}

/** A chunk that starts before any heading is labelled by the first heading inside it, if any. */
function firstHeading(units: Unit[], from: number, to: number): string | null {
  for (let i = from + 1; i < to; i++) {
    const heading = (units[i] as Unit).heading;
    if (heading !== null) return heading;
  }
  return null;
}

/**
 * PDF layout: a page's positioned text items (as pdf.js gives them, through unpdf) to the structured Markdown every
 * parser writes (markdown.ts), with the box of every piece of text it writes. Pure: no pdf.js here, so it is tested
 * on items directly.
 *
 * - Lines: items whose vertical extents overlap by half; within a line, a gap wider than about a character and a
 *   bit splits the line into segments (table cells, columns).
 * - Two columns: a run of lines whose segments keep to either side of one gutter is read left column first.
 * - Tables: a run of lines of two or more segments whose starts align; rows by baseline (a line with nothing in
 *   the first column continues the row above, as a wrapped cell does), columns by the aligned starts.
 * - Headings: lines set larger than the document's body text (`bodySize`, the size most of its text is set in).
 */
import { cellText } from './markdown';

/** One pdf.js text item: x and the baseline y in PDF units (origin bottom left), its width and font size. */
export interface PdfItem {
  str: string;
  x: number;
  y: number;
  w: number;
  size: number;
  /**
   * The box to record for this text instead of one derived from x, y, w and size: fractions of the page, origin top
   * left. OCR words (ocr/layout.ts) carry the box the engine read, on the page as shown.
   */
  box?: { x: number; y: number; w: number; h: number };
}

/** The page's visible area in PDF units (pdf.js `view`: x0, y0, x1, y1). */
export type PageView = [number, number, number, number];

interface Segment {
  items: PdfItem[];
  x: number;
  end: number;
  y: number;
  size: number;
  chars: number;
}

interface Line {
  y: number;
  size: number;
  segments: Segment[];
}

type Block =
  | { kind: 'lines'; lines: Line[] } // paragraphs and headings
  | { kind: 'table'; columns: number[]; rows: Segment[][][] }; // rows × columns × the segments of a cell

/** A page laid out but not yet written: kept small (segments, not glyphs) until the body size is known. */
export interface PageLayout {
  view: PageView;
  blocks: Block[];
}

/** A page's text and its boxes: flat [start, end, x, y, w, h] sextuples, offsets into `text`, fractions of the page. */
export interface WrittenPage {
  text: string;
  boxes: number[];
}

const SEGMENT_GAP = 1.2; // × font size: a wider gap between items on a line starts a new segment
const WORD_GAP = 0.15; // × font size: a gap this wide between items of one segment is a space
const PARAGRAPH_PITCH = 1.45; // × font size: baselines further apart than this start a new paragraph
const HEADING_RATIO = 1.15; // a line this much larger than the body text is a heading
const MIN_COLUMN_CHARS = 12; // both sides of a column gutter carry prose, not table cells

/** Lays out one page. `sizes` collects characters per font size outside tables, for `bodySizeOf`. */
export function layoutPage(items: PdfItem[], view: PageView, sizes: Map<number, number>): PageLayout {
  const lines = linesOf(items.filter((i) => i.str.trim() !== '' && i.size > 0));
  const blocks: Block[] = [];
  let prose: Line[] = [];
  const flushProse = () => {
    if (prose.length > 0) blocks.push({ kind: 'lines', lines: prose });
    prose = [];
  };
  for (let i = 0; i < lines.length;) {
    const columns = columnRun(lines, i);
    if (columns) {
      flushProse();
      prose = [...columns.left, ...columns.right];
      flushProse();
      i = columns.next;
      continue;
    }
    const table = tableRun(lines, i);
    if (table) {
      flushProse();
      blocks.push(table.block);
      i = table.next;
      continue;
    }
    prose.push(lines[i]!);
    i += 1;
  }
  flushProse();
  for (const block of blocks) {
    if (block.kind !== 'lines') continue;
    for (const line of block.lines) {
      const size = Math.round(line.size * 2) / 2;
      sizes.set(size, (sizes.get(size) ?? 0) + line.segments.reduce((n, s) => n + s.chars, 0));
    }
  }
  return { view, blocks };
}

/** The size most text outside tables is set in, across the document; 0 when there is none. */
export function bodySizeOf(sizes: Map<number, number>): number {
  let best = 0;
  let most = -1;
  for (const [size, chars] of sizes) {
    if (chars > most) {
      best = size;
      most = chars;
    }
  }
  return best;
}

/** Writes a laid-out page as Markdown, with boxes. Heading levels from the ratio to the body size. */
export function writePage(layout: PageLayout, bodySize: number): WrittenPage {
  const out = new Writer(layout.view);
  for (const block of layout.blocks) {
    if (block.kind === 'table') writeTable(out, block);
    else writeLines(out, block.lines, bodySize);
  }
  return { text: out.text, boxes: out.boxes };
}

// ---------------------------------------------------------------------------------------------------------------
// Lines and segments
// ---------------------------------------------------------------------------------------------------------------

function linesOf(items: PdfItem[]): Line[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: Array<{ top: number; bottom: number; items: PdfItem[] }> = [];
  for (const item of sorted) {
    const top = item.y + item.size * 0.8;
    const bottom = item.y - item.size * 0.2;
    const group = groups.at(-1);
    const overlap = group ? Math.min(group.top, top) - Math.max(group.bottom, bottom) : -1;
    if (group && overlap >= 0.5 * Math.min(item.size, group.top - group.bottom)) group.items.push(item);
    else groups.push({ top, bottom, items: [item] });
  }
  return groups.map((group) => {
    const byX = group.items.sort((a, b) => a.x - b.x);
    // The line's size and baseline are those of its largest text (a superscript does not move the line).
    const main = byX.reduce((a, b) => (b.size > a.size ? b : a));
    const segments: Segment[] = [];
    for (const item of byX) {
      const last = segments.at(-1);
      if (last && item.x - last.end <= SEGMENT_GAP * Math.max(item.size, last.size)) {
        last.items.push(item);
        last.end = Math.max(last.end, item.x + item.w);
        last.chars += item.str.length;
      } else {
        segments.push({
          items: [item],
          x: item.x,
          end: item.x + item.w,
          y: main.y,
          size: main.size,
          chars: item.str.length,
        });
      }
    }
    return { y: main.y, size: main.size, segments };
  });
}

const textOfSegment = (segment: Segment): string => segment.items.map((i) => i.str).join(' ');

// ---------------------------------------------------------------------------------------------------------------
// Two columns
// ---------------------------------------------------------------------------------------------------------------

/** A run of two-column lines starting at `i`: the left column's lines, then the right's. */
function columnRun(lines: Line[], i: number): { left: Line[]; right: Line[]; next: number } | null {
  const first = lines[i]!;
  if (first.segments.length !== 2) return null;
  const [a, b] = first.segments as [Segment, Segment];
  if (textOfSegment(a).length < MIN_COLUMN_CHARS || textOfSegment(b).length < MIN_COLUMN_CHARS) return null;
  let gutterStart = a.end;
  let gutterEnd = b.x;
  const left: Line[] = [];
  const right: Line[] = [];
  let both = 0;
  let previous: Line | null = null;
  let j = i;
  for (; j < lines.length; j++) {
    const line = lines[j]!;
    if (previous && (previous.y - line.y > 2 * line.size || Math.abs(line.size - first.size) > 0.15 * first.size))
      break;
    const l = line.segments.filter((s) => s.end <= gutterEnd - 1);
    const r = line.segments.filter((s) => s.x >= gutterStart + 1 && s.end > gutterEnd - 1);
    if (l.length + r.length !== line.segments.length || l.length > 1 || r.length > 1) break;
    if (l[0]) gutterStart = Math.max(gutterStart, l[0].end);
    if (r[0]) gutterEnd = Math.min(gutterEnd, r[0].x);
    if (gutterEnd - gutterStart < line.size) break;
    if (l[0] && r[0]) both += 1;
    if (l[0]) left.push({ ...line, segments: l });
    if (r[0]) right.push({ ...line, segments: r });
    previous = line;
  }
  // Three lines with text on both sides: a pair of table cells is not a page in two columns.
  return both >= 3 ? { left, right, next: j } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------------------------------

function tableRun(lines: Line[], i: number): { block: Block; next: number } | null {
  const first = lines[i]!;
  if (first.segments.length < 2) return null;
  const run: Line[] = [first];
  let j = i + 1;
  for (; j < lines.length; j++) {
    const line = lines[j]!;
    const previous = run.at(-1)!;
    if (previous.y - line.y > 2.6 * Math.max(line.size, previous.size)) break;
    if (Math.abs(line.size - first.size) > 0.25 * first.size) break;
    // A single segment at the table's left edge is a paragraph after the table, not a one-cell row.
    if (line.segments.length === 1 && Math.abs(line.segments[0]!.x - first.segments[0]!.x) < first.size) break;
    run.push(line);
  }
  if (run.filter((l) => l.segments.length >= 2).length < 2) return null;
  const columns = columnStarts(run, first.size);
  if (columns.length < 2) return null;
  const rows: Segment[][][] = [];
  for (const line of run) {
    const cells: Segment[][] = columns.map(() => []);
    for (const segment of line.segments) {
      // A segment running past the next columns' starts is a merged cell: its text goes in each column it covers.
      const from = columnOf(columns, segment.x, first.size);
      let to = from;
      while (to + 1 < columns.length && columns[to + 1]! < segment.end - first.size / 2) to += 1;
      for (let c = from; c <= to; c++) if (c === from || cells[c]!.length === 0) cells[c]!.push(segment);
    }
    const previous = rows.at(-1);
    if (previous && cells[0]!.length === 0) previous.forEach((cell, c) => cell.push(...cells[c]!));
    else rows.push(cells);
  }
  return { block: { kind: 'table', columns, rows }, next: j };
}

/** Left edges shared by the run's segments, each a column start. */
function columnStarts(run: Line[], size: number): number[] {
  const starts = run.flatMap((l) => l.segments.map((s) => s.x)).sort((a, b) => a - b);
  const columns: number[] = [];
  for (const x of starts) if (columns.length === 0 || x - columns.at(-1)! > size) columns.push(x);
  return columns;
}

function columnOf(columns: number[], x: number, size: number): number {
  let best = 0;
  for (let c = 0; c < columns.length; c++) if (columns[c]! <= x + size / 2) best = c;
  return best;
}

// ---------------------------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------------------------

class Writer {
  text = '';
  boxes: number[] = [];
  private readonly width: number;
  private readonly height: number;

  constructor(private readonly view: PageView) {
    this.width = Math.max(1, view[2] - view[0]);
    this.height = Math.max(1, view[3] - view[1]);
  }

  plain(text: string): void {
    this.text += text;
  }

  /** Appends an item's text (as written, possibly escaped) and records the item's box over it. */
  item(item: PdfItem, written: string): void {
    const start = this.text.length;
    this.text += written;
    if (item.box) {
      const { x, y, w, h } = item.box;
      this.boxes.push(start, this.text.length, x, y, w, h);
      return;
    }
    const x = (item.x - this.view[0]) / this.width;
    const y = (this.view[3] - (item.y + item.size * 0.8)) / this.height;
    const round = (n: number) => Math.round(n * 1e5) / 1e5;
    this.boxes.push(
      start,
      this.text.length,
      round(x),
      round(y),
      round(item.w / this.width),
      round(item.size / this.height),
    );
  }

  /** A blank line before the next block; only a line break between consecutive list items. */
  blockBreak(listItem = false): void {
    if (this.text === '') return;
    this.text += listItem && this.inList ? '\n' : '\n\n';
  }

  private get inList(): boolean {
    const lastLine = this.text.slice(this.text.lastIndexOf('\n') + 1);
    return /^\s*- /.test(lastLine);
  }
}

function writeSegment(out: Writer, segment: Segment, escape: (s: string) => string): void {
  let previous: PdfItem | null = null;
  for (const item of segment.items) {
    const str = escape(previous ? item.str : item.str.trimStart());
    if (previous && needsSpace(previous, item)) out.plain(' ');
    out.item(item, str);
    previous = item;
  }
}

function needsSpace(previous: PdfItem, item: PdfItem): boolean {
  if (/\s$/.test(previous.str) || /^\s/.test(item.str)) return false;
  return item.x - (previous.x + previous.w) > WORD_GAP * item.size;
}

const BULLET = /^\s*[\u2022\u25E6\u25AA\u25AB\u2023\u2219\u00B7\u25CF\u25CB\u25A0\u25A1\u2013\uF0B7-](?:\s+|$)/;

function writeLines(out: Writer, lines: Line[], bodySize: number): void {
  let previous: Line | null = null;
  let previousHeading = false;
  const bulletIndents: number[] = []; // x of each list level seen in this block, for nesting
  for (const line of lines) {
    const firstItem = line.segments[0]?.items[0];
    const bullet = firstItem ? BULLET.exec(firstItem.str) : null;
    if (firstItem && bullet) {
      let level = bulletIndents.findIndex((x) => Math.abs(x - firstItem.x) < line.size / 2);
      if (level < 0) {
        bulletIndents.push(firstItem.x);
        bulletIndents.sort((a, b) => a - b);
        level = bulletIndents.indexOf(firstItem.x);
      }
      out.blockBreak(true);
      out.plain(`${'  '.repeat(level)}- `);
      const rest = { ...firstItem, str: firstItem.str.slice(bullet[0].length) };
      const items =
        rest.str.trim() === '' ? line.segments[0]!.items.slice(1) : [rest, ...line.segments[0]!.items.slice(1)];
      const segments = [{ ...line.segments[0]!, items }, ...line.segments.slice(1)];
      segments.forEach((segment, k) => {
        if (k > 0) out.plain(' ');
        writeSegment(out, segment, (s) => s);
      });
      previous = line;
      previousHeading = false;
      continue;
    }
    const level = bodySize > 0 ? headingLevel(line.size / bodySize) : 0;
    const isHeading = level > 0 && line.segments.reduce((n, s) => n + s.chars, 0) <= 200;
    const continues =
      previous !== null &&
      previous.y > line.y &&
      previous.y - line.y <= PARAGRAPH_PITCH * line.size &&
      isHeading === previousHeading &&
      Math.abs(previous.size - line.size) < 0.1 * line.size;
    if (previous === null || !continues) {
      out.blockBreak();
      if (isHeading) out.plain(`${'#'.repeat(level)} `);
    } else out.plain(isHeading ? ' ' : '\n');
    line.segments.forEach((segment, k) => {
      if (k > 0) out.plain(' ');
      writeSegment(out, segment, (s) => (isHeading ? s.replace(/\s+/g, ' ') : s));
    });
    previous = line;
    previousHeading = isHeading;
  }
}

function headingLevel(ratio: number): number {
  if (ratio >= 1.5) return 1;
  if (ratio >= 1.3) return 2;
  if (ratio >= HEADING_RATIO) return 3;
  return 0;
}

function writeTable(out: Writer, table: { columns: number[]; rows: Segment[][][] }): void {
  out.blockBreak();
  table.rows.forEach((row, r) => {
    if (r > 0) out.plain('\n');
    out.plain('|');
    for (const cell of row) {
      out.plain(' ');
      cell.forEach((segment, k) => {
        if (k > 0) out.plain(' ');
        writeSegment(out, segment, (s) => cellText(s));
      });
      out.plain(cell.length > 0 ? ' |' : '|');
    }
    if (r === 0) out.plain(`\n|${' --- |'.repeat(table.columns.length)}`);
  });
}

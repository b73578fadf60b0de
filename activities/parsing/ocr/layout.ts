/**
 * Layout from OCR words: a page the engine read becomes the structured Markdown every parser writes — lines,
 * paragraphs, headings, and table rows as pipe tables — by the PDF layout itself
 * (pdf-layout.ts), fed the words as if they were text items. Pure, so it is tested on words with known boxes.
 *
 * What OCR words need before pdf-layout can read them:
 * - Upright: boxes are on the page as shown; a page the engine turned is laid out in the frame
 *   it was read in, so its lines run left to right.
 * - Level: a scan's small skew (0.6° puts 15 px between the ends of a 200 dpi line) would split a table row or merge
 *   two; the page's skew is measured from the engine's own lines and the word positions turned back by it.
 * - A font size: a word box is its ink, from the top of its tallest letter to the bottom of its lowest, so `aims`
 *   is half as tall as `Clarity` at the same size. Each word's size is estimated from its height and which letters it
 *   has (ascenders, capitals, descenders); a line takes the median of its words, and lines of nearly one size share
 *   one, so body text has one size and headings stand out from it by ratio, as in a PDF.
 * Every word keeps its own box as read: the positions written point at the ink the engine saw, never at the
 * levelled copy.
 */
import { bodySizeOf, layoutPage, writePage, type PdfItem } from '../pdf-layout';
import type { Box, OcrPage } from './engine';

export interface OcrLayout {
  text: string;
  /** Flat [start, end, x, y, w, h] per word written: offsets into `text`, the box in fractions of the page as shown. */
  positions: number[];
}

/** Letters reaching above the x-height (capitals, digits, ascenders, tall punctuation). */
const TALL = /[A-Z0-9bdfhiklt'"!?%&$#@()[\]{}|/\\]/;
/** Letters reaching below the baseline. */
const DEEP = /[gjpqyQ,;()[\]{}|]/;
const LETTER = /[\p{L}\p{N}]/u;
/** Fractions of the em, from common text faces (Liberation, DejaVu, Times, Helvetica): near enough for a ratio. */
const X_HEIGHT = 0.5;
const ASCENT = 0.72;
const DESCENT = 0.21;
/** Layout units per pixel: a 200 dpi page measured in points, so sizes read like a PDF's. */
const UNITS_PER_PX = 72 / 200;

/** The em of a word's text from the height of its ink; null when its characters say nothing of it (a dash). */
export function emOfWord(text: string, height: number): number | null {
  if (!LETTER.test(text) || height <= 0) return null;
  const top = TALL.test(text) ? ASCENT : X_HEIGHT;
  const bottom = DEEP.test(text) ? DESCENT : 0;
  return height / (top + bottom);
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A box on the page as shown back to the frame the engine read it in (the inverse of boxOnShownPage). */
function uprightBox(b: Box, rotation: OcrPage['rotation']): Box {
  if (rotation === 90) return { x: 1 - (b.y + b.h), y: b.x, w: b.h, h: b.w };
  if (rotation === 180) return { x: 1 - (b.x + b.w), y: 1 - (b.y + b.h), w: b.w, h: b.h };
  if (rotation === 270) return { x: b.y, y: 1 - (b.x + b.w), w: b.h, h: b.w };
  return b;
}

interface Placed {
  text: string;
  shown: Box;
  /** Upright, in pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
  line: number;
}

/**
 * The page's skew in radians (positive: lines fall to the right, y downwards), from the engine's lines: per line of
 * two or more words, the slope through its words' bottoms; the median over lines weighted by nothing (a long line
 * and a short one each give one vote, so a stray pair of words cannot tip it).
 */
export function skewOf(words: Placed[]): number {
  const byLine = new Map<number, Placed[]>();
  for (const w of words) byLine.set(w.line, [...(byLine.get(w.line) ?? []), w]);
  const slopes: number[] = [];
  for (const line of byLine.values()) {
    if (line.length < 2) continue;
    const xs = line.map((w) => w.x + w.w / 2);
    // The bottom of a word without descenders is its baseline; those with them would tilt the fit.
    const flat = line.filter((w) => !DEEP.test(w.text));
    const use = flat.length >= 2 ? flat : line;
    const px = use.map((w) => w.x + w.w / 2);
    const py = use.map((w) => w.y + w.h);
    const mx = px.reduce((a, b) => a + b, 0) / px.length;
    const my = py.reduce((a, b) => a + b, 0) / py.length;
    let sxy = 0;
    let sxx = 0;
    px.forEach((x, i) => {
      sxy += (x - mx) * (py[i]! - my);
      sxx += (x - mx) ** 2;
    });
    const span = Math.max(...xs) - Math.min(...xs);
    if (sxx > 0 && span > 0) slopes.push(sxy / sxx);
  }
  if (slopes.length === 0) return 0;
  const slope = median(slopes);
  // More than 5° is not the small skew of a scan: leave such a page to the engine's own lines.
  return Math.abs(slope) > Math.tan((5 * Math.PI) / 180) ? 0 : Math.atan(slope);
}

/** Sizes apart by more than this ratio are different sizes; closer ones (one face read noisily) are one. */
const SIZE_GAP = 1.08;
/** OCR words whose first word is one of these small marks, standing apart, are list items (OCR reads `•` and `◦` so). */
const BULLET_READ = /^[•◦·*°+»«>eo-]$/;

/** Lays out one OCR'd page: its text in the structured form, a box per word. */
export function layoutOcrPage(read: OcrPage): OcrLayout {
  const turned = read.rotation === 90 || read.rotation === 270;
  const width = turned ? read.height : read.width;
  const height = turned ? read.width : read.height;
  const words: Placed[] = [];
  const firstOfLine = new Set<Placed>();
  let lineNo = 0;
  for (const paragraph of read.paragraphs) {
    for (const line of paragraph.lines) {
      lineNo += 1;
      line.words.forEach((word, k) => {
        const b = uprightBox(word.box, read.rotation);
        const placed = {
          text: word.text,
          shown: word.box,
          x: b.x * width,
          y: b.y * height,
          w: b.w * width,
          h: b.h * height,
          line: lineNo,
        };
        if (k === 0 && line.words.length > 1) firstOfLine.add(placed);
        words.push(placed);
      });
    }
  }
  if (words.length === 0) return { text: '', positions: [] };

  // Level the page about its centre; each word's baseline from the bottom of its ink.
  const angle = skewOf(words);
  const cos = Math.cos(-angle);
  const sin = Math.sin(-angle);
  const ems = words.map((w) => emOfWord(w.text, w.h));
  const known = ems.filter((e): e is number => e !== null);
  const pageEm = known.length ? median(known) : median(words.map((w) => w.h / ASCENT));
  const levelled = words.map((w, i) => {
    const em = ems[i] ?? pageEm;
    const bottom = w.y + w.h - (DEEP.test(w.text) ? DESCENT * em : 0);
    const dx = w.x - width / 2;
    const dy = bottom - height / 2;
    return { x: width / 2 + dx * cos - dy * sin, baseline: height / 2 + dx * sin + dy * cos };
  });

  // Rows: words on one baseline. A row's size is the lower median of its words' ems (a word's ink can take in a
  // speck and read tall; it is never much shorter than its letters), then rows of nearly one size share one.
  const order = words.map((_, i) => i).sort((a, b) => levelled[a]!.baseline - levelled[b]!.baseline);
  const rows: { baseline: number; members: number[] }[] = [];
  for (const i of order) {
    const row = rows.at(-1);
    const em = ems[i] ?? pageEm;
    if (row && levelled[i]!.baseline - row.baseline <= 0.35 * Math.min(em, pageEm * 2)) {
      row.members.push(i);
      row.baseline += (levelled[i]!.baseline - row.baseline) / row.members.length;
    } else rows.push({ baseline: levelled[i]!.baseline, members: [i] });
  }
  const rowSizes = rows.map((row) => {
    const values = row.members.map((i) => ems[i]).filter((e): e is number => e !== null);
    if (values.length === 0) return pageEm;
    const sorted = values.sort((a, b) => a - b);
    return sorted[(sorted.length - 1) >> 1]!;
  });
  const bySize = rows.map((_, r) => r).sort((a, b) => rowSizes[a]! - rowSizes[b]!);
  const shared = [...rowSizes];
  for (let i = 0; i < bySize.length;) {
    let j = i + 1;
    while (j < bySize.length && rowSizes[bySize[j]!]! <= rowSizes[bySize[j - 1]!]! * SIZE_GAP) j += 1;
    const group = bySize.slice(i, j);
    const size = median(group.map((r) => rowSizes[r]!));
    for (const r of group) shared[r] = size;
    i = j;
  }

  const items: PdfItem[] = [];
  rows.forEach((row, r) => {
    const size = shared[r]!;
    for (const i of row.members) {
      const w = words[i]!;
      // A lone small mark before a line's words is the bullet OCR read `•` or `◦` as.
      const bullet = firstOfLine.has(w) && BULLET_READ.test(w.text) && w.w < 0.6 * size;
      items.push({
        str: bullet ? '•' : w.text,
        x: levelled[i]!.x * UNITS_PER_PX,
        y: (height - row.baseline) * UNITS_PER_PX,
        w: w.w * UNITS_PER_PX,
        size: size * UNITS_PER_PX,
        box: w.shown,
      });
    }
  });
  const bodySizes = new Map<number, number>();
  const layout = layoutPage(items, [0, 0, width * UNITS_PER_PX, height * UNITS_PER_PX], bodySizes);
  const written = writePage(layout, bodySizeOf(bodySizes));
  return { text: written.text, positions: written.boxes };
}

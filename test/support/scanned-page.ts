/**
 * A generated scan for OCR tests: an A4 page of known text drawn at 200 dpi with @napi-rs/canvas, turned 0.6° about
 * its centre with seeded Gaussian noise, as a scanner would give it. Returns the PNG and where each word was drawn, in
 * fractions of the page (origin top left), so tests can score both the words read and their boxes.
 */
import { createCanvas } from '@napi-rs/canvas';
import { gaussian, seeded } from './seeded-noise';

export interface DrawnWord {
  text: string;
  /** Centre of the word on the page, as fractions of its width and height. */
  cx: number;
  cy: number;
}

export interface ScannedPage {
  png: Buffer;
  /** The same pixels as 8-bit grey, row by row. */
  grey: Uint8Array;
  width: number;
  height: number;
  words: DrawnWord[];
}

const LINES = [
  'Rubric for the final essay in History 204, spring term',
  'Thesis: the essay states a clear and arguable claim in its opening paragraph.',
  'Evidence: each claim is supported by at least two primary sources, cited in full.',
  'Analysis: sources are interpreted rather than summarised, and their bias is weighed.',
  'Structure: paragraphs follow from one another and each has a single purpose.',
  'Counterargument: the strongest objection is stated fairly and answered.',
  'Style: sentences are concise, the register is formal, and jargon is explained.',
  'Mechanics: spelling, grammar and punctuation rarely distract the reader.',
  'Citations follow the Chicago manual, with footnotes and a bibliography.',
  'Length: between 2500 and 3000 words, excluding notes and bibliography.',
  'Grades: excellent work earns 90 points or more; good work earns 75 to 89.',
  'Adequate work earns 60 to 74 points; anything below 60 must be revised.',
  'Late essays lose five points for every day past the deadline of 14 May.',
  'Markers write a short comment on the strengths and one thing to improve.',
  'Appeals are made in writing to the course convenor within ten days.',
];

export function knownText(): string {
  return LINES.join('\n');
}

/**
 * The page, optionally turned a further quarter turn clockwise (`quarterTurns` × 90°) as a sideways-fed scan would be;
 * drawn positions are given on the page as it is then shown.
 */
export function scannedPage(options: { quarterTurns?: 0 | 1; seed?: number } = {}): ScannedPage {
  const dpi = 200;
  const pageW = Math.round(8.27 * dpi);
  const pageH = Math.round(11.69 * dpi);
  const sideways = options.quarterTurns === 1;
  const width = sideways ? pageH : pageW;
  const height = sideways ? pageW : pageH;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  // The page's own frame: turned a quarter when sideways, then the 0.6° skew about the page's centre.
  const skew = (0.6 * Math.PI) / 180;
  const turn = sideways ? Math.PI / 2 : 0;
  ctx.translate(width / 2, height / 2);
  ctx.rotate(turn + skew);
  ctx.translate(-pageW / 2, -pageH / 2);
  ctx.fillStyle = '#111111';
  const fontPx = Math.round((11 / 72) * dpi); // 11 pt
  ctx.font = `${fontPx}px "DejaVu Serif", "Liberation Serif", serif`;
  ctx.textBaseline = 'alphabetic';
  const words: DrawnWord[] = [];
  const cos = Math.cos(turn + skew);
  const sin = Math.sin(turn + skew);
  let y = Math.round(1.1 * dpi);
  for (const line of LINES) {
    let x = Math.round(1.0 * dpi);
    for (const word of line.split(' ')) {
      ctx.fillText(word, x, y);
      const m = ctx.measureText(word);
      // Centre of the word in page coordinates, then through the same turn onto the image.
      const px = x + m.width / 2 - pageW / 2;
      const py = y - fontPx * 0.35 - pageH / 2;
      words.push({
        text: word,
        cx: (px * cos - py * sin + width / 2) / width,
        cy: (px * sin + py * cos + height / 2) / height,
      });
      x += m.width + ctx.measureText(' ').width;
    }
    y += Math.round(fontPx * 1.9);
  }
  // Gaussian noise (Box–Muller), sigma 18 grey levels, seeded; pixel access must not go through the page's turn.
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const image = ctx.getImageData(0, 0, width, height);
  const random = seeded(options.seed ?? 46);
  const px = image.data;
  for (let i = 0; i < px.length; i += 4) {
    const g = gaussian(random, 18);
    for (let c = 0; c < 3; c++) px[i + c] = Math.max(0, Math.min(255, px[i + c]! + g));
  }
  ctx.putImageData(image, 0, 0);
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < grey.length; i++) grey[i] = px[i * 4]!;
  return { png: canvas.toBuffer('image/png'), grey, width, height, words };
}

/** Lower-cased words with the punctuation tesseract may attach or drop stripped. */
export function normalizedWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, ''))
    .filter(Boolean);
}

/** Share of the known words found, in order-free multiset terms (each read word matches at most one known word). */
export function wordsFound(known: string, read: string): number {
  const pool = new Map<string, number>();
  for (const w of normalizedWords(read)) pool.set(w, (pool.get(w) ?? 0) + 1);
  const expected = normalizedWords(known);
  let found = 0;
  for (const w of expected) {
    const left = pool.get(w) ?? 0;
    if (left > 0) {
      found++;
      pool.set(w, left - 1);
    }
  }
  return found / expected.length;
}

/**
 * A little-endian, uncompressed 8-bit grey TIFF with one IFD per frame, written by hand (utif2 writes only one);
 * a frame is its pixels, or one grey level throughout.
 */
export function multiPageTiff(
  frames: { width: number; height: number; grey: number | Uint8Array; orientation?: number }[],
): Buffer {
  const parts: Buffer[] = [];
  const header = Buffer.alloc(8);
  header.write('II', 0, 'ascii');
  header.writeUInt16LE(42, 2);
  header.writeUInt32LE(8, 4);
  parts.push(header);
  let offset = 8;
  frames.forEach((f, i) => {
    const tags: [number, number][] = [
      [256, f.width],
      [257, f.height],
      [258, 8],
      [259, 1],
      [262, 1],
      [273, 0],
      ...(f.orientation ? [[274, f.orientation] as [number, number]] : []),
      [277, 1],
      [278, f.height],
      [279, f.width * f.height],
    ];
    const ifdSize = 2 + tags.length * 12 + 4;
    const dataOffset = offset + ifdSize;
    const next = i < frames.length - 1 ? dataOffset + f.width * f.height : 0;
    const ifd = Buffer.alloc(ifdSize);
    ifd.writeUInt16LE(tags.length, 0);
    tags.forEach(([tag, value], t) => {
      const at = 2 + t * 12;
      ifd.writeUInt16LE(tag, at);
      ifd.writeUInt16LE(4, at + 2); // LONG
      ifd.writeUInt32LE(1, at + 4);
      ifd.writeUInt32LE(tag === 273 ? dataOffset : value, at + 8);
    });
    ifd.writeUInt32LE(next, ifdSize - 4);
    const pixels = typeof f.grey === 'number' ? Buffer.alloc(f.width * f.height, f.grey) : Buffer.from(f.grey);
    parts.push(ifd, pixels);
    offset = dataOffset + f.width * f.height;
  });
  return Buffer.concat(parts);
}

/** A4 in PDF points. */
export const A4 = { width: 595.28, height: 841.89 };

/**
 * A PDF whose pages are given in order: a string is a page of real text (a text layer, drawn with pdf-lib's
 * Helvetica), a scan is an image-only page covering the whole page, as a scanner's PDF is (an A4 page turned
 * landscape for a scan wider than it is high, as a sideways-fed page comes out).
 */
export async function pdfOfPages(pages: (string | ScannedPage)[]): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const content of pages) {
    const landscape = typeof content !== 'string' && content.width > content.height;
    const [width, height] = landscape ? [A4.height, A4.width] : [A4.width, A4.height];
    const page = doc.addPage([width, height]);
    if (typeof content === 'string') {
      content.split('\n').forEach((line, i) => page.drawText(line, { x: 72, y: 760 - i * 18, size: 11, font }));
    } else {
      const image = await doc.embedPng(content.png);
      page.drawImage(image, { x: 0, y: 0, width, height });
    }
  }
  return Buffer.from(await doc.save());
}

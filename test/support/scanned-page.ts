/**
 * A generated scan for OCR tests: an A4 page of known text drawn at 200 dpi with @napi-rs/canvas, turned 0.6° about
 * its centre with seeded Gaussian noise, as a scanner would give it. Returns the PNG and where each word was drawn, in
 * fractions of the page (origin top left), so tests can score both the words read and their boxes.
 */
import { createCanvas } from '@napi-rs/canvas';

export interface DrawnWord {
  text: string;
  /** Centre of the word on the page, as fractions of its width and height. */
  cx: number;
  cy: number;
}

export interface ScannedPage {
  png: Buffer;
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

/** Mulberry32: a small seeded generator, so the noise is the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
    const g = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random()) * 18;
    for (let c = 0; c < 3; c++) px[i + c] = Math.max(0, Math.min(255, px[i + c]! + g));
  }
  ctx.putImageData(image, 0, 0);
  return { png: canvas.toBuffer('image/png'), width, height, words };
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

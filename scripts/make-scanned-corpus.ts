/**
 * Makes the scanned corpus in test/fixtures/scanned/ from the structured-text corpus (test/fixtures/corpus, made by
 * scripts/make-corpus.py), by hand (never in CI): `npx tsx scripts/make-scanned-corpus.ts`. Deterministic: the same
 * source and seed give the same files.
 *
 * The recipe, as a scanner gives a printed page (issue 46):
 *   1. each page of rubric.pdf rendered at 200 dpi by the pdf.js inside unpdf onto @napi-rs/canvas, in grey;
 *   2. turned 0.6° clockwise about the page's centre (bilinear), the corners left white;
 *   3. Gaussian noise added to every pixel, σ = NOISE_SIGMA grey levels, from a Mulberry32 generator seeded with
 *      SEED (Box–Muller), clipped to 0–255;
 *   4. saved as: rubric-scan.pdf (every page, image-only: a JPEG of quality 75 filling each A4 page, no text layer),
 *      rubric-scan.tiff (two frames: page 1, and page 1 fed sideways — the scan turned a quarter clockwise —
 *      each frame a JPEG of quality 75 as its strip),
 *      rubric-scan-p1.png (page 1, 8-bit grey, lossless) and rubric-scan-p1.jpg (page 1, JPEG quality 75).
 *
 * expected.json says, per file, which source file and pages it holds, the words and table rows to find (copied from
 * the source's expectations in test/fixtures/corpus/expected.json, which make-corpus.py writes from its source
 * content, never from reading a scan back: the whole document for the PDF, `first_page` once for each page that
 * holds page 1) and `boxes`: where text was drawn on each scanned page, from the source PDF's own text items put
 * through the same 200 dpi scale and 0.6° turn (fractions of the page, origin top left), to check citation boxes.
 */
import { writeFileSync, readFileSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import jpeg from 'jpeg-js';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { getDocumentProxy } from 'unpdf';
import { openPdfPages } from '../activities/parsing/ocr/pdf-pages';
import { rotate } from '../activities/parsing/ocr/raster';
import { gaussian, seeded } from '../test/support/seeded-noise';

const SOURCE_DIR = join(__dirname, '../test/fixtures/corpus');
const OUT = join(__dirname, '../test/fixtures/scanned');
const SOURCE = 'rubric.pdf';
const DPI = 200;
const SKEW_DEGREES = 0.6;
const NOISE_SIGMA = 8;
const SEED = 46;
const JPEG_QUALITY = 75;

interface Grey {
  width: number;
  height: number;
  data: Uint8Array;
}

function rgbaOf(grey: Grey): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(grey.width * grey.height * 4);
  for (let i = 0, p = 0; i < grey.data.length; i++, p += 4) {
    rgba[p] = rgba[p + 1] = rgba[p + 2] = grey.data[i]!;
    rgba[p + 3] = 255;
  }
  return rgba;
}

/** Turned `SKEW_DEGREES` clockwise about the centre, then noise from `random`. */
function scan(page: Grey, random: () => number): Grey {
  const { width, height } = page;
  const source = createCanvas(width, height);
  const sctx = source.getContext('2d');
  const image = sctx.createImageData(width, height);
  image.data.set(rgbaOf(page));
  sctx.putImageData(image, 0, 0);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingEnabled = true;
  ctx.translate(width / 2, height / 2);
  ctx.rotate((SKEW_DEGREES * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  ctx.drawImage(source, 0, 0);
  const turned = ctx.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) {
    const g = gaussian(random, NOISE_SIGMA);
    data[i] = Math.max(0, Math.min(255, Math.round(turned[i * 4]! + g)));
  }
  return { width, height, data };
}

function png(page: Grey): Buffer {
  const out = new PNG({ width: page.width, height: page.height, colorType: 0, inputColorType: 0, bitDepth: 8 });
  out.data = Buffer.from(page.data);
  return PNG.sync.write(out, { colorType: 0, inputColorType: 0, inputHasAlpha: false });
}

function jpg(page: Grey): Buffer {
  const encoded = jpeg.encode(
    { width: page.width, height: page.height, data: Buffer.from(rgbaOf(page).buffer) },
    JPEG_QUALITY,
  );
  return encoded.data;
}

/**
 * A little-endian TIFF, one IFD per frame, each frame one strip holding a whole JPEG stream (compression 7, "new
 * style" JPEG, as scanners write multi-page TIFFs): the JPEG of quality 75 the single-page JPEG file has too.
 */
function tiff(frames: { width: number; height: number; jpeg: Buffer }[]): Buffer {
  const SHORT = 3;
  const LONG = 4;
  const parts: Buffer[] = [];
  const header = Buffer.alloc(8);
  header.write('II', 0, 'ascii');
  header.writeUInt16LE(42, 2);
  header.writeUInt32LE(8, 4);
  parts.push(header);
  let offset = 8;
  frames.forEach((f, i) => {
    // Tag, type, values; BitsPerSample's three values do not fit in the entry and follow the IFD.
    const tags: [number, number, number[]][] = [
      [256, LONG, [f.width]],
      [257, LONG, [f.height]],
      [258, SHORT, [8, 8, 8]],
      [259, SHORT, [7]], // JPEG
      [262, SHORT, [6]], // YCbCr, as jpeg-js writes it
      [273, LONG, [0]], // the strip's offset, filled below
      [277, SHORT, [3]],
      [278, LONG, [f.height]],
      [279, LONG, [f.jpeg.length]],
    ];
    const ifdSize = 2 + tags.length * 12 + 4;
    const bitsAt = offset + ifdSize;
    const dataOffset = bitsAt + 6 + 2;
    const end = dataOffset + f.jpeg.length + (f.jpeg.length % 2);
    const ifd = Buffer.alloc(ifdSize + 8);
    ifd.writeUInt16LE(tags.length, 0);
    tags.forEach(([tag, type, values], t) => {
      const at = 2 + t * 12;
      ifd.writeUInt16LE(tag, at);
      ifd.writeUInt16LE(type, at + 2);
      ifd.writeUInt32LE(values.length, at + 4);
      if (tag === 258) ifd.writeUInt32LE(bitsAt, at + 8);
      else if (tag === 273) ifd.writeUInt32LE(dataOffset, at + 8);
      else if (type === SHORT) ifd.writeUInt16LE(values[0]!, at + 8);
      else ifd.writeUInt32LE(values[0]!, at + 8);
    });
    ifd.writeUInt32LE(i < frames.length - 1 ? end : 0, ifdSize - 4);
    [8, 8, 8].forEach((v, k) => ifd.writeUInt16LE(v, ifdSize + 2 * k));
    parts.push(ifd, f.jpeg);
    if (f.jpeg.length % 2) parts.push(Buffer.alloc(1)); // the next IFD starts on a word boundary
    offset = end;
  });
  return Buffer.concat(parts);
}

async function imagePdf(pages: Buffer[], size: { width: number; height: number }): Promise<Buffer> {
  const doc = await PDFDocument.create();
  // Fixed dates and producer: the same pages give the same bytes.
  doc.setCreationDate(new Date('2026-11-27T00:00:00Z'));
  doc.setModificationDate(new Date('2026-11-27T00:00:00Z'));
  doc.setProducer('scripts/make-scanned-corpus.ts');
  doc.setCreator('scripts/make-scanned-corpus.ts');
  for (const bytes of pages) {
    const page = doc.addPage([size.width, size.height]);
    const image = await doc.embedJpg(bytes);
    page.drawImage(image, { x: 0, y: 0, width: size.width, height: size.height });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

interface DrawnText {
  page: number;
  text: string;
  /** Where the text was drawn on the scanned page: fractions of the page, origin top left. */
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The source PDF's text items on each page, put through the scan's scale and turn: the axis-aligned box around the
 * turned item, from its ascent (0.8 of the font size over the baseline) to its descent (0.2 under).
 */
async function drawnText(bytes: Uint8Array): Promise<{ items: DrawnText[]; pages: number; view: number[] }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 } as Parameters<typeof getDocumentProxy>[1]);
  const items: DrawnText[] = [];
  let view: number[] = [];
  const angle = (SKEW_DEGREES * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    view = page.view;
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    const width = x1 - x0;
    const height = y1 - y0;
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [, , , d, e, f] = item.transform as number[];
      const size = Math.abs(d!);
      // Corners in fractions of the unturned page, origin top left.
      const left = (e! - x0) / width;
      const right = (e! + item.width - x0) / width;
      const top = (y1 - (f! + 0.8 * size)) / height;
      const bottom = (y1 - (f! - 0.2 * size)) / height;
      // Turned about the centre in pixels (the page is not square: turn in pixel units, then back to fractions).
      const turned = [
        [left, top],
        [right, top],
        [left, bottom],
        [right, bottom],
      ].map(([u, v]) => {
        const px = (u! - 0.5) * width;
        const py = (v! - 0.5) * height;
        return [(px * cos - py * sin) / width + 0.5, (px * sin + py * cos) / height + 0.5] as const;
      });
      const xs = turned.map((p) => p[0]);
      const ys = turned.map((p) => p[1]);
      const round = (v: number) => Math.round(v * 1e5) / 1e5;
      items.push({
        page: n,
        text: item.str.trim(),
        x: round(Math.min(...xs)),
        y: round(Math.min(...ys)),
        w: round(Math.max(...xs) - Math.min(...xs)),
        h: round(Math.max(...ys) - Math.min(...ys)),
      });
    }
    page.cleanup();
  }
  const pages = pdf.numPages;
  await pdf.destroy();
  return { items, pages, view };
}

/** A drawn box on a page turned a quarter clockwise: (u, v) of the page becomes (1 − v, u) of the page as shown. */
function quarterTurned(item: DrawnText): DrawnText {
  return { ...item, x: Math.round((1 - (item.y + item.h)) * 1e5) / 1e5, y: item.x, w: item.h, h: item.w };
}

interface SourceExpected {
  words: string[];
  rows: string[][];
  first_page?: { words: string[]; rows: string[][] };
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const bytes = readFileSync(join(SOURCE_DIR, SOURCE));
  const source = (
    JSON.parse(readFileSync(join(SOURCE_DIR, 'expected.json'), 'utf8')) as Record<string, SourceExpected>
  )[SOURCE]!;
  if (!source.first_page) throw new Error('expected.json has no first_page for rubric.pdf: run make-corpus.py');
  const drawn = await drawnText(bytes);
  const random = seeded(SEED);
  const scans: Grey[] = [];
  const pdfPages = await openPdfPages(new Uint8Array(bytes));
  try {
    for (let n = 1; n <= drawn.pages; n++) {
      const { raster, dpi } = await pdfPages.render(n);
      if (dpi !== DPI) throw new Error(`page ${n} rendered at ${dpi} dpi`);
      scans.push(scan(raster, random));
    }
  } finally {
    await pdfPages.close();
  }
  const [x0, y0, x1, y1] = drawn.view as [number, number, number, number];
  const jpegs = scans.map(jpg);
  // The TIFF: page 1 as scanned, then page 1 fed sideways (the scan turned a quarter clockwise), for orientation.
  const sideways = rotate(scans[0]!, 90);
  const frames = [
    { width: scans[0]!.width, height: scans[0]!.height, jpeg: jpegs[0]! },
    { width: sideways.width, height: sideways.height, jpeg: jpg(sideways) },
  ];
  // Each file: its bytes, and the source page and quarter turn of each of its pages.
  const files: Record<string, { data: Buffer; pages: { source: number; turn: 0 | 90 }[] }> = {
    'rubric-scan.pdf': {
      data: await imagePdf(jpegs, { width: x1 - x0, height: y1 - y0 }),
      pages: scans.map((_, i) => ({ source: i + 1, turn: 0 })),
    },
    'rubric-scan.tiff': {
      data: tiff(frames),
      pages: [
        { source: 1, turn: 0 },
        { source: 1, turn: 90 },
      ],
    },
    'rubric-scan-p1.png': { data: png(scans[0]!), pages: [{ source: 1, turn: 0 }] },
    'rubric-scan-p1.jpg': { data: jpegs[0]!, pages: [{ source: 1, turn: 0 }] },
  };
  const expected: Record<string, unknown> = {};
  for (const [name, { data, pages }] of Object.entries(files)) {
    writeFileSync(join(OUT, name), data);
    // Every page of the source once: the whole document's expectations; else page 1's, once per page that holds it.
    const whole = pages.length === drawn.pages && pages.every((p, i) => p.source === i + 1);
    const want = whole ? [source] : pages.map(() => source.first_page!);
    expected[name] = {
      source: SOURCE,
      pages: pages.map((p) => p.source),
      turns: pages.map((p) => p.turn),
      words: want.flatMap((w) => w.words),
      rows: want.flatMap((w) => w.rows),
      // Where text was drawn, on each page of this file (its own page numbers), as shown.
      boxes: pages.flatMap((p, i) =>
        drawn.items
          .filter((item) => item.page === p.source)
          .map((item) => (p.turn === 90 ? quarterTurned(item) : item))
          .map((item) => ({ ...item, page: i + 1 })),
      ),
    };
  }
  const recipe = {
    dpi: DPI,
    skew_degrees: SKEW_DEGREES,
    noise_sigma: NOISE_SIGMA,
    seed: SEED,
    jpeg_quality: JPEG_QUALITY,
  };
  writeFileSync(join(OUT, 'expected.json'), `${JSON.stringify({ recipe, files: expected }, null, 1)}\n`);
  for (const name of [...Object.keys(files), 'expected.json']) {
    console.error(`${name}\t${statSync(join(OUT, name)).size} bytes`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

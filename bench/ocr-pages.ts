/**
 * The pages of the OCR bench (bench/ocr.ts): the committed scanned corpus of issue 46 with its scorer (part 1), and
 * the image-only PDF part 2 uploads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { openPdfPages } from '../activities/parsing/ocr/pdf-pages';
import { decodePage, encodePng, type ImageType } from '../activities/parsing/ocr/raster';
import { loadScannedCorpus, SCANNED_DIR, scoreScannedFile, type ScannedExpected } from '../test/support/ocr-scores';
import { A4, type ScannedPage } from '../test/support/scanned-page';

/** A page: the image the Tesseract command line reads (the page as the sandbox decodes or renders it). */
export interface BenchPage {
  name: string;
  png: Buffer;
}

/** A file as it is uploaded (what the sandbox reads), its pages in order, and what it should read. */
export interface BenchFile {
  name: string;
  mime: string;
  bytes: Buffer;
  pages: BenchPage[];
  want: ScannedExpected;
}

/** How well a file was read (test/support/ocr-scores.ts): words found (0–1), and table rows kept of its rows. */
export interface FileScore {
  words: number;
  rowsKept: number;
  rows: number;
}

const CORPUS_TYPES: Record<string, { mime: string; image?: ImageType }> = {
  pdf: { mime: 'application/pdf' },
  tiff: { mime: 'image/tiff', image: 'image/tiff' },
  png: { mime: 'image/png', image: 'image/png' },
  jpg: { mime: 'image/jpeg', image: 'image/jpeg' },
};

/**
 * The files part 1 reads: the committed scanned corpus (test/fixtures/scanned), each page
 * also as a PNG for the command line, decoded (an image's pages) or rendered at 200 dpi (a PDF's) by the sandbox's
 * own code, so both readers get the same pixels.
 */
export async function benchFiles(): Promise<BenchFile[]> {
  const corpus = loadScannedCorpus();
  const files: BenchFile[] = [];
  for (const [name, want] of Object.entries(corpus.files)) {
    const type = CORPUS_TYPES[name.slice(name.lastIndexOf('.') + 1)];
    if (!type) throw new Error(`the scanned corpus holds ${name}, of a type the bench does not know`);
    const bytes = readFileSync(join(SCANNED_DIR, name));
    const pages: BenchPage[] = [];
    const pdf = type.image ? null : await openPdfPages(new Uint8Array(bytes));
    try {
      for (let n = 1; n <= want.pages.length; n++) {
        const raster = type.image ? await decodePage(bytes, type.image, n) : (await pdf!.render(n)).raster;
        pages.push({ name: `${name} page ${n}`, png: encodePng(raster) });
      }
    } finally {
      await pdf?.close();
    }
    files.push({ name, mime: type.mime, bytes, pages, want });
  }
  return files;
}

/** A file's pages as read, scored as the corpus test scores them (the command line's without positions). */
export function scoreFile(file: BenchFile, texts: string[]): FileScore {
  const scores = scoreScannedFile(
    file.want,
    texts.map((text, i) => ({ page: i + 1, text })),
  );
  return { words: scores.words, rowsKept: scores.rowsKept, rows: scores.rows };
}

/** An image-only PDF, a scan per page stored as a JPEG of quality 75 (as scanners write them), each page filled. */
export async function imageOnlyPdf(scans: ScannedPage[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (const scan of scans) {
    const canvas = createCanvas(scan.width, scan.height);
    const ctx = canvas.getContext('2d');
    const image = ctx.createImageData(scan.width, scan.height);
    for (let i = 0; i < scan.grey.length; i++) {
      image.data[i * 4] = image.data[i * 4 + 1] = image.data[i * 4 + 2] = scan.grey[i]!;
      image.data[i * 4 + 3] = 255;
    }
    ctx.putImageData(image, 0, 0);
    const jpeg = await doc.embedJpg(canvas.toBuffer('image/jpeg', 75));
    const [width, height] = scan.width > scan.height ? [A4.height, A4.width] : [A4.width, A4.height];
    doc.addPage([width, height]).drawImage(jpeg, { x: 0, y: 0, width, height });
  }
  return Buffer.from(await doc.save());
}

/**
 * The OCR engine (activities/parsing/ocr/engine.ts) on generated 200 dpi scans (test/support/scanned-page.ts):
 * words read, where their boxes land, a sideways page, JPEG EXIF orientation, and that nothing touches the network.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import {
  boxOnShownPage,
  createOcrEngine,
  ocrLanguages,
  type OcrEngine,
  type OcrPage,
} from '../../../activities/parsing/ocr/engine';
import { decodePages, MAX_PAGE_PIXELS } from '../../../activities/parsing/ocr/raster';
import {
  knownText,
  multiPageTiff,
  normalizedWords,
  scannedPage,
  wordsFound,
  type ScannedPage,
} from '../../support/scanned-page';

jest.setTimeout(180_000);

const textOf = (page: OcrPage) => page.paragraphs.map((p) => p.text).join('\n');

/** Words drawn once on the page, each paired with the read word of the same text nearest to where it was drawn. */
function boxMisses(scan: ScannedPage, read: OcrPage): { checked: number; far: string[] } {
  const counts = new Map<string, number>();
  for (const w of scan.words) for (const n of normalizedWords(w.text)) counts.set(n, (counts.get(n) ?? 0) + 1);
  const readWords = read.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words));
  let checked = 0;
  const far: string[] = [];
  for (const drawn of scan.words) {
    const [key] = normalizedWords(drawn.text);
    if (!key || counts.get(key) !== 1) continue;
    const same = readWords.filter((w) => normalizedWords(w.text)[0] === key);
    if (same.length === 0) continue;
    checked++;
    const off = Math.min(
      ...same.map((w) =>
        Math.max(Math.abs(w.box.x + w.box.w / 2 - drawn.cx), Math.abs(w.box.y + w.box.h / 2 - drawn.cy)),
      ),
    );
    if (off > 0.02) far.push(`${drawn.text} off by ${off.toFixed(3)}`);
  }
  return { checked, far };
}

describe('OCR engine offline', () => {
  // The upright page is read once, in a child process where every network call throws (test/support/
  // offline-preload.ts): the engine must read it from packaged data alone.
  it('reads a skewed, noisy 200 dpi scan, with the network blocked, its words where they were drawn', () => {
    const scan = scannedPage();
    const dir = mkdtempSync(join(tmpdir(), 'assay-ocr-offline-'));
    let result: { workerFetch: string; engine: string; read: OcrPage };
    let attempts: string[];
    try {
      const png = join(dir, 'page.png');
      writeFileSync(png, scan.png);
      const support = join(__dirname, '..', '..', 'support');
      const preload = ['--require', require.resolve('tsx/cjs'), '--require', join(support, 'offline-preload.ts')];
      const child = spawnSync(process.execPath, [...preload, join(support, 'ocr-offline-child.ts'), png], {
        encoding: 'utf8',
      });
      expect(child.status).toBe(0);
      // Only the probe's own attempt: nothing in the engine even tried, and swallowed the refusal.
      attempts = child.stderr.split('\n').filter((l) => l.startsWith('NETWORK ATTEMPT'));
      const out = child.stdout;
      result = JSON.parse(out.trim().split('\n').pop()!) as typeof result;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // The block reaches the worker threads tesseract.js runs in.
    expect(result.workerFetch).toMatch(/network is blocked/);
    expect(attempts).toEqual(['NETWORK ATTEMPT: fetch']);
    const read = result.read;
    expect(result.engine).toMatch(/^tesseract\.js \d+\.\d+\.\d+ \(eng\)$/);
    expect(read.rotation).toBe(0);
    expect(wordsFound(knownText(), textOf(read))).toBeGreaterThanOrEqual(0.95);
    expect(read.confidence).toBeGreaterThan(70);
    // Lines come out as drawn: the first line of the page is the rubric's title.
    expect(read.paragraphs[0]!.lines[0]!.text).toMatch(/^Rubric for the final essay/);
    const { checked, far } = boxMisses(scan, read);
    expect(checked).toBeGreaterThan(80);
    expect(far).toEqual([]);
  });
});

describe('OCR engine', () => {
  let engine: OcrEngine;
  beforeAll(async () => {
    engine = await createOcrEngine({ languages: ocrLanguages(undefined) });
  });
  afterAll(async () => {
    await engine.close();
  });

  it('turns a sideways scan upright and still gives boxes on the page as shown', async () => {
    const scan = scannedPage({ quarterTurns: 1 });
    const [page] = await decodePages(scan.png, 'image/png');
    const read = await engine.recognize(page!, { dpi: 200 });
    expect(read.rotation).toBe(270);
    expect([read.width, read.height]).toEqual([scan.width, scan.height]);
    expect(wordsFound(knownText(), textOf(read))).toBeGreaterThanOrEqual(0.95);
    const { checked, far } = boxMisses(scan, read);
    expect(checked).toBeGreaterThan(80);
    expect(far).toEqual([]);
  });
});

describe('OCR page images', () => {
  /** A JPEG with an EXIF APP1 segment (little-endian TIFF) carrying only Orientation. */
  function jpegWithOrientation(width: number, height: number, orientation: number): Buffer {
    const rgba = Buffer.alloc(width * height * 4, 255);
    // A dark block in the top-left corner of the stored pixels, to see where it lands.
    for (let y = 0; y < 10; y++)
      for (let x = 0; x < 20; x++) rgba.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
    const encoded = jpeg.encode({ data: rgba, width, height }, 90).data;
    const tiff = Buffer.from([
      0x49,
      0x49,
      0x2a,
      0x00,
      0x08,
      0x00,
      0x00,
      0x00, // II, 42, IFD at 8
      0x01,
      0x00, // one entry
      0x12,
      0x01,
      0x03,
      0x00,
      0x01,
      0x00,
      0x00,
      0x00,
      orientation,
      0x00,
      0x00,
      0x00, // Orientation, SHORT, 1
      0x00,
      0x00,
      0x00,
      0x00, // no next IFD
    ]);
    const payload = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
    const app1 = Buffer.concat([
      Buffer.from([0xff, 0xe1]),
      Buffer.from([(payload.length + 2) >> 8, (payload.length + 2) & 0xff]),
      payload,
    ]);
    return Buffer.concat([encoded.subarray(0, 2), app1, encoded.subarray(2)]);
  }

  it('turns a JPEG the way its EXIF orientation says a viewer shows it', async () => {
    const [shown] = await decodePages(jpegWithOrientation(64, 32, 6), 'image/jpeg');
    expect([shown!.width, shown!.height]).toEqual([32, 64]);
    // Orientation 6: shown turned 90° clockwise, so the stored top-left corner is now at the top right.
    expect(shown!.data[2 * 32 + 29]).toBeLessThan(60);
    expect(shown!.data[2 * 32 + 2]).toBeGreaterThan(200);
  });

  it('reads each frame of a multi-page TIFF as a page, turned by its Orientation tag', async () => {
    const tiff = multiPageTiff([
      { width: 40, height: 20, grey: 30 },
      { width: 30, height: 50, grey: 220, orientation: 6 },
    ]);
    const pages = await decodePages(tiff, 'image/tiff');
    expect(pages.map((p) => [p.width, p.height])).toEqual([
      [40, 20],
      [50, 30],
    ]);
    expect(pages[0]!.data[0]).toBe(30);
    expect(pages[1]!.data[0]).toBe(220);
  });

  it('refuses a page over the pixel limit before decoding it', async () => {
    const header = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header);
    header.writeUInt32BE(13, 8);
    header.write('IHDR', 12, 'ascii');
    header.writeUInt32BE(10_000, 16);
    header.writeUInt32BE(Math.ceil(MAX_PAGE_PIXELS / 10_000) + 1, 20);
    await expect(decodePages(header, 'image/png')).rejects.toMatchObject({ code: 'file_unprocessable' });
  });

  it('maps boxes read on a page turned upright back onto the page as shown', () => {
    const box = { x0: 10, y0: 20, x1: 30, y1: 25 }; // on a 100 × 50 upright raster
    expect(boxOnShownPage(box, 100, 50, 0)).toEqual({ x: 0.1, y: 0.4, w: 0.2, h: 0.1 });
    // Read after a 90° clockwise turn: the shown page is 50 wide, 100 high.
    expect(boxOnShownPage(box, 100, 50, 90)).toEqual({ x: 0.4, y: 0.7, w: 0.1, h: 0.2 });
    expect(boxOnShownPage(box, 100, 50, 180)).toEqual({ x: 0.7, y: 0.5, w: 0.2, h: 0.1 });
    expect(boxOnShownPage(box, 100, 50, 270)).toEqual({ x: 0.5, y: 0.1, w: 0.1, h: 0.2 });
  });

  it('takes only installed languages from OCR_LANGUAGES', () => {
    expect(ocrLanguages(undefined)).toEqual(['eng']);
    expect(ocrLanguages('eng')).toEqual(['eng']);
    expect(() => ocrLanguages('eng+zzz')).toThrow(/@tesseract\.js-data\/zzz/);
    expect(() => ocrLanguages('../eng')).toThrow(/not a Tesseract language code/);
    expect(() => ocrLanguages('osd')).toThrow(/orientation data/);
  });
});

/**
 * The OCR engine (docs/decisions.md 390, 392): tesseract.js (Tesseract compiled to WebAssembly, run in a worker thread)
 * with its language data from the `@tesseract.js-data/<lang>` npm packages. Reads one upright-or-not page raster
 * (raster.ts) into words with boxes, grouped into lines and paragraphs. Nothing is fetched at run time: the core is
 * `require`d from `tesseract.js-core`, the language data is read from the package directory (tesseract.js only goes
 * to its CDN when `langPath` is unset or a URL), and images are always passed as bytes, never as URLs.
 *
 * Boxes are fractions of the page as a viewer shows it (EXIF applied), origin top left, even
 * when the engine read the page turned upright: a highlight must land on the page the user sees.
 */
import { dirname, join } from 'node:path';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { downscale, encodePng, rotate, type Raster, type Rotation } from './raster';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface OcrWord {
  text: string;
  /** 0–100, the engine's own word confidence. */
  confidence: number;
  box: Box;
}

export interface OcrLine {
  text: string;
  box: Box;
  words: OcrWord[];
}

export interface OcrParagraph {
  text: string;
  box: Box;
  lines: OcrLine[];
}

export interface OcrPage {
  /** The page as shown, in pixels. */
  width: number;
  height: number;
  /** Clockwise turn the engine applied to read the page upright. */
  rotation: Rotation;
  /** Mean word confidence, 0–100; 0 for a page without words. */
  confidence: number;
  paragraphs: OcrParagraph[];
}

export interface OcrEngine {
  /** e.g. `tesseract.js 7.0.0 (eng)`: what the run manifest records. */
  readonly name: string;
  recognize(page: Raster, options?: { dpi?: number }): Promise<OcrPage>;
  close(): Promise<void>;
}

/** The language data variant: the LSTM-only "best_int" models, the ones tesseract.js itself defaults to. */
const DATA_VARIANT = '4.0.0_best_int';
const LANGUAGE = /^[a-z]{3}(_[a-z]+)?$/;
/**
 * Orientation detection reads a copy downscaled to about this long a side at most: at half of a 200 dpi page (11 pt
 * text ~15 px high) its confidence fell from ~25 to ~2 and once to no answer (measured), so 200 dpi is read whole.
 */
const OSD_SIDE = 2400;
/** Below this OSD orientation confidence the page is read as it is (a clear page scores 20–30). */
const OSD_MIN_CONFIDENCE = 2;

/** `OCR_LANGUAGES` (`eng`, `eng+fra` or `eng,fra`) to tesseract language codes, each checked as installed. */
export function ocrLanguages(value: string | undefined): string[] {
  const languages = (value ?? 'eng')
    .split(/[+,\s]+/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (languages.length === 0) return ['eng'];
  for (const language of languages) {
    // Orientation data, packaged like a language but not one that reads text.
    if (language === 'osd') throw new Error('OCR language "osd" is orientation data, not a language to read');
    languageDataDir(language);
  }
  return languages;
}

/** The directory holding `<lang>.traineddata.gz` inside its npm package; throws when the package is not installed. */
export function languageDataDir(language: string): string {
  if (!LANGUAGE.test(language)) throw new Error(`OCR language "${language}" is not a Tesseract language code`);
  let packageJson: string;
  try {
    packageJson = require.resolve(`@tesseract.js-data/${language}/package.json`);
  } catch {
    throw new Error(`OCR language "${language}" is not installed: add the npm package @tesseract.js-data/${language}`);
  }
  const dir = join(dirname(packageJson), DATA_VARIANT);
  if (!existsSync(join(dir, `${language}.traineddata.gz`))) {
    throw new Error(`OCR language package @tesseract.js-data/${language} has no ${DATA_VARIANT} data`);
  }
  return dir;
}

/** The options every worker is created with: local data only, no cache written next to the process. */
export function workerOptions(language: string): Parameters<typeof createWorker>[2] {
  return { langPath: languageDataDir(language), cacheMethod: 'none', gzip: true };
}

/**
 * The one `langPath` tesseract.js takes for all the worker's languages. Each language sits in its own package, so
 * several are gathered as links in a private temporary directory; one is read straight from its package.
 */
function languagePath(languages: string[]): string {
  if (languages.length === 1) return languageDataDir(languages[0]!);
  const dir = mkdtempSync(join(tmpdir(), 'assay-ocr-lang-'));
  for (const code of languages) {
    symlinkSync(join(languageDataDir(code), `${code}.traineddata.gz`), join(dir, `${code}.traineddata.gz`));
  }
  return dir;
}

type Bbox = { x0: number; y0: number; x1: number; y1: number };

/**
 * A box read on the upright raster (`uw`×`uh` pixels) to fractions of the page as shown, which the engine turned
 * clockwise by `rotation` to read it.
 */
export function boxOnShownPage(b: Bbox, uw: number, uh: number, rotation: Rotation): Box {
  const u0 = b.x0 / uw;
  const u1 = b.x1 / uw;
  const v0 = b.y0 / uh;
  const v1 = b.y1 / uh;
  let x0: number, x1: number, y0: number, y1: number;
  if (rotation === 90) [x0, x1, y0, y1] = [v0, v1, 1 - u1, 1 - u0];
  else if (rotation === 180) [x0, x1, y0, y1] = [1 - u1, 1 - u0, 1 - v1, 1 - v0];
  else if (rotation === 270) [x0, x1, y0, y1] = [1 - v1, 1 - v0, u0, u1];
  else [x0, x1, y0, y1] = [u0, u1, v0, v1];
  const round = (n: number) => Math.round(n * 1e5) / 1e5;
  return { x: round(x0), y: round(y0), w: round(x1 - x0), h: round(y1 - y0) };
}

/**
 * tesseract.js's OSD `orientation_degrees` is the clockwise turn that sets the page upright (measured: a page turned
 * 90° clockwise is reported as 270).
 */
function uprightTurn(orientationDegrees: number | null): Rotation {
  return orientationDegrees === 90 || orientationDegrees === 180 || orientationDegrees === 270 ? orientationDegrees : 0;
}

export async function createOcrEngine(options: { languages?: string[] } = {}): Promise<OcrEngine> {
  const languages = options.languages ?? ['eng'];
  for (const language of languages) languageDataDir(language);
  const langPath = languagePath(languages);
  let worker: Worker;
  try {
    worker = await createWorker(languages, OEM.LSTM_ONLY, { ...workerOptions(languages[0]!), langPath });
  } finally {
    // The worker holds the data once initialised; a gathered directory of links is not needed past that.
    if (languages.length > 1) rmSync(langPath, { recursive: true, force: true });
  }
  // OSD data is legacy-engine only; its own small worker, started on first need.
  let osd: Promise<Worker> | undefined;
  const osdWorker = () =>
    (osd ??= createWorker('osd', OEM.TESSERACT_ONLY, { ...workerOptions('osd'), legacyCore: true, legacyLang: true }));
  const version = (require('tesseract.js/package.json') as { version: string }).version;

  return {
    name: `tesseract.js ${version} (${languages.join('+')})`,
    async recognize(page, { dpi } = {}) {
      const factor = Math.max(1, Math.floor(Math.max(page.width, page.height) / OSD_SIDE));
      const small = downscale(page, factor);
      const orienter = await osdWorker();
      if (dpi) await orienter.setParameters({ user_defined_dpi: String(Math.round(dpi / factor)) });
      const detected = await orienter.detect(encodePng(small));
      const confident = (detected.data.orientation_confidence ?? 0) >= OSD_MIN_CONFIDENCE;
      const rotation = confident ? uprightTurn(detected.data.orientation_degrees) : 0;
      const upright = rotate(page, rotation);
      await worker.setParameters({
        tessedit_pageseg_mode: PSM.AUTO,
        ...(dpi ? { user_defined_dpi: String(dpi) } : {}),
      });
      const { data } = await worker.recognize(encodePng(upright), {}, { blocks: true, text: false });
      const map = (b: Bbox) => boxOnShownPage(b, upright.width, upright.height, rotation);
      const paragraphs: OcrParagraph[] = [];
      const confidences: number[] = [];
      for (const block of data.blocks ?? []) {
        for (const paragraph of block.paragraphs) {
          const lines: OcrLine[] = [];
          for (const line of paragraph.lines) {
            const words = line.words
              .filter((w) => w.text.trim() !== '')
              .map((w) => ({ text: w.text, confidence: Math.round(w.confidence * 10) / 10, box: map(w.bbox) }));
            if (words.length === 0) continue;
            confidences.push(...words.map((w) => w.confidence));
            lines.push({ text: words.map((w) => w.text).join(' '), box: map(line.bbox), words });
          }
          if (lines.length > 0) {
            paragraphs.push({ text: lines.map((l) => l.text).join('\n'), box: map(paragraph.bbox), lines });
          }
        }
      }
      const mean = confidences.length ? confidences.reduce((a, b) => a + b, 0) / confidences.length : 0;
      return {
        width: page.width,
        height: page.height,
        rotation,
        confidence: Math.round(mean * 10) / 10,
        paragraphs,
      };
    },
    async close() {
      await Promise.all([worker.terminate(), osd?.then((w) => w.terminate())]);
    },
  };
}

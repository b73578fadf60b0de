/**
 * The page-image section of `npm run bench` (issue 57): how long a page takes to draw as the
 * worker draws it — a child process of the page-image sandbox per page (its start, reading the original, pdf.js or
 * the image decoder, the PNG) — beside pdf.js's own time for the same page in this process, in the same run: the
 * same pages drawn by `openPdfPages().image` (pdf.js onto @napi-rs/canvas, then the PNG) and by pdf.js's
 * `page.render` alone onto a canvas of the same size (no PNG). So the difference is what the sandbox costs.
 * Pages: a text PDF page (A4, the scanned corpus's known text), the same page as a 200 dpi scan in an image-only PDF,
 * and a page of 100,000 × 100,000 points; each at 1200 pixels across (the default), BENCH_PAGE_RUNS times (5),
 * medians reported. Needs no stack. Run alone with `npx tsx bench/page-images.ts`.
 * Knobs (env): BENCH_PAGE_RUNS (5), BENCH_OUT (bench/RESULTS.md).
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocumentProxy } from 'unpdf';
import { renderPageInSandbox } from '../activities/parsing/page-image';
import { openPdfPages } from '../activities/parsing/ocr/pdf-pages';
import { hostilePdf } from '../test/support/hostile-pages';
import { knownText, pdfOfPages, scannedPage } from '../test/support/scanned-page';
import { writeSection } from './sections';

const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 5);
const OUT = process.env.BENCH_OUT ?? join(__dirname, 'RESULTS.md');
const HEADING = '## Page images (issue 57): the page-image section of `npm run bench`';
const WIDTH = 1200;
/** The worker's limits for a page (OCR's defaults: OCR_PAGE_TIMEOUT_S 60, OCR_MEMORY_MB 1024). */
const LIMITS = { timeoutMs: 60_000, maxMemoryMb: 1024 };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => `${Math.round(n)} ms`;

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** pdf.js alone: the page drawn onto a canvas `WIDTH` pixels across, nothing encoded. */
async function pdfjsRender(bytes: Buffer): Promise<void> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false } as never);
  try {
    const page = await pdf.getPage(1);
    const viewport = page.getViewport({ scale: WIDTH / page.getViewport({ scale: 1 }).width });
    const canvas = createCanvas(Math.floor(viewport.width + 1e-6), Math.floor(viewport.height + 1e-6));
    await page.render({ canvas, canvasContext: canvas.getContext('2d'), viewport } as never).promise;
  } finally {
    await pdf.destroy();
  }
}

async function main(): Promise<void> {
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ');
  const loadBefore = load();
  const scan = scannedPage();
  const pages: { name: string; bytes: Buffer }[] = [
    { name: 'text PDF page (A4, 15 lines)', bytes: await pdfOfPages([knownText()]) },
    { name: 'scanned PDF page (200 dpi image, A4)', bytes: await pdfOfPages([scan]) },
    {
      name: 'a page of 100,000 × 100,000 points',
      bytes: await hostilePdf([{ kind: 'size', width: 1e5, height: 1e5 }]),
    },
  ];
  const rows: string[] = [];
  for (const { name, bytes } of pages) {
    const sandbox: number[] = [];
    const wrapped: number[] = [];
    const pdfjs: number[] = [];
    let size = '';
    for (let i = 0; i < RUNS; i++) {
      sandbox.push(
        await timed(async () => {
          const out = await renderPageInSandbox(bytes, { mimeType: 'application/pdf', page: 1, width: WIDTH }, LIMITS);
          if (!out.rendered) throw new Error(`${name}: ${out.reason}`);
          size = `${out.width} × ${out.height}, ${Math.round(out.png.length / 1024)} KB`;
        }),
      );
      wrapped.push(
        await timed(async () => {
          const pdf = await openPdfPages(new Uint8Array(bytes));
          try {
            await pdf.image(1, WIDTH, () => undefined);
          } finally {
            await pdf.close();
          }
        }),
      );
      pdfjs.push(await timed(() => pdfjsRender(bytes)));
    }
    rows.push(`| ${name} | ${size} | ${ms(median(sandbox))} | ${ms(median(wrapped))} | ${ms(median(pdfjs))} |`);
    process.stderr.write(`[pages] ${name} done\n`);
  }
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: join(__dirname, '..'), encoding: 'utf8' });
  const body = [
    `Run ${new Date().toISOString()} at ${commit.stdout.trim()}, ${cpus().length} CPUs, load average ${loadBefore} ` +
      `before and ${load()} after; medians of ${RUNS} runs each, pages ${WIDTH} pixels across (docs/decisions.md 680).`,
    '',
    '| page | PNG | through the page-image sandbox (what the worker pays) | pdf.js + PNG in this process | pdf.js `page.render` alone |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    "The sandbox's column is a child process per page (Node's start and the renderer's modules), the original read " +
      'from stdin, the drawing and the PNG; the middle column is the same drawing and PNG in this process; the last is ' +
      "pdf.js's own drawing onto the canvas, nothing encoded.",
  ];
  process.stdout.write(`${HEADING}\n\n${body.join('\n')}\n`);
  writeSection(OUT, HEADING, body);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

/**
 * The OCR section of `npm run bench` (issue 46), in two parts:
 *   1. scanned pages through the parsing sandbox as the worker runs it (a child process per file, its OCR page
 *      limits; activities/parsing/sandbox.ts): seconds a page on this machine (goal ≤ 5 s), the child's peak resident
 *      memory as the sandbox's watchdog sampled it, words found (and table rows kept, when the pages' scorer counts
 *      them); then the same pages through Tesseract's command line where the machine has it (`tesseract`, with
 *      `/usr/bin/time` for its peak memory), scored alike;
 *   2. a BENCH_OCR_PAGES-page (50) image-only PDF uploaded and completed through the real API and worker, while
 *      another account creates a test-mode run every BENCH_OCR_RUN_EVERY_S (2) seconds, each timed from creation to
 *      `succeeded` (goal: each within 10 s).
 * Part 1 reads the committed scanned corpus (test/fixtures/scanned: an image-only PDF, a two-frame TIFF with a
 * sideways frame, a PNG and a JPEG) and scores each file by test/support/ocr-scores.ts, the rules of its test
 * (the engine and Tesseract's command line alike); part 2's pages are generated scans (test/support/scanned-page.ts:
 * 200 dpi, turned 0.6°, seeded noise), JPEG (quality 75) pages of an image-only PDF.
 * Prints a Markdown section and writes it into BENCH_OUT (bench/RESULTS.md) in place of its last one
 * (bench/sections.ts). A part that fails prints its error in the section; the other still runs.
 * Knobs (env): BENCH_OCR_PAGES (50), BENCH_OCR_RUN_EVERY_S (2), BENCH_OUT, BENCH_MONGODB_DB (assay_bench_ocr),
 * BENCH_S3_BUCKET (assay-bench), BENCH_NAMESPACE (assay-bench-ocr), BENCH_PORT (the API's; any free port if unset).
 * Run alone with `npx tsx bench/ocr.ts`; needs the local stack (started if missing).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractInSandbox, OCR_DEFAULTS } from '../activities/parsing/sandbox';
import { knownText, scannedPage, wordsFound } from '../test/support/scanned-page';
import { benchFiles, imageOnlyPdf, scoreFile, type BenchFile, type FileScore } from './ocr-pages';
import { startBenchProduct } from './product';
import { writeSection } from './sections';

const SCAN_PAGES = Number(process.env.BENCH_OCR_PAGES ?? 50);
const RUN_EVERY_MS = Number(process.env.BENCH_OCR_RUN_EVERY_S ?? 2) * 1000;
const OUT = process.env.BENCH_OUT ?? join(__dirname, 'RESULTS.md');
const HEADING = '## OCR (issue 46): the OCR section of `npm run bench`';
const PAGE_GOAL_S = 5;
const RUN_GOAL_S = 10;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
/**
 * CPU seconds (user + system) of this process's children that have ended and been waited for, with their own
 * children: a sandbox child once it has exited, a `tesseract` command once it has. Unlike wall time it hardly moves
 * with what else the shared machine runs.
 */
const childCpuSeconds = () => {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / CLK_TCK; // cutime and cstime: fields 16 and 17 of the line
};
/**
 * `childCpuSeconds` once the children that ended have been reaped: the sandbox settles its outcome before Node reaps
 * the child it killed, so this waits for the figure to move past `before` and then hold still (at most 10 s).
 */
async function settledChildCpu(before: number): Promise<number> {
  let last = childCpuSeconds();
  for (let waited = 0; waited < 10_000; waited += 250) {
    await sleep(250);
    const now = childCpuSeconds();
    if (now > before && now === last) return now;
    last = now;
  }
  return last;
}
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

// ---- Part 1: the sandbox and the Tesseract command line on the same pages ----

interface FileRow {
  file: BenchFile;
  seconds: number;
  /** CPU seconds of the sandbox child (its engine's worker threads included). */
  cpu: number;
  /** Seconds from the first page read to the last: the pages after the first, the engine already started. */
  afterFirst: number | null;
  peakMb: number;
  score: FileScore;
  cli: { seconds: number; cpu: number; peakMb: number | null; score: FileScore } | null;
  error?: string;
}

async function sandboxPart(files: BenchFile[], dir: string): Promise<FileRow[]> {
  const tesseract = spawnSync('tesseract', ['--version'], { encoding: 'utf8' });
  const hasCli = !tesseract.error && tesseract.status === 0;
  const rows: FileRow[] = [];
  for (const file of files) {
    const pageDone: number[] = [];
    const started = performance.now();
    const cpuBefore = childCpuSeconds();
    const result = await extractInSandbox(
      file.bytes,
      { filename: file.name, declaredMime: file.mime },
      {},
      {
        ...OCR_DEFAULTS,
        onPage: async () => {
          pageDone.push(performance.now());
        },
      },
    );
    const seconds = (performance.now() - started) / 1000;
    const row: FileRow = {
      file,
      seconds,
      cpu: (await settledChildCpu(cpuBefore)) - cpuBefore,
      afterFirst: pageDone.length > 1 ? (pageDone.at(-1)! - pageDone[0]!) / 1000 : null,
      peakMb: result.peak_rss_mb,
      score: scoreFile(
        file,
        file.pages.map((_, i) => result.sections[i]?.text ?? ''),
      ),
      cli: null,
    };
    if (!result.extracted) row.error = `${result.code ?? 'not extracted'}: ${result.reason ?? ''}`;
    if (hasCli) {
      let cliSeconds = 0;
      const cliCpuBefore = childCpuSeconds();
      let cliPeak: number | null = null;
      const texts: string[] = [];
      for (const page of file.pages) {
        const png = join(dir, 'page.png');
        const timeOut = join(dir, 'time.txt');
        writeFileSync(png, page.png);
        // --psm 1: automatic page segmentation with orientation detection, as the engine reads a page. One thread
        // (OMP_THREAD_LIMIT=1), as the sandbox reads one page on one.
        const args = [png, '-', '--dpi', '200', '--psm', '1', '-l', 'eng'];
        const timed = existsSync('/usr/bin/time');
        const t0 = performance.now();
        const cli = timed
          ? spawnSync('/usr/bin/time', ['-f', '%M', '-o', timeOut, 'tesseract', ...args], {
              encoding: 'utf8',
              env: { ...process.env, OMP_THREAD_LIMIT: '1' },
            })
          : spawnSync('tesseract', args, { encoding: 'utf8', env: { ...process.env, OMP_THREAD_LIMIT: '1' } });
        cliSeconds += (performance.now() - t0) / 1000;
        if (timed) {
          const kb = Number(readFileSync(timeOut, 'utf8').trim().split('\n').at(-1));
          if (Number.isFinite(kb)) cliPeak = Math.max(cliPeak ?? 0, kb / 1024);
        }
        texts.push(cli.stdout ?? '');
      }
      row.cli = {
        seconds: cliSeconds,
        cpu: childCpuSeconds() - cliCpuBefore,
        peakMb: cliPeak,
        score: scoreFile(file, texts),
      };
    }
    rows.push(row);
  }
  return rows;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const scoreCell = (score: FileScore) => `${f(score.words, 3)} | ${score.rowsKept} of ${score.rows}`;
const rowsKept = (scores: FileScore[]) => {
  const kept = scores.reduce((n, s) => n + s.rowsKept, 0);
  const rows = scores.reduce((n, s) => n + s.rows, 0);
  return `${kept} of ${rows} (${f((100 * kept) / rows, 0)} %)`;
};

function sandboxSection(rows: FileRow[], cliVersion: string | null): string[] {
  const pages = rows.reduce((n, r) => n + r.file.pages.length, 0);
  const all = rows.reduce((n, r) => n + r.seconds, 0);
  const peak = Math.max(...rows.map((r) => r.peakMb));
  const cliRows = rows.filter((r) => r.cli);
  const cliAll = cliRows.reduce((n, r) => n + r.cli!.seconds, 0);
  const cliPeaks = cliRows.map((r) => r.cli!.peakMb).filter((m): m is number => m !== null);
  const perPage = all / pages;
  return [
    `### 1. ${pages} scanned pages through the parsing sandbox, and through Tesseract's command line`,
    '',
    'Sandbox: a child process per file with its OCR limits (60 s and 1,024 MB a page), the engine (tesseract.js, its',
    'LSTM and orientation workers) started in each, as the worker runs it; seconds are the file from bytes to text,',
    "the engine start included; CPU seconds are the child's own (and its threads'), from `/proc/self/stat`'s",
    "cutime and cstime, which the machine's load hardly moves. The files are the committed scanned corpus",
    '(test/fixtures/scanned); words found and table rows kept (a row kept when one pipe-table line holds its cells in',
    "order) are the file's, by test/support/ocr-scores.ts as its test scores them; the command line writes no pipe",
    'tables, so it keeps no rows by that rule. Tesseract',
    `command line: ${cliVersion ?? 'not on this machine'}${cliVersion ? ', `--psm 1 --dpi 200 -l eng`, one thread (`OMP_THREAD_LIMIT=1`), a process per page, the same page as PNG; peak memory from `/usr/bin/time`' : ''}.`,
    '',
    '| file | pages | sandbox s/page | sandbox CPU s/page | sandbox peak MB | words found | table rows | CLI s/page | CLI CPU s/page | CLI peak MB | CLI words found | CLI table rows |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const n = r.file.pages.length;
      const after = r.afterFirst === null ? '' : ` (${f(r.afterFirst / (n - 1))} after the first)`;
      const cli = r.cli
        ? `${f(r.cli.seconds / n)} | ${f(r.cli.cpu / n)} | ${r.cli.peakMb === null ? '—' : f(r.cli.peakMb, 0)} | ${scoreCell(r.cli.score)}`
        : 'not on this machine | — | — | — | —';
      const failed = r.error ? ` — NOT extracted: ${r.error.replace(/\|/g, '\\|')}` : '';
      return `| ${r.file.name}${failed} | ${n} | ${f(r.seconds / n)}${after} | ${f(r.cpu / n)} | ${f(r.peakMb, 0)} | ${scoreCell(r.score)} | ${cli} |`;
    }),
    '',
    '| measure | goal | sandbox | Tesseract command line |',
    '|---|---|---|---|',
    `| seconds per page, all ${pages} pages | ≤ ${PAGE_GOAL_S} s | ${f(perPage, 2)} s (${perPage <= PAGE_GOAL_S ? 'met' : 'NOT met'}) | ${cliRows.length ? `${f(cliAll / pages, 2)} s` : 'not on this machine'} |`,
    `| CPU seconds per page (user + system, engine start included) | — | ${f(rows.reduce((n, r) => n + r.cpu, 0) / pages, 2)} s | ${cliRows.length ? `${f(cliRows.reduce((n, r) => n + r.cli!.cpu, 0) / pages, 2)} s` : '—'} |`,
    `| peak resident memory | — | ${f(peak, 0)} MB (the sandbox's cap while reading a page: 1,024 MB) | ${cliPeaks.length ? `${f(Math.max(...cliPeaks), 0)} MB` : '—'} |`,
    `| words found, mean over the files | ≥ 0.95 | ${f(mean(rows.map((r) => r.score.words)), 3)} | ${cliRows.length ? f(mean(cliRows.map((r) => r.cli!.score.words)), 3) : '—'} |`,
    `| table rows kept, all files | ≥ 80 % | ${rowsKept(rows.map((r) => r.score))} | ${cliRows.length ? rowsKept(cliRows.map((r) => r.cli!.score)) : '—'} |`,
    '',
  ];
}

// ---- Part 2: a long scan through the API and worker, and another account's runs meanwhile ----

interface LongScan {
  bytes: number;
  generateSeconds: number;
  uploadSeconds: number;
  seconds: number;
  doc: Record<string, unknown>;
  words: number[];
  runs: { ms: number; status: string }[];
}

async function longScanPart(): Promise<LongScan> {
  const t0 = performance.now();
  const scans = Array.from({ length: SCAN_PAGES }, (_, i) => scannedPage({ seed: 1000 + i }));
  const pdf = await imageOnlyPdf(scans);
  scans.length = 0;
  const generateSeconds = (performance.now() - t0) / 1000;

  const product = await startBenchProduct({
    database: process.env.BENCH_MONGODB_DB ?? 'assay_bench_ocr',
    namespace: process.env.BENCH_NAMESPACE ?? 'assay-bench-ocr',
    bucket: process.env.BENCH_S3_BUCKET,
    port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
  });
  const { call, upload } = product;
  const account = () => product.testKey();

  try {
    // The other account: a workflow and a typed document, ready before the scan starts.
    const other = await account();
    const wf = (await call('POST', '/workflows', other, { product_code: 'general_evaluation', name: 'bench' })).body
      .id as string;
    const essay = await upload(
      other,
      Buffer.from('# An essay\n\nIts argument, in one line.\n'),
      'essay.md',
      'text/markdown',
    );
    await call('POST', `/documents/${essay.id}/complete`, other);

    const scanner = await account();
    const u0 = performance.now();
    const scan = await upload(scanner, pdf, 'scanned-minutes.pdf', 'application/pdf');
    const uploadSeconds = (scan.putAt - u0) / 1000;
    const started = performance.now();
    let finished = false;
    const completing = (async () => {
      for (;;) {
        const res = await call('POST', `/documents/${scan.id}/complete`, scanner);
        if (res.status === 200) return res.body;
      }
    })().finally(() => (finished = true));

    // Meanwhile: a test-mode run of the other account every RUN_EVERY_MS, each timed to its final status.
    const runs: Promise<{ ms: number; status: string }>[] = [];
    while (!finished) {
      runs.push(
        (async () => {
          const began = performance.now();
          try {
            const run = await call('POST', `/workflows/${wf}/runs`, other, {
              input_documents: [essay.id],
              mode: 'async',
            });
            for (;;) {
              const now = (await call('GET', `/runs/${run.body.id as string}`, other)).body;
              if (!['queued', 'running'].includes(now.status as string)) {
                return { ms: performance.now() - began, status: now.status as string };
              }
              await sleep(100);
            }
          } catch (err) {
            return { ms: performance.now() - began, status: `error (${describe(err)})` };
          }
        })(),
      );
      await Promise.race([sleep(RUN_EVERY_MS), completing.catch(() => undefined)]);
    }
    const doc = await completing;
    const seconds = (performance.now() - started) / 1000;
    const settled = await Promise.all(runs);
    const text = doc.extracted
      ? ((await call('GET', `/documents/${scan.id}/text`, scanner)).body.sections as { text: string }[])
      : [];
    return {
      bytes: pdf.length,
      generateSeconds,
      uploadSeconds,
      seconds,
      doc,
      words: text.map((s) => wordsFound(knownText(), s.text)),
      runs: settled,
    };
  } finally {
    await product.stop();
  }
}

function longScanSection(r: LongScan): string[] {
  const ms = r.runs.map((x) => x.ms).sort((a, b) => a - b);
  const p95 = ms[Math.ceil(ms.length * 0.95) - 1] ?? NaN;
  const max = ms.at(-1) ?? NaN;
  const failed = r.runs.filter((x) => x.status !== 'succeeded').length;
  const within = r.runs.filter((x) => x.status === 'succeeded' && x.ms <= RUN_GOAL_S * 1000).length;
  const pages = Number(r.doc.ocr_pages ?? 0);
  return [
    `### 2. A ${SCAN_PAGES}-page scanned PDF through the API and worker, and another account's runs meanwhile`,
    '',
    `An image-only PDF of ${SCAN_PAGES} generated scans (each page its own noise; JPEG quality 75; ${f(r.bytes / 1e6)} MB,`,
    `made in ${f(r.generateSeconds)} s, uploaded in ${f(r.uploadSeconds)} s) is completed by one account (\`complete\` called`,
    `again while it answers 202); meanwhile another account creates a test-mode run over a typed document every`,
    `${f(RUN_EVERY_MS / 1000, 0)} s, each timed from its creation to its final status. One worker process, its default extraction slots.`,
    '',
    '| measure | goal | measured |',
    '|---|---|---|',
    `| the scan: extracted, pages read by OCR | all ${SCAN_PAGES} | ${r.doc.extracted ? 'extracted' : `NOT extracted (${JSON.stringify(r.doc.extraction_error)})`}, ocr_pages ${pages} of page_count ${String(r.doc.page_count)} (${r.doc.extracted && pages === SCAN_PAGES ? 'met' : 'NOT met'}) |`,
    r.doc.extracted
      ? `| the scan: from the first \`complete\` to extracted | — | ${f(r.seconds)} s, ${f(r.seconds / SCAN_PAGES, 2)} s a page |`
      : `| the scan: from the first \`complete\` to its outcome (not extracted) | — | ${f(r.seconds)} s |`,
    `| the scan: words found per page | ≥ 0.95 | ${r.words.length ? `mean ${f(mean(r.words), 3)}, min ${f(Math.min(...r.words), 3)}` : '—'} |`,
    `| the other account's test-mode runs meanwhile, each to \`succeeded\` | each ≤ ${RUN_GOAL_S} s | ${r.runs.length} runs, ${within} succeeded within ${RUN_GOAL_S} s${failed ? `, ${failed} not succeeded` : ''}; p50 ${f((ms[Math.floor(ms.length / 2)] ?? NaN) / 1000, 2)} s, p95 ${f(p95 / 1000, 2)} s, max ${f(max / 1000, 2)} s (${within === r.runs.length && r.runs.length > 0 ? 'met' : 'NOT met'}) |`,
    '',
  ];
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const loadBefore = load();
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: join(__dirname, '..'),
    encoding: 'utf8',
  }).stdout.trim();
  const cliVersion = spawnSync('tesseract', ['--version'], { encoding: 'utf8' }).stdout?.split('\n')[0]?.trim() || null;
  const body: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'assay-bench-ocr-'));
  try {
    try {
      body.push(...sandboxSection(await sandboxPart(await benchFiles(), dir), cliVersion));
    } catch (err) {
      body.push('### 1. Scanned pages through the parsing sandbox', '', `FAILED: ${describe(err)}`, '');
    }
    process.stderr.write(`[ocr] part 1 done, load average ${load()}\n`);
    try {
      body.push(...longScanSection(await longScanPart()));
    } catch (err) {
      body.push(
        `### 2. A ${SCAN_PAGES}-page scanned PDF through the API and worker`,
        '',
        `FAILED: ${describe(err)}`,
        '',
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const intro = [
    `\`bench/ocr.ts\` on commit \`${commit}\`, ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
      `${cpus().length} cores; load average (1, 5, 15 min) ${loadBefore} at the start, ${load()} at the end ` +
      "(the machine is shared: other sessions' work runs beside it).",
    '',
  ];
  const lines = [...intro, ...body];
  process.stdout.write(`\n${HEADING}\n\n${lines.join('\n')}\n`);
  writeSection(OUT, HEADING, lines.slice(0, lines.at(-1) === '' ? -1 : undefined));
}

function describe(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').replace(/\|/g, '\\|').slice(0, 500);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

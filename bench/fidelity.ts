/**
 * The fidelity section of `npm run bench` (issue 43): this project's extraction and Microsoft's markitdown on the
 * same corpus (test/fixtures/corpus, made by LibreOffice and python-pptx), scored by the same rule
 * (test/support/fidelity.ts: words found, table rows kept on one line with their cells in order, headings marked,
 * speaker notes kept) with pages per second for each, in one run. markitdown (PyPI, pinned in
 * bench/markitdown/requirements.txt) is installed into `.venv-markitdown` the first time, as the tests install
 * LiteLLM. Both convert in-process, each file BENCH_FIDELITY_ROUNDS times (default 5), so pages per second measures
 * the converter, not a process start. Prints a Markdown section and writes it to BENCH_FIDELITY_OUT
 * (bench/FIDELITY.md), with the largest upload (a 50 MB, 1,000-page PDF) through the sandbox against its limits.
 * Not a test: nothing is asserted.
 * Run alone with `npx tsx bench/fidelity.ts`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extract, SANDBOX_DEFAULTS } from '../activities/parsing';
import { CORPUS_DIR, loadExpected, score, type Score } from '../test/support/fidelity';

const ROOT = join(__dirname, '..');
const VENV = join(ROOT, '.venv-markitdown');
const REQUIREMENTS = join(__dirname, 'markitdown', 'requirements.txt');
const STAMP = join(VENV, '.assay-requirements');
const ROUNDS = Number(process.env.BENCH_FIDELITY_ROUNDS ?? 5);
const OUT = process.env.BENCH_FIDELITY_OUT ?? join(__dirname, 'FIDELITY.md');

/** `BENCH_MARKITDOWN_PYTHON` names an interpreter that already has markitdown; else `.venv-markitdown`. */
function ensureVenv(): string {
  if (process.env.BENCH_MARKITDOWN_PYTHON) return process.env.BENCH_MARKITDOWN_PYTHON;
  const python = join(VENV, 'bin', 'python');
  const wanted = createHash('sha256').update(readFileSync(REQUIREMENTS)).digest('hex');
  if (existsSync(python) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === wanted) return python;
  if (!existsSync(python)) execFileSync('python3', ['-m', 'venv', VENV], { stdio: 'inherit' });
  console.error('[fidelity] installing markitdown into .venv-markitdown (a few minutes the first time)');
  execFileSync(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '-r', REQUIREMENTS], {
    stdio: 'inherit',
    timeout: 900_000,
  });
  writeFileSync(STAMP, wanted);
  return python;
}

/** markitdown over every file, ROUNDS times each, in one Python process: the text and seconds per conversion. */
function markitdown(python: string, files: string[]): Record<string, { text: string; seconds: number }> {
  const script = `
import json, sys, time
from markitdown import MarkItDown
md = MarkItDown()
rounds = int(sys.argv[1])
out = {}
for path in sys.argv[2:]:
    start = time.perf_counter()
    for _ in range(rounds):
        text = md.convert(path).text_content
    out[path] = {"text": text, "seconds": (time.perf_counter() - start) / rounds}
print(json.dumps(out))
`;
  const paths = files.map((f) => join(CORPUS_DIR, f));
  const stdout = execFileSync(python, ['-c', script, String(ROUNDS), ...paths], {
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const byPath = JSON.parse(stdout.toString('utf8')) as Record<string, { text: string; seconds: number }>;
  return Object.fromEntries(files.map((f, i) => [f, byPath[paths[i]!]!]));
}

async function ours(file: string): Promise<{ text: string; seconds: number; pages: number }> {
  const bytes = readFileSync(join(CORPUS_DIR, file));
  let text = '';
  let pages = 1;
  const start = process.hrtime.bigint();
  for (let r = 0; r < ROUNDS; r++) {
    // A copy each round: pdf.js takes the buffer it is given (transferred, left empty) for its worker.
    const result = await extract(new Uint8Array(bytes), { filename: file });
    text = result.sections.map((s) => s.text).join('\n\n');
    pages = result.page_count ?? 1;
  }
  return { text, pages, seconds: Number(process.hrtime.bigint() - start) / 1e9 / ROUNDS };
}

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const ratio = (kept: number, of: number) => (of === 0 ? '–' : `${kept}/${of}`);
const rate = (pages: number, seconds: number) => (seconds > 0 ? (pages / seconds).toFixed(1) : '–');

async function main(): Promise<void> {
  const expected = loadExpected();
  const files = Object.keys(expected);
  const python = ensureVenv();
  // Warm both converters once so that neither pays its imports inside the timing.
  await ours(files[0]!);
  const theirs = markitdown(python, files);
  const rows: string[] = [];
  for (const file of files) {
    const mine = await ours(file);
    const a: Score = score(expected[file]!, mine.text);
    const b: Score = score(expected[file]!, theirs[file]!.text);
    rows.push(
      `| ${file} | ${pct(a.words)} / ${pct(b.words)} | ${ratio(a.rowsKept, a.rows)} / ${ratio(b.rowsKept, b.rows)} | ` +
        `${ratio(a.headingsMarked, a.headings)} / ${ratio(b.headingsMarked, b.headings)} | ` +
        `${ratio(a.notesKept, a.notes)} / ${ratio(b.notesKept, b.notes)} | ` +
        `${rate(mine.pages, mine.seconds)} / ${rate(mine.pages, theirs[file]!.seconds)} |`,
    );
  }
  const large = largePdf();
  const version = execFileSync(python, ['-m', 'pip', 'show', 'markitdown'])
    .toString()
    .match(/^Version: (.+)$/m)?.[1];
  const section = [
    '## Fidelity: Assay / markitdown on the corpus',
    '',
    `Each cell: Assay / markitdown ${version ?? ''}. Words found (multiset recall of the source's words), table rows`,
    'kept (a row: one line, its cells in order), headings marked (`#`), speaker notes kept, pages per second (pages,',
    `slides or sheets; 1 for MD and CSV), the mean of ${ROUNDS} conversions in-process.`,
    '',
    '| file | words | rows | headings | notes | pages/s |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    large,
    '',
  ].join('\n');
  console.log(section);
  writeFileSync(OUT, section);
}

/**
 * The largest input the product takes, through the same sandbox (bench/large-pdf.ts, a process of its own so its peak
 * is the extraction's): a 50 MB, 1,000-page PDF, with the box map of every page, against the sandbox's limits.
 */
function largePdf(): string {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'large-pdf.ts')], {
    encoding: 'utf8',
    timeout: 300_000,
  });
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  if (run.status !== 0 || !line.startsWith('{')) return `The 50 MB PDF: not measured (${run.stderr.slice(-300)}).`;
  const r = JSON.parse(line) as {
    bytes: number;
    extracted: boolean;
    pages: number;
    seconds: number;
    sandboxPeakRssMb: number | null;
  };
  const { maxMemoryMb, timeoutMs } = SANDBOX_DEFAULTS;
  return (
    `The largest upload, a ${(r.bytes / 1048576).toFixed(1)} MiB PDF of ${r.pages} pages (bench/large-pdf.ts): ` +
    `${r.extracted ? 'extracted' : 'NOT extracted'} with its box map in ${r.seconds.toFixed(1)} s (deadline ` +
    `${timeoutMs / 1000} s), the sandbox's peak resident memory ${r.sandboxPeakRssMb?.toFixed(0) ?? '?'} MB of its ` +
    `${maxMemoryMb} MB cap.`
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

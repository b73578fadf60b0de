/**
 * The console section of `npm run bench` (issue 57): what a person's browser downloads on the console's first load
 * (compressed, as served; the budget is 200 KB), and how long the console takes to show a run with 20 citations —
 * beside, in the same run and browser, the floors: the API's own answer for that run (`GET /v1/runs/{id}` over
 * fetch) and Chromium showing a static page of 20 buttons from the same server. The run is a live run against the
 * model test server (test mode cites at most five passages), over a Markdown essay of 30 sentences, its answer
 * quoting 20 of them. Needs the stack (started if missing) and Debian's chromium. Run alone with
 * `npx tsx bench/console.ts`. Knobs (env): BENCH_CONSOLE_RUNS (7), BENCH_OUT (bench/RESULTS.md).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildConsole } from '../scripts/build-console';
import { findChromium } from '../test/support/chromium';
import { ModelServer } from '../test/support/model-server';
import { startBenchProduct, type BenchProduct } from './product';
import { writeSection } from './sections';

const RUNS = Number(process.env.BENCH_CONSOLE_RUNS ?? 7);
const OUT = process.env.BENCH_OUT ?? join(__dirname, 'RESULTS.md');
const HEADING = '## The console (issue 57): the console section of `npm run bench`';
const CITED = 20;
const FIRST_LOAD_BUDGET = 200 * 1024;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => `${Math.round(n)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const SENTENCES = Array.from(
  { length: 30 },
  (_, i) => `Paragraph ${i + 1} of the essay makes claim number ${i + 1} about street trees and summer shade.`,
);

/** The console's first load as served: the page, its script and its style, each as brotli (what Chromium asks for). */
async function firstLoad(origin: string): Promise<{ page: number; script: number; style: number }> {
  const sizeOf = async (path: string) => {
    const res = await fetch(`${origin}${path}`, { headers: { 'Accept-Encoding': 'br' } });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    // fetch decodes; the bytes on the wire are what the server sent, its Content-Length when it set one.
    const length = Number(res.headers.get('content-length'));
    const body = Buffer.from(await res.arrayBuffer());
    return Number.isFinite(length) && length > 0 ? length : body.length;
  };
  const manifest = JSON.parse(readFileSync(join(__dirname, '..', 'console', 'dist', 'manifest.json'), 'utf8')) as {
    script: string;
    style: string;
    sizes: Record<string, { br: number }>;
  };
  return {
    page: await sizeOf('/console'),
    script: manifest.sizes[manifest.script]!.br,
    style: manifest.sizes[manifest.style]!.br,
  };
}

/** A live run over a Markdown essay whose answer quotes 20 of its sentences; answers its id once it succeeded. */
async function runWithCitations(product: BenchProduct, model: ModelServer, liveKey: string): Promise<string> {
  const essay = Buffer.from(`# Street trees\n\n${SENTENCES.join(' ')}\n`);
  const doc = await product.upload(liveKey, essay, 'essay.md', 'text/markdown');
  for (;;) {
    const done = await product.call('POST', `/documents/${doc.id}/complete`, liveKey);
    if (done.status === 200) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const workflow = (
    await product.call('POST', '/workflows', liveKey, {
      product_code: 'general_evaluation',
      name: 'Console bench',
      output_schema: {
        type: 'object',
        properties: { score: { type: 'integer', minimum: 0, maximum: 10 } },
        required: ['score'],
        additionalProperties: false,
      },
    })
  ).body;
  model.enqueue({
    content: JSON.stringify({
      output: { score: 7 },
      evidence: SENTENCES.slice(0, CITED).map((quote, i) => ({
        criterion: `Claim ${i + 1}`,
        quote,
        document_id: doc.id,
        reference_chunk_id: null,
        insufficient_evidence: false,
      })),
    }),
  });
  const created = (
    await product.call('POST', `/workflows/${workflow.id as string}/runs`, liveKey, { input_documents: [doc.id] })
  ).body;
  let run = created;
  while (['queued', 'running'].includes(run.status as string)) {
    await new Promise((r) => setTimeout(r, 200));
    run = (await product.call('GET', `/runs/${created.id as string}`, liveKey)).body;
  }
  const citations = (run.citations as unknown[] | undefined)?.length ?? 0;
  if (run.status !== 'succeeded' || citations !== CITED)
    throw new Error(`the bench run ended ${String(run.status)} with ${citations} citations`);
  return created.id as string;
}

async function main(): Promise<void> {
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ');
  const loadBefore = load();
  const executablePath = findChromium();
  if (!executablePath) throw new Error('the console section needs chromium (apt-get install chromium)');
  await buildConsole();

  const model = new ModelServer();
  const modelUrl = await model.start();
  Object.assign(process.env, {
    MODEL_A_PROVIDER: 'openai',
    MODEL_A_BASE_URL: modelUrl,
    MODEL_A_API_KEY: 'bench-key',
    MODEL_A_MODEL: 'test-model-1',
  });
  const product = await startBenchProduct({ database: 'assay_bench_console', namespace: 'assay-bench-console' });
  const browser = await chromium.launch({ executablePath, args: ['--disable-dev-shm-usage'] });
  const floorServer = createServer((_req, res) => {
    const buttons = SENTENCES.slice(0, CITED)
      .map((s, i) => `<li><button class="citation">${i + 1}. ${s}</button></li>`)
      .join('');
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><title>floor</title><ol>${buttons}</ol>`);
  }).listen(0, '127.0.0.1');
  await once(floorServer, 'listening');
  try {
    const origin = product.base.replace(/\/v1$/, '');
    const bytes = await firstLoad(origin);

    const liveKey = await product.liveKey(100);
    const runId = await runWithCitations(product, model, liveKey);

    const api: number[] = [];
    const floor: number[] = [];
    const shown: number[] = [];
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${origin}/console`);
    await page.getByLabel('API key').fill(liveKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Runs' }).waitFor();
    const floorUrl = `http://127.0.0.1:${(floorServer.address() as AddressInfo).port}/`;
    for (let i = 0; i < RUNS; i++) {
      let began = performance.now();
      await product.call('GET', `/runs/${runId}`, liveKey);
      api.push(performance.now() - began);

      await page.goto('about:blank');
      began = performance.now();
      await page.goto(floorUrl);
      await page
        .locator('button.citation')
        .nth(CITED - 1)
        .waitFor();
      floor.push(performance.now() - began);

      await page.goto('about:blank');
      began = performance.now();
      await page.goto(`${origin}/console/runs/${runId}`);
      await page
        .locator('button.citation')
        .nth(CITED - 1)
        .waitFor();
      shown.push(performance.now() - began);
    }
    await context.close();

    const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: join(__dirname, '..'), encoding: 'utf8' });
    const total = bytes.page + bytes.script + bytes.style;
    const body = [
      `Run ${new Date().toISOString()} at ${commit.stdout.trim()}, ${cpus().length} CPUs, load average ${loadBefore} ` +
        `before and ${load()} after; medians of ${RUNS} loads each, Chromium at 1280 × 800.`,
      '',
      '| first load (brotli, as served) | bytes | budget |',
      '|---|---|---|',
      `| the page (/console) | ${kb(bytes.page)} | |`,
      `| script | ${kb(bytes.script)} | |`,
      `| style | ${kb(bytes.style)} | |`,
      `| **all** | **${kb(total)}** | ${kb(FIRST_LOAD_BUDGET)} (${total <= FIRST_LOAD_BUDGET ? 'met' : 'MISSED'}) |`,
      '',
      `| a run with ${CITED} citations | median | worst |`,
      '|---|---|---|',
      `| the API's answer for the run (\`GET /v1/runs/{id}\`, fetch) — floor | ${ms(median(api))} | ${ms(Math.max(...api))} |`,
      `| Chromium showing a static page of ${CITED} buttons — floor | ${ms(median(floor))} | ${ms(Math.max(...floor))} |`,
      `| the console showing the run, every citation listed (navigation to the last button) | ${ms(median(shown))} | ${ms(Math.max(...shown))} |`,
      '',
      "The console's time includes its script and style (cached after the first load, as for a person), the SDK's " +
        "call for the run and its document, and Preact's render; the floors are the API alone and the browser alone.",
    ];
    process.stdout.write(`${HEADING}\n\n${body.join('\n')}\n`);
    writeSection(OUT, HEADING, body);
  } finally {
    floorServer.close();
    await browser.close();
    await product.stop();
    await model.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

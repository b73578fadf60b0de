/**
 * The batch section of the benchmark (issue 47 "Done when"), in test mode against the
 * local stack (started if needed), with its own API (in this process) and worker (a child process):
 *   1. 1,000 individual runs created 50 at a time (each slot creates its next run once its last one is final);
 *   2. one 1,000-item batch with `max_concurrency` 50: how long creating it takes, its throughput against (1) (goal
 *      ≥ 0.9), the batch job's longest history (goal < 10,000 events);
 *   3. while that batch is half done, 20 single runs — 10 of another account, 10 of the same — each timed from
 *      creation to success (goal p95 < 5 s).
 * Not a test: it prints a table and writes it into bench/RESULTS.md as its own section, in place of its last figures
 * (BENCH_OUT to write elsewhere). `npx tsx bench/batches.ts [items]` (BENCH_BATCH_ITEMS, default 1000).
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { describeBatchHistory } from '../domain/jobs';
import { startBenchProduct } from './product';
import { writeSection } from './sections';

const ITEMS = Number(process.argv[2] ?? process.env.BENCH_BATCH_ITEMS ?? 1000);
const AT_ONCE = 50;
const NAMESPACE = 'assay-bench-batches';
const OUT = process.env.BENCH_OUT ?? join(__dirname, 'RESULTS.md');
const HEADING = '## Batches (issue 47): the batch section of `npm run bench`';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const product = await startBenchProduct({ database: 'assay_bench_batches', namespace: NAMESPACE });
  const call = async (method: string, path: string, token: string, body?: unknown) =>
    (await product.call(method, path, token, body)).body;
  /** A test-mode account with a workflow and a typed document to run it on. */
  const account = async () => {
    const key = await product.testKey();
    const wf = (await call('POST', '/workflows', key, { product_code: 'general_evaluation', name: 'bench' }))
      .id as string;
    const doc = await product.upload(
      key,
      Buffer.from('# An essay\n\nIts argument, in one line.\n'),
      'essay.md',
      'text/markdown',
    );
    await call('POST', `/documents/${doc.id}/complete`, key);
    return { key, wf, doc: doc.id };
  };
  const finalRun = async (key: string, id: string) => {
    for (;;) {
      const run = await call('GET', `/runs/${id}`, key);
      if (!['queued', 'running'].includes(run.status as string)) return run.status as string;
      await sleep(50);
    }
  };

  try {
    const a = await account();
    const b = await account();

    // 1. Individual runs, 50 at a time.
    let next = 0;
    const singlesStarted = performance.now();
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < ITEMS) {
          next++;
          const run = await call('POST', `/workflows/${a.wf}/runs`, a.key, {
            input_documents: [a.doc],
            mode: 'async',
          });
          await finalRun(a.key, run.id as string);
        }
      }),
    );
    const singlesPerS = ITEMS / ((performance.now() - singlesStarted) / 1000);

    // 2. One batch of the same size, 50 at a time, and 3. interactive runs while it is half done.
    const items = Array.from({ length: ITEMS }, (_, i) => ({ input_documents: [a.doc], external_id: `e${i}` }));
    const createStarted = performance.now();
    const batch = await call('POST', `/workflows/${a.wf}/batches`, a.key, { items, max_concurrency: AT_ONCE });
    const createMs = performance.now() - createStarted;
    let interactive: number[] = [];
    let status = batch.status as string;
    let halfway = false;
    while (!['succeeded', 'completed_with_failures', 'canceled'].includes(status)) {
      const now = await call('GET', `/batches/${batch.id as string}`, a.key);
      status = now.status as string;
      if (!halfway && (now.counts as { succeeded: number }).succeeded >= ITEMS / 2) {
        halfway = true;
        interactive = await Promise.all(
          [...Array.from({ length: 10 }, () => b), ...Array.from({ length: 10 }, () => a)].map(async (who) => {
            const began = performance.now();
            const run = await call('POST', `/workflows/${who.wf}/runs`, who.key, {
              input_documents: [who.doc],
              mode: 'async',
            });
            await finalRun(who.key, run.id as string);
            return performance.now() - began;
          }),
        );
      }
      await sleep(200);
    }
    const final = await call('GET', `/batches/${batch.id as string}`, a.key);
    const tookS =
      (new Date(final.finished_at as string).getTime() - new Date(final.created_at as string).getTime()) / 1000;
    const batchPerS = ITEMS / tookS;
    const history = await describeBatchHistory(product.temporal, batch.id as string);
    interactive.sort((x, y) => x - y);
    const p95 = interactive[Math.ceil(interactive.length * 0.95) - 1] ?? NaN;
    const rows = [
      ['batch throughput ÷ individual runs (50 at a time)', '≥ 0.9', `${(batchPerS / singlesPerS).toFixed(2)}`],
      ['  individual runs/s', '', singlesPerS.toFixed(1)],
      ['  batch items/s', '', `${batchPerS.toFixed(1)} (${final.status as string}, ${tookS.toFixed(1)} s)`],
      [`creating a ${ITEMS}-item batch`, '< 2 s', `${(createMs / 1000).toFixed(2)} s`],
      ["the batch job's longest history", '< 10,000 events', `${history.longest} events (${history.runs} runs)`],
      [
        '20 interactive runs at half way, p95',
        '< 5 s',
        `${(p95 / 1000).toFixed(2)} s (max ${((interactive.at(-1) ?? NaN) / 1000).toFixed(2)} s)`,
      ],
    ];
    const table = [
      `| batch section (${ITEMS} items) | goal | measured |`,
      '|---|---|---|',
      ...rows.map(([what, goal, value]) => `| ${what} | ${goal} | ${value} |`),
    ];
    process.stdout.write(`\n${table.join('\n')}\n`);
    // Into the report as its own section (bench/sections.ts): a run of this script alone replaces only it.
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
    writeSection(OUT, HEADING, [
      `Written by \`bench/batches.ts\` (a step of \`npm run bench\`) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
        `load average ${load} at the end; test mode, ${ITEMS} items. The ${ITEMS} individual runs and the ` +
        `${ITEMS}-item batch run in the same process against the same stack, one after the other.`,
      '',
      ...table,
    ]);
  } finally {
    await product.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

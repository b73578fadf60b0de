/**
 * The confidence section of the benchmark (issue 55 "Done when"): live runs against the
 * local model server answering every call after a fixed delay (DELAY_MS), first with a workflow judging once (k = 1),
 * then the same workflow judging k = 3 times. The k calls of a run are concurrent, so a run with k = 3 should take
 * about as long as one with k = 1 (goal: median wall time at most 1.2 ×), and its worker's CPU stay within 2 × (three
 * answers validated and a consensus, not three runs). Runs one at a time, after a warm-up run of each; the worker's
 * CPU is read from /proc around each phase. Not a test: it prints a table and writes it into bench/RESULTS.md as its
 * own section. `npx tsx bench/confidence.ts [runs]` (default 12 per phase).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { ModelServer } from '../test/support/model-server';
import { startBenchProduct } from './product';
import { writeSection } from './sections';

const RUNS = Number(process.argv[2] ?? process.env.BENCH_CONFIDENCE_RUNS ?? 12);
const DELAY_MS = 300;
const K = 3;
const OUT = process.env.BENCH_OUT ?? join(__dirname, 'RESULTS.md');
const HEADING = '## Confidence (issue 55): the confidence section of `npm run bench`';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const SCHEMA = {
  type: 'object',
  properties: {
    score: { type: 'integer', minimum: 1, maximum: 5 },
    label: { type: 'string', enum: ['weak', 'fair', 'strong'] },
    pass: { type: 'boolean' },
    summary: { type: 'string' },
  },
  required: ['score', 'label', 'pass', 'summary'],
  additionalProperties: false,
};
const CRITERIA = [
  { key: 'score', pointer: '/score', kind: 'ordinal', min: 1, max: 5 },
  { key: 'label', pointer: '/label', kind: 'categorical', labels: ['weak', 'fair', 'strong'] },
  { key: 'pass', pointer: '/pass', kind: 'boolean' },
];

/** CPU seconds of a process (its own and its reaped children's), from /proc. */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return [11, 12, 13, 14].reduce((sum, k) => sum + Number(stat[k]), 0) / 100;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main(): Promise<void> {
  const model = new ModelServer();
  // Each sample answers a little differently, so the consensus has something to do.
  model.responder = (_body, headers) => {
    const sample = Number(String(headers['x-assay-sample'] ?? '0').split('/')[0]);
    const output = { score: 3 + (sample % 2), label: 'fair', pass: sample !== 2, summary: `sample ${sample}` };
    return { content: JSON.stringify(output), delayMs: DELAY_MS };
  };
  const url = await model.start();
  Object.assign(process.env, {
    MODEL_A_PROVIDER: 'openai',
    MODEL_A_BASE_URL: url,
    MODEL_A_API_KEY: 'bench-key',
    MODEL_A_MODEL: 'bench-model',
  });
  const product = await startBenchProduct({ database: 'assay_bench_confidence', namespace: 'assay-bench-confidence' });
  const call = async (method: string, path: string, token: string, body?: unknown) =>
    (await product.call(method, path, token, body)).body;
  try {
    const key = await product.liveKey(100_000);
    const doc = await product.upload(key, Buffer.from('# An essay\n\nIts argument.\n'), 'essay.md', 'text/markdown');
    await call('POST', `/documents/${doc.id}/complete`, key);
    const workflow = async (samples: number) =>
      (
        await call('POST', '/workflows', key, {
          product_code: 'general_evaluation',
          name: `bench k=${samples}`,
          output_schema: SCHEMA,
          criteria: CRITERIA,
          confidence: { samples },
        })
      ).id as string;
    const run = async (wf: string) => {
      const began = performance.now();
      const created = await call('POST', `/workflows/${wf}/runs`, key, { input_documents: [doc.id], mode: 'async' });
      for (;;) {
        const now = await call('GET', `/runs/${created.id as string}`, key);
        if (!['queued', 'running'].includes(now.status as string)) {
          if (now.status !== 'succeeded') throw new Error(`run ${now.id as string}: ${JSON.stringify(now.error)}`);
          return performance.now() - began;
        }
        await sleep(20);
      }
    };
    const phase = async (samples: number) => {
      const wf = await workflow(samples);
      await run(wf); // warm-up: the first run of a workflow pays for caches the rest reuse
      const calls = model.received.length;
      const cpuBefore = cpuSeconds(product.workerPid);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await run(wf));
      return {
        wallMs: median(times),
        cpuS: cpuSeconds(product.workerPid) - cpuBefore,
        calls: model.received.length - calls,
      };
    };
    const one = await phase(1);
    const three = await phase(K);
    const wallRatio = three.wallMs / one.wallMs;
    const cpuRatio = three.cpuS / one.cpuS;
    const table = [
      `| confidence section (${RUNS} live runs each, model answering after ${DELAY_MS} ms) | goal | measured |`,
      '|---|---|---|',
      `| k = 1: median run wall time; worker CPU; model calls | | ${one.wallMs.toFixed(0)} ms; ${one.cpuS.toFixed(2)} s; ${one.calls} |`,
      `| k = ${K}: median run wall time; worker CPU; model calls | | ${three.wallMs.toFixed(0)} ms; ${three.cpuS.toFixed(2)} s; ${three.calls} |`,
      `| wall time, k = ${K} ÷ k = 1 | ≤ 1.2 | ${wallRatio.toFixed(2)} |`,
      `| worker CPU, k = ${K} ÷ k = 1 | ≤ 2 | ${cpuRatio.toFixed(2)} |`,
    ];
    process.stdout.write(`\n${table.join('\n')}\n`);
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
    writeSection(OUT, HEADING, [
      `Written by \`bench/confidence.ts\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load ` +
        `average ${load} at the end; live runs against the local model server.`,
      '',
      ...table,
    ]);
  } finally {
    await product.stop();
    await model.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

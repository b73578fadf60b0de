/**
 * The calibration section of the benchmark (issue 53 "Done when"), in test mode against
 * the local stack (started if needed), its API in this process and its worker a child process: a calibration of
 * ITEMS items × CRITERIA numeric criteria × 2 raters, then a compare of it with another calibration of the same set;
 * while each runs, another account calls `GET /runs?limit=1` every 250 ms (goal p99 < 100 ms, worst < 1 s) and creates
 * a test-mode run every 2 s (goal: each final in < 15 s). Prints each process's CPU time and peak memory (the
 * worker's CPU includes its statistics children's, reaped). Not a test: it prints a table and writes it into
 * bench/RESULTS.md as its own section. `npx tsx bench/calibrations.ts [items] [criteria]` (default 10,000 × 20).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startBenchProduct, type BenchProduct } from './product';
import { writeSection } from './sections';

const ITEMS = Number(process.argv[2] ?? process.env.BENCH_CALIBRATION_ITEMS ?? 10_000);
const CRITERIA = Number(process.argv[3] ?? process.env.BENCH_CALIBRATION_CRITERIA ?? 20);
const OUT = process.env.BENCH_OUT ?? join(__dirname, 'RESULTS.md');
const HEADING = '## Calibrations (issue 53): the calibration section of `npm run bench`';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds (own and reaped children's) and peak resident MB of a process, from /proc. */
function usage(pid: number | undefined | 'self') {
  if (pid === undefined) return { cpuS: NaN, peakMb: NaN };
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, k) => sum + Number(stat[k]), 0);
  const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpuS: ticks / 100, peakMb: hwm ? Number(hwm[1]) / 1024 : NaN };
}

/** Another account meanwhile: `GET /runs?limit=1` every 250 ms and a test-mode run every 2 s, timed. */
function neighbour(product: BenchProduct, who: { key: string; wf: string; doc: string }) {
  const gets: number[] = [];
  const runs: Promise<number>[] = [];
  let stop = false;
  const loop = (async () => {
    for (let k = 0; !stop; k++) {
      const began = performance.now();
      await product.call('GET', '/runs?limit=1', who.key);
      gets.push(performance.now() - began);
      if (k % 8 === 0) {
        runs.push(
          (async () => {
            const created = performance.now();
            const run = (
              await product.call('POST', `/workflows/${who.wf}/runs`, who.key, {
                input_documents: [who.doc],
                mode: 'async',
              })
            ).body;
            for (;;) {
              const now = (await product.call('GET', `/runs/${run.id as string}`, who.key)).body;
              if (!['queued', 'running'].includes(now.status as string)) return performance.now() - created;
              await sleep(100);
            }
          })(),
        );
      }
      await sleep(250);
    }
  })();
  return async () => {
    stop = true;
    await loop;
    const sorted = [...gets].sort((a, b) => a - b);
    const finals = await Promise.all(runs);
    return {
      p99: sorted[Math.ceil(sorted.length * 0.99) - 1] ?? NaN,
      worst: sorted.at(-1) ?? NaN,
      count: sorted.length,
      runsWorst: Math.max(0, ...finals),
      runs: finals.length,
    };
  };
}

/** The set's ITEMS items, each labelled by two raters on every criterion. */
async function addItems(post: (items: unknown[]) => Promise<unknown>, doc: string, keys: string[]): Promise<void> {
  // Items per request: each carries CRITERIA × 2 labels, and a JSON body is at most 1 MB.
  const perRequest = Math.max(1, Math.floor(8_000 / CRITERIA));
  for (let from = 0; from < ITEMS; from += perRequest) {
    const items = Array.from({ length: Math.min(perRequest, ITEMS - from) }, (_, j) => {
      const i = from + j;
      return {
        input_documents: [doc],
        external_id: `e${i}`,
        labels: Object.fromEntries(
          keys.map((key, k) => [
            key,
            [
              { rater: 'ann', value: (i * (k + 3)) % 11 },
              { rater: 'bob', value: (i * (k + 5)) % 11 },
            ],
          ]),
        ),
      };
    });
    await post(items);
  }
}

async function main(): Promise<void> {
  const product = await startBenchProduct({
    database: 'assay_bench_calibrations',
    namespace: 'assay-bench-calibrations',
  });
  const call = async (method: string, path: string, token: string, body?: unknown) =>
    (await product.call(method, path, token, body)).body;
  const account = async (schema?: unknown) => {
    const key = await product.testKey();
    const wf = (
      await call('POST', '/workflows', key, {
        product_code: 'general_evaluation',
        name: 'bench',
        ...(schema ? { output_schema: schema } : {}),
      })
    ).id as string;
    const doc = await product.upload(key, Buffer.from('# An essay\n\nIts argument.\n'), 'essay.md', 'text/markdown');
    await call('POST', `/documents/${doc.id}/complete`, key);
    return { key, wf, doc: doc.id };
  };
  try {
    const keys = Array.from({ length: CRITERIA }, (_, k) => `c${k}`);
    const a = await account({
      type: 'object',
      properties: Object.fromEntries(keys.map((k) => [k, { type: 'number', minimum: 0, maximum: 10 }])),
      required: keys,
      additionalProperties: false,
    });
    const b = await account();
    const set = await call('POST', '/calibration-sets', a.key, {
      name: 'bench',
      criteria: keys.map((key) => ({ key, pointer: `/${key}`, kind: 'numeric', min: 0, max: 10 })),
    });
    await addItems(
      (items) => call('POST', `/calibration-sets/${set.id as string}/items`, a.key, { items }),
      a.doc,
      keys,
    );
    const calibrate = async () => {
      const created = await call('POST', `/workflows/${a.wf}/calibrations`, a.key, { calibration_set_id: set.id });
      for (;;) {
        const now = await call('GET', `/calibrations/${created.id as string}`, a.key);
        if (now.status !== 'running') return now;
        await sleep(1000);
      }
    };
    const rows: string[][] = [];
    const phase = async (name: string, work: () => Promise<string>) => {
      const done = neighbour(product, b);
      const began = performance.now();
      const outcome = await work();
      const tookS = (performance.now() - began) / 1000;
      const n = await done();
      rows.push([name, `${outcome}, ${tookS.toFixed(1)} s`, '']);
      rows.push([`  other account's GET /runs?limit=1 (${n.count}), p99`, '< 100 ms', `${n.p99.toFixed(0)} ms`]);
      rows.push(['  … worst', '< 1 s', `${n.worst.toFixed(0)} ms`]);
      rows.push([`  its ${n.runs} test-mode runs, slowest to final`, '< 15 s', `${(n.runsWorst / 1000).toFixed(2)} s`]);
    };
    let first: Record<string, unknown> = {};
    let second: Record<string, unknown> = {};
    await phase(`calibration (${ITEMS} × ${CRITERIA} × 2 raters)`, async () => {
      first = await calibrate();
      return first.status as string;
    });
    second = await calibrate();
    await phase('compare with another calibration of the set', async () => {
      for (;;) {
        const res = await product.call(
          'GET',
          `/calibrations/${first.id as string}/compare?with=${second.id as string}`,
          a.key,
        );
        if (res.status === 200) return 'answered';
        await sleep(1000);
      }
    });
    const worker = usage(product.workerPid);
    const self = usage('self');
    rows.push([
      'worker process: CPU, peak resident',
      '',
      `${worker.cpuS.toFixed(1)} s, ${worker.peakMb.toFixed(0)} MB`,
    ]);
    rows.push([
      'API process (this one): CPU, peak resident',
      '',
      `${self.cpuS.toFixed(1)} s, ${self.peakMb.toFixed(0)} MB`,
    ]);
    const table = [
      `| calibration section (${ITEMS} items × ${CRITERIA} criteria) | goal | measured |`,
      '|---|---|---|',
      ...rows.map(([what, goal, value]) => `| ${what} | ${goal} | ${value} |`),
    ];
    process.stdout.write(`\n${table.join('\n')}\n`);
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
    writeSection(OUT, HEADING, [
      `Written by \`bench/calibrations.ts\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load ` +
        `average ${load} at the end; test mode.`,
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

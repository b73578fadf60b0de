/**
 * The performance report (`npm run bench` writes bench/RESULTS.md): in one run on loopback, side by side,
 *   - HTTP with autocannon: a bare Koa hello-world (the baseline), GET /v1/health, GET /v1/runs/{id}, GET /v1/runs
 *     (a page of 20) and POST /v1/workflows/{id}/runs (test mode) — latency p50/p99, requests/s, ratio to Koa;
 *   - runs end to end: no-op Temporal workflows/s (the baseline) next to created and completed runs/s;
 *   - memory (RSS) of the API and worker processes after BENCH_RUNS runs (default 10,000);
 *   - a ~50 MB PDF extracted in the parsing sandbox, with its peak RSS (bench/large-pdf.ts).
 * The API, the worker and the Koa baseline are separate processes, as in production. Not a test: nothing is
 * asserted. Needs the local stack (started if missing). Takes minutes; most of it is BENCH_RUNS.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ensureCatalog } from '../domain/catalog';
import { parseConfig } from '../domain/config';
import { openConnections } from '../domain/connections';
import { ensureIndexes } from '../domain/db';
import { newId, randomBase62 } from '../domain/ids';
import { signLocalSessionToken } from '../domain/session-tokens';
import { TASK_QUEUES } from '../domain/workflow-contract';
import { startStack } from '../scripts/stack/services';

const ROOT = join(__dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 10_000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 10;
const API_PORT = 8780;
const KOA_PORT = 8781;

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  MONGODB_DB: 'assay_bench_report',
  S3_BUCKET: 'assay-bench',
  TEMPORAL_NAMESPACE: 'assay-bench',
  PORT: String(API_PORT),
  DEFAULT_RATE_LIMIT_RPM: '100000000',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

/** Starts a process and resolves once a line of its output contains `ready`. */
async function startProcess(args: string[], ready: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...env, LOG_LEVEL: 'info', ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start:\n${out}`)), 60_000);
    const hear = (d: Buffer) => {
      out += d.toString();
      if (out.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', hear);
    child.stderr!.on('data', hear);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}:\n${out}`)));
  });
  // Keep draining, so a chatty process never blocks on a full pipe.
  child.stdout!.resume();
  child.stderr!.resume();
  return child;
}

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

interface Load {
  name: string;
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
  errors: number;
}

async function load(name: string, opts: autocannon.Options): Promise<Load> {
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts });
  return { name, p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

async function pool<T>(n: number, concurrency: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}

async function main(): Promise<void> {
  const config = parseConfig(env);
  await startStack(config, (l) => process.stderr.write(`[stack] ${l}\n`));
  const { database, temporal, close } = await openConnections(config);
  await database.db.dropDatabase();
  await ensureIndexes(database.db);
  await ensureCatalog(database.db);

  const say = (l: string) => process.stderr.write(`[bench] ${l}\n`);
  const koaSource = `const Koa = require('koa'); const app = new Koa(); app.use((ctx) => { ctx.body = { hello: 'world' }; });
app.listen(${KOA_PORT}, '127.0.0.1', () => console.log('koa listening'));`;
  const koa = await startProcess(['-e', koaSource], 'koa listening');
  const api = await startProcess(['--import', 'tsx', 'api/server.ts'], 'assay api listening');
  const worker = await startProcess(['--import', 'tsx', 'worker/main.ts'], 'assay worker polling');
  const children = [koa, api, worker];

  try {
    const base = `http://127.0.0.1:${API_PORT}/v1`;
    const session = await signLocalSessionToken(config.SESSION_JWT_SECRET, { sub: 'bench', accountId: `acct_${randomBase62(10)}` });
    const post = async (path: string, token: string, body: unknown) => {
      const res = await fetch(`${base}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return (await res.json()) as Record<string, string>;
    };
    const key = (await post('/keys', session, { name: 'bench', mode: 'test' })).token!;
    const wf = (await post('/workflows', key, { product_code: 'general_evaluation', name: 'bench', output_format: 'json' })).id!;
    const auth = { authorization: `Bearer ${key}` };
    // Something to read: 40 finished runs.
    const seeded = await pool(40, 10, async () => (await post(`/workflows/${wf}/runs`, key, { mode: 'sync' })).id!);
    const runId = seeded[0]!;

    say('HTTP loads');
    const loads: Load[] = [];
    loads.push(await load('bare Koa hello-world (baseline)', { url: `http://127.0.0.1:${KOA_PORT}/` }));
    loads.push(await load('GET /v1/health', { url: `${base}/health` }));
    loads.push(await load('GET /v1/runs/{id} (API key)', { url: `${base}/runs/${runId}`, headers: auth }));
    loads.push(await load('GET /v1/runs (page of 20)', { url: `${base}/runs?limit=20`, headers: auth }));
    loads.push(
      await load('POST /v1/workflows/{id}/runs (test mode)', {
        url: `${base}/workflows/${wf}/runs`,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    const createdByLoad = Math.round(loads[4]!.rps * DURATION_S);

    say(`runs end to end (${RUNS} runs)`);
    const noopCount = Math.min(RUNS, 500);
    let t0 = performance.now();
    await pool(noopCount, CONNECTIONS, (i) => temporal.client.workflow.execute('noop', { taskQueue: TASK_QUEUES.runs, workflowId: `bench-noop-${i}-${newId('run')}` }));
    const noopPerSec = noopCount / ((performance.now() - t0) / 1000);
    const remaining = Math.max(0, RUNS - createdByLoad - seeded.length);
    t0 = performance.now();
    const ids = await pool(remaining, CONNECTIONS, async () => (await post(`/workflows/${wf}/runs`, key, {})).id!);
    const createdSeconds = (performance.now() - t0) / 1000;
    // A long poll can end early on a busy server ("failed to get history"): poll again rather than give up.
    const finished = async (id: string) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await temporal.client.workflow.getHandle(id).result();
        } catch (err) {
          if (attempt >= 5) throw err;
        }
      }
    };
    await pool(ids.length, 50, (i) => finished(ids[i]!));
    const completedSeconds = (performance.now() - t0) / 1000;
    const memory = { api: rssMb(api.pid!), worker: rssMb(worker.pid!) };

    say('50 MB PDF');
    const pdfRun = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'large-pdf.ts')], { cwd: ROOT, encoding: 'utf8' });
    const pdf = JSON.parse(pdfRun.stdout.trim().split('\n').pop() ?? '{}') as { bytes: number; extracted: boolean; pages: number; seconds: number; peakRssMb: number; sandboxPeakRssMb: number };

    const koaBase = loads[0]!;
    const f = (n: number, d = 1) => n.toFixed(d);
    const lines = [
      '# Assay performance report',
      '',
      `Written by \`npm run bench\` (bench/report.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${cpus().length} cores, ` +
        `${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, the local stack (Temporal CLI dev server, FerretDB on SQLite, MinIO), ` +
        `one API process and one worker process. autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per row, loopback.`,
      '',
      '## HTTP',
      '',
      '| route | p50 ms | p99 ms | requests/s | vs Koa hello-world | non-2xx | errors |',
      '|---|---|---|---|---|---|---|',
      ...loads.map((l) => `| ${l.name} | ${l.p50} | ${l.p99} | ${f(l.rps)} | ${f(l.rps / koaBase.rps, 3)} | ${l.non2xx} | ${l.errors} |`),
      '',
      '## Runs end to end (test mode: admission, stub output, render, store, settle)',
      '',
      '| measure | per second | vs no-op workflow |',
      '|---|---|---|',
      `| no-op Temporal workflows completed (${noopCount}, baseline) | ${f(noopPerSec)} | 1.00 |`,
      `| runs created over HTTP (${ids.length}) | ${f(ids.length / createdSeconds)} | ${f(ids.length / createdSeconds / noopPerSec, 2)} |`,
      `| runs completed end to end (${ids.length}) | ${f(ids.length / completedSeconds)} | ${f(ids.length / completedSeconds / noopPerSec, 2)} |`,
      '',
      `## Memory after ${ids.length + createdByLoad + seeded.length} runs`,
      '',
      '| process | RSS MB |',
      '|---|---|',
      `| API | ${f(memory.api)} |`,
      `| worker | ${f(memory.worker)} |`,
      '',
      '## A 50 MB PDF',
      '',
      `${(pdf.bytes / 1e6).toFixed(1)} MB, ${pdf.pages} pages, extracted ${pdf.extracted ? 'completely' : 'NOT'} in ${f(pdf.seconds)} s ` +
        `in the parsing sandbox (a child process capped at 512 MB resident); peak RSS of the extracting child ` +
        `${f(pdf.sandboxPeakRssMb)} MB, of the calling process ${f(pdf.peakRssMb)} MB.`,
      '',
      '## Reading the numbers',
      '',
      '- Every API request authenticates its key, counts its rate limit (one atomic update) and reads or writes the',
      '  database; the Koa row has none of that. The local database is FerretDB on SQLite, which serializes writes',
      '  (docs/decisions.md 10) and pushes no filter but `_id` down to its indexes (decision 54): list routes',
      '  such as `GET /v1/runs` read the account\'s runs and sort them in FerretDB, so they slow down as runs pile up.',
      '  On MongoDB (docker-compose, production) the same queries walk the `{account_id, _id}` indexes.',
      '- A run is five activities and several status writes on one Temporal dev server (SQLite) that also serves the',
      '  no-op baseline; the ratio shows what a run costs over an empty workflow on the same machine.',
      '- The machine is shared by the API, the worker, Temporal, FerretDB, MinIO and autocannon itself.',
      '',
    ];
    writeFileSync(join(__dirname, 'RESULTS.md'), lines.join('\n'));
    process.stdout.write(lines.join('\n'));
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await database.db.dropDatabase().catch(() => undefined);
    await close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

/**
 * The performance report (`npm run bench` writes bench/RESULTS.md): every goal of issue 19, each measured next to
 * its ceiling in the same run, on loopback, with the API, the worker and the Koa baseline as separate processes:
 *   ceilings — a bare Koa hello-world (autocannon), the database's own findOne-by-_id rate through the driver (a loop
 *     keeping BENCH_CONNECTIONS reads in flight), and no-op Temporal workflows completed per second;
 *   rows — GET /runs/{id} with an API key ÷ db findOne; list p99 (GET /runs, /workflows, /documents,
 *     /reference-documents, /events, an endpoint's deliveries; a page of 20) with BENCH_SEED documents of each kind
 *     stored in BENCH_ACCOUNTS accounts (cloned from real ones straight into the database); POST …/runs (test mode)
 *     rate and p99; completed test-mode runs/s ÷ no-op workflows/s; history events per test-mode run (fetched);
 *     worker CPU per completed run and API CPU per authenticated GET (from /proc/<pid>/stat before and after);
 *   plus memory after the runs and a ~50 MB PDF in the parsing sandbox (bench/large-pdf.ts; BENCH_PDF=0 skips it).
 * Each goal row prints goal, measured value, ceiling and met / not met. Not a test: nothing is asserted.
 * Knobs (env): BENCH_SEED (100000), BENCH_ACCOUNTS (100), BENCH_RUNS end-to-end runs (1000), BENCH_DURATION_S per
 * load (10), BENCH_CONNECTIONS (50), BENCH_LIST_CONNECTIONS (10), BENCH_OUT (bench/RESULTS.md), BENCH_MONGODB_DB,
 * BENCH_NAMESPACE, BENCH_PORT (the API's; the Koa baseline takes the next port). A smoke run:
 *   BENCH_SEED=2000 BENCH_RUNS=100 BENCH_DURATION_S=3 BENCH_PDF=0 BENCH_OUT=/tmp/bench.md npx tsx bench/report.ts
 * Needs the local stack (started if missing).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { Db, Document } from 'mongodb';
import { ensureCatalog } from '../domain/catalog/catalog';
import { parseConfig } from '../domain/platform/config';
import { openConnections } from '../domain/platform/connections';
import { COLLECTIONS, ensureIndexes } from '../domain/platform/db';
import { listBeforeInsert } from '../domain/operations/lists';
import { newId, randomBase62, type IdKind } from '../domain/platform/ids';
import { signLocalSessionToken } from '../domain/access/session-tokens';
import { TASK_QUEUES } from '../domain/jobs/contract';
import { startStack } from '../scripts/stack/services';

const ROOT = join(__dirname, '..');
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SEED = num('BENCH_SEED', 100_000);
const ACCOUNTS = num('BENCH_ACCOUNTS', 100);
const RUNS = num('BENCH_RUNS', 1_000);
const DURATION_S = num('BENCH_DURATION_S', 10);
const CONNECTIONS = num('BENCH_CONNECTIONS', 50);
const LIST_CONNECTIONS = num('BENCH_LIST_CONNECTIONS', 10);
const OUT = process.env.BENCH_OUT ?? join(__dirname, 'RESULTS.md');
const API_PORT = num('BENCH_PORT', 8780);
const KOA_PORT = API_PORT + 1;
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  MONGODB_DB: process.env.BENCH_MONGODB_DB ?? 'assay_bench_report',
  S3_BUCKET: process.env.BENCH_S3_BUCKET ?? 'assay-bench',
  TEMPORAL_NAMESPACE: process.env.BENCH_NAMESPACE ?? 'assay-bench',
  PORT: String(API_PORT),
  DEFAULT_RATE_LIMIT_RPM: '100000000',
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_ALLOW_INSECURE: 'true',
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

/** CPU seconds (user + system) a process has used so far. */
const cpuSeconds = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK; // utime and stime: fields 14 and 15 of the line
};

interface Load {
  name: string;
  p50: number;
  p99: number;
  rps: number;
  total: number;
  non2xx: number;
  errors: number;
}

async function load(name: string, opts: autocannon.Options): Promise<Load> {
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts });
  return { name, p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, total: r.requests.total, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

/** The database's own rate: findOne by `_id` through the driver, `inFlight` at a time, for `seconds`. */
async function findOneRate(db: Db, collection: string, id: string, inFlight: number, seconds: number): Promise<number> {
  const coll = db.collection<Document>(collection);
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < until) {
        await coll.findOne({ _id: id as never });
        done++;
      }
    }),
  );
  return done / ((performance.now() - t0) / 1000);
}

/**
 * `count` copies of a real document of `collection`, spread over `accounts` (the first gets its share like the
 * others), inserted in bulk straight into the database: the API's own write path would take hours for 100,000.
 */
async function seed(db: Db, collection: string, kind: IdKind, sample: Document, accounts: string[], count: number, vary: (doc: Document, i: number) => void = () => undefined): Promise<void> {
  const coll = db.collection<Document>(collection);
  const batch = 1000;
  for (let from = 0; from < count; from += batch) {
    const docs: Document[] = [];
    for (let i = from; i < Math.min(count, from + batch); i++) {
      const doc: Document = { ...sample, _id: newId(kind), account_id: accounts[i % accounts.length] };
      vary(doc, i);
      docs.push(doc);
    }
    await listBeforeInsert(db, collection, docs); // their list entries, as the API's own writes make them
    await coll.insertMany(docs, { ordered: false });
  }
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


interface Row {
  measure: string;
  goal: string;
  measured: string;
  ceiling: string;
  met: boolean | null; // null: not measured
}

async function main(): Promise<void> {
  const config = parseConfig(env);
  const say = (l: string) => process.stderr.write(`[bench] ${l}\n`);
  await startStack(config, (l) => process.stderr.write(`[stack] ${l}\n`));
  const { database, temporal, close } = await openConnections(config);
  const db = database.db;
  await db.dropDatabase();
  await ensureIndexes(db);
  await ensureCatalog(db);

  // Webhook deliveries need a receiver; it answers at once so deliveries settle.
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end('ok'));
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const receiverPort = (receiver.address() as { port: number }).port;

  const koaSource = `const Koa = require('koa'); const app = new Koa(); app.use((ctx) => { ctx.body = { hello: 'world' }; });
app.listen(${KOA_PORT}, '127.0.0.1', () => console.log('koa listening'));`;
  const koa = await startProcess(['-e', koaSource], 'koa listening');
  const api = await startProcess(['--import', 'tsx', 'api/server.ts'], 'assay api listening');
  const worker = await startProcess(['--import', 'tsx', 'worker/main.ts'], 'assay worker polling');
  const children = [koa, api, worker];

  try {
    const base = `http://127.0.0.1:${API_PORT}/v1`;
    const accountId = `acct_${randomBase62(10)}`;
    const session = await signLocalSessionToken(config.SESSION_JWT_SECRET, { sub: 'bench', accountId });
    const post = async (path: string, token: string, body: unknown) => {
      const res = await fetch(`${base}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as Record<string, string> };
    };
    const key = (await post('/keys', session, { name: 'bench', mode: 'test' })).body.token!;
    const wf = (await post('/workflows', key, { product_code: 'general_evaluation', name: 'bench', output_format: 'json' })).body.id!;
    const endpoint = await post('/webhook-endpoints', key, { url: `http://127.0.0.1:${receiverPort}/hook` });
    const endpointId = endpoint.status < 300 ? endpoint.body.id : undefined;
    if (!endpointId) say(`no webhook endpoint (${endpoint.status} ${JSON.stringify(endpoint.body)}): the deliveries row is not measured`);
    await post('/documents', key, { filename: 'bench.txt', mime_type: 'text/plain', size_bytes: 10 });
    await post('/reference-documents', key, { name: 'bench', filename: 'bench.txt', mime_type: 'text/plain', size_bytes: 10 });
    const auth = { authorization: `Bearer ${key}` };
    // Real documents of every kind, to clone: 40 finished runs (with their events and deliveries).
    const seeded = await pool(40, 10, async () => (await post(`/workflows/${wf}/runs`, key, { mode: 'sync' })).body.id!);
    const runId = seeded[0]!;
    await new Promise((r) => setTimeout(r, 2000)); // let the last deliveries be written

    say(`seeding ${SEED} documents of each kind in ${ACCOUNTS} accounts`);
    const accounts = [accountId, ...Array.from({ length: ACCOUNTS - 1 }, () => `acct_${randomBase62(10)}`)];
    const kinds: Array<{ collection: string; kind: IdKind; vary?: (doc: Document, i: number) => void }> = [
      { collection: COLLECTIONS.runs, kind: 'run' },
      { collection: COLLECTIONS.workflows, kind: 'workflow' },
      { collection: COLLECTIONS.documents, kind: 'document' },
      { collection: COLLECTIONS.referenceDocuments, kind: 'referenceDocument' },
      { collection: COLLECTIONS.events, kind: 'event', vary: (doc, i) => (doc.dedupe_key = `${String(doc.dedupe_key)}:bench:${i}`) },
      { collection: COLLECTIONS.webhookDeliveries, kind: 'webhookDelivery', vary: (doc) => (doc.event_id = newId('event')) },
    ];
    const seedStarted = performance.now();
    const seededKinds: string[] = [];
    for (const k of kinds) {
      const sample = await db.collection<Document>(k.collection).findOne({ account_id: accountId });
      if (!sample) {
        say(`no ${k.collection} document to clone`);
        continue;
      }
      await seed(db, k.collection, k.kind, sample, accounts, SEED, k.vary);
      seededKinds.push(k.collection);
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    say(`seeded ${seededKinds.join(', ')} in ${seedSeconds.toFixed(0)} s`);

    say('ceilings');
    const koaLoad = await load('bare Koa hello-world', { url: `http://127.0.0.1:${KOA_PORT}/` });
    const noopCount = Math.max(50, Math.min(RUNS, 500));
    let t0 = performance.now();
    await pool(noopCount, CONNECTIONS, (i) => temporal.client.workflow.execute('noop', { taskQueue: TASK_QUEUES.runs, workflowId: `bench-noop-${i}-${newId('run')}` }));
    const noopPerSec = noopCount / ((performance.now() - t0) / 1000);

    // The findOne ceiling right before and right after the GET row, averaged: on a shared machine the load moves.
    say('GET /runs/{id} between two findOne ceilings');
    const findOneBefore = await findOneRate(db, COLLECTIONS.runs, runId, CONNECTIONS, DURATION_S);
    const apiCpu0 = cpuSeconds(api.pid!);
    const getRun = await load('GET /v1/runs/{id}', { url: `${base}/runs/${runId}`, headers: auth });
    const apiCpuPerGetMs = ((cpuSeconds(api.pid!) - apiCpu0) * 1000) / Math.max(1, getRun.total);
    const findOneAfter = await findOneRate(db, COLLECTIONS.runs, runId, CONNECTIONS, DURATION_S);
    const findOnePerSec = (findOneBefore + findOneAfter) / 2;

    say('lists');
    const listPaths: Array<[string, string | null]> = [
      ['GET /runs?limit=20', '/runs?limit=20'],
      ['GET /workflows?limit=20', '/workflows?limit=20'],
      ['GET /documents?limit=20', '/documents?limit=20'],
      ['GET /reference-documents?limit=20', '/reference-documents?limit=20'],
      ['GET /events?limit=20', '/events?limit=20'],
      ['GET /webhook-endpoints/{id}/deliveries?limit=20', endpointId ? `/webhook-endpoints/${endpointId}/deliveries?limit=20` : null],
    ];
    const lists: Array<{ name: string; load: Load | null; why: string }> = [];
    for (const [name, path] of listPaths) {
      if (!path) {
        lists.push({ name, load: null, why: 'no endpoint' });
        continue;
      }
      const probe = await fetch(`${base}${path}`, { headers: auth });
      if (!probe.ok) {
        lists.push({ name, load: null, why: `answers ${probe.status}` });
        continue;
      }
      lists.push({ name, load: await load(name, { url: `${base}${path}`, headers: auth, connections: LIST_CONNECTIONS }), why: '' });
    }

    say(`runs end to end (${RUNS})`);
    const workerCpu0 = cpuSeconds(worker.pid!);
    t0 = performance.now();
    const ids = await pool(RUNS, CONNECTIONS, async () => (await post(`/workflows/${wf}/runs`, key, {})).body.id!);
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
    const completedPerSec = ids.length / ((performance.now() - t0) / 1000);
    const workerCpuPerRunMs = ((cpuSeconds(worker.pid!) - workerCpu0) * 1000) / Math.max(1, ids.length);
    const histories = await Promise.all(ids.slice(0, 5).map(async (id) => (await temporal.client.workflow.getHandle(id).fetchHistory()).events?.length ?? 0));
    const eventsPerRun = histories.sort((a, b) => a - b)[Math.floor(histories.length / 2)]!;

    say('POST runs');
    const postRuns = await load('POST /v1/workflows/{id}/runs (test mode)', {
      url: `${base}/workflows/${wf}/runs`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    });
    const memory = { api: rssMb(api.pid!), worker: rssMb(worker.pid!) };

    type PdfResult = { bytes: number; extracted: boolean; pages: number; seconds: number; peakRssMb: number; sandboxPeakRssMb: number };
    let pdf = null as PdfResult | null;
    if (process.env.BENCH_PDF !== '0') {
      say('50 MB PDF');
      const pdfRun = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'large-pdf.ts')], { cwd: ROOT, encoding: 'utf8' });
      pdf = JSON.parse(pdfRun.stdout.trim().split('\n').pop() ?? '{}') as PdfResult;
    }

    const f = (n: number, d = 1) => n.toFixed(d);
    const rows: Row[] = [
      {
        measure: `GET /runs/{id} (API key) ÷ db findOne by _id, ${CONNECTIONS} connections`,
        goal: '≥ 0.6',
        measured: `${f(getRun.rps / findOnePerSec, 2)} (${f(getRun.rps)}/s; p99 ${getRun.p99} ms; ${getRun.non2xx} non-2xx, ${getRun.errors} errors)`,
        ceiling: `findOne ${f(findOnePerSec)}/s`,
        met: getRun.non2xx === 0 && getRun.errors === 0 && getRun.rps / findOnePerSec >= 0.6,
      },
      ...lists.map(({ name, load: l, why }) => ({
        measure: `${name} p99, ${SEED} stored in ${ACCOUNTS} accounts, ${LIST_CONNECTIONS} connections`,
        goal: '< 100 ms',
        measured: !l
          ? `not measured: ${why}`
          : l.total === 0
            ? `no answer within the ${DURATION_S} s load (${l.errors} errors or timeouts)`
            : `${l.p99} ms (p50 ${l.p50} ms, ${f(l.rps)}/s; ${l.non2xx} non-2xx, ${l.errors} errors)`,
        ceiling: `findOne ${f(findOnePerSec)}/s`,
        met: l ? l.total > 0 && l.non2xx === 0 && l.errors === 0 && l.p99 < 100 : null,
      })),
      {
        measure: `POST …/runs (test mode), ${CONNECTIONS} connections`,
        goal: '≥ 100/s, p99 < 1 s',
        measured: `${f(postRuns.rps)}/s, p99 ${postRuns.p99} ms (${postRuns.non2xx} non-2xx, ${postRuns.errors} errors)`,
        ceiling: `Koa ${f(koaLoad.rps)}/s`,
        met: postRuns.non2xx === 0 && postRuns.errors === 0 && postRuns.rps >= 100 && postRuns.p99 < 1000,
      },
      {
        measure: `completed test-mode runs/s ÷ no-op workflows/s (${ids.length} runs)`,
        goal: '≥ 0.8',
        measured: `${f(completedPerSec / noopPerSec, 2)} (${f(completedPerSec)}/s)`,
        ceiling: `no-op ${f(noopPerSec)}/s`,
        met: completedPerSec / noopPerSec >= 0.8,
      },
      { measure: 'history events per test-mode run (median of 5 fetched)', goal: '≤ 20', measured: String(eventsPerRun), ceiling: 'no-op: 5', met: eventsPerRun <= 20 },
      { measure: 'worker CPU per completed test-mode run', goal: '≤ 15 ms', measured: `${f(workerCpuPerRunMs)} ms`, ceiling: '—', met: workerCpuPerRunMs <= 15 },
      { measure: 'API CPU per authenticated GET (GET /runs/{id})', goal: '≤ 0.5 ms', measured: `${f(apiCpuPerGetMs, 2)} ms`, ceiling: `Koa ${f(1000 / koaLoad.rps, 3)} ms wall/req`, met: apiCpuPerGetMs <= 0.5 },
    ];
    const lines = [
      '# Assay performance report',
      '',
      `Written by \`npm run bench\` (bench/report.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${cpus().length} cores, ` +
        `${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, the local stack (Temporal CLI dev server, FerretDB on SQLite, MinIO), ` +
        `one API process and one worker process. autocannon ${DURATION_S} s per load, loopback. Settings: BENCH_SEED=${SEED} ` +
        `BENCH_ACCOUNTS=${ACCOUNTS} BENCH_RUNS=${RUNS} BENCH_CONNECTIONS=${CONNECTIONS} BENCH_LIST_CONNECTIONS=${LIST_CONNECTIONS}.`,
      '',
      '## Goals (issue 19), each next to its ceiling in this run',
      '',
      '| measure | goal | measured | ceiling (same run) | met |',
      '|---|---|---|---|---|',
      ...rows.map((r) => `| ${r.measure} | ${r.goal} | ${r.measured} | ${r.ceiling} | ${r.met === null ? 'not measured' : r.met ? 'met' : 'NOT met'} |`),
      '',
      '## Ceilings',
      '',
      '| ceiling | rate | p99 ms |',
      '|---|---|---|',
      `| bare Koa hello-world, ${CONNECTIONS} connections | ${f(koaLoad.rps)}/s | ${koaLoad.p99} |`,
      `| db findOne by _id through the driver, ${CONNECTIONS} in flight (before / after the GET row) | ${f(findOneBefore)}/s / ${f(findOneAfter)}/s | — |`,
      `| no-op Temporal workflows completed (${noopCount}, ${CONNECTIONS} at a time) | ${f(noopPerSec)}/s | — |`,
      '',
      `Seeding ${SEED} documents of each of ${seededKinds.length} kinds took ${f(seedSeconds)} s (bulk inserts of clones).`,
      '',
      '## Memory',
      '',
      '| process | RSS MB |',
      '|---|---|',
      `| API | ${f(memory.api)} |`,
      `| worker | ${f(memory.worker)} |`,
      '',
      ...(pdf
        ? [
            '## A 50 MB PDF',
            '',
            `${(pdf.bytes / 1e6).toFixed(1)} MB, ${pdf.pages} pages, extracted ${pdf.extracted ? 'completely' : 'NOT'} in ${f(pdf.seconds)} s ` +
              `in the parsing sandbox (a child process capped at 512 MB resident); peak RSS of the extracting child ` +
                `${f(pdf.sandboxPeakRssMb)} MB, of the calling process ${f(pdf.peakRssMb)} MB.`,
            '',
          ]
        : []),
      '## Reading the numbers',
      '',
      '- The machine is shared by the API, the worker, Temporal, FerretDB, MinIO and autocannon itself; ratios to the',
      '  ceilings measured in the same run are what carries from one machine to another.',
      '- CPU per request or run is the process\'s user + system time (/proc/<pid>/stat) over the load, divided by the',
      '  requests answered or runs completed (clock ticks of 1/' + CLK_TCK + ' s).',
      '',
    ];
    writeFileSync(OUT, lines.join('\n'));
    process.stdout.write(lines.join('\n'));
  } finally {
    for (const child of children) child.kill('SIGTERM');
    receiver.close();
    await db.dropDatabase().catch(() => undefined);
    await close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

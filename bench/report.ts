/**
 * The performance report (`npm run bench` writes bench/RESULTS.md): every goal of issue 19, each measured next to
 * its ceiling in the same run, on loopback, with the API, the worker and the Koa baseline as separate processes:
 *   ceilings — a bare Koa hello-world (autocannon), the database's own findOne-by-_id rate through the driver (a loop
 *     keeping BENCH_CONNECTIONS reads in flight), Koa answering the GET row's run by that findOne with nothing else
 *     (the API CPU row's floor), and no-op Temporal workflows completed per second;
 *   rows — GET /runs/{id} with an API key ÷ db findOne; list p99 (GET /runs, /workflows, /documents,
 *     /reference-documents, /events, an endpoint's deliveries; a page of 20) with BENCH_SEED documents of each kind
 *     stored in BENCH_ACCOUNTS accounts (cloned from real ones straight into the database); POST …/runs (test mode)
 *     rate and p99; completed test-mode runs/s ÷ no-op workflows/s; history events per test-mode run (fetched);
 *     worker CPU per completed run and API CPU per authenticated GET (from /proc/<pid>/stat before and after);
 *     the engine rows once more for the same runs in an account with no webhook endpoint (no delivery job);
 *   plus memory after the runs and a ~50 MB PDF in the parsing sandbox (bench/large-pdf.ts; BENCH_PDF=0 skips it).
 * Each goal row prints goal, measured value, ceiling and met / not met. Not a test: nothing is asserted. A phase that
 * fails (an error, a process that died) prints its error in the report, and the other phases still run; each child
 * process's output is kept in BENCH_LOG_DIR (a fresh directory under the system's temporary one by default).
 * Knobs (env): BENCH_SEED (100000), BENCH_ACCOUNTS (100), BENCH_RUNS end-to-end runs (1000), BENCH_SOAK_RUNS runs
 * per soak phase (1000; 0 skips the soak), BENCH_SOAK_IDLE_S (10), BENCH_ONLY=soak (the soak alone, its report in
 * BENCH_OUT or the log directory), BENCH_QUIET_MAX_S (300), BENCH_DURATION_S per
 * load (10), BENCH_STRATEGIES (pages,query: the list strategies whose database commands are counted, by
 * bench/commands.ts; empty skips them), BENCH_CONNECTIONS (50), BENCH_LIST_CONNECTIONS (10), BENCH_CPU_ROUNDS (3: loads of the API CPU row,
 * each in turn with its floor's), BENCH_OUT (bench/RESULTS.md), BENCH_MONGODB_DB, BENCH_NAMESPACE, BENCH_PORT (the
 * API's; the Koa baselines, the command counters and the memory probes take the next six). A smoke run:
 *   BENCH_SEED=2000 BENCH_RUNS=100 BENCH_DURATION_S=3 BENCH_PDF=0 BENCH_OUT=/tmp/bench.md npx tsx bench/report.ts
 * Needs the local stack (started if missing).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { Db, Document } from 'mongodb';
import { ensureCatalog } from '../domain/catalog/catalog';
import { parseConfig } from '../domain/platform/config';
import { openProduct } from '../domain/operations/start-up';
import { COLLECTIONS, ensureIndexes } from '../domain/platform/db';
import { listBeforeInsert } from '../domain/collections';
import { newId, randomBase62, type IdKind } from '../domain/platform/ids';
import { signLocalSessionToken } from '../domain/access/session-tokens';
import { TASK_QUEUES } from '../domain/jobs/contract';
import { servicePids, startStack } from '../scripts/stack/services';
import { NODE_FLAGS } from '../scripts/node-flags';
import { commandSection, countCommands, type StrategyCounts } from './commands';
import type { MemoryReading } from './memory-probe';

const ROOT = join(__dirname, '..');
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SEED = num('BENCH_SEED', 100_000);
const ACCOUNTS = num('BENCH_ACCOUNTS', 100);
const RUNS = num('BENCH_RUNS', 1_000);
/** The soak (issue 44): runs per phase (three phases; 0 skips it) and the idle wait before each memory reading. */
const SOAK_RUNS = num('BENCH_SOAK_RUNS', 1_000);
const SOAK_IDLE_S = num('BENCH_SOAK_IDLE_S', 10);
/**
 * BENCH_ONLY=soak runs the soak alone (its set-up, its three phases, none of the other phases), to iterate on it; its
 * report (the soak's section and any failures) goes to BENCH_OUT, else to the log directory, never to bench/RESULTS.md.
 */
const SOAK_ONLY = process.env.BENCH_ONLY === 'soak';
if (process.env.BENCH_ONLY && !SOAK_ONLY) throw new Error(`BENCH_ONLY=${process.env.BENCH_ONLY}: only "soak" is known`);
/** How long a load waits at most for a quiet machine (a smoke run on a busy shared machine sets 0). */
const QUIET_MAX_S = num('BENCH_QUIET_MAX_S', 300);
const DURATION_S = num('BENCH_DURATION_S', 10);
const CONNECTIONS = num('BENCH_CONNECTIONS', 50);
const LIST_CONNECTIONS = num('BENCH_LIST_CONNECTIONS', 10);
/** The list strategies the command-count section runs (BENCH_STRATEGIES, comma-separated; empty skips it). */
const BENCH_STRATEGIES = (process.env.BENCH_STRATEGIES ?? 'pages,query')
  .split(',')
  .filter((s): s is 'pages' | 'query' => s === 'pages' || s === 'query');
const CPU_ROUNDS = Math.max(1, num('BENCH_CPU_ROUNDS', 3));
const OUT_SET = process.env.BENCH_OUT;

/**
 * The report's "Historical figures" section (past sessions' figures, moved there from docs/decisions.md): a new report
 * replaces everything above it and keeps it as it was (docs/decisions.md 297).
 */
function historyOf(file: string): string {
  let old: string;
  try {
    old = readFileSync(file, 'utf8');
  } catch {
    return '';
  }
  const at = old.indexOf('\n## Historical figures');
  return at < 0 ? '' : old.slice(at);
}
const API_PORT = num('BENCH_PORT', 8780);
const KOA_PORT = API_PORT + 1;
const KOA_READ_PORT = API_PORT + 2;
/** The ports of bench/memory-probe.ts in the API and the worker (the command counts take API_PORT + 3 and + 4). */
const MEMORY_PORTS = { api: API_PORT + 5, worker: API_PORT + 6 };
const LOG_DIR = process.env.BENCH_LOG_DIR ?? mkdtempSync(join(tmpdir(), 'assay-bench-'));
mkdirSync(LOG_DIR, { recursive: true });
const OUT = OUT_SET ?? (SOAK_ONLY ? join(LOG_DIR, 'soak.md') : join(__dirname, 'RESULTS.md'));
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

/** How each child process ended, if it did before the bench stopped it: a phase that fails names it. */
const exits = new Map<string, string>();

/**
 * Starts a process and resolves once a line of its output contains `ready`. Its output goes to `<LOG_DIR>/<name>.log`
 * (drained, so a chatty process never blocks on a full pipe).
 */
async function startProcess(
  name: string,
  args: string[],
  ready: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...env, LOG_LEVEL: 'info', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(join(LOG_DIR, `${name}.log`));
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  let out = '';
  await new Promise<void>((resolve, reject) => {
    // Generous: on a busy shared machine a process's start-up (connections, indexes, the catalog) can take a minute.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within 5 minutes:\n${out}`));
    }, 300_000);
    const hear = (d: Buffer) => {
      out += d.toString();
      if (out.includes(ready)) {
        clearTimeout(timer);
        child.stdout!.off('data', hear);
        child.stderr!.off('data', hear);
        resolve();
      }
    };
    child.stdout!.on('data', hear);
    child.stderr!.on('data', hear);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${out}`)));
  });
  child.once('exit', (code, signal) => exits.set(name, signal ? `killed by ${signal}` : `exited with code ${code}`));
  return child;
}

/** Stops a child and waits for it to be gone (the database is dropped only once nothing uses it). */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await gone;
  clearTimeout(force);
}

/** An error as one line: message, and the causes undici and the drivers hide behind `fetch failed` and the like. */
function describe(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    parts.push(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
  }
  return parts.join(' ← ').replace(/\s+/g, ' ').slice(0, 400);
}

/** One process's memory at the end of a soak phase: VmRSS after the idle, then its reading after a full collection. */
interface SoakReading {
  idleRss: number;
  collected: MemoryReading | null;
}
type SoakPhase = { api: SoakReading | null; worker: SoakReading | null };

/**
 * The soak's table and its verdict: phase 3 within 10 % of phase 2, per process, on VmRSS read after the idle and a
 * full garbage collection in each of the process's V8 isolates (docs/decisions.md 515); then where that memory is,
 * and the reading after the idle alone, for comparison.
 */
function soakSection(soak: SoakPhase[]): string[] {
  if (soak.length === 0) return [];
  const f = (v: number | null | undefined) => (v == null ? 'n/a' : v.toFixed(1));
  const change = (two: number | null | undefined, three: number | null | undefined) =>
    two == null || three == null ? null : ((three - two) / two) * 100;
  const signed = (c: number) => `${c >= 0 ? '+' : ''}${c.toFixed(1)} %`;
  const row = (name: 'api' | 'worker', pick: (r: SoakReading) => number | null | undefined) => {
    const values = soak.map((p) => (p[name] ? pick(p[name]) : null));
    const c = change(values[1], values[2]);
    return { cells: values.map(f).join(' | '), change: c };
  };
  const processes = [
    ['api', 'API'],
    ['worker', 'worker'],
  ] as const;
  const goal = processes.map(([name, label]) => {
    const r = row(name, (x) => x.collected?.rss);
    const verdict =
      r.change === null ? 'not measured' : `${signed(r.change)} (${Math.abs(r.change) <= 10 ? 'met' : 'NOT met'})`;
    return `| ${label} | ${r.cells} | ${verdict} |`;
  });
  const detail = processes.flatMap(([name, label]) => {
    const lines: Array<[string, (x: SoakReading) => number | null | undefined]> = [
      ['VmRSS after the idle alone, before the collection', (x) => x.idleRss],
      ['VmRSS after the collection (the goal row above)', (x) => x.collected?.rss],
      [
        `V8 heaps, used (the main thread's and ${threadCount(soak, name)} worker threads')`,
        (x) => x.collected?.heapUsed,
      ],
      ['V8 heaps, committed', (x) => x.collected?.heapCommitted],
      ["external (the main isolate's Buffers, ArrayBuffers, native objects)", (x) => x.collected?.external],
      [
        "the rest of VmRSS (code, native libraries and their allocations, the allocator's free lists)",
        (x) => (x.collected ? x.collected.rss - x.collected.heapCommitted - x.collected.external : null),
      ],
    ];
    return lines.map(([what, pick]) => {
      const r = row(name, pick);
      return `| ${label} | ${what} | ${r.cells} | ${r.change === null ? '—' : signed(r.change)} |`;
    });
  });
  const caches = soak.map((p) =>
    p.worker?.collected?.caches.length
      ? p.worker.collected.caches.map((c) => `${c.taskQueue} ${c.peak} at most, ${c.cached} at the reading`).join(', ')
      : 'n/a',
  );
  return [
    `## Soak: three phases of ${SOAK_RUNS} runs with webhook deliveries`,
    '',
    `Resident memory (VmRSS, MB) at the end of each phase, read after ${SOAK_IDLE_S} s idle and a full garbage collection ` +
      "in every V8 isolate of the process (the bench's entry bench/memory-probe.ts asks for it over the inspector " +
      'protocol): the memory the process retains, which a leak or an unbounded cache would make grow. ' +
      'Goal: phase 3 within 10 % of phase 2.',
    '',
    '| process | phase 1 | phase 2 | phase 3 | phase 3 vs 2 |',
    '|---|---|---|---|---|',
    ...goal,
    '',
    'Where that memory is (MB; after the collection unless said otherwise):',
    '',
    '| process | reading | phase 1 | phase 2 | phase 3 | phase 3 vs 2 |',
    '|---|---|---|---|---|---|',
    ...detail,
    '',
    `Workflows in the worker's sticky caches, per task queue, the most during each phase and at its reading (each ` +
      `cache's bound: ${soak.find((p) => p.worker?.collected?.caches.length)?.worker?.collected?.caches[0]?.max ?? 'n/a'}, ` +
      `docs/decisions.md 324): ${caches.map((c, i) => `phase ${i + 1}: ${c}`).join('; ')}.`,
    '',
  ];
}

/** The worker threads a process had at its last reading (the worker's workflow threads). */
function threadCount(soak: SoakPhase[], name: 'api' | 'worker'): number {
  return [...soak].reverse().find((p) => p[name]?.collected)?.[name]?.collected?.threads.length ?? 0;
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

/** CPU seconds so far of each process the stack's work runs in (this bench's own process is the clients). */
type CpuSnapshot = Record<string, number>;
function cpuSnapshot(pids: Record<string, number | undefined>): CpuSnapshot {
  const snapshot: CpuSnapshot = {};
  for (const [name, pid] of Object.entries(pids)) {
    if (pid === undefined) continue;
    try {
      snapshot[name] = cpuSeconds(pid);
    } catch {
      // Gone meanwhile (a process stopped by a phase): not counted.
    }
  }
  const own = process.cpuUsage();
  snapshot['bench (clients)'] = (own.user + own.system) / 1e6;
  return snapshot;
}
/** Milliseconds of CPU per item, process by process, between two snapshots. */
function cpuPerItem(before: CpuSnapshot, after: CpuSnapshot, items: number): Record<string, number> {
  return Object.fromEntries(
    Object.keys(after)
      .filter((k) => k in before)
      .map((k) => [k, ((after[k]! - before[k]!) * 1000) / Math.max(1, items)]),
  );
}

interface Load {
  name: string;
  p50: number;
  p99: number;
  rps: number;
  total: number;
  non2xx: number;
  errors: number;
}

/** The median of the values measured; null if any round failed to measure (a failure is not averaged away). */
function median(values: Array<number | null>): number | null {
  if (values.some((v) => v === null)) return null;
  const sorted = (values as number[]).slice().sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function load(name: string, opts: autocannon.Options): Promise<Load> {
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts });
  return {
    name,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** A load on the server of process `pid`, and that process's CPU per request answered (null unless all were 2xx). */
async function loadWithCpu(
  name: string,
  pid: number,
  opts: autocannon.Options,
): Promise<{ load: Load; cpuMs: number | null }> {
  const cpu0 = cpuSeconds(pid);
  const measured = await load(name, opts);
  const cpuMs = measured.total > 0 && measured.non2xx === 0 ? ((cpuSeconds(pid) - cpu0) * 1000) / measured.total : null;
  return { load: measured, cpuMs };
}

/** The machine's busy share of its CPUs over `ms` (from /proc/stat: everything but idle and iowait). */
async function busyShare(ms: number): Promise<number> {
  const read = () => {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { idle: f[3]! + f[4]!, total: f.reduce((a, b) => a + b, 0) };
  };
  const a = read();
  await new Promise((r) => setTimeout(r, ms));
  const b = read();
  return 1 - (b.idle - a.idle) / Math.max(1, b.total - a.total);
}

/**
 * Waits (at most BENCH_QUIET_MAX_S, 5 minutes) until the machine is less than 15 % busy over 3 s in a row; answers
 * the seconds waited.
 */
async function quiet(): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < QUIET_MAX_S * 1000) {
    const busy = await busyShare(3000);
    if (busy < 0.15) break;
    say(`machine ${Math.round(busy * 100)} % busy; waiting`);
  }
  return (performance.now() - t0) / 1000;
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
async function seed(
  db: Db,
  collection: string,
  kind: IdKind,
  sample: Document,
  accounts: string[],
  count: number,
  vary: (doc: Document, i: number) => void = () => undefined,
): Promise<void> {
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

/** A phase's error, printed in the report instead of losing the phases that worked. */
const failures: Array<{ phase: string; error: string }> = [];
const say = (l: string) => process.stderr.write(`[bench] ${new Date().toISOString().slice(11, 19)} ${l}\n`);

async function phase<T>(name: string, work: () => Promise<T>): Promise<T | null> {
  if (SOAK_ONLY && !name.startsWith('soak')) return null;
  say(name);
  try {
    return await work();
  } catch (err) {
    const dead = [...exits].map(([child, how]) => `${child} ${how}`).join('; ');
    const error = `${describe(err)}${dead ? ` (${dead}; see ${LOG_DIR})` : ''}`;
    failures.push({ phase: name, error });
    say(`${name} FAILED: ${error}`);
    return null;
  }
}

/**
 * Terminates every open execution of the bench's namespace: runs of an earlier bench whose database is gone would
 * retry their activities for ever and weigh on this one's worker; the runs this one leaves behind (the POST load
 * does not wait for its runs) must not outlive its database.
 */
async function terminateOpen(temporal: Awaited<ReturnType<typeof openProduct>>['temporal']): Promise<number> {
  const ids: string[] = [];
  for await (const execution of temporal.client.workflow.list({ query: 'ExecutionStatus="Running"' }))
    ids.push(execution.workflowId);
  await pool(ids.length, 20, (i) =>
    temporal.client.workflow
      .getHandle(ids[i]!)
      .terminate('bench clean-up')
      .catch(() => undefined),
  );
  return ids.length;
}

/**
 * Knobs set for the run that change where or when it runs, not what a figure means (a port of its own beside another
 * session's bench, a shorter wait for a quiet machine): said under the command, so the command shown is the run's.
 */
function placementKnobs(): string[] {
  const set = ['BENCH_PORT', 'BENCH_QUIET_MAX_S']
    .filter((k) => process.env[k])
    .map((k) => `\`${k}=${process.env[k]}\``);
  return set.length ? [`Also set: ${set.join(', ')} (where and when it ran; no figure depends on them).`, ''] : [];
}

async function main(): Promise<void> {
  const config = parseConfig(env);
  say(`child process logs: ${LOG_DIR}`);
  await startStack(config, (l) => process.stderr.write(`[stack] ${l}\n`));
  const { database, temporal, close } = await openProduct(config);
  const db = database.db;
  const leftovers = await terminateOpen(temporal);
  if (leftovers) say(`terminated ${leftovers} executions an earlier bench left in ${config.TEMPORAL_NAMESPACE}`);
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
  // The API CPU row's floor: Koa answering GET /<account>/<run> with the run's stored document read by _id and
  // account through the same driver, its JSON fields parsed — the read and the answer every GET /runs/{id} must
  // make, without authentication, routing, validation, logging or the view.
  const koaReadSource = `const Koa = require('koa'); const { MongoClient } = require('mongodb');
new MongoClient(${JSON.stringify(config.mongodbUri)}).connect().then((client) => {
  const runs = client.db(${JSON.stringify(config.MONGODB_DB)}).collection(${JSON.stringify(COLLECTIONS.runs)});
  const parse = (s) => (typeof s === 'string' ? JSON.parse(s) : null);
  const app = new Koa();
  app.use(async (ctx) => {
    const [, account, id] = ctx.path.split('/');
    const run = await runs.findOne({ _id: id, account_id: account });
    if (!run) { ctx.status = 404; return; }
    ctx.body = { ...run, output_json: parse(run.output_json), citations_json: parse(run.citations_json), manifest_json: parse(run.manifest_json), metadata_json: parse(run.metadata_json) };
  });
  app.listen(${KOA_READ_PORT}, '127.0.0.1', () => console.log('koa read listening'));
});`;
  const children: ChildProcess[] = [];
  // A bench stopped from outside (Ctrl-C, a timeout) takes its processes with it: a Koa or API left listening
  // makes the next bench fail at once on its port.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const child of children) child.kill('SIGTERM');
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
  try {
    // Database commands per request and per run under each list strategy (bench/commands.ts): first, on databases and
    // processes of their own, before this bench's API and worker start on the same port and task queues.
    const commandFailures: string[] = [];
    const commandCounts: Array<StrategyCounts | null> = [];
    for (const strategy of BENCH_STRATEGIES) {
      const counted = await phase(`database commands, LIST_STRATEGY=${strategy}`, () =>
        countCommands(strategy, {
          config,
          client: database.client,
          temporal,
          apiPort: API_PORT,
          counterPorts: { api: API_PORT + 3, worker: API_PORT + 4 },
          startProcess,
          stopProcess,
          say,
        }),
      );
      if (!counted) commandFailures.push(`\`${strategy}\` (see Failures)`);
      commandCounts.push(counted);
    }
    children.push(await startProcess('koa', ['-e', koaSource], 'koa listening'));
    const koaRead = await startProcess('koa-read', [...NODE_FLAGS, '-e', koaReadSource], 'koa read listening');
    children.push(koaRead);
    // Through the bench's entry that lets the soak ask for a full garbage collection (bench/memory-probe.ts).
    const probe = ['--import', 'tsx', 'bench/memory-probe.ts'];
    const api = await startProcess('api', [...NODE_FLAGS, ...probe, 'api/server.ts'], 'assay api listening', {
      BENCH_MEMORY_PORT: String(MEMORY_PORTS.api),
    });
    children.push(api);
    const worker = await startProcess('worker', [...NODE_FLAGS, ...probe, 'worker/main.ts'], 'assay worker polling', {
      BENCH_MEMORY_PORT: String(MEMORY_PORTS.worker),
    });
    children.push(worker);

    // Every process a run's work touches, for the CPU split of the engine rows (only services this project started).
    const services = await servicePids(config);
    const stackPids: Record<string, number | undefined> = {
      API: api.pid,
      worker: worker.pid,
      'Temporal server': services.temporal,
      FerretDB: services.mongodb,
      MinIO: services.minio,
    };
    /** Stack services whose pid this checkout does not know (a stack started from another checkout): not counted. */
    const unmeasured = Object.entries(stackPids)
      .filter(([, pid]) => pid === undefined)
      .map(([name]) => name);
    const base = `http://127.0.0.1:${API_PORT}/v1`;
    const accountId = `acct_${randomBase62(10)}`;
    const session = await signLocalSessionToken(config.SESSION_JWT_SECRET, { sub: 'bench', accountId });
    const post = async (path: string, token: string, body: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, string> };
    };
    /** A POST that must succeed: its failure ends the phase, with the answer in the error. */
    const create = async (path: string, token: string, body: unknown) => {
      const res = await post(path, token, body);
      if (res.status >= 300 || !res.body.id)
        throw new Error(`POST ${path} answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      return res.body.id;
    };
    const key = (await post('/keys', session, { name: 'bench', mode: 'test' })).body.token!;
    const wf = await create('/workflows', key, {
      product_code: 'general_evaluation',
      name: 'bench',
      output_format: 'json',
    });
    const endpoint = await post('/webhook-endpoints', key, { url: `http://127.0.0.1:${receiverPort}/hook` });
    const endpointId = endpoint.status < 300 ? endpoint.body.id : undefined;
    if (!endpointId)
      say(
        `no webhook endpoint (${endpoint.status} ${JSON.stringify(endpoint.body)}): the deliveries row is not measured`,
      );
    await post('/documents', key, { filename: 'bench.txt', mime_type: 'text/plain', size_bytes: 10 });
    await post('/reference-documents', key, {
      name: 'bench',
      filename: 'bench.txt',
      mime_type: 'text/plain',
      size_bytes: 10,
    });
    // A second account with no webhook endpoint: its runs cost what a run costs alone (no delivery job).
    const bareAccount = await (async () => {
      const bareSession = await signLocalSessionToken(config.SESSION_JWT_SECRET, {
        sub: 'bench',
        accountId: `acct_${randomBase62(10)}`,
      });
      const bareKey = (await post('/keys', bareSession, { name: 'bench', mode: 'test' })).body.token!;
      return {
        key: bareKey,
        wf: await create('/workflows', bareKey, {
          product_code: 'general_evaluation',
          name: 'bench',
          output_format: 'json',
        }),
      };
    })();
    const auth = { authorization: `Bearer ${key}` };
    /**
     * Waits until the API answers a cheap read quickly again (at most 2 minutes): a load that ended leaves requests
     * the API is still working through (autocannon hangs up, the handlers run on), and the next phase must not
     * measure them.
     */
    const settle = async (path: string) => {
      const until = performance.now() + 120_000;
      while (performance.now() < until) {
        const t = performance.now();
        const ok = await fetch(`${base}${path}`, { headers: auth }).then(
          (r) => r.ok,
          () => false,
        );
        if (ok && performance.now() - t < 250) return;
        await new Promise((r) => setTimeout(r, 500));
      }
      say(`the API did not settle within 2 minutes after a load`);
    };

    // Real documents of every kind, to clone: 40 finished runs (with their events and deliveries).
    const runId = await phase('40 sync runs to clone', async () => {
      const seeded = await pool(40, 10, () => create(`/workflows/${wf}/runs`, key, { mode: 'sync' }));
      await new Promise((r) => setTimeout(r, 2000)); // let the last deliveries be written
      return seeded[0]!;
    });

    const seeding = await phase(`seeding ${SEED} documents of each kind in ${ACCOUNTS} accounts`, async () => {
      const accounts = [accountId, ...Array.from({ length: ACCOUNTS - 1 }, () => `acct_${randomBase62(10)}`)];
      // `like`: the sample to clone is a settled item where the kind has unsettled states, as nearly all of a large
      // account's items are (a sync run answered before it finished would otherwise make every clone unsettled).
      const kinds: Array<{
        collection: string;
        kind: IdKind;
        like?: Document;
        vary?: (doc: Document, i: number) => void;
      }> = [
        { collection: COLLECTIONS.runs, kind: 'run', like: { status: 'succeeded' } },
        { collection: COLLECTIONS.workflows, kind: 'workflow' },
        { collection: COLLECTIONS.documents, kind: 'document' },
        { collection: COLLECTIONS.referenceDocuments, kind: 'referenceDocument' },
        {
          collection: COLLECTIONS.events,
          kind: 'event',
          vary: (doc, i) => (doc.dedupe_key = `${String(doc.dedupe_key)}:bench:${i}`),
        },
        {
          collection: COLLECTIONS.webhookDeliveries,
          kind: 'webhookDelivery',
          like: { status: 'succeeded' },
          vary: (doc) => (doc.event_id = newId('event')),
        },
      ];
      const started = performance.now();
      const kindsSeeded: string[] = [];
      for (const k of kinds) {
        const coll = db.collection<Document>(k.collection);
        const settled = k.like ? await coll.findOne({ account_id: accountId, ...k.like }) : null;
        if (k.like && !settled)
          say(`no ${k.collection} document like ${JSON.stringify(k.like)} to clone; cloning another`);
        const sample = settled ?? (await coll.findOne({ account_id: accountId }));
        if (!sample) {
          say(`no ${k.collection} document to clone`);
          continue;
        }
        await seed(db, k.collection, k.kind, sample, accounts, SEED, k.vary);
        kindsSeeded.push(k.collection);
      }
      const seconds = (performance.now() - started) / 1000;
      say(`seeded ${kindsSeeded.join(', ')} in ${seconds.toFixed(0)} s`);
      return { kinds: kindsSeeded, seconds };
    });

    // Bulk inserts leave the store busy for a while after they are acknowledged (SQLite checkpoints a WAL of hundreds
    // of megabytes): seen halving the Koa ceiling and stalling GETs for seconds. Nothing is measured until it is done.
    if (seeding) await phase('waiting for a quiet machine after seeding', () => quiet());
    const koaLoad = await phase('ceiling: bare Koa', () =>
      load('bare Koa hello-world', { url: `http://127.0.0.1:${KOA_PORT}/` }),
    );
    const noopCount = Math.max(50, Math.min(RUNS, 500));
    // The POST row's ceiling: the rate at which this Temporal server accepts starts (of the no-op workflow), 50 at a
    // time; then the rate at which the worker completes them.
    const starts = await phase('ceiling: Temporal starts and no-op completions', async () => {
      const cpu0 = cpuSnapshot(stackPids);
      const t0 = performance.now();
      const handles = await pool(noopCount, CONNECTIONS, (i) =>
        temporal.client.workflow.start('noop', {
          taskQueue: TASK_QUEUES.runs,
          workflowId: `bench-noop-${i}-${newId('run')}`,
        }),
      );
      const startsPerSec = noopCount / ((performance.now() - t0) / 1000);
      await pool(handles.length, CONNECTIONS, (i) => handles[i]!.result());
      const completedPerSec = noopCount / ((performance.now() - t0) / 1000);
      return { startsPerSec, completedPerSec, cpuMs: cpuPerItem(cpu0, cpuSnapshot(stackPids), noopCount) };
    });

    // The findOne ceiling right before and right after the GET row, averaged: on a shared machine the load moves.
    const getRow = runId
      ? await phase('GET /runs/{id} between two findOne ceilings', async () => {
          await settle(`/runs/${runId}`);
          // Warm-up, not measured: the row is the steady state, not the first seconds' compilation of the request
          // path (before this phase the API has answered only a few set-up requests). The findOne ceiling's own first
          // measurement warms the driver the same way.
          await load('GET /v1/runs/{id} warm-up', {
            url: `${base}/runs/${runId}`,
            headers: auth,
            duration: Math.min(3, DURATION_S),
          });
          await settle(`/runs/${runId}`);
          const before = await findOneRate(db, COLLECTIONS.runs, runId, CONNECTIONS, DURATION_S);
          const getUrl = { url: `${base}/runs/${runId}`, headers: auth };
          const get = await loadWithCpu('GET /v1/runs/{id}', api.pid!, getUrl);
          const after = await findOneRate(db, COLLECTIONS.runs, runId, CONNECTIONS, DURATION_S);
          // The floor, loaded the same way: the same read and answer with nothing of the API around them.
          const floorUrl = { url: `http://127.0.0.1:${KOA_READ_PORT}/${accountId}/${runId}` };
          await load('Koa + findOne warm-up', { ...floorUrl, duration: Math.min(3, DURATION_S) });
          const floor = await loadWithCpu('Koa + findOne of the run', koaRead.pid!, floorUrl);
          // The CPU row: one 10-s load on a shared 2-core machine moved it by a third between benches of the same code
          // (docs/decisions.md 289), so the API and its floor are loaded in turn CPU_ROUNDS times and each row takes
          // its median; every round is printed with the ceilings.
          const rounds = [{ api: get.cpuMs, floor: floor.cpuMs }];
          for (let r = 1; r < CPU_ROUNDS; r++) {
            const apiRound = await loadWithCpu('GET /v1/runs/{id}, CPU round', api.pid!, getUrl);
            const floorRound = await loadWithCpu('Koa + findOne, CPU round', koaRead.pid!, floorUrl);
            rounds.push({ api: apiRound.cpuMs, floor: floorRound.cpuMs });
          }
          return {
            get: get.load,
            cpuPerGetMs: median(rounds.map((r) => r.api)),
            before,
            after,
            findOne: (before + after) / 2,
            floor: floor.load,
            floorCpuMs: median(rounds.map((r) => r.floor)),
            rounds,
          };
        })
      : null;

    const listPaths: Array<[string, string | null]> = [
      ['GET /runs?limit=20', '/runs?limit=20'],
      ['GET /workflows?limit=20', '/workflows?limit=20'],
      ['GET /documents?limit=20', '/documents?limit=20'],
      ['GET /reference-documents?limit=20', '/reference-documents?limit=20'],
      ['GET /events?limit=20', '/events?limit=20'],
      [
        'GET /webhook-endpoints/{id}/deliveries?limit=20',
        endpointId ? `/webhook-endpoints/${endpointId}/deliveries?limit=20` : null,
      ],
    ];
    const lists: Array<{ name: string; load: Load | null; why: string }> = [];
    for (const [name, path] of listPaths) {
      if (!path) {
        lists.push({ name, load: null, why: 'no endpoint' });
        continue;
      }
      const measured = await phase(`list ${name}`, async () => {
        const probe = await fetch(`${base}${path}`, { headers: auth });
        if (!probe.ok) return { name, load: null, why: `answers ${probe.status}` };
        return {
          name,
          load: await load(name, { url: `${base}${path}`, headers: auth, connections: LIST_CONNECTIONS }),
          why: '',
        };
      });
      lists.push(measured ?? { name, load: null, why: 'failed (see Failures)' });
    }

    // Every creation is counted, whatever it answers: one that fails is reported, not fatal to the rest.
    const runsEndToEnd = async (label: string, workflowId: string, token: string, count = RUNS) => {
      await settle(runId ? `/runs/${runId}` : '/workflows?limit=1');
      const workerCpu0 = cpuSeconds(worker.pid!);
      const cpu0 = cpuSnapshot(stackPids);
      const t0 = performance.now();
      const refused: string[] = [];
      const created = await pool(count, CONNECTIONS, async () => {
        try {
          return await create(`/workflows/${workflowId}/runs`, token, {});
        } catch (err) {
          refused.push(describe(err));
          return null;
        }
      });
      const ids = created.filter((id): id is string => id !== null);
      const createdPerSec = ids.length / ((performance.now() - t0) / 1000);
      // A long poll can end early on a busy server ("failed to get history"): poll again rather than give up.
      const unfinished: string[] = [];
      await pool(ids.length, 50, async (i) => {
        for (let attempt = 1; ; attempt++) {
          try {
            return await temporal.client.workflow.getHandle(ids[i]!).result();
          } catch (err) {
            if (attempt >= 5) return unfinished.push(describe(err));
          }
        }
      });
      const completed = ids.length - unfinished.length;
      const completedPerSec = completed / ((performance.now() - t0) / 1000);
      const workerCpuPerRunMs = ((cpuSeconds(worker.pid!) - workerCpu0) * 1000) / Math.max(1, completed);
      const cpuMs = cpuPerItem(cpu0, cpuSnapshot(stackPids), completed);
      const histories = await Promise.all(
        ids
          .slice(0, 5)
          .map(async (id) => (await temporal.client.workflow.getHandle(id).fetchHistory()).events?.length ?? 0),
      );
      const eventsPerRun = histories.sort((a, b) => a - b)[Math.floor(histories.length / 2)] ?? null;
      if (refused.length)
        failures.push({ phase: label, error: `${refused.length} of ${count} creations failed; first: ${refused[0]}` });
      if (unfinished.length)
        failures.push({ phase: label, error: `${unfinished.length} runs not seen finishing; first: ${unfinished[0]}` });
      return { created: ids.length, createdPerSec, completed, completedPerSec, workerCpuPerRunMs, eventsPerRun, cpuMs };
    };
    // The goal rows' shape: the account has the endpoint, so each run also delivers `run.succeeded` (one delivery
    // job per run). Then the same runs in an account with no endpoint, for the run's own cost (docs/decisions.md 250).
    const endToEnd = await phase(`runs end to end (${RUNS})`, () => runsEndToEnd('runs end to end', wf, key));
    const bare = await phase(`runs end to end, no endpoint (${RUNS})`, () =>
      runsEndToEnd('runs end to end, no endpoint', bareAccount.wf, bareAccount.key),
    );

    const postLoad = () =>
      load('POST /v1/workflows/{id}/runs (test mode)', {
        url: `${base}/workflows/${wf}/runs`,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{}',
      });
    // Twice (docs/decisions.md 233): first with the worker executing the runs as they are admitted — on these two
    // cores it then takes most of the CPU the API would use, and its own cost is the two engine rows — then the
    // API's creation path alone, the row's figure: the worker is stopped and the runs admitted wait in Temporal
    // (ended with the others at the end).
    const postShared = await phase('POST runs, the worker executing them', async () => {
      await settle(runId ? `/runs/${runId}` : '/workflows?limit=1');
      return postLoad();
    });
    const memory = {
      api: exits.has('api') ? null : rssMb(api.pid!),
      worker: exits.has('worker') ? null : rssMb(worker.pid!),
    };
    // The soak (issue 44): three phases of SOAK_RUNS test-mode runs, each delivering `run.succeeded` to the account's
    // endpoint; at the end of each phase, after SOAK_IDLE_S of idle, each process's VmRSS is read, then each process
    // runs a full garbage collection (bench/memory-probe.ts) and its memory is read again: the goal's figure, the
    // memory it retains (docs/decisions.md 515). A process that keeps growing from phase 2 to phase 3 (past 10 %)
    // holds something per run: a leak or an unbounded cache.
    const soak: SoakPhase[] = [];
    const collected = async (name: 'api' | 'worker'): Promise<MemoryReading | null> => {
      try {
        const res = await fetch(`http://127.0.0.1:${MEMORY_PORTS[name]}/gc`, { method: 'POST' });
        if (!res.ok) throw new Error(`answered ${res.status}: ${await res.text()}`);
        return (await res.json()) as MemoryReading;
      } catch (err) {
        failures.push({ phase: `soak: the ${name}'s collection`, error: describe(err) });
        return null;
      }
    };
    for (let n = 1; SOAK_RUNS > 0 && n <= 3; n++) {
      const reading = await phase(`soak phase ${n} (${SOAK_RUNS} runs)`, async () => {
        await settle(runId ? `/runs/${runId}` : '/workflows?limit=1');
        await runsEndToEnd(`soak phase ${n}`, wf, key, SOAK_RUNS);
        await new Promise((r) => setTimeout(r, SOAK_IDLE_S * 1000));
        const idle = {
          api: exits.has('api') ? null : rssMb(api.pid!),
          worker: exits.has('worker') ? null : rssMb(worker.pid!),
        };
        const read = async (name: 'api' | 'worker') =>
          idle[name] === null ? null : { idleRss: idle[name], collected: await collected(name) };
        const result = { api: await read('api'), worker: await read('worker') };
        // Every figure of the reading, each worker thread's heap too, for a closer look than the report's table.
        writeFileSync(join(LOG_DIR, `soak-phase-${n}.json`), JSON.stringify(result, null, 2));
        say(
          `soak phase ${n}: VmRSS MB after the idle / after a full collection: API ${result.api?.idleRss.toFixed(1)} / ` +
            `${result.api?.collected?.rss.toFixed(1)}, worker ${result.worker?.idleRss.toFixed(1)} / ` +
            `${result.worker?.collected?.rss.toFixed(1)} (load average ${loadavg()[0]!.toFixed(1)})`,
        );
        return result;
      });
      soak.push(reading ?? { api: null, worker: null });
    }
    const postRuns = await phase('POST runs, the API alone', async () => {
      await stopProcess(worker);
      await settle(runId ? `/runs/${runId}` : '/workflows?limit=1');
      return postLoad();
    });

    type PdfResult = {
      bytes: number;
      extracted: boolean;
      pages: number;
      sectionsCounted: number;
      seconds: number;
      peakRssMb: number;
      sandboxPeakRssMb: number;
    };
    const pdf =
      process.env.BENCH_PDF === '0'
        ? null
        : await phase('50 MB PDF', async () => {
            const pdfRun = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'large-pdf.ts')], {
              cwd: ROOT,
              encoding: 'utf8',
            });
            if (pdfRun.status !== 0)
              throw new Error(`bench/large-pdf.ts exited with ${pdfRun.status}: ${pdfRun.stderr.slice(-400)}`);
            return JSON.parse(pdfRun.stdout.trim().split('\n').pop() ?? '{}') as PdfResult;
          });

    const f = (n: number, d = 1) => n.toFixed(d);
    const failed = (what: string) => `not measured: ${what} failed (see Failures)`;
    const koaRate = koaLoad ? `Koa ${f(koaLoad.rps)}/s` : 'Koa not measured';
    const clean = (l: Load) => l.non2xx === 0 && l.errors === 0;
    const rows: Row[] = [
      getRow
        ? {
            measure: `GET /runs/{id} (API key) ÷ db findOne by _id, ${CONNECTIONS} connections`,
            goal: '≥ 0.6',
            measured: `${f(getRow.get.rps / getRow.findOne, 2)} (${f(getRow.get.rps)}/s; p99 ${getRow.get.p99} ms; ${getRow.get.non2xx} non-2xx, ${getRow.get.errors} errors)`,
            ceiling: `findOne ${f(getRow.findOne)}/s`,
            met: clean(getRow.get) && getRow.get.rps / getRow.findOne >= 0.6,
          }
        : {
            measure: `GET /runs/{id} (API key) ÷ db findOne by _id, ${CONNECTIONS} connections`,
            goal: '≥ 0.6',
            measured: failed('the GET phase'),
            ceiling: '—',
            met: null,
          },
      ...lists.map(({ name, load: l, why }) => ({
        measure: `${name} p99, ${SEED} stored in ${ACCOUNTS} accounts, ${LIST_CONNECTIONS} connections`,
        goal: '< 100 ms',
        measured: !l
          ? `not measured: ${why}`
          : l.total === 0
            ? `no answer within the ${DURATION_S} s load (${l.errors} errors or timeouts)`
            : `${l.p99} ms (p50 ${l.p50} ms, ${f(l.rps)}/s; ${l.non2xx} non-2xx, ${l.errors} errors)`,
        ceiling: getRow ? `findOne ${f(getRow.findOne)}/s` : '—',
        met: l ? l.total > 0 && clean(l) && l.p99 < 100 : null,
      })),
      {
        measure: `POST …/runs (test mode), ${CONNECTIONS} connections: the API alone (the worker stopped; with it executing the runs on the same cores in brackets)`,
        goal: '≥ 100/s, p99 < 1 s',
        measured:
          (postRuns
            ? `${f(postRuns.rps)}/s, p99 ${postRuns.p99} ms (${postRuns.non2xx} non-2xx, ${postRuns.errors} errors)`
            : failed('the POST phase')) +
          (postShared
            ? ` [${f(postShared.rps)}/s, p99 ${postShared.p99} ms]`
            : ` [${failed('the shared POST phase')}]`),
        ceiling: starts
          ? `Temporal starts ${f(starts.startsPerSec)}/s (no-op, ${CONNECTIONS} at a time); ${koaRate}`
          : 'Temporal starts not measured',
        met: postRuns ? clean(postRuns) && postRuns.rps >= 100 && postRuns.p99 < 1000 : null,
      },
      {
        measure: `completed test-mode runs/s ÷ no-op workflows/s (${RUNS} runs)`,
        goal: '≥ 0.8',
        measured:
          endToEnd && starts
            ? `${f(endToEnd.completedPerSec / starts.completedPerSec, 2)} (${f(endToEnd.completedPerSec)}/s; ${endToEnd.completed} of ${RUNS} completed)`
            : failed(endToEnd ? 'the no-op ceiling' : 'the end-to-end phase'),
        ceiling: starts ? `no-op ${f(starts.completedPerSec)}/s` : '—',
        met:
          endToEnd && starts
            ? endToEnd.completed === RUNS && endToEnd.completedPerSec / starts.completedPerSec >= 0.8
            : null,
      },
      {
        measure: 'history events per test-mode run (median of 5 fetched)',
        goal: '≤ 20',
        measured: endToEnd?.eventsPerRun != null ? String(endToEnd.eventsPerRun) : failed('the end-to-end phase'),
        ceiling: 'no-op: 5',
        met: endToEnd?.eventsPerRun != null ? endToEnd.eventsPerRun <= 20 : null,
      },
      {
        measure: 'worker CPU per completed test-mode run',
        goal: '≤ 15 ms',
        measured: endToEnd ? `${f(endToEnd.workerCpuPerRunMs)} ms` : failed('the end-to-end phase'),
        ceiling: '—',
        met: endToEnd ? endToEnd.workerCpuPerRunMs <= 15 : null,
      },
      {
        measure: `API CPU per authenticated GET (GET /runs/{id}; median of ${CPU_ROUNDS} loads, in turn with its floor's)`,
        goal: '≤ 0.5 ms',
        // With its multiple of the floor: the goal is absolute, and the floor moves with the machine (docs/decisions.md 291).
        measured:
          getRow?.cpuPerGetMs != null
            ? `${f(getRow.cpuPerGetMs, 2)} ms${getRow.floorCpuMs ? ` (${f(getRow.cpuPerGetMs / getRow.floorCpuMs, 2)} × its floor)` : ''}`
            : failed('the GET phase'),
        ceiling:
          getRow?.floorCpuMs != null
            ? `Koa + the same findOne, nothing else: ${f(getRow.floorCpuMs, 2)} ms (${f(getRow.floor.rps)}/s)`
            : koaLoad
              ? `Koa ${f(1000 / koaLoad.rps, 3)} ms wall/req`
              : '—',
        met: getRow?.cpuPerGetMs != null ? getRow.cpuPerGetMs <= 0.5 : null,
      },
    ];
    const settings = `BENCH_SEED=${SEED} BENCH_ACCOUNTS=${ACCOUNTS} BENCH_RUNS=${RUNS} BENCH_SOAK_RUNS=${SOAK_RUNS} BENCH_DURATION_S=${DURATION_S} BENCH_CONNECTIONS=${CONNECTIONS} BENCH_LIST_CONNECTIONS=${LIST_CONNECTIONS}`;
    if (SOAK_ONLY) {
      const only = [
        '# Assay soak alone (BENCH_ONLY=soak)',
        '',
        `Written by bench/report.ts on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${cpus().length} cores, ` +
          `load average ${loadavg()
            .map((l) => l.toFixed(1))
            .join(' / ')} at the end. BENCH_SOAK_RUNS=${SOAK_RUNS} BENCH_SOAK_IDLE_S=${SOAK_IDLE_S}.`,
        '',
        ...failures.flatMap((x) => [`Failure, ${x.phase}: ${x.error}`, '']),
        ...soakSection(soak),
      ];
      writeFileSync(OUT, only.join('\n'));
      process.stdout.write(only.join('\n'));
      return;
    }
    const lines = [
      '# Assay performance report',
      '',
      `Written by \`npm run bench\` (bench/report.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${cpus().length} cores, ` +
        `${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, the local stack (Temporal CLI dev server, FerretDB on SQLite, MinIO), ` +
        `one API process and one worker process. autocannon ${DURATION_S} s per load, loopback.`,
      '',
      'Command:',
      '',
      '```sh',
      `${settings} npm run bench`,
      '```',
      '',
      ...placementKnobs(),
      '## Goals (issue 19), each next to its ceiling in this run',
      '',
      '| measure | goal | measured | ceiling (same run) | met |',
      '|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.measure} | ${r.goal} | ${r.measured} | ${r.ceiling} | ${r.met === null ? 'not measured' : r.met ? 'met' : 'NOT met'} |`,
      ),
      '',
      ...(failures.length
        ? [
            '## Failures',
            '',
            '| phase | error |',
            '|---|---|',
            ...failures.map((x) => `| ${x.phase} | ${x.error.replace(/\|/g, '\\|')} |`),
            '',
          ]
        : []),
      '## Ceilings',
      '',
      '| ceiling | rate | p99 ms |',
      '|---|---|---|',
      `| bare Koa hello-world, ${CONNECTIONS} connections | ${koaLoad ? `${f(koaLoad.rps)}/s` : 'not measured'} | ${koaLoad?.p99 ?? '—'} |`,
      `| db findOne by _id through the driver, ${CONNECTIONS} in flight (before / after the GET row) | ${getRow ? `${f(getRow.before)}/s / ${f(getRow.after)}/s` : 'not measured'} | — |`,
      `| Koa answering the GET row's run read by _id through the driver (no auth, routing, logging or view), ${CONNECTIONS} connections | ${getRow?.floorCpuMs != null ? `${f(getRow.floor.rps)}/s, ${f(getRow.floorCpuMs, 2)} ms CPU/req${getRow.rounds.length > 1 ? ' (the median of the rounds below)' : ''}` : 'not measured'} | ${getRow?.floorCpuMs != null ? getRow.floor.p99 : '—'} |`,
      ...(getRow && getRow.rounds.length > 1
        ? [
            `| API CPU per GET / its floor's, round by round (${CPU_ROUNDS} loads each, in turn; the row takes the medians) | ${getRow.rounds.map((r) => `${r.api === null ? '—' : f(r.api, 2)} / ${r.floor === null ? '—' : f(r.floor, 2)} ms`).join('; ')} | — |`,
          ]
        : []),
      `| Temporal workflow starts accepted (no-op, ${noopCount}, ${CONNECTIONS} at a time) | ${starts ? `${f(starts.startsPerSec)}/s` : 'not measured'} | — |`,
      `| no-op Temporal workflows completed (the same ${noopCount}) | ${starts ? `${f(starts.completedPerSec)}/s` : 'not measured'} | — |`,
      '',
      ...(seeding
        ? [
            `Seeding ${SEED} documents of each of ${seeding.kinds.length} kinds took ${f(seeding.seconds)} s (bulk inserts of clones).`,
            '',
          ]
        : []),
      ...(endToEnd
        ? [
            `End to end: ${endToEnd.created} runs created at ${f(endToEnd.createdPerSec)}/s (${CONNECTIONS} at a time), ${endToEnd.completed} completed.`,
            '',
          ]
        : []),
      ...(bare
        ? [
            '## The same runs with no endpoint subscribed',
            '',
            `The goal rows' runs each deliver \`run.succeeded\` to the endpoint (a second job per run). The same ${RUNS} runs in an ` +
              'account with no endpoint, for what a run costs alone (for information; the goal rows keep the shape above):',
            '',
            '| measure | goal (rows above) | with no endpoint | with the endpoint (rows above) |',
            '|---|---|---|---|',
            `| completed test-mode runs/s ÷ no-op workflows/s | ≥ 0.8 | ${starts ? f(bare.completedPerSec / starts.completedPerSec, 2) : '—'} (${f(bare.completedPerSec)}/s; ${bare.completed} of ${RUNS} completed) | ${endToEnd && starts ? f(endToEnd.completedPerSec / starts.completedPerSec, 2) : '—'} |`,
            `| history events per test-mode run | ≤ 20 | ${bare.eventsPerRun ?? '—'} | ${endToEnd?.eventsPerRun ?? '—'} |`,
            `| worker CPU per completed test-mode run | ≤ 15 ms | ${f(bare.workerCpuPerRunMs)} ms | ${endToEnd ? `${f(endToEnd.workerCpuPerRunMs)} ms` : '—'} |`,
            '',
          ]
        : []),
      ...cpuSplit(
        endToEnd?.cpuMs,
        bare?.cpuMs,
        starts?.cpuMs,
        starts?.completedPerSec,
        cpus().length,
        endpointId !== undefined,
        unmeasured,
      ),
      '## Memory',
      '',
      '| process | RSS MB |',
      '|---|---|',
      `| API | ${memory.api === null ? 'not running' : f(memory.api)} |`,
      `| worker | ${memory.worker === null ? 'not running' : f(memory.worker)} |`,
      '',
      ...commandSection(commandCounts, commandFailures),
      ...floorMultiples(getRow, endToEnd?.cpuMs, bare?.cpuMs, starts?.cpuMs, unmeasured),
      ...soakSection(soak),
      ...(pdf
        ? [
            '## A 50 MB PDF',
            '',
            `${(pdf.bytes / 1e6).toFixed(1)} MB, ${pdf.pages} pages, extracted ${pdf.extracted ? 'completely' : 'NOT'} in ${f(pdf.seconds)} s ` +
              `in the parsing sandbox (a child process capped at 512 MB resident), as an input document: the tokens of ` +
              `${pdf.sectionsCounted} of its ${pdf.pages} pages counted for the runs; peak RSS of the extracting child ` +
              `${f(pdf.sandboxPeakRssMb)} MB, of the calling process ${f(pdf.peakRssMb)} MB.`,
            '',
          ]
        : []),
      '## Reading the numbers',
      '',
      '- The machine is shared by the API, the worker, Temporal, FerretDB, MinIO and autocannon itself; ratios to the',
      '  ceilings measured in the same run are what carries from one machine to another.',
      "- CPU per request or run is the process's user + system time (/proc/<pid>/stat) over the load, divided by the",
      '  requests answered or runs completed (clock ticks of 1/' + CLK_TCK + ' s).',
      '- Each phase starts once the API answers a cheap read within 250 ms again: a load that ends leaves requests the',
      '  API is still working through, which the next phase must not measure.',
      '',
    ];
    writeFileSync(OUT, lines.join('\n') + historyOf(OUT));
    process.stdout.write(lines.join('\n'));
  } finally {
    // Nothing may use the database when it is dropped: FerretDB on SQLite can crash when a database disappears under
    // a query in flight (seen: SIGBUS in the WAL reader). So the processes are stopped and waited for, the runs left
    // in flight are ended, and only then is the database dropped. The API stops first: it may still be working through
    // POSTs the last load left queued, and a run it started after the executions were listed would outlive the
    // database (seen: ~50 runs whose first activity then failed for ever).
    await Promise.all(children.map(stopProcess));
    await terminateOpen(temporal).catch((err: unknown) => say(`clean-up: ${describe(err)}`));
    receiver.close();
    await db.dropDatabase().catch(() => undefined);
    await close();
  }
}

/**
 * The engine rows' CPU, process by process: a completed test-mode run against a completed no-op workflow. On a
 * machine where every process shares the cores, the sum bounds the rate: N cores complete at most N × 1000 / sum
 * items per second, whatever the engine does.
 */
function cpuSplit(
  run: Record<string, number> | undefined,
  bareRun: Record<string, number> | undefined,
  noop: Record<string, number> | undefined,
  noopPerSec: number | undefined,
  cores: number,
  delivers: boolean,
  unmeasured: string[],
): string[] {
  if (!run || !noop || !noopPerSec) return [];
  const names = [...new Set([...Object.keys(run), ...Object.keys(bareRun ?? {}), ...Object.keys(noop)])];
  const total = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
  const cell = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(1));
  return [
    '## CPU per completed item, by process (the engine rows)',
    '',
    `Milliseconds of CPU per completed test-mode run (end-to-end phase${delivers ? ', each run also delivering `run.succeeded` to the subscribed endpoint' : ''}), ` +
      'per completed run of the account with no endpoint, and per completed no-op workflow (its ceiling phase).',
    ...notMeasured(unmeasured),
    '',
    '| process | test-mode run | run, no endpoint | no-op workflow |',
    '|---|---|---|---|',
    ...names.map((n) => `| ${n} | ${cell(run[n])} | ${cell(bareRun?.[n])} | ${cell(noop[n])} |`),
    `| all | ${total(run).toFixed(1)} | ${bareRun ? total(bareRun).toFixed(1) : '—'} | ${total(noop).toFixed(1)} |`,
    '',
    `With ${cores} cores shared by all of them, CPU alone caps runs at ${((cores * 1000) / total(run)).toFixed(0)}/s and no-ops at ` +
      `${((cores * 1000) / total(noop)).toFixed(0)}/s; the no-ops completed at ${noopPerSec.toFixed(1)}/s. Runs at 0.8 of that rate ` +
      `need at most ${((cores * 1000) / (0.8 * noopPerSec)).toFixed(0)} ms of CPU per run in all processes together, even with no waiting.`,
    '',
  ];
}

/** The note under a CPU table when some stack services could not be measured. */
function notMeasured(unmeasured: string[]): string[] {
  if (unmeasured.length === 0) return [];
  return [
    '',
    `Not measured: ${unmeasured.join(', ')} (this checkout has no pid for them: the stack was started from another ` +
      'checkout). The "all" figures leave them out.',
  ];
}

/**
 * The CPU rows issue 19 left unmet, as multiples of their floors measured in the same run (issue 42, for
 * information): the API's CPU per authenticated GET ÷ Koa answering the same `findOne`; all processes' CPU per
 * completed run ÷ a no-op workflow's, with the run's webhook delivery and without.
 */
function floorMultiples(
  getRow: { cpuPerGetMs: number | null; floorCpuMs: number | null } | null,
  run: Record<string, number> | undefined,
  bareRun: Record<string, number> | undefined,
  noop: Record<string, number> | undefined,
  unmeasured: string[],
): string[] {
  const total = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
  const rows: string[] = [];
  if (getRow?.cpuPerGetMs != null && getRow.floorCpuMs)
    rows.push(
      `| API CPU per authenticated GET ÷ Koa answering the same findOne | ${getRow.cpuPerGetMs.toFixed(2)} ms | ${getRow.floorCpuMs.toFixed(2)} ms | ${(getRow.cpuPerGetMs / getRow.floorCpuMs).toFixed(2)} × |`,
    );
  if (noop && total(noop) > 0) {
    if (bareRun)
      rows.push(
        `| all processes' CPU per completed test-mode run, no delivery ÷ a no-op workflow's | ${total(bareRun).toFixed(1)} ms | ${total(noop).toFixed(1)} ms | ${(total(bareRun) / total(noop)).toFixed(2)} × |`,
      );
    if (run)
      rows.push(
        `| all processes' CPU per completed test-mode run, with its delivery ÷ a no-op workflow's | ${total(run).toFixed(1)} ms | ${total(noop).toFixed(1)} ms | ${(total(run) / total(noop)).toFixed(2)} × |`,
      );
  }
  if (rows.length === 0) return [];
  return [
    '## The CPU rows as multiples of their floors (same run, same machine)',
    '',
    'For information (issue 42): the absolute goals of issue 19 move with the machine; these ratios less so. ' +
      '"All processes" are those of the table above.',
    ...notMeasured(unmeasured),
    '',
    '| measure | measured | floor | multiple |',
    '|---|---|---|---|',
    ...rows,
    '',
  ];
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

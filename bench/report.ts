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
import { spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import type { Document } from 'mongodb';
import { ensureCatalog } from '../domain/catalog/catalog';
import { parseConfig } from '../domain/platform/config';
import { openProduct } from '../domain/operations/start-up';
import { COLLECTIONS, ensureIndexes } from '../domain/platform/db';
import { newId, randomBase62, type IdKind } from '../domain/platform/ids';
import { signLocalSessionToken } from '../domain/access/session-tokens';
import { TASK_QUEUES } from '../domain/jobs/contract';
import { servicePids, startStack } from '../scripts/stack/services';
import { NODE_FLAGS } from '../scripts/node-flags';
import { commandSection, countCommands, type StrategyCounts } from './commands';
import type { MemoryReading } from './memory-probe';
import {
  ROOT,
  SEED,
  ACCOUNTS,
  RUNS,
  SOAK_RUNS,
  SOAK_IDLE_S,
  SOAK_ONLY,
  DURATION_S,
  CONNECTIONS,
  LIST_CONNECTIONS,
  BENCH_STRATEGIES,
  CPU_ROUNDS,
  API_PORT,
  KOA_PORT,
  KOA_READ_PORT,
  MEMORY_PORTS,
  LOG_DIR,
  OUT,
  CLK_TCK,
  env,
} from './report/settings';
import { historyOf, placementKnobs } from './report/results-file';
import { cpuSplit, floorMultiples } from './report/cpu-tables';
import { exits, startProcess, stopProcess, describe, terminateOpen } from './report/processes';
import { soakSection, type SoakPhase } from './report/soak';
import {
  rssMb,
  cpuSeconds,
  cpuSnapshot,
  cpuPerItem,
  type Load,
  median,
  load,
  loadWithCpu,
  quiet,
  findOneRate,
} from './report/measure';
import { seed, pool } from './report/seed';
import { type Row, failures, say, phase } from './report/phases';

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
main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

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
 * Needs the local stack (started if missing). This file runs the phases in order; each phase, the processes, the
 * measuring and the report's text are in bench/report/, one file each.
 */
import { type ChildProcess } from 'node:child_process';
import { parseConfig } from '../domain/platform/config';
import { SEED, ACCOUNTS, RUNS, SOAK_RUNS, KOA_PORT, LOG_DIR, env } from './report/settings';
import { exits, stopProcess, describe, terminateOpen } from './report/processes';
import { rssMb, load, quiet } from './report/measure';
import { writeReport } from './report/render';
import { startBenchProcesses } from './report/bench-processes';
import { countEveryStrategy } from './report/command-phases';
import { measureLargePdf } from './report/large-pdf-phase';
import { startReceiver } from './report/receiver';
import { postRunsLoad } from './report/post-load';
import { stopChildrenOnSignal } from './report/signals';
import { runSoak } from './report/soak-phases';
import { openAccounts } from './report/accounts';
import { runsToClone, seedEveryKind } from './report/seed-kinds';
import { openFreshProduct } from './report/fresh-product';
import { measureGet, measureStarts } from './report/ceilings';
import { measureLists } from './report/lists';
import { runsEndToEnd as runEndToEnd } from './report/end-to-end';
import { say, phase } from './report/phases';

async function main(): Promise<void> {
  const config = parseConfig(env);
  say(`child process logs: ${LOG_DIR}`);
  const { database, temporal, close } = await openFreshProduct(config);
  const db = database.db;

  // Webhook deliveries need a receiver; it answers at once so deliveries settle.
  const { receiver, receiverPort } = await startReceiver();

  const children: ChildProcess[] = [];
  stopChildrenOnSignal(children);
  try {
    const { commandCounts, commandFailures } = await countEveryStrategy(config, { database, temporal });
    const { koaRead, api, worker, stackPids, unmeasured } = await startBenchProcesses(config, children);
    const { base, accountId, key, wf, endpointId, bareAccount, auth, create, settle } = await openAccounts(
      config,
      receiverPort,
    );

    // Real documents of every kind, to clone: 40 finished runs (with their events and deliveries).
    const runId = await phase('40 sync runs to clone', () => runsToClone(create, wf, key));

    const seeding = await phase(`seeding ${SEED} documents of each kind in ${ACCOUNTS} accounts`, () =>
      seedEveryKind(db, accountId),
    );

    // Bulk inserts leave the store busy for a while after they are acknowledged (SQLite checkpoints a WAL of hundreds
    // of megabytes): seen halving the Koa ceiling and stalling GETs for seconds. Nothing is measured until it is done.
    if (seeding) await phase('waiting for a quiet machine after seeding', () => quiet());
    const koaLoad = await phase('ceiling: bare Koa', () =>
      load('bare Koa hello-world', { url: `http://127.0.0.1:${KOA_PORT}/` }),
    );
    const noopCount = Math.max(50, Math.min(RUNS, 500));
    // The POST row's ceiling: the rate at which this Temporal server accepts starts (of the no-op workflow), 50 at a
    // time; then the rate at which the worker completes them.
    const starts = await phase('ceiling: Temporal starts and no-op completions', () =>
      measureStarts(temporal, stackPids, noopCount),
    );

    // The findOne ceiling right before and right after the GET row, averaged: on a shared machine the load moves.
    const getRow = runId
      ? await phase('GET /runs/{id} between two findOne ceilings', () =>
          measureGet({ db, base, auth, settle, accountId, apiPid: api.pid!, koaReadPid: koaRead.pid! }, runId),
        )
      : null;

    const lists = await measureLists({ base, auth }, endpointId);

    // Every creation is counted, whatever it answers: one that fails is reported, not fatal to the rest.
    const runsStage = { temporal, create, settle, runId, workerPid: worker.pid!, stackPids };
    const runsEndToEnd = (label: string, workflowId: string, token: string, count = RUNS) =>
      runEndToEnd(runsStage, label, workflowId, token, count);
    // The goal rows' shape: the account has the endpoint, so each run also delivers `run.succeeded` (one delivery
    // job per run). Then the same runs in an account with no endpoint, for the run's own cost.
    const endToEnd = await phase(`runs end to end (${RUNS})`, () => runsEndToEnd('runs end to end', wf, key));
    const bare = await phase(`runs end to end, no endpoint (${RUNS})`, () =>
      runsEndToEnd('runs end to end, no endpoint', bareAccount.wf, bareAccount.key),
    );

    const postLoad = () => postRunsLoad({ base, auth }, wf);
    // Twice: first with the worker executing the runs as they are admitted — on these two
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
    const soak = await runSoak({
      settle: () => settle(runId ? `/runs/${runId}` : '/workflows?limit=1'),
      runs: (label) => runsEndToEnd(label, wf, key, SOAK_RUNS),
      apiPid: api.pid!,
      workerPid: worker.pid!,
    });
    const postRuns = await phase('POST runs, the API alone', async () => {
      await stopProcess(worker);
      await settle(runId ? `/runs/${runId}` : '/workflows?limit=1');
      return postLoad();
    });

    const pdf = process.env.BENCH_PDF === '0' ? null : await phase('50 MB PDF', measureLargePdf);

    writeReport({
      koaLoad,
      starts,
      getRow,
      lists,
      postRuns,
      postShared,
      endToEnd,
      bare,
      memory,
      soak,
      pdf,
      seeding,
      commandCounts,
      commandFailures,
      noopCount,
      endpointId,
      unmeasured,
    });
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

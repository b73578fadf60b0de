/** The ceilings the goal rows are read against: Temporal's own start and completion rates, and the GET row's reads. */
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../../domain/platform/db';
import { newId } from '../../domain/platform/ids';
import { TASK_QUEUES } from '../../domain/jobs/contract';
import type { openProduct } from '../../domain/operations/start-up';
import { cpuPerItem, cpuSnapshot, findOneRate, load, loadWithCpu, median } from './measure';
import { pool } from './seed';
import { CONNECTIONS, CPU_ROUNDS, DURATION_S, KOA_READ_PORT } from './settings';

type Temporal = Awaited<ReturnType<typeof openProduct>>['temporal'];

/** No-op workflows started `CONNECTIONS` at a time: the rate Temporal accepts starts, then completes them. */
export async function measureStarts(
  temporal: Temporal,
  stackPids: Record<string, number | undefined>,
  noopCount: number,
) {
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
}

/** What the GET row is loaded through: the API as the bench's account, and the processes to measure. */
export interface GetRowStage {
  db: Db;
  base: string;
  auth: { authorization: string };
  settle: (path: string) => Promise<void>;
  accountId: string;
  apiPid: number;
  koaReadPid: number;
}

/** GET /runs/{id} between two findOne ceilings, and its floor (Koa and the same findOne), CPU_ROUNDS times in turn. */
export async function measureGet(
  { db, base, auth, settle, accountId, apiPid, koaReadPid }: GetRowStage,
  runId: string,
) {
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
  const get = await loadWithCpu('GET /v1/runs/{id}', apiPid, getUrl);
  const after = await findOneRate(db, COLLECTIONS.runs, runId, CONNECTIONS, DURATION_S);
  // The floor, loaded the same way: the same read and answer with nothing of the API around them.
  const floorUrl = { url: `http://127.0.0.1:${KOA_READ_PORT}/${accountId}/${runId}` };
  await load('Koa + findOne warm-up', { ...floorUrl, duration: Math.min(3, DURATION_S) });
  const floor = await loadWithCpu('Koa + findOne of the run', koaReadPid, floorUrl);
  // The CPU row: one 10-s load on a shared 2-core machine moved it by a third between benches of the same code,
  // so the API and its floor are loaded in turn CPU_ROUNDS times and each row takes
  // its median; every round is printed with the ceilings.
  const rounds = [{ api: get.cpuMs, floor: floor.cpuMs }];
  for (let r = 1; r < CPU_ROUNDS; r++) {
    const apiRound = await loadWithCpu('GET /v1/runs/{id}, CPU round', apiPid, getUrl);
    const floorRound = await loadWithCpu('Koa + findOne, CPU round', koaReadPid, floorUrl);
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
}

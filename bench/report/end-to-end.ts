/** Runs end to end: created through the API as fast as it takes them, waited for, and what they cost. */
import type { openProduct } from '../../domain/operations/start-up';
import { cpuPerItem, cpuSeconds, cpuSnapshot } from './measure';
import { failures } from './phases';
import { describe } from './processes';
import type { EndToEnd } from './render';
import { pool } from './seed';
import { CONNECTIONS } from './settings';

/** What the runs are created and measured through. */
export interface RunsStage {
  temporal: Awaited<ReturnType<typeof openProduct>>['temporal'];
  create: (path: string, token: string, body: unknown) => Promise<string>;
  settle: (path: string) => Promise<void>;
  /** A run to read while waiting for the API to settle (null: a list is read instead). */
  runId: string | null;
  workerPid: number;
  stackPids: Record<string, number | undefined>;
}

/** `count` test-mode runs of `workflowId` as `token`: every creation counted, whatever it answers. */
export async function runsEndToEnd(
  { temporal, create, settle, runId, workerPid, stackPids }: RunsStage,
  label: string,
  workflowId: string,
  token: string,
  count: number,
): Promise<EndToEnd> {
  await settle(runId ? `/runs/${runId}` : '/workflows?limit=1');
  const workerCpu0 = cpuSeconds(workerPid);
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
  const workerCpuPerRunMs = ((cpuSeconds(workerPid) - workerCpu0) * 1000) / Math.max(1, completed);
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
}

/**
 * How soon work resumes after the Temporal server restarts: stops the server for `downMs` (the API keeps being
 * asked to create runs meanwhile, as clients would), starts it, and measures from the moment it answers until a
 * run created then has completed — which needs the API's client to reach the server again and the worker to poll
 * again for both its workflow and its activity tasks. Used by `npm run chaos` and the chaos test.
 *
 * Why a completed run and not the server's poller list: DescribeTaskQueue lists a worker's pollers late after a
 * long outage (about 50 s after a 60 s one, measured) while that worker is already completing work (in 1.5 s).
 */
import type { Config } from '../../domain/platform/config';
import { stackStatus, startStack, stopStack } from '../../scripts/stack/services';
import type { TestContext } from '../support/app';
import { waitForRun } from '../support/runs';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Resume {
  /** From the server answering again until the API accepted a run. */
  acceptedMs: number;
  /** From the server answering again until that run succeeded. */
  completedMs: number;
}

/** `key` is a test-mode key of `t`'s namespace, `workflowId` one of its workflows; a worker serves the namespace. */
export async function measureWorkerResume(
  config: Config,
  t: TestContext,
  key: string,
  workflowId: string,
  downMs: number,
  limitMs = 120_000,
): Promise<Resume> {
  const auth = { Authorization: `Bearer ${key}` };
  await stopStack(config, () => undefined, ['temporal']);
  if ((await stackStatus(config)).temporal.startsWith('up')) {
    throw new Error(
      "temporal is still up: it was not started from this checkout's DATA_DIR, so it will not be stopped",
    );
  }
  try {
    for (const until = Date.now() + downMs; Date.now() < until;) {
      await t.api.post(`/v1/workflows/${workflowId}/runs`).set(auth).send({});
      await sleep(500);
    }
  } finally {
    await startStack(config, () => undefined, ['temporal']);
  }
  const back = Date.now();
  let runId = '';
  while (!runId) {
    if (Date.now() - back > limitMs) throw new Error(`the API accepted no run within ${limitMs} ms of the restart`);
    const res = await t.api.post(`/v1/workflows/${workflowId}/runs`).set(auth).send({});
    if (res.status === 202) runId = res.body.id as string;
    else await sleep(200);
  }
  const acceptedMs = Date.now() - back;
  const run = await waitForRun(t, key, runId, Math.max(1, limitMs - acceptedMs));
  if (run.status !== 'succeeded') throw new Error(`the run created after the restart ended ${String(run.status)}`);
  return { acceptedMs, completedMs: Date.now() - back };
}

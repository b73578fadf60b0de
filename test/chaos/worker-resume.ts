/**
 * How long the worker takes to poll again after the Temporal server restarts: stops the server for `downMs`,
 * starts it, and measures from the moment it answers until every task queue (workflow and activity tasks) has a
 * poller seen after the restart. Used by `npm run chaos` (test/chaos/run.ts) and the chaos test.
 */
import { temporal } from '@temporalio/proto';
import type { Config } from '../../domain/config';
import { connectTemporal } from '../../domain/jobs';
import { TASK_QUEUES } from '../../domain/workflow-contract';
import { stackStatus, startStack, stopStack } from '../../scripts/stack/services';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const { TaskQueueType, TaskQueueKind } = temporal.api.enums.v1;

/** Milliseconds from the server answering again until every queue is polled anew (throws past `limitMs`). */
export async function measureWorkerResume(config: Config, namespace: string, downMs: number, limitMs = 120_000): Promise<number> {
  await stopStack(config, () => undefined, ['temporal']);
  if ((await stackStatus(config)).temporal.startsWith('up')) {
    throw new Error("temporal is still up: it was not started from this checkout's DATA_DIR, so it will not be stopped");
  }
  await sleep(downMs);
  await startStack(config, () => undefined, ['temporal']);
  const back = Date.now();
  const handle = await connectTemporal(config);
  const connection = handle.connection;
  try {
    const pending = new Set(
      Object.values(TASK_QUEUES).flatMap((name) => [
        { name, type: TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW },
        { name, type: TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY },
      ]),
    );
    while (pending.size > 0) {
      if (Date.now() - back > limitMs) throw new Error(`the worker did not poll again within ${limitMs} ms of the restart`);
      for (const q of [...pending]) {
        const res = await connection.workflowService.describeTaskQueue({
          namespace,
          taskQueue: { name: q.name, kind: TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
          taskQueueType: q.type,
        });
        // A poller listed from before the restart does not count: only one that polled since the server came back.
        const fresh = (res.pollers ?? []).some((p) => Number(p.lastAccessTime?.seconds ?? 0) * 1000 >= back - 1000);
        if (fresh) pending.delete(q);
      }
      if (pending.size > 0) await sleep(200);
    }
    return Date.now() - back;
  } finally {
    await handle.close();
  }
}

/**
 * `batch-<bat_…>`: one batch, from `queued` to its final status (docs/decisions.md 36, 500). The job is a loop of
 * steps (activities/batches.ts `advanceBatch`), each a few seconds of admitting items through the sliding window,
 * canceling what may no longer be admitted and watching the runs in flight; the step hands back the progress (the
 * next position, the positions in flight, the tallies), which the job passes to the next step and carries across
 * continue-as-new, so its history stays a few events per step however many items the batch has. Everything a step
 * does is idempotent by item position, so a step retried after its worker died admits, charges and counts nothing
 * twice.
 */
import { continueAsNew, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { ActivitiesOf } from '../activities';
import type { BatchJobInput } from '../domain/jobs/contract';
import { assertCurrentShape } from './job-shape';

const steps = proxyActivities<ActivitiesOf<'runBatch'>>({
  startToCloseTimeout: '2 minutes',
  // A step heartbeats while it waits: a step whose worker died is retried after this, not after two minutes.
  heartbeatTimeout: '15 seconds',
  // No attempt limit: a step must eventually land (each is idempotent); a dependency outage only delays it.
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

/** Events after which the job continues as new: each step adds about six, so about 160 steps (13 minutes) a run. */
export const BATCH_HISTORY_LIMIT = 1_000;

export async function runBatch(input: BatchJobInput): Promise<{ status: string }> {
  assertCurrentShape(input);
  let progress = input.progress;
  for (;;) {
    const step = await steps.advanceBatch({ ...input, progress });
    progress = step.progress;
    if (step.status) return { status: step.status };
    const info = workflowInfo();
    if (info.historyLength >= BATCH_HISTORY_LIMIT || info.continueAsNewSuggested)
      await continueAsNew<typeof runBatch>({ ...input, progress });
  }
}

/**
 * `batch-<bat_…>`: one batch, from `queued` to its final status. The job is a loop of
 * steps (activities/batches.ts `advanceBatch`), each a few seconds of admitting items through the sliding window,
 * canceling what may no longer be admitted and watching the runs in flight; the step hands back the progress (the
 * next position, the positions in flight, the tallies), which the job passes to the next step and carries across
 * continue-as-new, so its history stays a few events per step however many items the batch has. Everything a step
 * does is idempotent by item position, so a step retried after its worker died admits, charges and counts nothing
 * twice.
 */
import { continueAsNew, proxyActivities, sleep, workflowInfo } from '@temporalio/workflow';
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

/**
 * A live economy batch's provider side: admitting every item, submitting and polling. Each
 * is idempotent against the batch's records (a submit retried after its worker died finds the provider batch it
 * made), so the attempts are unlimited like a step's.
 */
const economy = proxyActivities<ActivitiesOf<'runBatch'>>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

/** Events after which the job continues as new: each step adds about six, so about 160 steps (13 minutes) a run. */
export const BATCH_HISTORY_LIMIT = 1_000;

export async function runBatch(input: BatchJobInput): Promise<{ status: string }> {
  assertCurrentShape(input);
  // Before the first step only: a continue-as-new of the steps carries their progress past it.
  if (input.economy && !input.progress) await throughProviderBatches(input);
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

/**
 * Every item admitted, each group sent as a provider batch, then polled on durable timers until every provider batch
 * has ended (its answers stored) or been canceled; the steps then run the items, answered from what was stored. A
 * continue-as-new while polling starts here again, which finds everything admitted and submitted already.
 */
async function throughProviderBatches(input: BatchJobInput): Promise<void> {
  const plan = await economy.prepareEconomyBatch(input);
  for (let group = 0; group < plan.groups; group++)
    await economy.submitProviderBatch({ accountId: input.accountId, batchId: input.batchId, group });
  while ((await economy.pollProviderBatches(input)).pending) {
    await sleep(plan.pollMs);
    const info = workflowInfo();
    if (info.historyLength >= BATCH_HISTORY_LIMIT || info.continueAsNewSuggested)
      await continueAsNew<typeof runBatch>(input);
  }
}

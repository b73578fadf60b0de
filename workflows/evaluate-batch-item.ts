/**
 * A batch item's run: exactly `evaluateRun`'s steps, on the batches queue, whose worker
 * has its own slots, so batch items never wait in front of interactive runs. The run's job id
 * is the run's id, as for any run: the reconciler and the work's own checks find it the same way.
 */
import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { ActivitiesOf } from '../activities';
import type { RunJobInput } from '../domain/jobs/contract';
import { bookkeepingOptions, localWorkOptions, runWith, workOptions } from './evaluate-run';

const local = proxyLocalActivities<ActivitiesOf<'evaluateBatchItem'>>(bookkeepingOptions);
const work = proxyActivities<ActivitiesOf<'evaluateBatchItem'>>(workOptions);
const localWork = proxyLocalActivities<ActivitiesOf<'evaluateBatchItem'>>(localWorkOptions);

export async function evaluateBatchItem(input: RunJobInput): Promise<{ status: string }> {
  return runWith(
    {
      beginRun: local.beginRun,
      settleAfterWork: local.settleAfterWork,
      produceOutput: work.produceOutput,
      testRun: localWork.testRun,
    },
    input,
  );
}

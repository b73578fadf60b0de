/**
 * `run_…`: one run, queued → running → succeeded | failed (or canceled while queued). Every step is an idempotent
 * activity; the status changes are guarded updates; a failure of any kind ends in `failed` with a full refund.
 * The search attribute AssayRunStatus follows the run, so operators can filter runs by status in the Temporal UI.
 */
import { CancellationScope, isCancellation, proxyActivities, upsertSearchAttributes } from '@temporalio/workflow';
import type { ActivitiesOf } from '../activities';
import { clientFailure, RUN_FAILURES, type RunFailureCode } from '../domain/runs/failures';
import { SEARCH_ATTRIBUTES, type RunJobInput } from '../domain/jobs/contract';
import { JOB_WORK_RETRY } from './retry-policies';

const bookkeeping = proxyActivities<ActivitiesOf<'evaluateRun'>>({
  startToCloseTimeout: '30 seconds',
  // No attempt limit: bookkeeping must eventually land (each step is idempotent).
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

const work = proxyActivities<ActivitiesOf<'evaluateRun'>>({
  startToCloseTimeout: '20 minutes',
  heartbeatTimeout: '30 seconds',
  // An attempt lost after its model call pays for that call again, so the count stays small (docs/decisions.md 55).
  retry: JOB_WORK_RETRY,
});

function status(value: string): void {
  upsertSearchAttributes([{ key: SEARCH_ATTRIBUTES.runStatus, value }]);
}

/** The run's failure as the client reads it (domain/runs/failures.ts); the own time bound firing is `timeout`. */
function failureOf(err: unknown): { code: RunFailureCode; message: string } {
  if (isCancellation(err)) return { code: 'timeout', message: RUN_FAILURES.timeout.message };
  return clientFailure(err);
}

/** A run's own time bound, from `started_at` (DESIGN.md decision 29; no execution timeout kills a run silently). */
const RUN_TIME_LIMIT = '25 minutes';

export async function evaluateRun(input: RunJobInput): Promise<{ status: string }> {
  if ((await bookkeeping.admitRun(input)) === 'rejected') {
    status('rejected');
    return { status: 'rejected' };
  }
  const start = await bookkeeping.startRun(input);
  if (!start.started) {
    // Canceled (the cancel settled it) or already failed (its creation failed; the job started anyway): nothing to do.
    status(start.status);
    return { status: start.status };
  }
  status('running');
  try {
    // The run's time bound counts from its start (not its time in the queue) and ends in settlement below.
    await CancellationScope.withTimeout(RUN_TIME_LIMIT, () => work.produceOutput(input));
    await bookkeeping.completeRun(input);
    status('succeeded');
    return { status: 'succeeded' };
  } catch (err) {
    const { code, message } = failureOf(err);
    await CancellationScope.nonCancellable(() => bookkeeping.failRun({ ...input, code, message }));
    status('failed');
    return { status: 'failed' };
  }
}

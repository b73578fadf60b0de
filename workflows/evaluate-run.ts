/**
 * `run_…`: one run, queued → running → succeeded | failed (or canceled while queued). Every step is an idempotent
 * activity; the status changes are guarded updates; a failure of any kind ends in `failed` with a full refund.
 * The search attribute AssayRunStatus follows the run, so operators can filter runs by status in the Temporal UI.
 */
import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  isCancellation,
  proxyActivities,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import { SEARCH_ATTRIBUTES, type RunJobInput } from '../domain/workflow-contract';
import { JOB_WORK_RETRY } from './retry-policies';

const bookkeeping = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  // No attempt limit: bookkeeping must eventually land (each step is idempotent).
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

const work = proxyActivities<Activities>({
  startToCloseTimeout: '20 minutes',
  heartbeatTimeout: '30 seconds',
  // An attempt lost after its model call pays for that call again, so the count stays small (decision 55).
  retry: JOB_WORK_RETRY,
});

/** Codes whose message is written for the client; anything else is reported generically. */
const CLIENT_FACING = new Set(['model_unavailable', 'output_invalid', 'model_error', 'document_not_extracted', 'workflow_missing', 'timeout', 'context_too_large', 'model_refused']);

function status(value: string): void {
  upsertSearchAttributes([{ key: SEARCH_ATTRIBUTES.runStatus, value }]);
}

function failureOf(err: unknown): { code: string; message: string } {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure && cause.type && CLIENT_FACING.has(cause.type)) {
    return { code: cause.type, message: cause.message };
  }
  if (isCancellation(err)) {
    return { code: 'timeout', message: 'The run did not finish within its time limit; it was refunded.' };
  }
  return { code: 'internal_error', message: 'The run failed; it has been fully refunded.' };
}

export async function evaluateRun(input: RunJobInput): Promise<{ status: string }> {
  if ((await bookkeeping.admitRun(input)) === 'rejected') {
    status('rejected');
    return { status: 'rejected' };
  }
  const start = await bookkeeping.startRun(input);
  if (!start.started) {
    if (start.status === 'canceled') await bookkeeping.settleCanceledRun(input);
    status(start.status);
    return { status: start.status };
  }
  status('running');
  try {
    await CancellationScope.withTimeout('25 minutes', () => work.produceOutput(input));
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

/**
 * Retry policies shared by the workflows. Activities that do a job's work (extract, index, evaluate) survive about a
 * minute of infrastructure outage — the database, the object store or the worker away — before the job is given up
 * as failed: six attempts, 2 + 4 + 8 + 16 + 30 s apart (`npm run chaos` is the evidence). Failures a retry cannot fix
 * (a model refusing, an unreadable file) are non-retryable and end at once.
 */
import type { RetryPolicy } from '@temporalio/workflow';

export const JOB_WORK_RETRY: RetryPolicy = {
  initialInterval: '2 seconds',
  backoffCoefficient: 2,
  maximumInterval: '30 seconds',
  maximumAttempts: 6,
};

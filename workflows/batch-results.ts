/**
 * `batch-results-<bat_…>-<req_…>`: a batch's results file, rendered by a worker (never in the
 * API's process) into the object store; the API waits for it and answers a signed URL.
 */
import { proxyActivities } from '@temporalio/workflow';
import type { ActivitiesOf } from '../activities';
import type { BatchResultsJobInput } from '../domain/jobs/contract';

const files = proxyActivities<ActivitiesOf<'batchResults'>>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { maximumAttempts: 3, initialInterval: '1 second' },
});

export async function batchResults(
  input: BatchResultsJobInput,
): Promise<{ key: string; mimeType: string; filename: string }> {
  return files.writeBatchResultsFile(input);
}

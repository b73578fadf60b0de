/**
 * The activities of a batch's jobs (docs/decisions.md 500, 504), thin over domain/batches/: a step of the batch's
 * job (`advanceBatch`: admit, cancel, watch, count for a few seconds, heartbeating), and its results file written
 * into the object store (`writeBatchResultsFile`: the rows read a chunk at a time, rendered by the pure renderer).
 */
import { Context } from '@temporalio/activity';
import { advanceBatch, batchResultRows } from '../domain/batches/progress';
import type { BatchJobInput, BatchResultsJobInput } from '../domain/jobs/contract';
import { objectKeys, putObject } from '../domain/platform/storage';
import type { ActivityDeps } from './deps';
import { withHeartbeat } from './heartbeat';
import { BATCH_RESULTS_FILE, renderBatchResults } from './rendering/batch-results';

/** How long one step of a batch's job goes on before it hands its progress back to be recorded. */
export const BATCH_STEP_MS = 5_000;

function heartbeat(): void {
  try {
    Context.current().heartbeat();
  } catch {
    // Outside an activity (unit tests): nothing to beat.
  }
}

export function batchActivities({ db, config, temporal, storage }: ActivityDeps) {
  const deps = { db, config, temporal };
  return {
    // Heartbeats on a timer as well as between polls: admitting a window of items on a busy database can take longer
    // than the heartbeat timeout, and a step taken for dead would run twice at once (harmless, but wasted).
    advanceBatch: (input: BatchJobInput) =>
      withHeartbeat(() => advanceBatch(deps, input, { stepMs: BATCH_STEP_MS, beat: heartbeat }), 3_000),
    writeBatchResultsFile: (input: BatchResultsJobInput) =>
      withHeartbeat(async () => {
        const rows = await batchResultRows(db, input.accountId, input.batchId);
        const bytes = await renderBatchResults(rows, input.format);
        const { mimeType, extension } = BATCH_RESULTS_FILE[input.format];
        const filename = `${input.batchId}-results.${extension}`;
        const key = objectKeys.batchResults(input.accountId, input.batchId, `results-${Date.now()}.${extension}`);
        await putObject(storage, key, bytes, mimeType);
        return { key, mimeType, filename };
      }),
  };
}

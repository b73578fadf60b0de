/**
 * The activities of a batch's jobs, thin over domain/batches/: a step of the batch's
 * job (`advanceBatch`: admit, cancel, watch, count for a few seconds, heartbeating), and its results file written
 * into the object store (`writeBatchResultsFile`: the rows read a chunk at a time, rendered by the pure renderer, into
 * the one object per batch and format that domain/batches/results-file.ts keeps).
 */
import { Context } from '@temporalio/activity';
import { advanceBatch } from '../domain/batches/progress';
import { storeBatchResultsFile } from '../domain/batches/results-file';
import type { BatchJobInput, BatchResultsJobInput } from '../domain/jobs/contract';
import type { ActivityDeps } from './deps';
import { withHeartbeat } from './heartbeat';
import { renderBatchResults } from './rendering/batch-results';

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
      withHeartbeat(() => storeBatchResultsFile(db, storage, config.OUTPUT_URL_TTL_S, input, renderBatchResults)),
  };
}

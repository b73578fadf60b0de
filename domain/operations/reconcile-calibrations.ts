/**
 * The reconciler's calibrations (docs/decisions.md 528): a calibration is watched (domain/store/watch.ts, kind
 * `calibrations`) from before it is written until it ends, and a pass settles each running one whose job is not
 * running:
 *   no job, its batch exists   → the job started, and the batch's (the request died after the batch, before the
 *                                jobs): it writes the report once the batch is final, as if the request had finished;
 *   no job, no batch           → `failed`, `creation_failed` (the request died before the batch: nothing ran, nothing
 *                                was charged) — unless the creation confirmed its batch meanwhile: a creation still
 *                                inside `createBatch` confirms the batch it has just written before starting its job,
 *                                on the calibration, running, and this failure applies only to one not yet confirmed,
 *                                so exactly one of the two wins (the creation's batch is taken back when it loses;
 *                                docs/decisions.md 581);
 *   the job closed             → `failed`, `execution_ended` (terminated, or failed: its id is never reused); the
 *                                batch runs on, its runs charged and settled as any batch's.
 * A missing job is acted on only after GRACE_MS, so a request still creating is never raced. Kept apart from
 * reconciler.ts: only the watch list, the cursor and the grace period are shared, and the money is the batch's.
 */
import { COLLECTIONS } from '../platform/db';
import { describeJob, isClosed, jobIds, startBatchJob, startCalibrationJob } from '../jobs';
import { readWatched, type WatchedItemsSpec } from '../store';
import { findBatchForJob } from '../batches/batches';
import { failCalibration } from '../calibrations/calibrations';
import type { CalibrationDoc } from '../calibrations/doc';
import { GRACE_MS, RECONCILE_BATCH, type ReconcilerDeps } from './reconciler';

export interface CalibrationsReport {
  checked: number;
  restarted: number;
  failed: number;
}

/** A calibration needs the reconciler while it runs. */
const RUNNING_CALIBRATIONS: WatchedItemsSpec = {
  kind: 'calibrations',
  collection: COLLECTIONS.calibrations,
  filter: { status: 'running' },
  isOpen: (calibration) => calibration.status === 'running',
  since: (calibration) => calibration.created_at as Date,
};

export async function reconcileCalibrations(deps: ReconcilerDeps, now = new Date()): Promise<CalibrationsReport> {
  const report: CalibrationsReport = { checked: 0, restarted: 0, failed: 0 };
  const pastGrace = (at: Date) => now.getTime() - at.getTime() > GRACE_MS;
  // Those ended (their job's unwatch did not happen) or never written (their creation died first, or was refused)
  // are taken off the watch list by the read.
  const running = await readWatched<CalibrationDoc>(deps.db, RUNNING_CALIBRATIONS, {
    namespace: deps.temporal.namespace,
    now,
    limit: RECONCILE_BATCH,
    graceMs: GRACE_MS,
  });
  for (const calibration of running) {
    report.checked++;
    const job = await describeJob(deps.temporal, jobIds.calibration(calibration._id));
    if (job.status === 'running') continue;
    if (job.status === 'not_found') {
      if (!pastGrace(calibration.created_at)) continue;
      if (await findBatchForJob(deps.db, calibration.account_id, calibration.batch_id)) {
        // The batch's job too (idempotent): a creation that died after confirming its batch started neither.
        await startBatchJob(deps.temporal, { accountId: calibration.account_id, batchId: calibration.batch_id });
        await startCalibrationJob(deps.temporal, { accountId: calibration.account_id, calibrationId: calibration._id });
        report.restarted++;
      } else if (
        await failCalibration(deps, calibration, {
          code: 'creation_failed',
          message:
            'The request that created this calibration ended before its batch was created: nothing ran and nothing ' +
            'was charged. Create it again.',
        })
      )
        report.failed++;
    } else if (isClosed(job.status)) {
      const ended = await failCalibration(deps, calibration, {
        code: 'execution_ended',
        message:
          `The calibration’s job ended (${job.status}) before writing its report. Its batch ${calibration.batch_id} ` +
          'and its runs are unaffected; create a new calibration to get a report.',
      });
      if (ended) report.failed++;
    }
  }
  return report;
}

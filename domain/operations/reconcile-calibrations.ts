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
import { unwatchJob, type WatchedJobDoc } from '../store';
import { findBatchForJob } from '../batches/batches';
import { failCalibration, findCalibrationForJob } from '../calibrations/calibrations';
import { GRACE_MS, RECONCILE_BATCH, type ReconcilerDeps } from './reconciler';

export interface CalibrationsReport {
  checked: number;
  restarted: number;
  failed: number;
}

/**
 * This pass's watched calibrations: a batch of the list after this kind's cursor (by `created_at`), which moves to
 * the last read, or back to the start once the end is reached (as the other kinds' cursors do).
 */
async function nextEntries(deps: ReconcilerDeps, now: Date): Promise<WatchedJobDoc[]> {
  const cursors = deps.db.collection<{ _id: string; after: Date | null }>(COLLECTIONS.reconcilerCursors);
  const id = `${deps.temporal.namespace}:calibrations`;
  const after = (await cursors.findOne({ _id: id }))?.after ?? null;
  const entries = await deps.db
    .collection<WatchedJobDoc>(COLLECTIONS.watchedJobs)
    .find({
      kind: 'calibrations',
      job_namespace: deps.temporal.namespace,
      created_at: after ? { $gt: after, $lt: now } : { $lt: now },
    })
    .sort({ created_at: 1 })
    .limit(RECONCILE_BATCH)
    .toArray();
  const next = entries.length === RECONCILE_BATCH ? entries[entries.length - 1]!.created_at : null;
  await cursors.updateOne({ _id: id }, { $set: { after: next } }, { upsert: true });
  return entries;
}

export async function reconcileCalibrations(deps: ReconcilerDeps, now = new Date()): Promise<CalibrationsReport> {
  const report: CalibrationsReport = { checked: 0, restarted: 0, failed: 0 };
  const pastGrace = (at: Date) => now.getTime() - at.getTime() > GRACE_MS;
  for (const entry of await nextEntries(deps, now)) {
    const calibration = await findCalibrationForJob(deps.db, entry.account_id, entry.item_id);
    // Ended (its job's unwatch did not happen), or never written (its creation died first, or was refused).
    if (!calibration || calibration.status !== 'running') {
      if (calibration || pastGrace(entry.created_at)) await unwatchJob(deps.db, 'calibrations', entry.item_id);
      continue;
    }
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

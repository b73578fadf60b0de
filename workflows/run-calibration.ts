/**
 * `calibration-<cal_…>`: one calibration, from its batch's creation to its report. A
 * loop of one activity, `advanceCalibration`, which answers at once whether the batch is final; between two looks the
 * job sleeps on a durable timer, so a worker's death loses nothing and a waiting calibration holds no slot. Once the
 * batch is final, `reportCalibration` writes the report in a bounded number of attempts; when they run out the
 * calibration ends `failed` (`report_failed`) instead of retrying forever (issue 53 item 2). Histories recorded before
 * 560 (whose `advanceCalibration` wrote the report itself and answered `done`) take the path they took.
 */
import { ActivityFailure, continueAsNew, proxyActivities, sleep, workflowInfo } from '@temporalio/workflow';
import type { ActivitiesOf } from '../activities';
import type { CalibrationJobInput } from '../domain/jobs/contract';
import { assertCurrentShape } from './job-shape';

const steps = proxyActivities<ActivitiesOf<'runCalibration'>>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  // No attempt limit: a look at the batch, or the end's write, must eventually happen (each is idempotent).
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/** Attempts at the report before the calibration ends `failed` (`report_failed`) rather than retrying for good. */
export const CALIBRATION_REPORT_ATTEMPTS = 3;

const reports = proxyActivities<ActivitiesOf<'runCalibration'>>({
  // 10,000 items × 20 criteria × 2 raters takes minutes in the statistics child; its heartbeats say it is alive.
  startToCloseTimeout: '1 hour',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumAttempts: CALIBRATION_REPORT_ATTEMPTS },
});

/** How long the job waits between two looks at its batch. */
export const CALIBRATION_POLL = '2 seconds';
/** Each look adds about eight events: continue as new well before Temporal's limits. */
export const CALIBRATION_HISTORY_LIMIT = 1_000;

export async function runCalibration(input: CalibrationJobInput): Promise<{ status: string }> {
  assertCurrentShape(input);
  for (;;) {
    const step = await steps.advanceCalibration(input);
    if (step.done) return { status: step.status ?? 'finished' };
    if (step.ready) return report(input);
    await sleep(CALIBRATION_POLL);
    const info = workflowInfo();
    if (info.historyLength >= CALIBRATION_HISTORY_LIMIT || info.continueAsNewSuggested)
      await continueAsNew<typeof runCalibration>(input);
  }
}

async function report(input: CalibrationJobInput): Promise<{ status: string }> {
  try {
    const written = await reports.reportCalibration(input);
    return { status: written.status ?? 'finished' };
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    return steps.failCalibrationReport({ ...input, attempts: CALIBRATION_REPORT_ATTEMPTS });
  }
}

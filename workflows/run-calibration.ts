/**
 * `calibration-<cal_…>`: one calibration, from its batch's creation to its report (docs/decisions.md 520). A loop of
 * one activity, `advanceCalibration`, which answers at once whether the batch is final; between two looks the job
 * sleeps on a durable timer, so a worker's death loses nothing and a waiting calibration holds no slot. Once the
 * batch is final the same activity writes the report and ends the calibration, idempotently.
 */
import { continueAsNew, proxyActivities, sleep, workflowInfo } from '@temporalio/workflow';
import type { ActivitiesOf } from '../activities';
import type { CalibrationJobInput } from '../domain/jobs/contract';
import { assertCurrentShape } from './job-shape';

const steps = proxyActivities<ActivitiesOf<'runCalibration'>>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  // No attempt limit: the report must eventually be written (each attempt is idempotent).
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
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
    await sleep(CALIBRATION_POLL);
    const info = workflowInfo();
    if (info.historyLength >= CALIBRATION_HISTORY_LIMIT || info.continueAsNewSuggested)
      await continueAsNew<typeof runCalibration>(input);
  }
}

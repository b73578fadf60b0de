/**
 * `calibration-compare-<cal_…>-<cal_…>`: two calibrations compared by a worker, never in the
 * API's process, into the object store under a key fixed by the pair; the API waits a bounded time for it and answers
 * the stored comparison. A few attempts: a comparison that cannot be computed fails, and the next request runs it
 * again (the gateway lets a failed id rerun).
 */
import { proxyActivities } from '@temporalio/workflow';
import type { ActivitiesOf } from '../activities';
import type { CompareCalibrationsInput } from '../domain/jobs/contract';

const steps = proxyActivities<ActivitiesOf<'compareCalibrations'>>({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '1 minute',
  retry: { maximumAttempts: 3, initialInterval: '1 second' },
});

export async function compareCalibrations(input: CompareCalibrationsInput): Promise<{ key: string }> {
  return steps.compareCalibrationPair(input);
}

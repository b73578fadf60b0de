/**
 * `whd_…`: one event to one endpoint. Attempt, then wait on a durable timer and attempt again, on the schedule
 * fixed in the input (1m, 5m, 30m, 2h, 6h, then every 6h while within 24h of the first
 * attempt). Any 2xx ends it `succeeded`; 410, a disabled endpoint or the end of the schedule end it `failed`.
 * Timers live in Temporal, so a worker lost between attempts resumes the schedule where it was; the
 * `retryDeliveryNow` signal cuts the current wait short (POST /webhook-deliveries/{id}/retry).
 */
import { condition, proxyLocalActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { ActivitiesOf } from '../activities';
import { retryDeliveryNow, type DeliveryJobInput, type DeliveryPolicy } from '../domain/jobs/contract';
import { assertCurrentShape } from './job-shape';

const settleOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
} as const;

/**
 * The attempt (one bounded POST and two short database steps) and the settling (one short write) are local
 * activities: a delivery that succeeds at once is one workflow task, with no activity
 * task and no settling step (the attempt's write records the success and the status together). A lost worker is
 * noticed by the workflow task's timeout and the attempt re-run under the same attempt key, as an activity retry
 * would; the timers between attempts are durable. The shapes before (the attempt, then the settling, as activity
 * tasks under the patches `lean-delivery-v1` and `local-attempt-v1`) are retired: no open execution still runs them.
 */
const { settleDelivery } = proxyLocalActivities<ActivitiesOf<'deliverWebhook'>>(settleOptions);

/** Seconds until the attempt after attempt `n` (1-based), or null when it would start outside the window. */
export function nextDelayS(policy: DeliveryPolicy, n: number, elapsedS: number): number | null {
  const delay = policy.delaysS[Math.min(n - 1, policy.delaysS.length - 1)];
  if (delay === undefined) return null;
  return elapsedS + delay <= policy.windowS ? delay : null;
}

export async function deliverWebhook(
  input: DeliveryJobInput,
): Promise<{ status: 'succeeded' | 'failed'; attempts: number }> {
  assertCurrentShape(input);
  const { accountId, deliveryId, policy } = input;
  let retryNow = false;
  setHandler(retryDeliveryNow, () => {
    retryNow = true;
  });
  const attemptOptions = {
    // The POST is bounded by timeoutS; the rest covers DNS and two database writes.
    startToCloseTimeout: `${policy.timeoutS + 30} seconds`,
    // Retries here only recover a lost worker or database blip: the attempt key keeps them from recording (or,
    // once recorded, sending) the same attempt twice. Failed POSTs are results, not errors.
    retry: { initialInterval: '2 seconds', maximumAttempts: 5 },
  } as const;
  const { attemptDelivery } = proxyLocalActivities<ActivitiesOf<'deliverWebhook'>>(attemptOptions);
  const firstAttemptAt = Date.now();
  const runId = workflowInfo().runId;
  for (let n = 1; ; n++) {
    retryNow = false;
    const { outcome } = await attemptDelivery({
      accountId,
      deliveryId,
      attemptKey: `${runId}:${n}`,
      timeoutS: policy.timeoutS,
    });
    // The attempt's own write settled it.
    if (outcome === 'succeeded') return { status: 'succeeded', attempts: n };
    const delay =
      outcome === 'retry' && !input.once ? nextDelayS(policy, n, (Date.now() - firstAttemptAt) / 1000) : null;
    if (delay === null) {
      await settleDelivery({ accountId, deliveryId, status: 'failed' });
      return { status: 'failed', attempts: n };
    }
    await condition(() => retryNow, delay * 1000);
  }
}

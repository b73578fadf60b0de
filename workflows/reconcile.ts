/**
 * `assay-reconciler-…`: one pass of the reconciler, started every RECONCILE_INTERVAL_S by the Schedule of that name
 * (created by the worker; overlapping passes are skipped). Each kind is its own activity, so one kind failing (its
 * collection or Temporal briefly away) neither hides the others nor fails the pass; the next pass retries it.
 */
import { deprecatePatch, proxyActivities } from '@temporalio/workflow';
import type { ActivitiesOf } from '../activities';

const steps = proxyActivities<ActivitiesOf<'reconcile'>>({
  startToCloseTimeout: '2 minutes',
  // A step heartbeats (activities/reconcile.ts): one whose worker died is retried after this, not after the two
  // minutes, during which every pass of the Schedule is skipped as overlapping and nothing is settled.
  heartbeatTimeout: '20 seconds',
  retry: { maximumAttempts: 2, initialInterval: '2 seconds' },
});

/**
 * The patch that added the generations step (refunds of abandoned prompt generations), deprecated: every
 * pass takes the step; a pass that began before the patch (no marker) cannot still be open, its execution timeout
 * being at most five intervals. The call goes in the deploy after this one, once no pass that recorded the marker
 * undeprecated can be open (again five intervals).
 */
const GENERATIONS_STEP = 'reconcile-generations-v1';

export async function reconcile(): Promise<Record<string, unknown>> {
  deprecatePatch(GENERATIONS_STEP);
  const report: Record<string, unknown> = {};
  const kinds: Record<string, () => Promise<unknown>> = {
    runs: steps.reconcileRuns,
    documents: steps.reconcileDocuments,
    references: steps.reconcileReferences,
    deliveries: steps.reconcileDeliveries,
    generations: steps.reconcileGenerations,
    purged: steps.purgeExpired,
  };
  for (const [kind, step] of Object.entries(kinds)) {
    try {
      report[kind] = await step();
    } catch {
      report[kind] = 'failed';
    }
  }
  return report;
}

/**
 * `assay-reconciler-…`: one pass of the reconciler, started every RECONCILE_INTERVAL_S by the Schedule of that name
 * (created by the worker; overlapping passes are skipped). Each kind is its own activity, so one kind failing (its
 * collection or Temporal briefly away) neither hides the others nor fails the pass; the next pass retries it.
 */
import { patched, proxyActivities } from '@temporalio/workflow';
import type { ActivitiesOf } from '../activities';

const steps = proxyActivities<ActivitiesOf<'reconcile'>>({
  startToCloseTimeout: '2 minutes',
  // A step heartbeats (activities/reconcile.ts): one whose worker died is retried after this, not after the two
  // minutes, during which every pass of the Schedule is skipped as overlapping and nothing is settled.
  heartbeatTimeout: '20 seconds',
  retry: { maximumAttempts: 2, initialInterval: '2 seconds' },
});

/** The patch that added the generations step (docs/decisions.md 279); a pass is short, so it can go once a day has passed. */
const GENERATIONS_STEP = 'reconcile-generations-v1';

export async function reconcile(): Promise<Record<string, unknown>> {
  const report: Record<string, unknown> = {};
  const kinds: Record<string, () => Promise<unknown>> = {
    runs: steps.reconcileRuns,
    documents: steps.reconcileDocuments,
    references: steps.reconcileReferences,
    deliveries: steps.reconcileDeliveries,
  };
  if (patched(GENERATIONS_STEP)) kinds.generations = steps.reconcileGenerations;
  kinds.purged = steps.purgeExpired;
  for (const [kind, step] of Object.entries(kinds)) {
    try {
      report[kind] = await step();
    } catch {
      report[kind] = 'failed';
    }
  }
  return report;
}

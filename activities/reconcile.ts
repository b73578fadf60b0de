/** The reconciler's steps (domain/operations/reconciler.ts), bound to the worker's database and Temporal namespace. */
import { purgeExpired, reconcileDeliveries, reconcileDocuments, reconcileReferences, reconcileRuns } from '../domain/operations/reconciler';
import type { ActivityDeps } from './deps';

export function reconcileActivities(deps: ActivityDeps) {
  return {
    reconcileRuns: () => reconcileRuns(deps),
    reconcileDocuments: () => reconcileDocuments(deps),
    reconcileReferences: () => reconcileReferences(deps),
    reconcileDeliveries: () => reconcileDeliveries(deps),
    purgeExpired: () => purgeExpired(deps.db),
  };
}

/** The reconciler's steps (domain/operations/reconciler.ts), bound to the worker's database and Temporal namespace. */
import {
  purgeExpired,
  reconcileDeliveries,
  reconcileDocuments,
  reconcileGenerations,
  reconcileReferences,
  reconcileRuns,
  reconcileBatches,
  sweepWatchList,
} from '../domain/operations/reconciler';
import { reconcileCalibrations } from '../domain/operations/reconcile-calibrations';
import { backfillCredentials, sweepKeyRosters } from '../domain/access/api-keys';
import { sweepEndpointRosters } from '../domain/webhooks/endpoints';
import { sweepUploadRosters, watchUnwatchedUploads } from '../domain/documents/open-uploads';
import { sweepAbandonedUploads } from '../domain/documents/upload-sweep';
import type { ActivityDeps } from './deps';
import { withHeartbeat } from './heartbeat';

/**
 * How often a worker process purges expired idempotency records and deliveries. Retention is checked on every read, so
 * the purge only reclaims space; on the embedded store each purge scans whole collections (7 s of FerretDB's CPU with
 * 100,000 deliveries), which every pass of the reconciler (each minute) made a constant load.
 */
export const PURGE_INTERVAL_MS = 3_600_000;

/**
 * How often a worker process sweeps for open items missing from the watch list (domain/store/watch.ts), for
 * endpoints and API keys missing from their account's roster (domain/store/pages/roster.ts), and for API keys without a
 * credential (domain/access/api-keys.ts, done once).
 */
export const SWEEP_INTERVAL_MS = 3_600_000;

export function reconcileActivities(
  deps: Pick<ActivityDeps, 'db' | 'config' | 'temporal' | 'storage'>,
  now: () => number = Date.now,
) {
  let lastPurge = Number.NEGATIVE_INFINITY;
  let lastSweep = Number.NEGATIVE_INFINITY;
  return {
    /**
     * The runs, then the sweep when due (the first pass of each worker process, then hourly; its entries are read
     * from the next pass on). Due is reset before the sweep starts: one that fails or outlives the step's timeout
     * on a very large store is tried again in an hour, not at every pass, and never holds up the runs.
     */
    reconcileRuns: () =>
      withHeartbeat(async () => {
        const report = await reconcileRuns(deps);
        // Batches ride on the runs' step (their items are runs): a new step would change the pass's job history.
        const batches = await reconcileBatches(deps);
        // Calibrations too: their jobs wait on batches.
        const calibrations = await reconcileCalibrations(deps);
        if (now() - lastSweep >= SWEEP_INTERVAL_MS) {
          lastSweep = now();
          await sweepWatchList(deps);
          await sweepEndpointRosters(deps.db);
          await sweepKeyRosters(deps.db);
          await sweepUploadRosters(deps.db);
          await watchUnwatchedUploads(deps.db, deps.temporal.namespace, deps.config.UPLOAD_URL_TTL_S);
          await backfillCredentials(deps.db);
        }
        return { ...report, batches, calibrations };
      }),
    reconcileDocuments: () => withHeartbeat(() => reconcileDocuments(deps)),
    reconcileReferences: () => withHeartbeat(() => reconcileReferences(deps)),
    reconcileDeliveries: () => withHeartbeat(() => reconcileDeliveries(deps)),
    reconcileGenerations: () => withHeartbeat(() => reconcileGenerations(deps)),
    /**
     * `null`: this process purged less than PURGE_INTERVAL_MS ago (a purge that failed is retried at the next pass).
     * With the purge, the sweep of uploads nobody completed (domain/documents/upload-sweep.ts).
     */
    purgeExpired: () =>
      withHeartbeat(async () => {
        if (now() - lastPurge < PURGE_INTERVAL_MS) return null;
        const at = new Date(now());
        const purged = await purgeExpired(deps.db, at);
        const uploads = await sweepAbandonedUploads(
          { db: deps.db, storage: deps.storage, namespace: deps.temporal.namespace },
          at,
        );
        lastPurge = now();
        return { ...purged, uploads };
      }),
  };
}

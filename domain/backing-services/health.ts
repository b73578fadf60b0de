/**
 * The health of this deployment as the API sees it: each dependency is probed with its own deadline, in
 * parallel, so one dead service costs one timeout, not the sum. An answer is served again for a few seconds
 * (`cachedHealth`), so a public endpoint called in a loop costs the dependencies four probes per period, not per call.
 */
import type { Db } from 'mongodb';
import { pingDatabase } from '../platform/db';
import { withDeadline } from '../platform/deadline';
import type { Health } from './health-schemas';
import { pingStorage, type Storage } from '../platform/storage';
import { pingTemporal, workersPolling, type TemporalHandle } from '../jobs';

export interface HealthDeps {
  db: Db;
  storage: Storage;
  temporal: TemporalHandle;
  timeoutMs: number;
}

type Check = 'ok' | 'down';

async function probe(what: string, ms: number, fn: (signal: AbortSignal) => Promise<unknown>): Promise<Check> {
  try {
    await withDeadline(what, ms, fn);
    return 'ok';
  } catch {
    return 'down';
  }
}

export async function checkHealth({ db, storage, temporal, timeoutMs }: HealthDeps): Promise<Health> {
  const [mongodb, temporalCheck, storageCheck, worker] = await Promise.all([
    probe('mongodb', timeoutMs, () => pingDatabase(db)),
    probe('temporal', timeoutMs, () => pingTemporal(temporal, timeoutMs)),
    probe('storage', timeoutMs, (signal) => pingStorage(storage, signal)),
    probe('worker', timeoutMs, async () => {
      if (!(await workersPolling(temporal, timeoutMs))) throw new Error('no worker polling');
    }),
  ]);
  const checks = { mongodb, temporal: temporalCheck, storage: storageCheck, worker };
  const status = Object.values(checks).every((c) => c === 'ok') ? 'ok' : 'degraded';
  return { status, service: 'assay-api', checks };
}

/**
 * `checkHealth`, its answer served again for `ttlMs` after it was worked out (the route is public, and each answer
 * probes four dependencies); calls while one is being worked out wait for that one. An outage shows at most `ttlMs`
 * (plus the probes' own deadline) late.
 */
export function cachedHealth(deps: HealthDeps, ttlMs: number): () => Promise<Health> {
  let last: { health: Health; at: number } | null = null;
  let pending: Promise<Health> | null = null;
  return () => {
    if (last && Date.now() - last.at < ttlMs) return Promise.resolve(last.health);
    pending ??= checkHealth(deps)
      .then((health) => {
        last = { health, at: Date.now() };
        return health;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}

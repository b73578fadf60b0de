/**
 * The health of this deployment as the API sees it: each dependency is probed with its own deadline, in
 * parallel, so one dead service costs one timeout, not the sum.
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

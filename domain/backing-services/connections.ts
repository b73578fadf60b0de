/**
 * What every process (API, worker, tests, tools) connects to at start-up: the database, the object store (with its
 * bucket) and Temporal. All steps are idempotent, so any number of processes may start at once. What needs
 * capabilities, which plumbing may not import — the store prepared over the product's lists, with their indexes,
 * and the catalog seeded — runs above, in domain/operations/start-up.ts `openProduct`.
 */
import type { Config } from '../platform/config';
import { connectDatabase, type Database } from '../platform/db';
import { createStorage, ensureBucket, type Storage } from '../platform/storage';
import { connectTemporal, type ConnectionLike, type TemporalHandle } from '../jobs';

export interface Connections {
  database: Database;
  storage: Storage;
  temporal: TemporalHandle;
  close(): Promise<void>;
}

export async function openConnections(
  config: Config,
  options: { lazyTemporal?: boolean; workers?: ConnectionLike } = {},
): Promise<Connections> {
  const database = await connectDatabase(config);
  const storage = createStorage(config);
  await ensureBucket(storage);
  const temporal = await connectTemporal(config, { lazy: options.lazyTemporal, workers: options.workers });
  return {
    database,
    storage,
    temporal,
    close: async () => {
      storage.s3.destroy();
      await Promise.allSettled([database.close(), temporal.close()]);
    },
  };
}

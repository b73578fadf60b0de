/**
 * What every process (API, worker, tests, tools) connects to at start-up: the database (with its indexes and the
 * catalog seeded), the object store (with its bucket) and Temporal. All steps are idempotent, so any number of
 * processes may start at once.
 */
import { ensureCatalog } from '../catalog/catalog';
import { LISTS } from '../operations/lists';
import { prepareStore, type ListStrategy } from '../store';
import type { Config } from './config';
import { connectDatabase, ensureIndexes, type Database } from './db';
import { createStorage, ensureBucket, type Storage } from './storage';
import { connectTemporal, type ConnectionLike, type TemporalHandle } from '../jobs';

export interface Connections {
  database: Database;
  /** The store's strategy and why it was chosen, for the process to log. */
  store: { strategy: ListStrategy; reason: string };
  storage: Storage;
  temporal: TemporalHandle;
  close(): Promise<void>;
}

export async function openConnections(
  config: Config,
  options: { lazyTemporal?: boolean; workers?: ConnectionLike } = {},
): Promise<Connections> {
  const database = await connectDatabase(config);
  // Chosen once per process, before any request or activity reads a list (docs/decisions.md 350).
  const store = await prepareStore(database.db, config.LIST_STRATEGY, LISTS, (strategy) =>
    ensureIndexes(database.db, { lists: strategy === 'query' }),
  );
  await ensureCatalog(database.db);
  const storage = createStorage(config);
  await ensureBucket(storage);
  const temporal = await connectTemporal(config, { lazy: options.lazyTemporal, workers: options.workers });
  return {
    database,
    store: { strategy: store.strategy, reason: store.reason },
    storage,
    temporal,
    close: async () => {
      storage.s3.destroy();
      await Promise.allSettled([database.close(), temporal.close()]);
    },
  };
}

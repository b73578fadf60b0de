/**
 * A process's start-up: the connections (domain/backing-services/connections.ts), then the product's data set-up that
 * needs capabilities, which plumbing may not import: the store's strategy chosen once and made ready over every
 * listed resource (domain/store/), the indexes that strategy reads by, and the catalog seeded (products and
 * prompt templates). Every step is idempotent, so any number of processes may start at once.
 */
import { ensureCatalog } from '../catalog/catalog';
import { openConnections, type Connections } from '../backing-services/connections';
import type { Config } from '../platform/config';
import { ensureIndexes } from '../platform/db';
import { prepareStore, type ListStrategy } from '../store';
import { LIST_INDEXES, LISTS } from '../collections';

export interface Product extends Connections {
  /** The store's strategy and why it was chosen, for the process to log. */
  store: { strategy: ListStrategy; reason: string };
}

export async function openProduct(
  config: Config,
  options: Parameters<typeof openConnections>[1] = {},
): Promise<Product> {
  const connections = await openConnections(config, options);
  try {
    // Chosen once per process, before any request or activity reads a list.
    const store = await prepareStore(connections.database.db, config.LIST_STRATEGY, LISTS, (strategy) =>
      ensureIndexes(connections.database.db, strategy === 'query' ? { lists: LIST_INDEXES } : {}),
    );
    await ensureCatalog(connections.database.db);
    return { ...connections, store: { strategy: store.strategy, reason: store.reason } };
  } catch (err) {
    await connections.close();
    throw err;
  }
}

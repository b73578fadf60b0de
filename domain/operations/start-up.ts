/**
 * A process's start-up: the connections (domain/dependencies/connections.ts), then the product's data set-up that
 * needs capabilities, which plumbing may not import: the catalog seeded (products and prompt templates). Every step
 * is idempotent, so any number of processes may start at once.
 */
import { ensureCatalog } from '../catalog/catalog';
import { openConnections, type Connections } from '../dependencies/connections';
import type { Config } from '../platform/config';

export async function openProduct(
  config: Config,
  options: Parameters<typeof openConnections>[1] = {},
): Promise<Connections> {
  const connections = await openConnections(config, options);
  try {
    await ensureCatalog(connections.database.db);
  } catch (err) {
    await connections.close();
    throw err;
  }
  return connections;
}

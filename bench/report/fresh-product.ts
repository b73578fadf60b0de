/** The product the bench measures, opened on an emptied database and a namespace with nothing left running. */
import { ensureCatalog } from '../../domain/catalog/catalog';
import { openProduct } from '../../domain/operations/start-up';
import type { Config } from '../../domain/platform/config';
import { ensureIndexes } from '../../domain/platform/db';
import { startStack } from '../../scripts/stack/services';
import { say } from './phases';
import { terminateOpen } from './processes';

export async function openFreshProduct(config: Config) {
  await startStack(config, (l) => process.stderr.write(`[stack] ${l}\n`));
  const product = await openProduct(config);
  const { database, temporal } = product;
  const db = database.db;
  const leftovers = await terminateOpen(temporal);
  if (leftovers) say(`terminated ${leftovers} executions an earlier bench left in ${config.TEMPORAL_NAMESPACE}`);
  await db.dropDatabase();
  await ensureIndexes(db);
  await ensureCatalog(db);
  return product;
}

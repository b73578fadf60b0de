/**
 * The command-count section of the bench alone (bench/commands.ts, under each list strategy), printed: the counts
 * do not depend on the machine or its load, so this runs beside other work, where the whole report cannot. Writes
 * nothing. `npx tsx bench/command-counts.ts` (the same environment knobs as bench/report.ts).
 */
import { parseConfig } from '../domain/platform/config';
import { commandSection } from './commands';
import { countEveryStrategy } from './report/command-phases';
import { openFreshProduct } from './report/fresh-product';
import { env } from './report/settings';

async function main(): Promise<void> {
  const config = parseConfig(env);
  const product = await openFreshProduct(config);
  try {
    const { commandCounts, commandFailures } = await countEveryStrategy(config, product);
    process.stdout.write(`${commandSection(commandCounts, commandFailures).join('\n')}\n`);
  } finally {
    await product.database.db.dropDatabase().catch(() => undefined);
    await product.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

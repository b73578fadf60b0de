/** The database command counts of each list strategy (bench/commands.ts), each a phase of its own. */
import type { openProduct } from '../../domain/operations/start-up';
import type { Config } from '../../domain/platform/config';
import { countCommands, type StrategyCounts } from '../commands';
import { phase, say } from './phases';
import { startProcess, stopProcess } from './processes';
import { API_PORT, BENCH_STRATEGIES } from './settings';

type Product = Awaited<ReturnType<typeof openProduct>>;

export async function countEveryStrategy(
  config: Config,
  { database, temporal }: Pick<Product, 'database' | 'temporal'>,
) {
  // Database commands per request and per run under each list strategy (bench/commands.ts): first, on databases and
  // processes of their own, before this bench's API and worker start on the same port and task queues.
  const commandFailures: string[] = [];
  const commandCounts: Array<StrategyCounts | null> = [];
  for (const strategy of BENCH_STRATEGIES) {
    const counted = await phase(`database commands, LIST_STRATEGY=${strategy}`, () =>
      countCommands(strategy, {
        config,
        client: database.client,
        temporal,
        apiPort: API_PORT,
        counterPorts: { api: API_PORT + 3, worker: API_PORT + 4 },
        startProcess,
        stopProcess,
        say,
      }),
    );
    if (!counted) commandFailures.push(`\`${strategy}\` (see Failures)`);
    commandCounts.push(counted);
  }
  return { commandCounts, commandFailures };
}

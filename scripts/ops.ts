/**
 * `npm run ops -- <command>`: operator tooling against the configured database. Every command that moves credits
 * is idempotent and prints what it did.
 *
 *   refund-run <run_id>     succeeded → refunded, credits returned (once)
 */
import { loadConfig } from '../domain/config';
import { connectDatabase } from '../domain/db';
import { operatorRefundRun } from '../domain/runs';

const out = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  const database = await connectDatabase(config);
  try {
    switch (command) {
      case 'refund-run': {
        const runId = args[0];
        if (!runId) return usage();
        const result = await operatorRefundRun(database.db, runId, config.publicBaseUrl);
        if (result.outcome === 'not_found') {
          out(`no run ${runId}`);
          process.exitCode = 1;
        } else if (result.outcome === 'not_refundable') {
          out(`run ${runId} is ${result.status}; only succeeded runs can be refunded`);
          process.exitCode = 1;
        } else if (result.outcome === 'already_refunded') {
          out(`run ${runId} was already refunded; nothing changed`);
        } else {
          out(`refunded run ${runId}: ${result.credits} credits returned to account ${result.run.account_id}`);
        }
        break;
      }
      default:
        usage();
    }
  } finally {
    await database.close();
  }
}

function usage(): void {
  out('usage: npm run ops -- refund-run <run_id>');
  process.exitCode = 2;
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

/**
 * `npm run export-histories -- [--namespace assay-test] [--out test/replay/histories]`: writes recorded histories of
 * closed executions, one file per workflow type and outcome, for the replay test (test/unit/replay.test.ts). Run it
 * after `ASSAY_KEEP_STACK=true npm test` has exercised every workflow, whenever workflow code changes on purpose
 * (a change that is not replay-safe needs `patched()`; the replay test tells which). Histories hold only ids and
 * small results, never document text: they are safe to commit.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { parseConfig } from '../domain/config';
import { connectTemporal } from '../domain/jobs';
import * as workflows from '../workflows';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

/** How many executions of one type and outcome are kept: enough to cover branches, few enough to review. */
const PER_OUTCOME = 2;

async function main(): Promise<void> {
  const config = parseConfig({ ...process.env, TEMPORAL_NAMESPACE: arg('namespace', 'assay-test') });
  const out = arg('out', join(__dirname, '..', 'test', 'replay', 'histories'));
  const temporal = await connectTemporal(config);
  try {
    await mkdir(out, { recursive: true });
    for (const old of await readdir(out)) if (old.endsWith('.json')) await rm(join(out, old));
    let written = 0;
    for (const type of Object.keys(workflows)) {
      const kept = new Map<string, number>();
      for await (const execution of temporal.client.workflow.list({ query: `WorkflowType = '${type}' AND ExecutionStatus != 'Running'` })) {
        // Runs differ by the status they ended in (succeeded, failed, canceled, rejected), other jobs by close status.
        const runStatus = execution.searchAttributes?.AssayRunStatus;
        const outcome = `${execution.status.name}${Array.isArray(runStatus) && runStatus[0] ? `-${String(runStatus[0])}` : ''}`.toLowerCase();
        const count = kept.get(outcome) ?? 0;
        if (count >= PER_OUTCOME) continue;
        kept.set(outcome, count + 1);
        const history = await temporal.client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory();
        await writeFile(join(out, `${type}-${outcome}-${count + 1}.json`), `${historyToJSON(history)}\n`);
        written += 1;
        if (kept.size >= 8 && [...kept.values()].every((n) => n >= PER_OUTCOME)) break;
      }
      process.stdout.write(`${type}: ${[...kept.entries()].map(([o, n]) => `${o}×${n}`).join(', ') || 'none found'}\n`);
    }
    process.stdout.write(`${written} histories written to ${out}\n`);
  } finally {
    await temporal.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

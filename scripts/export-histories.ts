/**
 * `npm run export-histories -- [--namespace assay-test] [--out test/replay/histories]`: writes recorded histories of
 * closed executions, one file per workflow type and outcome, for the replay test (test/unit/replay.test.ts). Run it
 * after `ASSAY_KEEP_STACK=true npm test` has exercised every workflow, whenever workflow code changes on purpose
 * (a change that is not replay-safe needs `patched()`; the replay test tells which). Histories hold only ids and
 * small results, never document text: they are safe to commit.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { parseConfig } from '../domain/platform/config';
import { connectTemporal, temporalCliEnv } from '../domain/jobs';
import * as workflows from '../workflows';
import { toolPath } from './stack/tools';

const exec = promisify(execFile);

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
      for await (const execution of temporal.client.workflow.list({
        query: `WorkflowType = '${type}' AND ExecutionStatus != 'Running'`,
      })) {
        // Runs differ by the status they ended in (succeeded, failed, canceled, rejected), other jobs by close status.
        const runStatus = execution.searchAttributes?.AssayRunStatus;
        const outcome =
          `${execution.status.name}${Array.isArray(runStatus) && runStatus[0] ? `-${String(runStatus[0])}` : ''}`.toLowerCase();
        const count = kept.get(outcome) ?? 0;
        if (count >= PER_OUTCOME) continue;
        kept.set(outcome, count + 1);
        // The CLI writes the canonical proto3 JSON that `historyFromJSON` (and the replayer) read; the SDK's own
        // serializer refuses a History decoded by the client's copy of protobufjs.
        const { stdout } = await exec(
          toolPath('temporal'),
          ['workflow', 'show', '--workflow-id', execution.workflowId, '--run-id', execution.runId, '--output', 'json'],
          // Address, namespace, TLS and API key as the client above has them (a Temporal Cloud namespace too).
          { maxBuffer: 64 * 1024 * 1024, env: temporalCliEnv(config) },
        );
        await writeFile(
          join(out, `${type}-${outcome}-${count + 1}.json`),
          stdout.endsWith('\n') ? stdout : `${stdout}\n`,
        );
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
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

/**
 * Run throughput on the real local stack: created runs/s (POST /v1/workflows/{id}/runs over HTTP, test mode) and
 * completed runs/s (the evaluateRun pipeline in test mode: admission, stub, render, store, settle), each next to a
 * no-op Temporal workflow on the same server in the same run, as a ratio. Not a test: nothing is asserted.
 * Run with `npx tsx bench/runs.ts [runs]` (the stack is started if needed; a worker is spawned for the bench).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createApp } from '../api/app';
import { ensureCatalog } from '../domain/catalog';
import { parseConfig } from '../domain/config';
import { openConnections } from '../domain/connections';
import { ensureIndexes } from '../domain/db';
import { newId, randomBase62 } from '../domain/ids';
import { createLogger } from '../domain/logger';
import { signLocalSessionToken } from '../domain/session-tokens';
import { TASK_QUEUES } from '../domain/workflow-contract';
import { startStack } from '../scripts/stack/services';

const RUNS = Number(process.argv[2] ?? 200);
const CONCURRENCY = 10;
const NAMESPACE = 'assay-bench';

async function pool<T>(n: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}

async function main(): Promise<void> {
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    MONGODB_DB: 'assay_bench',
    S3_BUCKET: 'assay-bench',
    TEMPORAL_NAMESPACE: NAMESPACE,
    DEFAULT_RATE_LIMIT_RPM: '1000000',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  const config = parseConfig(env);
  await startStack(config, (l) => process.stderr.write(`[stack] ${l}\n`));
  const { database, storage, temporal, close } = await openConnections(config);
  await database.db.dropDatabase();
  await ensureIndexes(database.db);
  await ensureCatalog(database.db);

  const worker = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'worker', 'main.ts')], {
    env: { ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  worker.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  while (!out.includes('assay worker polling')) await new Promise((r) => setTimeout(r, 100));

  const app = createApp({ config, logger: createLogger('warn', 'bench'), db: database.db, storage, temporal });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const session = await signLocalSessionToken(config.SESSION_JWT_SECRET, { sub: 'bench', accountId: `acct_${randomBase62(10)}` });
  const post = async (path: string, token: string, body: unknown) =>
    (await fetch(`${base}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<Record<string, string>>;
  const key = (await post('/keys', session, { name: 'bench', mode: 'test' })).token!;
  const wf = (await post('/workflows', key, { product_code: 'general_evaluation', name: 'bench', output_format: 'json' })).id!;

  // Baseline: no-op workflows, started and awaited with the same concurrency.
  let t0 = performance.now();
  await pool(RUNS, (i) => temporal.client.workflow.execute('noop', { taskQueue: TASK_QUEUES.runs, workflowId: `bench-noop-${i}-${newId('run')}` }));
  const noopPerSec = RUNS / ((performance.now() - t0) / 1000);

  t0 = performance.now();
  const ids = await pool(RUNS, async () => (await post(`/workflows/${wf}/runs`, key, {})).id!);
  const createdSeconds = (performance.now() - t0) / 1000;
  await Promise.all(ids.map((id) => temporal.client.workflow.getHandle(id).result()));
  const completedSeconds = (performance.now() - t0) / 1000;
  const createdPerSec = RUNS / createdSeconds;
  const completedPerSec = RUNS / completedSeconds;

  const row = (name: string, value: number, ratio: string) => `| ${name} | ${value.toFixed(1)} | ${ratio} |`;
  process.stdout.write(
    [
      `Runs benchmark: ${RUNS} runs, concurrency ${CONCURRENCY}, test mode, one worker, local stack`,
      '',
      '| measure | per second | vs no-op workflow |',
      '|---|---|---|',
      row('no-op Temporal workflows completed', noopPerSec, '1.00'),
      row('runs created (HTTP POST, admitted, workflow started)', createdPerSec, (createdPerSec / noopPerSec).toFixed(2)),
      row('runs completed end to end', completedPerSec, (completedPerSec / noopPerSec).toFixed(2)),
      '',
    ].join('\n'),
  );

  server.close();
  worker.kill('SIGTERM');
  await once(worker, 'exit');
  await database.db.dropDatabase();
  await close();
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

/**
 * Brings up the real stack for the whole test run: the local services (started only if not already running), and
 * per lane a fresh test database and a worker process on the lane's namespace.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { parseConfig } from '../../domain/platform/config';
import { startStack } from '../../scripts/stack/services';
import { buildConsole } from '../../scripts/build-console';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { loadWorkflowBundle } from '../../worker/workflow-bundle';
import { ensureChromium } from './chromium';
import { applyTestEnv, laneEnv, testNamespaces } from './env';
import { startWorker, type Spawned } from './processes';

declare global {
  var __ASSAY_TEST__: { startedServices: string[]; workers: Spawned[]; runDir: string } | undefined;
}

/**
 * One lane per jest worker (test/support/env.ts `laneEnv`): each gets a fresh database, its namespaces and a worker
 * process on them. `npm test` runs two (scripts/test.ts); a plain `npx jest` runs one.
 */
export default async function globalSetup(globalConfig?: { maxWorkers?: number }): Promise<void> {
  applyTestEnv();
  const config = parseConfig(process.env);
  const say = (line: string) => process.stdout.write(`[stack] ${line}\n`);
  ensureChromium((line) => process.stdout.write(`[chromium] ${line}\n`));
  const startedServices = await startStack(config, say);
  // `npm test` builds it before jest; a single file run with `npx jest` gets it here (nothing to do when current).
  await buildConsole({ say: (line) => process.stdout.write(`[console] ${line}\n`) });
  const lanes = Array.from({ length: Math.max(1, globalConfig?.maxWorkers ?? 1) }, (_, i) =>
    laneEnv(config.MONGODB_DB, config.TEMPORAL_NAMESPACE, i + 1),
  );

  const client = new MongoClient(config.mongodbUri, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  for (const lane of lanes) {
    for (const namespace of Object.values(testNamespaces(lane.TEMPORAL_NAMESPACE)))
      await ensureNamespace(config.temporalAddress, namespace);
    await client.db(lane.MONGODB_DB).dropDatabase();
  }
  await client.close();

  // The workflow code bundled once for the run, as `npm run build` does for production: every worker a test starts
  // reads it instead of running webpack again (seconds of CPU each, and the suite starts about thirty).
  const runDir = mkdtempSync(join(tmpdir(), 'assay-test-run-'));
  process.env.WORKFLOW_BUNDLE_PATH = join(runDir, 'workflow-bundle.js');
  // What test files build once per run and share, such as the OpenAPI document (test/support/conformance.ts).
  process.env.ASSAY_TEST_RUN_DIR = runDir;
  writeFileSync(process.env.WORKFLOW_BUNDLE_PATH, (await loadWorkflowBundle()).code);

  const workers = await Promise.all(lanes.map((lane) => startWorker(lane)));
  // Tests that bound the worker's memory read its resident set from /proc (process.env reaches every test file).
  workers.forEach((w, i) => (process.env[`ASSAY_TEST_WORKER_PID_${i + 1}`] = String(w.child.pid)));
  globalThis.__ASSAY_TEST__ = { startedServices, workers, runDir };
}

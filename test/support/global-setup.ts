/**
 * Brings up the real stack for the whole test run: the local services (started only if not already running),
 * a fresh test database, and one worker process on the test namespace.
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
import { applyTestEnv, testNamespaces } from './env';
import { startWorker, type Spawned } from './processes';

declare global {
  var __ASSAY_TEST__: { startedServices: string[]; worker: Spawned; bundleDir: string } | undefined;
}

export default async function globalSetup(): Promise<void> {
  applyTestEnv();
  const config = parseConfig(process.env);
  const say = (line: string) => process.stdout.write(`[stack] ${line}\n`);
  ensureChromium((line) => process.stdout.write(`[chromium] ${line}\n`));
  const startedServices = await startStack(config, say);
  // `npm test` builds it before jest; a single file run with `npx jest` gets it here (nothing to do when current).
  await buildConsole({ say: (line) => process.stdout.write(`[console] ${line}\n`) });
  for (const namespace of Object.values(testNamespaces(config.TEMPORAL_NAMESPACE)))
    await ensureNamespace(config.temporalAddress, namespace);

  const client = new MongoClient(config.mongodbUri, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  await client.db(config.MONGODB_DB).dropDatabase();
  await client.close();

  // The workflow code bundled once for the run, as `npm run build` does for production: every worker a test starts
  // reads it instead of running webpack again (seconds of CPU each, and the suite starts about thirty).
  const bundleDir = mkdtempSync(join(tmpdir(), 'assay-test-workflows-'));
  process.env.WORKFLOW_BUNDLE_PATH = join(bundleDir, 'workflow-bundle.js');
  writeFileSync(process.env.WORKFLOW_BUNDLE_PATH, (await loadWorkflowBundle()).code);

  const worker = await startWorker();
  // Tests that bound the worker's memory read its resident set from /proc (process.env reaches every test file).
  process.env.ASSAY_TEST_WORKER_PID = String(worker.child.pid);
  globalThis.__ASSAY_TEST__ = { startedServices, worker, bundleDir };
}

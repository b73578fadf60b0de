/** Stops the lanes' workers and the services that globalSetup started (never those it found running). */
import { rmSync } from 'node:fs';
import { parseConfig } from '../../domain/platform/config';
import { stopStack, type ServiceName } from '../../scripts/stack/services';
import { applyTestEnv } from './env';

export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__ASSAY_TEST__;
  if (!state) return;
  await Promise.all(state.workers.map((w) => w.stop()));
  rmSync(state.runDir, { recursive: true, force: true });
  if (process.env.ASSAY_KEEP_STACK !== 'true') {
    applyTestEnv();
    await stopStack(parseConfig(process.env), () => undefined, state.startedServices as ServiceName[]);
  }
}

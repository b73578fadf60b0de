/** Stops the worker and the services that globalSetup started (never those it found running). */
import { stopStack, type ServiceName } from '../../scripts/stack/services';

export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__ASSAY_TEST__;
  if (!state) return;
  await state.worker.stop();
  if (process.env.ASSAY_KEEP_STACK !== 'true') {
    await stopStack(() => undefined, state.startedServices as ServiceName[]);
  }
}

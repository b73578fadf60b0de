/**
 * Two API processes on the test stack, as a deployment runs them behind a load balancer: for the guarantees that
 * must hold across processes (revocation, rate limits, list reads). Call at the top of a test file: it registers
 * the `beforeAll` that starts them (with a test context for seeding) and the `afterAll` that stops them; the
 * answer is filled in once they are up.
 */
import { createTestContext, type TestContext } from './app';
import { freePort } from './ports';
import { startApi, type Spawned } from './processes';

export interface TwoApis {
  t: TestContext;
  /** `http://127.0.0.1:<port>` of each process. */
  origins: [string, string];
}

/** `env`: settings of both processes beyond the tests' own (a deployment's, such as its trusted proxy hops). */
export function useTwoApiProcesses(env: NodeJS.ProcessEnv = {}): TwoApis {
  const apis = {} as TwoApis;
  let spawned: Spawned[] = [];
  beforeAll(async () => {
    apis.t = await createTestContext();
    const ports = [await freePort(), await freePort()] as const;
    spawned = await Promise.all(ports.map((port) => startApi(port, env)));
    apis.origins = [`http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[1]}`];
  }, 120_000);
  afterAll(async () => {
    await Promise.all(spawned.map((s) => s.stop()));
    await apis.t?.close();
  });
  return apis;
}

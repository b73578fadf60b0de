/**
 * Health against the real stack: all four checks ok, and a stopped dependency turns its check `down` and the status
 * `degraded`, then recovers when the dependency returns — without restarting the API.
 */
import { parseConfig } from '../../domain/platform/config';
import { startStack, stopStack, type ServiceName } from '../../scripts/stack/services';
import { createTestContext, type TestContext } from '../support/app';

let t: TestContext;
const quiet = () => undefined;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

async function health() {
  const res = await t.api.get('/v1/health');
  expect(res.status).toBe(200);
  return res.body as { status: string; service: string; checks: Record<string, string> };
}

async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await fn();
  while (!ok(last) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    last = await fn();
  }
  return last;
}

it('reports every dependency ok', async () => {
  // The stack is shared: chaos.test.ts restarts the Temporal server, and the dev server forgets its pollers, so the
  // worker's queues are seen again only as each one polls anew. Waited for, then every check must be ok.
  const body = await eventually(health, (b) => b.status === 'ok', 60_000);
  expect(body).toEqual({
    status: 'ok',
    service: 'assay-api',
    checks: { mongodb: 'ok', temporal: 'ok', storage: 'ok', worker: 'ok' },
  });
}, 90_000);

describe.each([
  ['minio', 'storage'],
  ['mongodb', 'mongodb'],
] as Array<[ServiceName, string]>)('when %s stops', (service, check) => {
  it(`marks ${check} down, answers promptly, and recovers when it returns`, async () => {
    const config = parseConfig(process.env);
    const local = service === 'minio' ? config.localServices.s3 : config.localServices.mongodb;
    if (!local) throw new Error(`${service} is external (set by env); this test stops and starts the local one`);
    await stopStack(config, quiet, [service]);
    try {
      const started = Date.now();
      const down = await eventually(health, (b) => b.checks[check] === 'down');
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(down.status).toBe('degraded');
      expect(down.checks[check]).toBe('down');
      expect(down.checks.temporal).toBe('ok');
    } finally {
      await startStack(config, quiet, [service]);
    }
    const back = await eventually(health, (b) => b.status === 'ok');
    expect(back.checks).toEqual({ mongodb: 'ok', temporal: 'ok', storage: 'ok', worker: 'ok' });
  });
});

/**
 * Health against the real stack: all four checks ok, and a stopped dependency turns its check `down` and the status
 * `degraded`, then recovers when the dependency returns — without restarting the API.
 *
 * @exclusive — runs alone (scripts/test.ts): it stops the services one by one.
 */
import { MongoClient } from 'mongodb';
import supertest from 'supertest';
import { createApp } from '../../api/app';
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

describe('an answer cached for a few seconds', () => {
  it('probes once for many calls in a short time, and reports an outage once the cache period is over', async () => {
    // A database client of its own, watched: each health answer worked out afresh sends one ping through it.
    const client = new MongoClient(t.config.mongodbUri, { monitorCommands: true, serverSelectionTimeoutMS: 500 });
    let pings = 0;
    client.on('commandStarted', (e) => {
      if (e.commandName === 'ping') pings++;
    });
    await client.connect();
    const app = createApp({
      ...t.deps,
      db: client.db(t.config.MONGODB_DB),
      config: { ...t.config, HEALTH_CACHE_MS: 3000 },
    });
    const api = supertest(app.callback());
    const mongodbCheck = async () => {
      const res = await api.get('/v1/health');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return (res.body as { checks: Record<string, string> }).checks.mongodb;
    };
    try {
      const together = await Promise.all(Array.from({ length: 10 }, mongodbCheck));
      for (let i = 0; i < 10; i++) together.push(await mongodbCheck());
      expect(together).toEqual(Array(20).fill('ok'));
      expect(pings).toBe(1);
    } finally {
      await client.close();
    }
    // The database is gone for this app: once the cached answer has aged out, health says so.
    expect(await eventually(mongodbCheck, (c) => c === 'down', 15_000)).toBe('down');
  });
});

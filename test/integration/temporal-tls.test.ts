/**
 * Temporal behind TLS, mTLS and an API key, as Temporal Cloud serves it (test/support/temporal-tls-front.ts): the
 * API and a worker process configured only through TEMPORAL_TLS_* and TEMPORAL_API_KEY run a run end to end through
 * the front; a missing client certificate, one from another CA, or a wrong key is refused at start-up.
 */
import { parseConfig } from '../../domain/platform/config';
import { connectTemporal } from '../../domain/jobs';
import { createTestContext, type TestContext } from '../support/app';
import { testNamespaces } from '../support/env';
import { newAccount } from '../support/identity';
import { startWorker, type Spawned } from '../support/processes';
import { makeWorkflow } from '../support/runs';
import { startTemporalTlsFront, type TemporalTlsFront } from '../support/temporal-tls-front';

let front: TemporalTlsFront;
let behindFront: NodeJS.ProcessEnv;

beforeAll(async () => {
  front = await startTemporalTlsFront(parseConfig(process.env).temporalAddress, `tmprl-test-${Date.now()}`);
  behindFront = {
    TEMPORAL_ADDRESS: front.address,
    TEMPORAL_NAMESPACE: testNamespaces().tls,
    TEMPORAL_TLS_CA_PATH: front.files.ca,
    TEMPORAL_TLS_CERT_PATH: front.files.clientCert,
    TEMPORAL_TLS_KEY_PATH: front.files.clientKey,
    TEMPORAL_API_KEY: front.apiKey,
    // The front listens on 127.0.0.1; its certificate names localhost (and a TLS server name is never an IP address).
    TEMPORAL_TLS_SERVER_NAME: 'localhost',
  };
});
afterAll(async () => {
  await front.close();
});

describe('Temporal behind TLS with a client certificate and an API key', () => {
  let worker: Spawned;
  let t: TestContext;
  beforeAll(async () => {
    worker = await startWorker(behindFront);
    t = await createTestContext(behindFront);
  });
  afterAll(async () => {
    await t.close();
    await worker.stop();
  });

  it('runs a run end to end: the API starts it and the worker executes it, every call through the front', async () => {
    const a = await newAccount(t);
    const key = await a.key({ mode: 'test' });
    const wf = await makeWorkflow(t, key);
    const before = front.forwarded();
    const run = await t.api.post(`/v1/workflows/${wf}/runs`).set({ Authorization: `Bearer ${key}` }).send({ mode: 'sync' });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ status: 'succeeded' });
    expect(front.forwarded()).toBeGreaterThan(before);
    expect(front.refused()).toBe(0);
    const health = await t.api.get('/v1/health');
    expect(health.body.checks).toMatchObject({ temporal: 'ok', worker: 'ok' });
  });
});

describe('Temporal behind TLS refuses', () => {
  const refusedClient = async (overrides: NodeJS.ProcessEnv) => {
    const config = parseConfig({ ...process.env, ...behindFront, ...overrides });
    await expect(connectTemporal(config)).rejects.toThrow();
  };

  it('a client without a client certificate', async () => {
    await refusedClient({ TEMPORAL_TLS_CERT_PATH: undefined, TEMPORAL_TLS_KEY_PATH: undefined });
  });

  it('a client certificate from another CA', async () => {
    await refusedClient({ TEMPORAL_TLS_CERT_PATH: front.files.strangerCert, TEMPORAL_TLS_KEY_PATH: front.files.strangerKey });
  });

  it('a wrong API key, and the front counts the refusal', async () => {
    const before = front.refused();
    await refusedClient({ TEMPORAL_API_KEY: 'tmprl-wrong' });
    expect(front.refused()).toBeGreaterThan(before);
  });

  it('a server certificate the configured CA did not sign (no CA given: the system roots do not know it)', async () => {
    await refusedClient({ TEMPORAL_TLS_CA_PATH: undefined });
  });

  it('a worker with a wrong API key: it exits at start-up instead of polling', async () => {
    await expect(startWorker({ ...behindFront, TEMPORAL_API_KEY: 'tmprl-wrong' })).rejects.toThrow();
  });
});

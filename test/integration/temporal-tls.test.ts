/**
 * Temporal behind TLS, mTLS and an API key, as Temporal Cloud serves it (test/support/temporal-tls-front.ts): the
 * API and a worker process configured only through TEMPORAL_TLS_* and TEMPORAL_API_KEY run a run end to end through
 * the front, and the history export (the temporal CLI) reaches it too; a missing client certificate, one from another
 * CA, or a wrong key is refused at start-up.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseConfig } from '../../domain/platform/config';
import { connectTemporal } from '../../domain/jobs';
import { createTestContext, type TestContext } from '../support/app';
import { testNamespaces } from '../support/env';
import { newAccount } from '../support/identity';
import { startWorker, type Spawned } from '../support/processes';
import { makeWorkflow } from '../support/runs';
import { startTemporalTlsFront, type TemporalTlsFront } from '../support/temporal-tls-front';

const exec = promisify(execFile);
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
    const run = await t.api
      .post(`/v1/workflows/${wf}/runs`)
      .set({ Authorization: `Bearer ${key}` })
      .send({ mode: 'sync' });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ status: 'succeeded' });
    expect(front.forwarded()).toBeGreaterThan(before);
    expect(front.refused()).toBe(0);
    const health = await t.api.get('/v1/health');
    expect(health.body.checks).toMatchObject({ temporal: 'ok', worker: 'ok' });
  });

  it('lets an operator export histories through the front: the temporal CLI gets the same TLS and key', async () => {
    // A closed run to export: the script lists it with the SDK client and fetches its history with the CLI.
    const key = await (await newAccount(t)).key({ mode: 'test' });
    const run = await t.api
      .post(`/v1/workflows/${await makeWorkflow(t, key)}/runs`)
      .set({ Authorization: `Bearer ${key}` })
      .send({ mode: 'sync' });
    expect(run.body).toMatchObject({ status: 'succeeded' });
    const out = mkdtempSync(join(tmpdir(), 'assay-histories-'));
    try {
      const before = front.forwarded();
      const tsx = join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx');
      const { stdout } = await exec(
        tsx,
        ['scripts/export-histories.ts', '--namespace', testNamespaces().tls, '--out', out],
        {
          cwd: join(__dirname, '..', '..'),
          env: { ...process.env, ...behindFront },
          timeout: 60_000,
        },
      );
      expect(stdout).toMatch(/evaluateRun: completed-succeeded×/);
      const file = readdirSync(out).find((name) => name.startsWith('evaluateRun-completed-succeeded-'));
      expect(file).toBeDefined();
      const history = JSON.parse(readFileSync(join(out, file!), 'utf8')) as { events: Array<{ eventType: string }> };
      expect(history.events[0]!.eventType).toMatch(/WORKFLOW_EXECUTION_STARTED|WorkflowExecutionStarted/);
      expect(front.forwarded()).toBeGreaterThan(before);
      expect(front.refused()).toBe(0);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
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
    await refusedClient({
      TEMPORAL_TLS_CERT_PATH: front.files.strangerCert,
      TEMPORAL_TLS_KEY_PATH: front.files.strangerKey,
    });
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

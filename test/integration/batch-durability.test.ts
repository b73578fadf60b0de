/**
 * A live batch survives its worker being killed mid-way, twice, and its job being terminated: every item's run is
 * created once, charged once and settled once, the batch ends final with counts that match its runs, and the account's
 * ledger has no drift. Its own namespace and worker (killed and restarted here), the model a local server.
 */
import { COLLECTIONS } from '../../domain/platform/db';
import { grant, toMilli } from '../../domain/billing/credits';
import { reconcileAccount } from '../../domain/operations/operations';
import { reconcileBatches } from '../../domain/operations/reconciler';
import { jobIds, terminateJob } from '../../domain/jobs';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { parseConfig } from '../../domain/platform/config';
import { testNamespaces } from '../support/env';
import { createTestContext, type TestContext } from '../support/app';
import { makeDocument } from '../support/files';
import { newAccount } from '../support/identity';
import { ModelServer } from '../support/model-server';
import { startWorker, type Spawned } from '../support/processes';
import { makeWorkflow } from '../support/runs';
import { uploadDocument } from '../support/uploads';

const NS = `${testNamespaces().main}-batch`;
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });
type Counts = Record<'total' | 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled' | 'refunded', number>;
const sum = (c: Counts) => c.queued + c.running + c.succeeded + c.failed + c.canceled + c.refunded;
const FINAL_RUN = ['succeeded', 'failed', 'canceled', 'refunded'];

let t: TestContext;
let model: ModelServer;
let worker: Spawned;
let workerEnv: NodeJS.ProcessEnv;

beforeAll(async () => {
  await ensureNamespace(parseConfig(process.env).temporalAddress, NS);
  model = new ModelServer();
  // Each answer takes a moment, so items are in flight when the worker dies.
  model.fallback = { ...model.fallback, delayMs: 100 };
  const url = await model.start();
  workerEnv = {
    TEMPORAL_NAMESPACE: NS,
    MODEL_A_PROVIDER: 'openai',
    MODEL_A_BASE_URL: url,
    MODEL_A_API_KEY: 'test-key',
    MODEL_A_MODEL: 'test-model-1',
  };
  worker = await startWorker(workerEnv);
  t = await createTestContext({ TEMPORAL_NAMESPACE: NS });
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await model?.stop();
});

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function liveBatch(n: number) {
  const a = await newAccount(t);
  const key = await a.key({ mode: 'live' });
  await grant(t.database.db, a.accountId, `grant_batch_${a.accountId}`, toMilli(10_000), 'regular');
  const uploaded = await uploadDocument(t, key, await makeDocument('md', { sentences: ['An essay.', 'Its point.'] }));
  expect(uploaded.status).toBe(200);
  const wf = await makeWorkflow(t, key);
  const before = (await t.api.get('/v1/usage/balance').set(auth(key))).body.pro_credits as number;
  const created = await t.api
    .post(`/v1/workflows/${wf}/batches`)
    .set(auth(key))
    .send({
      items: Array.from({ length: n }, (_, i) => ({ input_documents: [uploaded.body.id], external_id: `e${i}` })),
      max_concurrency: 20,
    });
  expect(created.status).toBe(202);
  const batchId = created.body.id as string;
  const read = async () => {
    const res = await t.api.get(`/v1/batches/${batchId}`).set(auth(key));
    expect(res.status).toBe(200);
    expect(sum(res.body.counts)).toBe(n);
    return res.body as { status: string; counts: Counts; charged_credits: number };
  };
  const done = (c: Counts) => c.succeeded + c.failed + c.canceled + c.refunded;
  return { a, key, before, batchId, read, done };
}

/** Every item's run exists once, is final, was charged at most once and refunded at most once; the ledger holds. */
async function expectSettledOnce(accountId: string, key: string, batchId: string, n: number, before: number) {
  const db = t.database.db;
  const runs = await db.collection(COLLECTIONS.runs).find({ account_id: accountId, batch_id: batchId }).toArray();
  expect(runs).toHaveLength(n);
  expect(new Set(runs.map((r) => r.batch_position)).size).toBe(n);
  expect(runs.filter((r) => !FINAL_RUN.includes(r.status as string))).toEqual([]);
  const entries = await db.collection(COLLECTIONS.ledger).find({ account_id: accountId }).toArray();
  for (const run of runs) {
    const mine = entries.filter((e) => e.subject === run._id);
    expect(mine.filter((e) => e.kind === 'charge').length).toBeLessThanOrEqual(1);
    expect(mine.filter((e) => e.kind === 'refund').length).toBeLessThanOrEqual(1);
  }
  const report = (await reconcileAccount(db, accountId))!;
  expect({ drift: report.drift_milli, pending: report.pending }).toEqual({ drift: 0, pending: 0 });
  // The balance moved by exactly what the succeeded items kept.
  const kept = runs.reduce((s, r) => s + (r.status === 'succeeded' ? (r.charged_milli as number) : 0), 0);
  const after = (await t.api.get('/v1/usage/balance').set(auth(key))).body.pro_credits as number;
  expect(toMilli(before) - toMilli(after)).toBe(kept);
  return runs;
}

it('a 200-item live batch whose worker is killed twice ends with every item settled once and the balance exact', async () => {
  const { a, key, before, batchId, read, done } = await liveBatch(200);
  for (const progress of [30, 110]) {
    await until('progress', async () => (done((await read()).counts) >= progress ? true : undefined), 120_000);
    await worker.stop('SIGKILL');
    await new Promise((r) => setTimeout(r, 1000));
    worker = await startWorker(workerEnv);
  }
  const batch = await until(
    'final batch',
    async () => {
      const b = await read();
      return ['succeeded', 'completed_with_failures', 'canceled'].includes(b.status) ? b : undefined;
    },
    240_000,
  );
  const runs = await expectSettledOnce(a.accountId, key, batchId, 200, before);
  const succeeded = runs.filter((r) => r.status === 'succeeded').length;
  expect(batch.counts).toEqual({
    total: 200,
    queued: 0,
    running: 0,
    succeeded,
    failed: runs.filter((r) => r.status === 'failed').length,
    canceled: 0,
    refunded: 0,
  });
  expect(succeeded).toBe(200);
  expect(batch.status).toBe('succeeded');
  expect(toMilli(batch.charged_credits)).toBe(runs.reduce((s, r) => s + (r.charged_milli as number), 0));
}, 400_000);

it('a batch whose job is terminated is settled by the reconciler: the rest canceled, never charged, the batch final', async () => {
  const { a, key, before, batchId, read, done } = await liveBatch(200);
  await until('progress', async () => (done((await read()).counts) >= 20 ? true : undefined), 120_000);
  await terminateJob(t.temporal, jobIds.batch(batchId), 'test: an operator terminates the batch job');
  const deps = { db: t.database.db, config: t.config, temporal: t.temporal, storage: t.deps.storage };
  const batch = await until(
    'settled batch',
    async () => {
      await reconcileBatches(deps);
      const b = await read();
      return b.status === 'completed_with_failures' ? b : undefined;
    },
    120_000,
  );
  const runs = await expectSettledOnce(a.accountId, key, batchId, 200, before);
  const canceled = runs.filter((r) => r.status === 'canceled');
  expect(canceled.length).toBeGreaterThan(0);
  for (const run of canceled) expect(run).toMatchObject({ charged_milli: 0, error: { code: 'execution_ended' } });
  expect(batch.counts.canceled).toBe(canceled.length);
  expect(batch.counts.succeeded).toBe(runs.filter((r) => r.status === 'succeeded').length);
  // Settled once: another pass changes nothing.
  await reconcileBatches(deps);
  expect((await read()).counts).toEqual(batch.counts);
}, 300_000);

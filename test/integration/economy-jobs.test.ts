/**
 * Live economy batches end to end (issue 58): the worker sends each batch's items through
 * a provider batch on the slot's own protocol (OpenAI Files + Batch, Anthropic Message Batches) spoken by the local
 * provider-batch server, polls it on durable timers (shortened here), answers each item from its results, and
 * charges each item its discounted quote once. Faults: an expiry with half done, an answer failing the schema, the
 * worker killed while polling, the batch canceled while the provider works. Its own namespace and worker.
 */
import { COLLECTIONS } from '../../domain/platform/db';
import { grant, toMilli } from '../../domain/billing/credits';
import { reconcileAccount } from '../../domain/operations/operations';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { parseConfig } from '../../domain/platform/config';
import { testNamespaces } from '../support/env';
import { createTestContext, ownDatabase, type TestContext } from '../support/app';
import { makeDocument } from '../support/files';
import { newAccount } from '../support/identity';
import { ProviderBatchServer } from '../support/provider-batch-server';
import { startWorker, type Spawned } from '../support/processes';
import { makeWorkflow } from '../support/runs';
import { uploadDocument } from '../support/uploads';

const NS = `${testNamespaces().main}-economy`;
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });
const FINAL_BATCH = ['succeeded', 'completed_with_failures', 'canceled'];
const SCHEMA = {
  type: 'object',
  properties: { score: { type: 'integer', minimum: 0, maximum: 10 }, verdict: { type: 'string' } },
  required: ['score', 'verdict'],
  additionalProperties: false,
};
const GOOD = JSON.stringify({ score: 7, verdict: 'Sources are cited well.' });

let t: TestContext;
let server: ProviderBatchServer;
let origin: string;
let worker: Spawned | undefined;
/** Its own database: six hundred economy runs would slow every later query of the lane's. */
let store: { MONGODB_DB: string };

const slotEnv = (protocol: 'openai' | 'anthropic'): NodeJS.ProcessEnv => ({
  MODEL_A_PROVIDER: protocol,
  MODEL_A_BASE_URL: protocol === 'openai' ? `${origin}/v1` : origin,
  MODEL_A_API_KEY: 'test-key',
  MODEL_A_MODEL: protocol === 'openai' ? 'test-gpt' : 'test-claude',
});

async function useWorker(protocol: 'openai' | 'anthropic'): Promise<void> {
  await worker?.stop();
  worker = await startWorker({
    TEMPORAL_NAMESPACE: NS,
    ...store,
    ECONOMY_POLL_MS: '200',
    MODEL_RETRY_BASE_MS: '20',
    ...slotEnv(protocol),
  });
}

beforeAll(async () => {
  await ensureNamespace(parseConfig(process.env).temporalAddress, NS);
  store = await ownDatabase('economy');
  server = new ProviderBatchServer();
  origin = await server.start();
  t = await createTestContext({ TEMPORAL_NAMESPACE: NS, ...store, ...slotEnv('openai') });
  await useWorker('openai');
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await server?.stop();
});
beforeEach(() => {
  server.plans.length = 0;
  server.defaultPlan = {};
  server.answer = (customId, body) => defaultAnswer(customId, body);
  server.ordinary = (body) => defaultAnswer('ordinary', body);
});

const defaultAnswer = new ProviderBatchServer().answer;

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function account() {
  const a = await newAccount(t);
  const key = await a.key({ mode: 'live' });
  await grant(t.database.db, a.accountId, `grant_economy_${a.accountId}`, toMilli(10_000), 'regular');
  const uploaded = await uploadDocument(t, key, await makeDocument('md', { sentences: ['An essay.', 'Its point.'] }));
  expect(uploaded.status).toBe(200);
  const wf = await makeWorkflow(t, key);
  return { a, key, doc: uploaded.body.id as string, wf };
}

type Account = Awaited<ReturnType<typeof account>>;

async function createBatch(acc: Account, n: number, economy: boolean) {
  const created = await t.api
    .post(`/v1/workflows/${acc.wf}/batches`)
    .set(auth(acc.key))
    .send({
      items: Array.from({ length: n }, (_, i) => ({ input_documents: [acc.doc], external_id: `e${i}` })),
      max_concurrency: 50,
      ...(economy ? { economy: true } : {}),
    });
  expect(created.status).toBe(202);
  return created.body as { id: string; quoted_credits: number };
}

async function readBatch(acc: Account, id: string) {
  const res = await t.api.get(`/v1/batches/${id}`).set(auth(acc.key));
  expect(res.status).toBe(200);
  return res.body as {
    status: string;
    charged_credits: number;
    counts: Record<string, number>;
    provider_batches: Array<{ id: string; provider: string; status: string; requests: number }>;
  };
}

const finalBatch = (acc: Account, id: string) =>
  until(`batch ${id} final`, async () => {
    const b = await readBatch(acc, id);
    return FINAL_BATCH.includes(b.status) ? b : undefined;
  });

async function runsOf(accountId: string, batchId: string) {
  return t.database.db
    .collection(COLLECTIONS.runs)
    .find({ account_id: accountId, batch_id: batchId })
    .sort({ batch_position: 1 })
    .toArray();
}

/** Every item's run charged at most once and refunded at most once; the account's ledger has no drift. */
async function expectLedgerExact(accountId: string, batchId: string) {
  const db = t.database.db;
  const runs = await runsOf(accountId, batchId);
  const entries = await db.collection(COLLECTIONS.ledger).find({ account_id: accountId }).toArray();
  for (const run of runs) {
    const mine = entries.filter((e) => e.subject === run._id);
    expect(mine.filter((e) => e.kind === 'charge').length).toBeLessThanOrEqual(1);
    expect(mine.filter((e) => e.kind === 'refund').length).toBeLessThanOrEqual(1);
  }
  const report = (await reconcileAccount(db, accountId))!;
  expect({ drift: report.drift_milli, pending: report.pending }).toEqual({ drift: 0, pending: 0 });
  return runs;
}

const batchCreates = (protocol: 'openai' | 'anthropic') =>
  protocol === 'openai' ? server.count('POST', '/v1/batches') : server.count('POST', '/v1/messages/batches');
const ordinaryCalls = (protocol: 'openai' | 'anthropic') =>
  server.count('POST', protocol === 'openai' ? '/v1/chat/completions' : '/v1/messages');

it('refuses a live economy batch 409 economy_unavailable where the slot’s server has no batch API', async () => {
  const acc = await account();
  const chatOnly = await createTestContext({
    TEMPORAL_NAMESPACE: NS,
    ...store,
    ...slotEnv('openai'),
    MODEL_A_BATCH_API: 'false',
  });
  try {
    const before = await chatOnly.api.get('/v1/batches').set(auth(acc.key));
    const res = await chatOnly.api
      .post(`/v1/workflows/${acc.wf}/batches`)
      .set(auth(acc.key))
      .send({ items: [{ input_documents: [acc.doc] }], economy: true });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('economy_unavailable');
    const after = await chatOnly.api.get('/v1/batches').set(auth(acc.key));
    expect(after.body.data).toHaveLength(before.body.data.length);
  } finally {
    await chatOnly.close();
  }
});

describe.each(['openai', 'anthropic'] as const)('%s protocol', (protocol) => {
  beforeAll(async () => {
    if (protocol === 'anthropic') await useWorker('anthropic');
  }, 120_000);

  it('runs a 300-item economy batch through one provider batch, each item charged its discounted quote once', async () => {
    const acc = await account();
    // The provider batch answers on its tenth retrieve: the items are seen waiting in it first.
    server.plans.push({ pollsBeforeEnd: 10 });
    const creates = batchCreates(protocol);
    const ordinary = ordinaryCalls(protocol);
    const created = await createBatch(acc, 300, true);

    const waiting = await until('the provider batch', async () => {
      const b = await readBatch(acc, created.id);
      return b.provider_batches.length ? b.provider_batches[0] : undefined;
    });
    expect(waiting).toMatchObject({ provider: protocol, requests: 300 });
    const queued = await t.api.get(`/v1/runs?batch_id=${created.id}&limit=5`).set(auth(acc.key));
    const shown = (queued.body.data as Array<{ id: string }>)[0]!;
    // Each run is told its provider batch right after the provider batch is recorded: it shows it while it waits.
    const run = await until('the run naming its provider batch', async () => {
      const res = await t.api.get(`/v1/runs/${shown.id}`).set(auth(acc.key));
      return res.body.manifest ? res.body : undefined;
    });
    expect(run).toMatchObject({
      status: 'queued',
      manifest: { provider_batch: { id: waiting.id, provider: protocol } },
    });

    const done = await finalBatch(acc, created.id);
    expect(done.status).toBe('succeeded');
    expect(done.provider_batches).toEqual([{ id: waiting.id, provider: protocol, status: 'completed', requests: 300 }]);
    expect(batchCreates(protocol) - creates).toBe(1);
    expect(ordinaryCalls(protocol) - ordinary).toBe(0);

    const runs = await expectLedgerExact(acc.a.accountId, created.id);
    expect(runs).toHaveLength(300);
    for (const r of runs) {
      expect(r.status).toBe('succeeded');
      expect(r.charged_milli).toBe(r.quoted_milli);
      expect(JSON.parse(r.manifest_json as string).provider_batch).toEqual({ id: waiting.id, provider: protocol });
    }
    expect(done.charged_credits).toBeCloseTo(created.quoted_credits, 3);

    // The run quote shows the economy price beside the ordinary one; the usage report counts the economy runs apart.
    const quote = await t.api
      .post(`/v1/workflows/${acc.wf}/runs/quote`)
      .set(auth(acc.key))
      .send({ input_documents: [acc.doc] });
    expect(quote.status).toBe(200);
    expect(quote.body.economy_credits).toBeCloseTo(created.quoted_credits / 300, 3);
    expect(quote.body.quoted_credits).toBeCloseTo((created.quoted_credits / 300) * 2, 3);
    const usage = await t.api.get('/v1/usage').set(auth(acc.key));
    expect(usage.status).toBe(200);
    expect(usage.body.total_runs).toBe(300);
    expect(usage.body.economy.runs).toBe(300);
    expect(usage.body.economy.credits).toBeCloseTo(done.charged_credits, 3);

    // The same items run ordinarily on the same scripted answers give the same results, at twice the price.
    const plain = await createBatch(acc, 3, false);
    expect(plain.quoted_credits).toBeCloseTo((created.quoted_credits / 300) * 3 * 2, 3);
    expect((await finalBatch(acc, plain.id)).status).toBe('succeeded');
    const plainRuns = await runsOf(acc.a.accountId, plain.id);
    for (const [i, r] of plainRuns.entries()) expect(r.output_json).toBe(runs[i]!.output_json);
  }, 240_000);
});

describe('faults (openai protocol)', () => {
  beforeAll(async () => {
    await useWorker('openai');
  }, 120_000);

  it('retries the requests of an expired provider batch ordinarily, charging each item the discount once', async () => {
    const acc = await account();
    server.plans.push({ expire: true, done: 5 });
    const ordinary = ordinaryCalls('openai');
    const created = await createBatch(acc, 10, true);
    const done = await finalBatch(acc, created.id);
    expect(done.status).toBe('succeeded');
    expect(done.provider_batches).toEqual([expect.objectContaining({ status: 'expired', requests: 10 })]);
    expect(ordinaryCalls('openai') - ordinary).toBe(5);
    const runs = await expectLedgerExact(acc.a.accountId, created.id);
    for (const r of runs) expect(r.charged_milli).toBe(r.quoted_milli);
  }, 120_000);

  it('repairs an answer that fails the output schema once, through the ordinary API', async () => {
    const acc = { ...(await account()) };
    acc.wf = await makeWorkflow(t, acc.key, { output_schema: SCHEMA });
    let bad = '';
    server.answer = (customId) => {
      if (!bad) bad = customId;
      return { content: customId === bad ? JSON.stringify({ score: 'high', verdict: 'Fine.' }) : GOOD };
    };
    server.ordinary = () => ({ content: GOOD });
    const ordinary = ordinaryCalls('openai');
    const created = await createBatch(acc, 4, true);
    const done = await finalBatch(acc, created.id);
    expect(done.status).toBe('succeeded');
    expect(ordinaryCalls('openai') - ordinary).toBe(1);
    const runs = await expectLedgerExact(acc.a.accountId, created.id);
    for (const r of runs) expect(r.charged_milli).toBe(r.quoted_milli);
  }, 120_000);

  it("sends an item's k = 3 samples in the same provider batch and reports their consensus and confidence", async () => {
    const acc = { ...(await account()) };
    acc.wf = await makeWorkflow(t, acc.key, {
      output_schema: SCHEMA,
      criteria: [{ key: 'score', pointer: '/score', kind: 'ordinal', min: 0, max: 10 }],
      confidence: { samples: 3 },
    });
    // Samples 0 and 1 say 7, sample 2 says 3: the consensus is 7, agreed by two of three.
    server.answer = (customId) => ({
      content: customId.endsWith('-s2') ? JSON.stringify({ score: 3, verdict: 'Thin.' }) : GOOD,
    });
    const ordinary = ordinaryCalls('openai');
    const created = await createBatch(acc, 4, true);
    const done = await finalBatch(acc, created.id);
    expect(done.status).toBe('succeeded');
    expect(done.provider_batches).toEqual([expect.objectContaining({ status: 'completed', requests: 12 })]);
    expect(ordinaryCalls('openai') - ordinary).toBe(0);
    const runs = await expectLedgerExact(acc.a.accountId, created.id);
    for (const r of runs) {
      const run = (await t.api.get(`/v1/runs/${String(r._id)}`).set(auth(acc.key))).body;
      expect(run.output).toMatchObject({ score: 7 });
      expect(run.confidence.score).toMatchObject({ consensus: 7, samples: [7, 7, 3] });
      expect(run.confidence.score.value).toBeCloseTo(2 / 3, 9);
      expect(r.charged_milli).toBe(r.quoted_milli);
    }
  }, 120_000);

  it('resumes polling after the worker is killed, submitting nothing again', async () => {
    const acc = await account();
    server.plans.push({ pollsBeforeEnd: 15 });
    const creates = batchCreates('openai');
    const uploads = server.count('POST', '/v1/files');
    const created = await createBatch(acc, 20, true);
    await until('the provider batch', async () =>
      (await readBatch(acc, created.id)).provider_batches.length ? true : undefined,
    );
    await worker!.stop('SIGKILL');
    worker = undefined;
    await useWorker('openai');
    const done = await finalBatch(acc, created.id);
    expect(done.status).toBe('succeeded');
    expect(batchCreates('openai') - creates).toBe(1);
    expect(server.count('POST', '/v1/files') - uploads).toBe(1);
    const runs = await expectLedgerExact(acc.a.accountId, created.id);
    for (const r of runs) expect(r.charged_milli).toBe(r.quoted_milli);
  }, 180_000);

  it('cancels the provider batch when the batch is canceled, refunding every unfinished item', async () => {
    const acc = await account();
    server.plans.push({ pollsBeforeEnd: 1_000_000 });
    const before = (await t.api.get('/v1/usage/balance').set(auth(acc.key))).body.pro_credits as number;
    const created = await createBatch(acc, 10, true);
    const pb = await until('the provider batch', async () => (await readBatch(acc, created.id)).provider_batches[0]);
    const canceled = await t.api.post(`/v1/batches/${created.id}/cancel`).set(auth(acc.key));
    expect(canceled.status).toBe(200);
    const done = await finalBatch(acc, created.id);
    expect(done.status).toBe('canceled');
    expect(done.counts.canceled).toBe(10);
    expect(server.count('POST', `/v1/batches/${pb.id}/cancel`)).toBe(1);
    const runs = await expectLedgerExact(acc.a.accountId, created.id);
    for (const r of runs) expect(r).toMatchObject({ status: 'canceled' });
    const after = (await t.api.get('/v1/usage/balance').set(auth(acc.key))).body.pro_credits as number;
    expect(after).toBeCloseTo(before, 3);
  }, 120_000);
});

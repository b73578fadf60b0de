/**
 * Live economy batches end to end (issue 58): the worker sends each batch's items through
 * a provider batch on the slot's own protocol (OpenAI Files + Batch, Anthropic Message Batches) spoken by the local
 * provider-batch server, polls it on durable timers (shortened here), answers each item from its results, and
 * charges each item its discounted quote once. Faults: an expiry with half done, an answer failing the schema, the
 * worker killed while polling, the batch canceled while the provider works, an Anthropic create whose answer was
 * lost. Its own namespace and worker (test/support/economy-stack.ts).
 */
import { createTestContext } from '../support/app';
import { auth, until, useEconomyStack } from '../support/economy-stack';
import { makeWorkflow } from '../support/runs';

const SCHEMA = {
  type: 'object',
  properties: { score: { type: 'integer', minimum: 0, maximum: 10 }, verdict: { type: 'string' } },
  required: ['score', 'verdict'],
  additionalProperties: false,
};
const GOOD = JSON.stringify({ score: 7, verdict: 'Sources are cited well.' });

const {
  stack,
  slotEnv,
  useWorker,
  account,
  createBatch,
  readBatch,
  finalBatch,
  runsOf,
  expectLedgerExact,
  batchCreates,
  ordinaryCalls,
} = useEconomyStack('economy');

it('refuses a live economy batch 409 economy_unavailable where the slot’s server has no batch API', async () => {
  const acc = await account();
  const chatOnly = await createTestContext({
    TEMPORAL_NAMESPACE: stack.ns,
    ...stack.store,
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
    stack.server.plans.push({ pollsBeforeEnd: 10 });
    const creates = batchCreates(protocol);
    const ordinary = ordinaryCalls(protocol);
    const created = await createBatch(acc, 300, true);

    const waiting = await until('the provider batch', async () => {
      const b = await readBatch(acc, created.id);
      return b.provider_batches.length ? b.provider_batches[0] : undefined;
    });
    expect(waiting).toMatchObject({ provider: protocol, requests: 300 });
    const queued = await stack.t.api.get(`/v1/runs?batch_id=${created.id}&limit=5`).set(auth(acc.key));
    const shown = (queued.body.data as Array<{ id: string }>)[0]!;
    // Each run is told its provider batch right after the provider batch is recorded: it shows it while it waits.
    const run = await until('the run naming its provider batch', async () => {
      const res = await stack.t.api.get(`/v1/runs/${shown.id}`).set(auth(acc.key));
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
    const quote = await stack.t.api
      .post(`/v1/workflows/${acc.wf}/runs/quote`)
      .set(auth(acc.key))
      .send({ input_documents: [acc.doc] });
    expect(quote.status).toBe(200);
    expect(quote.body.economy_credits).toBeCloseTo(created.quoted_credits / 300, 3);
    expect(quote.body.quoted_credits).toBeCloseTo((created.quoted_credits / 300) * 2, 3);
    const usage = await stack.t.api.get('/v1/usage').set(auth(acc.key));
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
    stack.server.plans.push({ expire: true, done: 5 });
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
    acc.wf = await makeWorkflow(stack.t, acc.key, { output_schema: SCHEMA });
    let bad = '';
    stack.server.answer = (customId) => {
      if (!bad) bad = customId;
      return { content: customId === bad ? JSON.stringify({ score: 'high', verdict: 'Fine.' }) : GOOD };
    };
    stack.server.ordinary = () => ({ content: GOOD });
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
    acc.wf = await makeWorkflow(stack.t, acc.key, {
      output_schema: SCHEMA,
      criteria: [{ key: 'score', pointer: '/score', kind: 'ordinal', min: 0, max: 10 }],
      confidence: { samples: 3 },
    });
    // Samples 0 and 1 say 7, sample 2 says 3: the consensus is 7, agreed by two of three.
    stack.server.answer = (customId) => ({
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
      const run = (await stack.t.api.get(`/v1/runs/${String(r._id)}`).set(auth(acc.key))).body;
      expect(run.output).toMatchObject({ score: 7 });
      expect(run.confidence.score).toMatchObject({ consensus: 7, samples: [7, 7, 3] });
      expect(run.confidence.score.value).toBeCloseTo(2 / 3, 9);
      expect(r.charged_milli).toBe(r.quoted_milli);
    }
  }, 120_000);

  it('resumes polling after the worker is killed, submitting nothing again', async () => {
    const acc = await account();
    stack.server.plans.push({ pollsBeforeEnd: 15 });
    const creates = batchCreates('openai');
    const uploads = stack.server.count('POST', '/v1/files');
    const created = await createBatch(acc, 20, true);
    await until('the provider batch', async () =>
      (await readBatch(acc, created.id)).provider_batches.length ? true : undefined,
    );
    await stack.worker!.stop('SIGKILL');
    stack.worker = undefined;
    await useWorker('openai');
    const done = await finalBatch(acc, created.id);
    expect(done.status).toBe('succeeded');
    expect(batchCreates('openai') - creates).toBe(1);
    expect(stack.server.count('POST', '/v1/files') - uploads).toBe(1);
    const runs = await expectLedgerExact(acc.a.accountId, created.id);
    for (const r of runs) expect(r.charged_milli).toBe(r.quoted_milli);
  }, 180_000);

  it('cancels the provider batch when the batch is canceled, refunding every unfinished item', async () => {
    const acc = await account();
    stack.server.plans.push({ pollsBeforeEnd: 1_000_000 });
    const before = (await stack.t.api.get('/v1/usage/balance').set(auth(acc.key))).body.pro_credits as number;
    const created = await createBatch(acc, 10, true);
    const pb = await until('the provider batch', async () => (await readBatch(acc, created.id)).provider_batches[0]);
    const canceled = await stack.t.api.post(`/v1/batches/${created.id}/cancel`).set(auth(acc.key));
    expect(canceled.status).toBe(200);
    const done = await finalBatch(acc, created.id);
    expect(done.status).toBe('canceled');
    expect(done.counts.canceled).toBe(10);
    expect(stack.server.count('POST', `/v1/batches/${pb.id}/cancel`)).toBe(1);
    const runs = await expectLedgerExact(acc.a.accountId, created.id);
    for (const r of runs) expect(r).toMatchObject({ status: 'canceled' });
    const after = (await stack.t.api.get('/v1/usage/balance').set(auth(acc.key))).body.pro_credits as number;
    expect(after).toBeCloseTo(before, 3);
  }, 120_000);
});

describe('faults (anthropic protocol)', () => {
  beforeAll(async () => {
    await useWorker('anthropic');
  }, 120_000);

  it('adopts the provider batch a create whose answer was lost made, instead of paying for a second', async () => {
    const acc = await account();
    // The provider makes the batch, then the connection drops: the submit fails with nothing recorded, and retries.
    stack.server.loseCreateAnswers = 1;
    const creates = batchCreates('anthropic');
    const ordinary = ordinaryCalls('anthropic');
    const created = await createBatch(acc, 6, true);
    const done = await finalBatch(acc, created.id);
    expect(done.status).toBe('succeeded');
    expect(stack.server.loseCreateAnswers).toBe(0);
    expect(batchCreates('anthropic') - creates).toBe(1);
    const made = [...stack.server.batches.values()].at(-1)!;
    expect(done.provider_batches).toEqual([{ id: made.id, provider: 'anthropic', status: 'completed', requests: 6 }]);
    expect(ordinaryCalls('anthropic') - ordinary).toBe(0);
    const runs = await expectLedgerExact(acc.a.accountId, created.id);
    for (const r of runs) {
      expect(r.status).toBe('succeeded');
      expect(r.charged_milli).toBe(r.quoted_milli);
      expect(JSON.parse(r.manifest_json as string).provider_batch).toEqual({ id: made.id, provider: 'anthropic' });
    }
  }, 120_000);
});

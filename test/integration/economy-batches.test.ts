/**
 * The economy batch contract against the real stack: the catalog's `economy_discount`,
 * a test-mode economy batch quoted (and its item runs quoted) at the discount, `economy` and `provider_batches` on
 * every batch, and live keys refused 409 `economy_unavailable` with nothing created where no model server with a
 * batch API is configured (configuration says so, never a probe; this context configures none). The job itself:
 * test/integration/economy-jobs.test.ts; the provider protocols: test/unit/models/provider-batch.test.ts.
 */
import { createTestContext, type TestContext } from '../support/app';
import { makeDocument } from '../support/files';
import { newAccount, type TestAccount } from '../support/identity';
import { makeWorkflow } from '../support/runs';
import { uploadDocument } from '../support/uploads';

let t: TestContext;
let a: TestAccount;
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });

beforeAll(async () => {
  t = await createTestContext();
  a = await newAccount(t);
});
afterAll(async () => {
  await t.close();
});

async function documentFor(key: string): Promise<string> {
  const res = await uploadDocument(t, key, await makeDocument('md', { sentences: ['An essay.', 'Its argument.'] }));
  if (res.status !== 200) throw new Error(`document: ${res.status} ${res.text}`);
  return res.body.id as string;
}

async function finalBatch(key: string, id: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await t.api.get(`/v1/batches/${id}`).set(auth(key));
    expect(res.status).toBe(200);
    if (['succeeded', 'completed_with_failures', 'canceled'].includes(res.body.status)) return res.body;
    if (Date.now() > deadline) throw new Error(`batch ${id} not final: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

it('shows each product’s economy discount in the catalog, half by default', async () => {
  const key = await a.key({ mode: 'test' });
  const res = await t.api.get('/v1/products/general_evaluation').set(auth(key));
  expect(res.status).toBe(200);
  expect(res.body.pricing.economy_discount).toBe(0.5);
});

it('quotes a test-mode economy batch and each of its item runs at half the ordinary price', async () => {
  const key = await a.key({ mode: 'test' });
  const doc = await documentFor(key);
  const wf = await makeWorkflow(t, key);
  const items = Array.from({ length: 3 }, (_, i) => ({ input_documents: [doc], external_id: `e-${i}` }));

  const ordinary = await t.api.post(`/v1/workflows/${wf}/batches`).set(auth(key)).send({ items });
  expect(ordinary.status).toBe(202);
  expect(ordinary.body).toMatchObject({ economy: false, provider_batches: [] });
  const economy = await t.api.post(`/v1/workflows/${wf}/batches`).set(auth(key)).send({ items, economy: true });
  expect(economy.status).toBe(202);
  expect(economy.body).toMatchObject({ economy: true, provider_batches: [] });
  expect(ordinary.body.quoted_credits).toBeGreaterThan(0);
  expect(economy.body.quoted_credits).toBeCloseTo(ordinary.body.quoted_credits / 2, 3);

  const done = await finalBatch(key, economy.body.id as string);
  expect(done).toMatchObject({ status: 'succeeded', economy: true, charged_credits: 0 });
  const runs = await t.api.get(`/v1/runs?batch_id=${economy.body.id}&limit=10`).set(auth(key));
  expect(runs.status).toBe(200);
  expect(runs.body.data).toHaveLength(3);
  for (const run of runs.body.data as Array<{ quoted_credits: number }>)
    expect(run.quoted_credits).toBeCloseTo(ordinary.body.quoted_credits / 6, 3);
});

it('refuses a live economy batch 409 economy_unavailable, creating and charging nothing', async () => {
  const key = await a.key({ mode: 'live' });
  const doc = await documentFor(key);
  const wf = await makeWorkflow(t, key);
  const before = await t.api.get('/v1/batches').set(auth(key));
  const res = await t.api
    .post(`/v1/workflows/${wf}/batches`)
    .set(auth(key))
    .send({ items: [{ input_documents: [doc] }], economy: true });
  expect(res.status).toBe(409);
  expect(res.body.error.code).toBe('economy_unavailable');
  const after = await t.api.get('/v1/batches').set(auth(key));
  expect(after.body.data).toHaveLength(before.body.data.length);
});

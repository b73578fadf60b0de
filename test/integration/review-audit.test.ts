/**
 * The audit draw over 200 real runs (issue 56 "Done when"): a batch of 200 test-mode items on
 * a workflow with `audit_rate: 0.25` gets between 30 and 70 reviews, each an audit and blind, on exactly the runs the
 * draw names — a pure function of the run id, so a replay (or a retried activity) draws the very same runs.
 */
import { drawnForAudit } from '../../domain/reviews/reviews';
import { createTestContext, type TestContext } from '../support/app';
import { ESSAY_CRITERIA, ESSAY_SCHEMA } from '../support/criteria';
import { newAccount } from '../support/identity';
import { makeWorkflow } from '../support/runs';
import { uploadDocument } from '../support/uploads';

const ITEMS = 200;
let t: TestContext;
let key: string;
const auth = () => ({ Authorization: `Bearer ${key}` });

beforeAll(async () => {
  t = await createTestContext();
  key = await (await newAccount(t)).key({ mode: 'test' });
});
afterAll(async () => {
  await t?.close();
});

/** Every page of a list, following `next_cursor`. */
async function all<T>(path: string): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const res = await t.api
      .get(`/v1${path}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      .set(auth());
    expect(res.status).toBe(200);
    out.push(...(res.body.data as T[]));
    cursor = res.body.next_cursor as string | null;
  } while (cursor);
  return out;
}

it('draws a quarter of 200 runs for a blind audit, exactly the runs the draw names', async () => {
  const workflowId = await makeWorkflow(t, key, {
    output_schema: ESSAY_SCHEMA,
    criteria: ESSAY_CRITERIA,
    review: { mode: 'off', audit_rate: 0.25 },
  });
  const doc = await uploadDocument(t, key, {
    bytes: Buffer.from('The essay argues that congestion pricing reduces traffic in dense cities.'),
    filename: 'essay.txt',
    mimeType: 'text/plain',
  });
  const created = await t.api
    .post(`/v1/workflows/${workflowId}/batches`)
    .set({ ...auth(), 'Idempotency-Key': `audit-${workflowId}` })
    .send({
      items: Array.from({ length: ITEMS }, (_, i) => ({ input_documents: [doc.body.id], external_id: `e${i}` })),
      max_concurrency: 50,
    });
  expect(created.status).toBe(202);
  let batch = created.body;
  for (
    const deadline = Date.now() + 300_000;
    !['succeeded', 'completed_with_failures', 'canceled'].includes(batch.status);
  ) {
    if (Date.now() > deadline) throw new Error(`batch still ${batch.status}: ${JSON.stringify(batch.counts)}`);
    await new Promise((r) => setTimeout(r, 500));
    batch = (await t.api.get(`/v1/batches/${created.body.id}`).set(auth())).body;
  }
  expect(batch.status).toBe('succeeded');

  const runs = await all<{ id: string }>(`/runs?batch_id=${batch.id}`);
  expect(runs).toHaveLength(ITEMS);
  const reviews = await all<{ run_id: string; reasons: unknown[]; blind: boolean }>(`/reviews?batch_id=${batch.id}`);
  expect(reviews.length).toBeGreaterThanOrEqual(30);
  expect(reviews.length).toBeLessThanOrEqual(70);
  const drawn = runs.map((r) => r.id).filter((id) => drawnForAudit(id, 0.25));
  expect(reviews.map((r) => r.run_id).sort()).toEqual(drawn.sort());
  for (const review of reviews) expect(review).toMatchObject({ reasons: [{ kind: 'audit' }], blind: true });
  expect(batch.reviews).toEqual({ pending: reviews.length, completed: 0 });
}, 360_000);

/**
 * A refunded run's open review is canceled with it (issue 56): the review reads `canceled`,
 * the run's `review` says so, the queue no longer offers it, and claiming or submitting it answers 409
 * `review_canceled`. Test-mode runs on the suite's own worker: the stub's answer is all a review needs here.
 */
import { operatorRefundRun } from '../../domain/runs/lifecycle';
import { createTestContext, type TestContext } from '../support/app';
import { ESSAY_CRITERIA, ESSAY_SCHEMA } from '../support/criteria';
import { newAccount } from '../support/identity';
import { makeWorkflow, waitForRun } from '../support/runs';
import { uploadDocument } from '../support/uploads';

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

it('cancels the open review of a refunded run; the queue no longer offers it and claim or submit answer 409', async () => {
  const workflowId = await makeWorkflow(t, key, {
    output_schema: ESSAY_SCHEMA,
    criteria: ESSAY_CRITERIA,
    review: { mode: 'all' },
  });
  const doc = await uploadDocument(t, key, {
    bytes: Buffer.from('The essay argues that congestion pricing reduces traffic in dense cities.'),
    filename: 'essay.txt',
    mimeType: 'text/plain',
  });
  const created = await t.api
    .post(`/v1/workflows/${workflowId}/runs`)
    .set(auth())
    .send({ input_documents: [doc.body.id] });
  expect(created.status).toBe(202);
  const run = await waitForRun(t, key, created.body.id as string);
  expect(run).toMatchObject({ status: 'succeeded', review: { status: 'pending' } });
  const reviewId = run.review.id as string;

  const refund = await operatorRefundRun({ db: t.database.db, config: t.config, temporal: t.temporal }, run.id);
  expect(refund.outcome).toBe('refunded');

  const review = await t.api.get(`/v1/reviews/${reviewId}`).set(auth());
  expect([review.status, review.body.status]).toEqual([200, 'canceled']);
  const after = await t.api.get(`/v1/runs/${run.id as string}`).set(auth());
  expect(after.body).toMatchObject({ status: 'refunded', review: { id: reviewId, status: 'canceled' } });

  const next = await t.api
    .post('/v1/reviews/claim-next')
    .set(auth())
    .send({ reviewer: 'ann', workflow_id: workflowId });
  expect(next.status).toBe(204);
  const claim = await t.api.post(`/v1/reviews/${reviewId}/claim`).set(auth()).send({ reviewer: 'ann' });
  expect([claim.status, claim.body.error?.code]).toEqual([409, 'review_canceled']);
  const submit = await t.api
    .post(`/v1/reviews/${reviewId}/submit`)
    .set({ ...auth(), 'Idempotency-Key': `refund-${reviewId}` })
    .send({ reviewer: 'ann', values: { score: 3, label: 'fair', pass: true } });
  expect([submit.status, submit.body.error?.code]).toEqual([409, 'review_canceled']);
});

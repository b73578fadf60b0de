/**
 * The account's bound on batch items in flight holds when two of its batches step at the same instant: each step claims
 * its room before admitting, so together they never pass 50, and between them they still fill it. The batches live on a
 * namespace no worker polls, so nothing steps them but this test and their items' runs stay in flight once admitted;
 * documents are extracted on the main namespace first.
 */
import { advanceBatch } from '../../domain/batches/progress';
import { LIMITS } from '../../domain/access/limits';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { COLLECTIONS } from '../../domain/platform/db';
import { parseConfig } from '../../domain/platform/config';
import { testNamespaces } from '../support/env';
import { createTestContext, type TestContext } from '../support/app';
import { makeDocument } from '../support/files';
import { newAccount } from '../support/identity';
import { makeWorkflow } from '../support/runs';
import { uploadDocument } from '../support/uploads';

const auth = (k: string) => ({ Authorization: `Bearer ${k}` });
let t: TestContext;
let idle: TestContext;

beforeAll(async () => {
  await ensureNamespace(parseConfig(process.env).temporalAddress, testNamespaces().idle);
  t = await createTestContext();
  idle = await createTestContext({ TEMPORAL_NAMESPACE: testNamespaces().idle });
}, 120_000);
afterAll(async () => {
  await idle?.close();
  await t?.close();
});

it('two batches stepping at once admit together at most 50 items, and fill the 50', async () => {
  const limit = LIMITS.batchItemsInFlightPerAccount;
  const a = await newAccount(t);
  const key = await a.key({ mode: 'test' });
  const doc = await uploadDocument(t, key, await makeDocument('md', { sentences: ['An essay.', 'Its point.'] }));
  expect(doc.status).toBe(200);
  const wf = await makeWorkflow(t, key);
  const ids: string[] = [];
  for (let b = 0; b < 2; b++) {
    const created = await idle.api
      .post(`/v1/workflows/${wf}/batches`)
      .set(auth(key))
      .send({ items: Array.from({ length: limit }, () => ({ input_documents: [doc.body.id] })), max_concurrency: 50 });
    expect(created.status).toBe(202);
    ids.push(created.body.id as string);
  }

  // Both batches' steps at the same instant, each going on for a few seconds (a poll every 100 ms), as two workers
  // would run them.
  const steps = await Promise.all(
    ids.map((batchId) => advanceBatch(idle.deps, { accountId: a.accountId, batchId }, { stepMs: 4_000 })),
  );
  const admitted = await t.database.db
    .collection(COLLECTIONS.runs)
    .countDocuments({ account_id: a.accountId, batch_id: { $in: ids }, admission: 'admitted' });
  const inFlight = steps.reduce((sum, s) => sum + s.progress.inflight.length, 0);
  expect({ admitted, inFlight }).toEqual({ admitted: limit, inFlight: limit });
  // What each batch wrote as in flight is what it has: the next step of either admits nothing more.
  const written = await t.database.db
    .collection(COLLECTIONS.batches)
    .find({ _id: { $in: ids } as never })
    .toArray();
  expect(written.reduce((sum, b) => sum + (b.inflight as number), 0)).toBe(limit);

  for (const id of ids) expect((await idle.api.post(`/v1/batches/${id}/cancel`).set(auth(key))).status).toBe(200);
}, 120_000);

/**
 * A run is quoted by one formula wherever it is created: a batch item on a scan is
 * quoted, and so charged, the OCR surcharge a run created by `POST /runs` on the same document is.
 */
import { COLLECTIONS } from '../../domain/platform/db';
import { createTestContext, type TestContext } from '../support/app';
import { newAccount } from '../support/identity';
import { makeWorkflow } from '../support/runs';
import { uploadDocument } from '../support/uploads';

jest.setTimeout(180_000);

let t: TestContext;
const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

it('a batch item on a 100-page scan is quoted what POST /runs is quoted for it, OCR surcharge included', async () => {
  const key = await (await newAccount(t)).key();
  const uploaded = await uploadDocument(t, key, {
    bytes: Buffer.from('A short essay.'),
    filename: 'essay.txt',
    mimeType: 'text/plain',
  });
  expect(uploaded.body.extracted).toBe(true);
  const docId = uploaded.body.id as string;
  // What extraction records for a 100-page scan (reading one by OCR would take minutes here).
  await t.database.db
    .collection<{ _id: string }>(COLLECTIONS.documents)
    .updateOne({ _id: docId }, { $set: { page_count: 100, ocr_pages: 100 } });
  const wf = await makeWorkflow(t, key);

  const quote = await t.api
    .post(`/v1/workflows/${wf}/runs/quote`)
    .set(auth(key))
    .send({ input_documents: [docId] });
  expect(quote.status).toBe(200);
  const price = (await t.api.get('/v1/products/general_evaluation').set(auth(key))).body.pricing;
  // The run, 100 pages and 100 OCR pages.
  expect(quote.body.quoted_credits).toBeCloseTo(
    price.credits_per_run + 100 * price.credits_per_page + 100 * price.credits_per_ocr_page,
    6,
  );

  const batch = await t.api
    .post(`/v1/workflows/${wf}/batches`)
    .set(auth(key))
    .send({ items: [{ input_documents: [docId] }, { input_documents: [docId] }] });
  expect(batch.status).toBe(202);
  expect(batch.body.quoted_credits).toBeCloseTo(2 * quote.body.quoted_credits, 6);
  await t.api.post(`/v1/batches/${batch.body.id}/cancel`).set(auth(key));
});

/**
 * Fairness of OCR against the real stack: a worker with one extraction slot reads
 * one account's two-page scan — an input document, or a reference document — and another account's document
 * completed meanwhile is extracted after at most a page of the scan, not after the whole of it; the scan then
 * finishes from the pages it kept.
 */
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { COLLECTIONS } from '../../domain/platform/db';
import { createTestContext, type TestContext } from '../support/app';
import { testNamespaces } from '../support/env';
import { makeDocument } from '../support/files';
import { newAccount } from '../support/identity';
import { startWorker, type Spawned } from '../support/processes';
import { knownText, multiPageTiff, scannedPage, wordsFound } from '../support/scanned-page';
import { putToUploadUrl, uploadDocument, waitForReference } from '../support/uploads';

jest.setTimeout(300_000);

const NAMESPACE = `${testNamespaces().main}-ocr-fair`;

let t: TestContext;
let worker: Spawned;

beforeAll(async () => {
  t = await createTestContext({ TEMPORAL_NAMESPACE: NAMESPACE });
  await ensureNamespace(t.config.temporalAddress, NAMESPACE);
  worker = await startWorker({ TEMPORAL_NAMESPACE: NAMESPACE, EXTRACTION_SLOTS: '1' });
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

it("lets another account's document in after one page of a long scan, and still reads the whole scan", async () => {
  const scan = scannedPage();
  const frame = { width: scan.width, height: scan.height, grey: scan.grey };
  const tiff = multiPageTiff([frame, frame]);
  const scanner = await (await newAccount(t)).key();
  const other = await (await newAccount(t)).key();
  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

  const created = await t.api
    .post('/v1/documents')
    .set(auth(scanner))
    .send({ filename: 'two-pages.tiff', mime_type: 'image/tiff', size_bytes: tiff.length });
  expect((await putToUploadUrl(created.body.upload_url, created.body.upload_headers, tiff)).ok).toBe(true);
  // Sent now (a supertest request is sent only when awaited or `then`ed), answered once the scan is read or 202.
  const scanDone = t.api
    .post(`/v1/documents/${created.body.id}/complete`)
    .set(auth(scanner))
    .then((r) => r);
  const scanStarted = Date.now();
  // The scan has the worker's only slot once its first page is being read.
  await new Promise((r) => setTimeout(r, 1500));

  const small = await uploadDocument(t, other, await makeDocument('txt', { sentences: ['A short cover note.'] }));
  const otherSettled = Date.now();
  expect(small.status).toBe(200);
  expect(small.body.extracted).toBe(true);
  // The scan is still being read: the other account did not wait for the whole of it.
  const during = await t.deps.db
    .collection<{ _id: string; status: string }>(COLLECTIONS.documents)
    .findOne({ _id: created.body.id as string });
  expect(during?.status).toBe('extracting');

  let res = await scanDone;
  while (res.status === 202) res = await t.api.post(`/v1/documents/${created.body.id}/complete`).set(auth(scanner));
  const scanSettled = Date.now();
  expect(res.body).toMatchObject({ extracted: true, page_count: 2, ocr_pages: 2 });
  expect(otherSettled).toBeLessThan(scanSettled);
  const text = await t.api.get(`/v1/documents/${created.body.id}/text`).set(auth(scanner));
  for (const section of text.body.sections as { text: string }[]) {
    expect(wordsFound(knownText(), section.text)).toBeGreaterThanOrEqual(0.95);
  }
  console.log(
    `other account's document extracted after ${otherSettled - scanStarted} ms; the scan after ${scanSettled - scanStarted} ms`,
  );
});

it("lets another account's document in after one page of a reference document's scan, and still reads it", async () => {
  const scan = scannedPage();
  const frame = { width: scan.width, height: scan.height, grey: scan.grey };
  const tiff = multiPageTiff([frame, frame]);
  const scanner = await (await newAccount(t)).key();
  const other = await (await newAccount(t)).key();
  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

  const created = await t.api
    .post('/v1/reference-documents')
    .set(auth(scanner))
    .send({ name: 'Scanned rubric', filename: 'two-pages.tiff', mime_type: 'image/tiff', size_bytes: tiff.length });
  expect((await putToUploadUrl(created.body.upload_url, created.body.upload_headers, tiff)).ok).toBe(true);
  expect((await t.api.post(`/v1/reference-documents/${created.body.id}/complete`).set(auth(scanner))).status).toBe(200);
  const scanStarted = Date.now();
  // The reference's scan has the worker's only slot once its first page is being read.
  await new Promise((r) => setTimeout(r, 1500));

  const small = await uploadDocument(t, other, await makeDocument('txt', { sentences: ['A short cover note.'] }));
  const otherSettled = Date.now();
  expect(small.status).toBe(200);
  expect(small.body.extracted).toBe(true);
  // The reference's reading had not finished: its extraction records the page count, which is still unknown.
  const during = await t.deps.db
    .collection<{ _id: string; status: string; page_count: number | null }>(COLLECTIONS.referenceDocuments)
    .findOne({ _id: created.body.id as string });
  expect(during).toMatchObject({ status: 'processing', page_count: null });

  const ref = await waitForReference(t, scanner, created.body.id as string, 240_000);
  expect(ref).toMatchObject({ status: 'ready', page_count: 2 });
  console.log(
    `other account's document extracted after ${otherSettled - scanStarted} ms; the reference ready after ${Date.now() - scanStarted} ms`,
  );
});

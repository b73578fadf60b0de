/**
 * Pages kept for a retry are deleted when the job fails for good, on the real stack: a
 * worker of this test's own namespace reads a one-page scan by OCR and keeps the page, then every attempt fails to
 * store the text (the object store refuses that one object: the fault is injected in the worker's client, the
 * store itself is real). Once the attempts are spent the job deletes what it kept, for an input document and for a
 * reference document alike, and the object store holds nothing of them under `ocr-pages/`. A job an operator
 * terminates runs no code of its own: whoever settles its document (`complete`, a status read, the reconciler) deletes
 * the pages it kept.
 */
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { NativeConnection, Worker } from '@temporalio/worker';
import { queueActivities, type ActivityDeps } from '../../activities';
import { textKeys } from '../../domain/documents/stored-text';
import { TASK_QUEUES } from '../../domain/jobs/contract';
import { jobIds, temporalConnectionOptions, terminateJob } from '../../domain/jobs';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { createLogger } from '../../domain/platform/logger';
import { loadWorkflowBundle } from '../../worker/workflow-bundle';
import { createTestContext, type TestContext } from '../support/app';
import { testNamespaces } from '../support/env';
import { newAccount } from '../support/identity';
import { scannedPage } from '../support/scanned-page';
import { putToUploadUrl } from '../support/uploads';

jest.setTimeout(420_000);

const NAMESPACE = `${testNamespaces().main}-ocr-kept`;

let t: TestContext;
let connection: NativeConnection;
let worker: Worker;
let running: Promise<void>;

/** The store's client, except that storing a file's text fails every time. */
function refusingText(s3: S3Client): S3Client {
  return new Proxy(s3, {
    get(target, prop, receiver) {
      if (prop !== 'send') return Reflect.get(target, prop, receiver) as unknown;
      return (command: unknown, ...rest: unknown[]) => {
        if (command instanceof PutObjectCommand && String(command.input.Key).endsWith('/extracted.json'))
          return Promise.reject(new Error('injected fault: the object store refuses the text'));
        return (target.send as (...a: unknown[]) => Promise<unknown>)(command, ...rest);
      };
    },
  });
}

beforeAll(async () => {
  t = await createTestContext({ TEMPORAL_NAMESPACE: NAMESPACE });
  await ensureNamespace(t.config.temporalAddress, NAMESPACE);
  connection = await NativeConnection.connect(temporalConnectionOptions(t.config));
  const deps = {
    config: t.config,
    logger: createLogger('warn', 'ocr-kept-pages-test'),
    db: t.database.db,
    storage: { ...t.deps.storage, s3: refusingText(t.deps.storage.s3) },
    temporal: t.temporal,
  } as unknown as ActivityDeps;
  worker = await Worker.create({
    connection,
    namespace: NAMESPACE,
    taskQueue: TASK_QUEUES.indexing,
    workflowBundle: await loadWorkflowBundle(),
    activities: queueActivities.indexing(deps),
  });
  running = worker.run();
});
afterAll(async () => {
  worker?.shutdown();
  await running?.catch(() => undefined);
  await connection?.close();
  await t?.close();
});

/** The objects kept under the text's `ocr-pages/`. */
async function keptObjects(textKey: string): Promise<string[]> {
  const prefix = textKey.replace(/[^/]+$/, 'ocr-pages/');
  const listed = await t.deps.storage.s3.send(
    new ListObjectsV2Command({ Bucket: t.deps.storage.bucket, Prefix: prefix }),
  );
  return (listed.Contents ?? []).map((o) => o.Key!);
}

/** Waits until `check` holds (polling), answering whether it did within `ms`. */
async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return check();
}

/**
 * A new account uploads `png` as an input document and as a reference document and completes both; answers once
 * each has a page kept (read by OCR, then the text refused), with the first `complete` of the input still pending.
 */
async function scanKeptAsBoth(png: Buffer) {
  const a = await newAccount(t);
  const auth = { Authorization: `Bearer ${await a.key()}` };
  const doc = await t.api
    .post('/v1/documents')
    .set(auth)
    .send({ filename: 'scan.png', mime_type: 'image/png', size_bytes: png.length });
  const ref = await t.api
    .post('/v1/reference-documents')
    .set(auth)
    .send({ name: 'Scan', filename: 'scan.png', mime_type: 'image/png', size_bytes: png.length });
  expect((await putToUploadUrl(doc.body.upload_url, doc.body.upload_headers, png)).ok).toBe(true);
  expect((await putToUploadUrl(ref.body.upload_url, ref.body.upload_headers, png)).ok).toBe(true);
  const docText = textKeys.document(a.accountId, doc.body.id);
  const refText = textKeys.reference(a.accountId, ref.body.id);
  const completing = t.api
    .post(`/v1/documents/${doc.body.id}/complete`)
    .set(auth)
    .then((r) => r);
  expect((await t.api.post(`/v1/reference-documents/${ref.body.id}/complete`).set(auth)).status).toBe(200);
  // The page is read and kept, and the attempts that follow fail to store the text.
  expect(await until(async () => (await keptObjects(docText)).length > 0, 120_000)).toBe(true);
  expect(await until(async () => (await keptObjects(refText)).length > 0, 120_000)).toBe(true);
  return { auth, doc, ref, docText, refText, completing };
}

/** `complete` again while it answers 202, for at most `ms`, after the pending first call: the last answer. */
async function completeUntilSettled(
  first: Promise<{ status: number; body: any }>,
  docId: string,
  auth: Record<string, string>,
  ms: number,
) {
  let res = await first;
  const deadline = Date.now() + ms;
  while (res.status === 202 && Date.now() < deadline)
    res = await t.api.post(`/v1/documents/${docId}/complete`).set(auth);
  return res;
}

it('deletes the pages kept for a retry once the extraction has failed for good', async () => {
  const { auth, doc, ref, docText, refText, completing } = await scanKeptAsBoth(scannedPage().png);

  // Six attempts, 2 + 4 + 8 + 16 + 30 s apart: then the job has failed for good.
  const res = await completeUntilSettled(completing, doc.body.id, auth, 300_000);
  expect([res.status, res.body.extracted, res.body.extraction_error?.code]).toEqual([200, false, 'extraction_failed']);
  expect(await keptObjects(docText)).toEqual([]);

  expect(
    await until(
      async () => (await t.api.get(`/v1/reference-documents/${ref.body.id}`).set(auth)).body.status === 'failed',
      120_000,
    ),
  ).toBe(true);
  expect(await keptObjects(refText)).toEqual([]);
});

it('deletes the pages kept by an extraction an operator terminated, when its document is settled', async () => {
  const { auth, doc, ref, docText, refText, completing } = await scanKeptAsBoth(scannedPage({ seed: 7 }).png);

  // The operator stops both jobs from the Temporal UI: no code of theirs runs after this.
  await terminateJob(t.temporal, jobIds.extractDocument(doc.body.id), 'test: stopped by an operator');
  await terminateJob(t.temporal, jobIds.indexReferenceDocument(ref.body.id), 'test: stopped by an operator');

  const res = await completeUntilSettled(completing, doc.body.id, auth, 60_000);
  expect([res.status, res.body.extracted, res.body.extraction_error?.code]).toEqual([200, false, 'extraction_failed']);
  expect(await keptObjects(docText)).toEqual([]);

  const read = await t.api.get(`/v1/reference-documents/${ref.body.id}`).set(auth);
  expect(read.body.status).toBe('failed');
  expect(await keptObjects(refText)).toEqual([]);
});

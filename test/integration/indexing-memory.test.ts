/**
 * A reference whose indexing needs more memory than INDEXING_MEMORY_MB fails with a reason the client reads, once,
 * and the worker that ran it carries on (activities/indexing/sandbox.ts). Before, indexing
 * ran in the worker's own memory: a large CJK reference took gigabytes of it.
 */
import { mulberry32 } from '../../domain/json-schema/sample';
import { COLLECTIONS } from '../../domain/platform/db';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { TASK_QUEUES } from '../../domain/jobs/contract';
import { createTestContext, type TestContext } from '../support/app';
import { testNamespaces } from '../support/env';
import { newAccount } from '../support/identity';
import { startWorker, type Spawned } from '../support/processes';
import { uploadReference, waitForReference } from '../support/uploads';

const namespace = `${testNamespaces().main}-indexing-memory`;
let t: TestContext;
let worker: Spawned;

beforeAll(async () => {
  t = await createTestContext({ TEMPORAL_NAMESPACE: namespace });
  await ensureNamespace(t.config.temporalAddress, namespace);
  // This namespace's only worker, with the smallest indexing sandbox the configuration allows.
  worker = await startWorker({
    TEMPORAL_NAMESPACE: namespace,
    INDEXING_MEMORY_MB: '256',
    WORKER_TASK_QUEUES: TASK_QUEUES.indexing,
  });
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

/**
 * `chars` characters of Chinese-like text: 3,000 ideographs drawn with a skew (a few common, most rare), in
 * sentences and paragraphs. Indexed as character bigrams, it has many distinct terms, as real CJK prose does.
 */
function cjkText(chars: number): string {
  // A seeded generator, so the text (and its memory) is the same on every run.
  const random = mulberry32(11);
  const parts: string[] = [];
  for (let total = 0; total < chars;) {
    let sentence = '';
    for (let i = 10 + Math.floor(random() * 30); i > 0; i--)
      sentence += String.fromCodePoint(0x4e00 + 7 * Math.floor(3000 * random() ** 3));
    parts.push(`${sentence}。`);
    total += sentence.length + 1;
  }
  // A paragraph every 20 sentences: the text extractor refuses lines over 1 MiB.
  return parts.map((sentence, i) => (i % 20 === 19 ? `${sentence}\n\n` : sentence)).join('');
}

it('fails a reference too large to index in INDEXING_MEMORY_MB with a reason, and indexes the next one', async () => {
  const key = await (await newAccount(t)).key({ mode: 'test' });
  const text = (body: string, filename: string) => ({ filename, mimeType: 'text/plain', bytes: Buffer.from(body) });

  // 2 M characters (6 MB): extracted within its limits, then more than 256 MB to chunk and index.
  const large = await uploadReference(t, key, text(cjkText(2_000_000), 'corpus.txt'));
  const failed = await waitForReference(t, key, large, 120_000);
  expect(failed).toMatchObject({ status: 'failed' });
  expect(failed.failure_reason).toMatch(
    /needed more than the 256 MB of memory allowed; split it into smaller documents/,
  );
  const stored = await t.database.db.collection(COLLECTIONS.referenceDocuments).findOne({ _id: large as never });
  expect(stored).toMatchObject({ failure_code: 'file_unprocessable' });
  // Failed once: no retry spent the memory again (one attempt of the indexing activity in the execution).
  const history = await t.temporal.client.workflow.getHandle(`index-${large}`).fetchHistory();
  const attempts = history
    .events!.filter((e) => e.activityTaskStartedEventAttributes)
    .map((e) => e.activityTaskStartedEventAttributes!.attempt);
  expect(attempts).toEqual([1, 1, 1]); // extraction, indexing, the failure recorded

  // The same worker process indexes the next reference.
  const small = await uploadReference(t, key, text(cjkText(20_000), 'glossary.txt'));
  expect(await waitForReference(t, key, small)).toMatchObject({ status: 'ready' });
  expect(worker.output()).not.toMatch(/heap out of memory/);
}, 180_000);

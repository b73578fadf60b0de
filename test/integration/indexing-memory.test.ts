/**
 * A reference whose indexing needs more heap than `INDEXING_HEAP_MB` allows (activities/indexing/thread.ts,
 * docs/decisions.md 261): it fails once, with a reason the client can act on, and the worker goes on indexing.
 * Its own namespace and worker, whose heap cap is small enough for a few megabytes of text to exceed it.
 */
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
  worker = await startWorker({ TEMPORAL_NAMESPACE: namespace, INDEXING_HEAP_MB: '64', WORKER_TASK_QUEUES: TASK_QUEUES.indexing });
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

const text = (paragraphs: number) =>
  Array.from({ length: paragraphs }, (_, i) => `Criterion ${i}: the essay states a thesis, cites peer-reviewed sources and answers objections.`).join('\n\n');

it('fails a reference too large for the indexing heap at once, with the reason, and indexes the next one', async () => {
  const key = await (await newAccount(t)).key({ mode: 'test' });
  // About 4.5 M characters: far more than 64 MB of heap can chunk and index.
  const big = await uploadReference(t, key, { filename: 'criteria.txt', mimeType: 'text/plain', bytes: Buffer.from(text(45_000)) });
  const failed = await waitForReference(t, key, big, 120_000);
  expect(failed).toMatchObject({ status: 'failed' });
  expect(failed.failure_reason).toMatch(/needed more than the 64 MB of memory allowed; split it into smaller files/);

  // One attempt: the same text would run out the same way on every retry.
  const history = await t.temporal.client.workflow.getHandle(`index-${big}`).fetchHistory();
  const attempts = (history.events ?? []).flatMap((e) => (e.activityTaskStartedEventAttributes ? [e.activityTaskStartedEventAttributes.attempt] : []));
  expect(attempts).toEqual([1, 1, 1]); // extract, index, finish

  const small = await uploadReference(t, key, { filename: 'short.txt', mimeType: 'text/plain', bytes: Buffer.from(text(20)) });
  expect(await waitForReference(t, key, small)).toMatchObject({ status: 'ready' });
});

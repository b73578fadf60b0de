/**
 * A worker process runs no more extractions at once than its slots (worker/extraction-slots.ts): documents
 * completed together by a client wait their turn in Temporal, and every one is still extracted. Observed from
 * outside: the parsing sandboxes are the worker's child processes, sampled from /proc while the uploads complete.
 */
import { readFileSync } from 'node:fs';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { TASK_QUEUES } from '../../domain/jobs/contract';
import { createTestContext, type TestContext } from '../support/app';
import { makeDocument } from '../support/files';
import { newAccount } from '../support/identity';
import { startWorker, type Spawned } from '../support/processes';
import { putToUploadUrl } from '../support/uploads';
import { testNamespaces } from '../support/env';

const namespace = `${testNamespaces().main}-extraction`;
let t: TestContext;
let worker: Spawned;

beforeAll(async () => {
  t = await createTestContext({ TEMPORAL_NAMESPACE: namespace });
  await ensureNamespace(t.config.temporalAddress, namespace);
  // This namespace's only worker: one extraction at a time, the indexing queue alone.
  worker = await startWorker({
    TEMPORAL_NAMESPACE: namespace,
    EXTRACTION_SLOTS: '1',
    WORKER_TASK_QUEUES: TASK_QUEUES.indexing,
  });
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

/** The worker's parsing sandboxes running now (its child processes started from sandbox-child). */
function sandboxes(pid: number): number {
  let children: string[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    return 0;
  }
  return children.filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('sandbox-child');
    } catch {
      return false; // it ended between the two reads
    }
  }).length;
}

it('extracts documents completed together one at a time with EXTRACTION_SLOTS=1, and extracts them all', async () => {
  expect(worker.output()).toMatch(/"extractionSlots":1/);
  const key = await (await newAccount(t)).key({ mode: 'test' });
  const auth = { Authorization: `Bearer ${key}` };
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) {
    const file = await makeDocument('pdf', {
      sentences: [`Essay ${i} argues its point.`, 'It cites two sources.', 'It concludes.'],
      pages: 3,
    });
    const created = await t.api
      .post('/v1/documents')
      .set(auth)
      .send({ filename: file.filename, mime_type: file.mimeType, size_bytes: file.bytes.length });
    expect(created.status).toBe(200);
    expect((await putToUploadUrl(created.body.upload_url, created.body.upload_headers, file.bytes)).status).toBe(200);
    ids.push(created.body.id);
  }

  let most = 0;
  let samples = 0;
  const sampler = setInterval(() => {
    const now = sandboxes(worker.child.pid!);
    if (now > 0) samples += 1;
    most = Math.max(most, now);
  }, 5);
  try {
    const completed = await Promise.all(ids.map((id) => t.api.post(`/v1/documents/${id}/complete`).set(auth)));
    for (const res of completed) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ extracted: true, page_count: 3 });
    }
  } finally {
    clearInterval(sampler);
  }
  // The sampler saw the sandboxes at work (so it would have seen two at once), and never two at once.
  expect(samples).toBeGreaterThan(0);
  expect(most).toBe(1);
});

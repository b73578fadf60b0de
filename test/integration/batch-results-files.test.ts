/**
 * A batch's results files have a lifetime, on the real stack: while the batch runs, each
 * request renders the items as they are now into one object per format (replaced, never added); once it is final the
 * file is rendered once and answered again (no job: it is served with the worker stopped) for a URL's lifetime, then
 * rendered again into the same object, an operator's refund of an item showing. Its own namespace and worker
 * (stopped and restarted here), a one-minute URL lifetime, the model a local server whose first answer is held, so
 * the batch is running for the first requests.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { parse as parseCsv } from 'csv-parse/sync';
import { grant, toMilli } from '../../domain/billing/credits';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { parseConfig } from '../../domain/platform/config';
import { testNamespaces } from '../support/env';
import { createTestContext, type TestContext } from '../support/app';
import { makeDocument } from '../support/files';
import { newAccount } from '../support/identity';
import { ModelServer } from '../support/model-server';
import { startWorker, type Spawned } from '../support/processes';
import { makeWorkflow } from '../support/runs';
import { uploadDocument } from '../support/uploads';

const NS = `${testNamespaces().main}-results`;
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });
const FINAL = ['succeeded', 'completed_with_failures', 'canceled'];
/** How long the model holds its first answer: the batch is running at least this long. */
const HOLD_MS = 20_000;
const TTL_S = 60;

let t: TestContext;
let model: ModelServer;
let worker: Spawned | undefined;
let workerEnv: NodeJS.ProcessEnv;

beforeAll(async () => {
  await ensureNamespace(parseConfig(process.env).temporalAddress, NS);
  model = new ModelServer();
  let answered = 0;
  model.responder = () => ({ ...model.fallback, delayMs: answered++ === 0 ? HOLD_MS : 0 });
  const url = await model.start();
  workerEnv = {
    TEMPORAL_NAMESPACE: NS,
    OUTPUT_URL_TTL_S: String(TTL_S),
    MODEL_A_PROVIDER: 'openai',
    MODEL_A_BASE_URL: url,
    MODEL_A_API_KEY: 'test-key',
    MODEL_A_MODEL: 'test-model-1',
  };
  worker = await startWorker(workerEnv);
  t = await createTestContext({ TEMPORAL_NAMESPACE: NS, OUTPUT_URL_TTL_S: String(TTL_S) });
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await model?.stop();
});

async function objectsUnder(prefix: string): Promise<string[]> {
  const { s3, bucket } = t.deps.storage;
  const res = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (res.Contents ?? []).map((o) => o.Key!.slice(prefix.length)).sort();
}

async function lastModified(key: string): Promise<number> {
  const { s3, bucket } = t.deps.storage;
  return (await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).LastModified!.getTime();
}

async function csvRows(url: string): Promise<Array<Record<string, string>>> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return parseCsv(Buffer.from(await res.arrayBuffer()), { columns: true, bom: true }) as Array<Record<string, string>>;
}

it('keeps one file per batch and format: replaced while running, rendered once when final, again a URL lifetime later', async () => {
  const a = await newAccount(t);
  const key = await a.key({ mode: 'live' });
  await grant(t.database.db, a.accountId, `grant_results_${a.accountId}`, toMilli(1_000), 'regular');
  const doc = await uploadDocument(t, key, await makeDocument('md', { sentences: ['An essay.', 'Its point.'] }));
  expect(doc.status).toBe(200);
  const wf = await makeWorkflow(t, key);
  const created = await t.api
    .post(`/v1/workflows/${wf}/batches`)
    .set(auth(key))
    .send({
      items: Array.from({ length: 3 }, (_, i) => ({ input_documents: [doc.body.id], external_id: `e${i}` })),
      max_concurrency: 1,
    });
  expect(created.status).toBe(202);
  const batchId = created.body.id as string;
  const prefix = `accounts/${a.accountId}/batches/${batchId}/`;
  const results = async (format = 'csv') => {
    const res = await t.api.get(`/v1/batches/${batchId}/results?format=${format}`).set(auth(key));
    expect(res.status).toBe(200);
    return res.body as { url: string; expires_at: string; mime_type: string };
  };

  // Running (the first item's answer is held): each request shows the items now, in the same one object.
  const early = await csvRows((await results()).url);
  expect(early.map((r) => r.external_id)).toEqual(['e0', 'e1', 'e2']);
  expect(early.every((r) => r.status !== 'succeeded')).toBe(true);
  await results();
  await results();
  // Queued until its workflow takes the first item (later on a busy machine), then running while the answer is held.
  let status = 'queued';
  for (const until = Date.now() + HOLD_MS / 2; status === 'queued' && Date.now() < until;) {
    status = (await t.api.get(`/v1/batches/${batchId}`).set(auth(key))).body.status as string;
    if (status === 'queued') await new Promise((r) => setTimeout(r, 200));
  }
  expect(status).toBe('running');
  expect(await objectsUnder(prefix)).toEqual(['results-unfinished.csv']);

  // Final: the file shows every item succeeded, stored once beside the running snapshot.
  const deadline = Date.now() + HOLD_MS + 120_000;
  for (;;) {
    const batch = (await t.api.get(`/v1/batches/${batchId}`).set(auth(key))).body as { status: string };
    if (FINAL.includes(batch.status)) break;
    if (Date.now() > deadline) throw new Error(`batch not final: ${JSON.stringify(batch)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const final = await csvRows((await results()).url);
  expect(final.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  expect(await objectsUnder(prefix)).toEqual(['results-unfinished.csv', 'results.csv']);
  const rendered = await lastModified(`${prefix}results.csv`);

  // With no worker at all, the final batch's file is still answered, the same object, never rewritten. No clock: a
  // request that needed a job would answer 503 once its bounded wait ran out, and `results()` expects 200.
  await worker!.stop();
  worker = undefined;
  for (let i = 0; i < 3; i++) {
    const file = await results();
    expect((await csvRows(file.url)).map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  }
  expect(await lastModified(`${prefix}results.csv`)).toBe(rendered);

  // An operator's refund of an item shows once the file is older than a URL's lifetime: rendered again, in place.
  const refund = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(__dirname, '..', '..', 'scripts', 'ops.ts'), 'refund-run', final[1]!.run_id!],
    { env: { ...process.env, TEMPORAL_NAMESPACE: NS }, encoding: 'utf8' },
  );
  expect(refund.status).toBe(0);
  worker = await startWorker(workerEnv);
  await new Promise((r) => setTimeout(r, Math.max(0, rendered + TTL_S * 1000 + 1_000 - Date.now())));
  const refunded = await csvRows((await results()).url);
  expect(refunded.map((r) => r.status)).toEqual(['succeeded', 'refunded', 'succeeded']);
  expect(await lastModified(`${prefix}results.csv`)).toBeGreaterThan(rendered);
  await results('jsonl');
  expect(await objectsUnder(prefix)).toEqual(['results-unfinished.csv', 'results.csv', 'results.jsonl']);
}, 300_000);

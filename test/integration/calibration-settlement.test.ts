/**
 * A calibration whose creation died half-way, or whose job ended early, is settled by the reconciler (it was on the
 * watch list before it was written): the API runs over a database that fails once at the chosen step (the request
 * answers 503), then one pass of `reconcileCalibrations` after the grace period ends the calibration — its job started
 * when its batch exists (the report is written as if the request had finished), `failed` with `creation_failed` when
 * the batch never existed (nothing charged), `failed` with `execution_ended` when its job was terminated. Test mode on
 * this run's worker; the terminated job's calibration created on the idle namespace (no worker), so it can never finish
 * first.
 */
import supertest from 'supertest';
import { createApp } from '../../api/app';
import { grant, toMilli } from '../../domain/billing/credits';
import { describeJob, jobIds, terminateJob } from '../../domain/jobs';
import { reconcileCalibrations } from '../../domain/operations/reconcile-calibrations';
import { GRACE_MS } from '../../domain/operations/reconciler';
import { COLLECTIONS } from '../../domain/platform/db';
import { createTestContext, type TestContext } from '../support/app';
import { testNamespaces } from '../support/env';
import { waitForEvents } from '../support/events';
import { failingOnce, hookedDb, type Step } from '../support/faults';
import { makeDocument } from '../support/files';
import { newAccount } from '../support/identity';
import { balance, makeWorkflow } from '../support/runs';
import { uploadDocument } from '../support/uploads';

const auth = (k: string) => ({ Authorization: `Bearer ${k}` });
const SCHEMA = {
  type: 'object',
  properties: { overall_score: { type: 'integer', minimum: 1, maximum: 5 } },
  required: ['overall_score'],
  additionalProperties: false,
};

let t: TestContext;
let idle: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  idle = await createTestContext({ TEMPORAL_NAMESPACE: testNamespaces().idle });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await idle?.close();
});

/** A fresh account, a key of `mode`, a workflow and a calibration set of two labelled items. */
async function fixture(ctx: TestContext, mode: 'live' | 'test') {
  const a = await newAccount(ctx);
  const key = await a.key({ mode });
  if (mode === 'live') await grant(ctx.database.db, a.accountId, `grant_cs_${a.accountId}`, toMilli(100), 'regular');
  const workflowId = await makeWorkflow(ctx, key, { output_schema: SCHEMA });
  const doc = await uploadDocument(ctx, key, await makeDocument('md', { sentences: ['An essay.'] }));
  expect(doc.status).toBe(200);
  const set = await ctx.api
    .post('/v1/calibration-sets')
    .set(auth(key))
    .send({ name: 'Essays', criteria: [{ key: 'score', pointer: '/overall_score', kind: 'ordinal', min: 1, max: 5 }] });
  expect(set.status).toBe(201);
  const items = [1, 2].map((score) => ({ input_documents: [doc.body.id], labels: { score } }));
  expect((await ctx.api.post(`/v1/calibration-sets/${set.body.id}/items`).set(auth(key)).send({ items })).status).toBe(
    201,
  );
  return { key, workflowId, setId: set.body.id as string };
}

/** Creates a calibration through an API whose database fails once at `step`: the request answers 503. */
async function createDying(ctx: TestContext, f: Awaited<ReturnType<typeof fixture>>, step: Step) {
  const faulty = failingOnce(ctx.database.db, step, 'before');
  const api = supertest(createApp({ ...ctx.deps, db: faulty.db }).callback());
  const res = await api
    .post(`/v1/workflows/${f.workflowId}/calibrations`)
    .set(auth(f.key))
    .send({ calibration_set_id: f.setId });
  expect([res.status, faulty.fired()]).toEqual([503, true]);
  const list = await ctx.api.get('/v1/calibrations').set(auth(f.key));
  expect(list.body.data).toHaveLength(1);
  const calibration = list.body.data[0] as Record<string, any>;
  expect(calibration.status).toBe('running');
  expect((await describeJob(ctx.temporal, jobIds.calibration(calibration.id))).status).toBe('not_found');
  return calibration;
}

/** One reconciler pass as if the grace period had passed. */
const pass = (ctx: TestContext) =>
  reconcileCalibrations(
    { db: ctx.database.db, config: ctx.config, temporal: ctx.temporal, storage: ctx.deps.storage },
    new Date(Date.now() + GRACE_MS + 5_000),
  );

async function finished(ctx: TestContext, key: string, id: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await ctx.api.get(`/v1/calibrations/${id}`).set(auth(key));
    expect(res.status).toBe(200);
    if (res.body.status !== 'running') return res.body as Record<string, any>;
    if (Date.now() > deadline) throw new Error(`calibration ${id} still running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

it('a creation that died after the batch, before the job: the reconciler starts the job and the report is written', async () => {
  const f = await fixture(t, 'test');
  // The step right after the batch's creation: the calibration is named after the batch's workflow.
  const calibration = await createDying(t, f, {
    collection: COLLECTIONS.calibrations,
    method: 'updateOne',
    where: (args) => (args[1] as { $set?: Record<string, unknown> }).$set?.workflow_name !== undefined,
  });
  const batch = await t.api.get(`/v1/batches/${calibration.batch_id}`).set(auth(f.key));
  expect(batch.status).toBe(200);

  await pass(t);
  const done = await finished(t, f.key, calibration.id as string);
  expect(done).toMatchObject({ status: 'succeeded', error: null, batch_id: calibration.batch_id });
  expect(done.criteria[0]).toMatchObject({ key: 'score', labelled: 2 });
  expect(done.report_file.url).toMatch(/^https?:\/\//);
  const html = await (await fetch(done.report_file.url as string)).text();
  expect(html).toContain('Run test'); // the workflow's name, read from the batch
  const [event] = await waitForEvents(t.database.db, { dedupe_key: `calibration.completed:${done.id}` });
  expect(JSON.parse(String(event!.data_json)).calibration).toMatchObject({ id: done.id, status: 'succeeded' });
  // Settled: another pass finds nothing left to do.
  expect(await pass(t)).toMatchObject({ restarted: 0, failed: 0 });
}, 180_000);

it('a creation that died before its batch: the reconciler fails it, creation_failed, nothing charged', async () => {
  const f = await fixture(t, 'live');
  const before = await balance(t, f.key);
  // The batch's watch entry, written just before the batch itself: no batch exists.
  const calibration = await createDying(t, f, {
    collection: COLLECTIONS.watchedJobs,
    method: 'insertOne',
    where: (args) => String((args[0] as { _id?: string })._id).startsWith('batches:'),
  });
  expect((await t.api.get(`/v1/batches/${calibration.batch_id}`).set(auth(f.key))).status).toBe(404);

  // (This namespace's Schedule would do the same, but only once the real grace period has passed.)
  await pass(t);
  const done = await finished(t, f.key, calibration.id as string, 10_000);
  expect(done).toMatchObject({
    status: 'failed',
    criteria: null,
    report_file: null,
    error: { code: 'creation_failed' },
  });
  expect(done.error.message).toContain('nothing was charged');
  expect(done.finished_at).not.toBeNull();
  expect(await balance(t, f.key)).toEqual(before);
  const [event] = await waitForEvents(t.database.db, { dedupe_key: `calibration.completed:${done.id}` });
  expect(JSON.parse(String(event!.data_json)).calibration).toMatchObject({ status: 'failed' });
  const compare = await t.api.get(`/v1/calibrations/${done.id}/compare?with=${done.id}`).set(auth(f.key));
  expect([compare.status, compare.body.error.code]).toEqual([409, 'calibration_failed']);
  expect(await pass(t)).toMatchObject({ failed: 0 });
}, 120_000);

it('a reconciler pass while the creation is inside createBatch: the calibration failed has no batch, nothing charged', async () => {
  const f = await fixture(t, 'live');
  const before = await balance(t, f.key);
  // The creating request is slow: a reconciler pass past the grace period runs just before its batch is written.
  let passed: Awaited<ReturnType<typeof pass>> | undefined;
  const racing = hookedDb(
    t.database.db,
    { collection: COLLECTIONS.batches, method: 'insertOne' },
    'before',
    async () => {
      passed = await pass(t);
    },
  );
  const api = supertest(createApp({ ...t.deps, db: racing.db }).callback());
  const res = await api
    .post(`/v1/workflows/${f.workflowId}/calibrations`)
    .set(auth(f.key))
    .send({ calibration_set_id: f.setId });
  expect(racing.fired()).toBe(true);
  // The reconciler saw no batch and failed the calibration first: the creation answers it as it stands.
  expect(passed).toMatchObject({ failed: 1 });
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({ status: 'failed', error: { code: 'creation_failed' } });
  const read = await t.api.get(`/v1/calibrations/${res.body.id}`).set(auth(f.key));
  expect(read.body).toMatchObject({ status: 'failed', error: { code: 'creation_failed' } });
  // As the failure says: its batch does not exist, nothing ran, nothing was charged.
  expect((await t.api.get(`/v1/batches/${res.body.batch_id}`).set(auth(f.key))).status).toBe(404);
  expect((await t.api.get('/v1/batches').set(auth(f.key))).body.data).toEqual([]);
  expect(await describeJob(t.temporal, jobIds.batch(res.body.batch_id as string))).toMatchObject({
    status: 'not_found',
  });
  expect(await balance(t, f.key)).toEqual(before);
  expect(await pass(t)).toMatchObject({ failed: 0, restarted: 0 });
}, 120_000);

it('a calibration whose job was terminated: the reconciler fails it, execution_ended, its batch untouched', async () => {
  // The documents extracted on this run's worker; the calibration created on the idle namespace (one database).
  const f = await fixture(t, 'test');
  const created = await idle.api
    .post(`/v1/workflows/${f.workflowId}/calibrations`)
    .set(auth(f.key))
    .send({ calibration_set_id: f.setId });
  expect(created.status).toBe(202);
  const id = created.body.id as string;
  // A running job is left alone.
  expect(await pass(idle)).toMatchObject({ restarted: 0, failed: 0 });
  await terminateJob(idle.temporal, jobIds.calibration(id), 'test: an operator terminates the calibration job');

  expect(await pass(idle)).toMatchObject({ failed: 1 });
  const done = await finished(idle, f.key, id, 10_000);
  expect(done).toMatchObject({ status: 'failed', error: { code: 'execution_ended' } });
  expect(done.error.message).toContain(created.body.batch_id);
  const batch = await idle.api.get(`/v1/batches/${created.body.batch_id}`).set(auth(f.key));
  expect(batch.body.status).toBe('queued');
  // Clean up the batch nobody will run (no worker on this namespace).
  expect((await idle.api.post(`/v1/batches/${created.body.batch_id}/cancel`).set(auth(f.key))).status).toBe(200);
  await terminateJob(idle.temporal, jobIds.batch(created.body.batch_id as string), 'test cleanup');
}, 120_000);

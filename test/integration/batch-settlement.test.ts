/**
 * A batch's settlement under faults and races (issue 53), driven step by step: the batches live on a namespace no
 * worker polls, so nothing steps them but this test (`advanceBatch`, as its job would, or `settleBatchWithoutJob`, as
 * the reconciler would once the job is gone) and their items' runs stay queued once admitted. A fault is injected at
 * one database call (test/support/faults.ts); documents are extracted on the main namespace first.
 */
import type { Db } from 'mongodb';
import { advanceBatch, settleBatchWithoutJob } from '../../domain/batches/progress';
import { batchItemRunId, findBatchForJob } from '../../domain/batches/batches';
import { batchResultsFile } from '../../domain/batches/results-file';
import { grant, toMilli } from '../../domain/billing/credits';
import { reconcileAccount } from '../../domain/operations/operations';
import { abandonPendingRun } from '../../domain/runs/lifecycle';
import { jobIds, terminateJob } from '../../domain/jobs';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { COLLECTIONS } from '../../domain/platform/db';
import { parseConfig } from '../../domain/platform/config';
import type { BatchProgress } from '../../domain/jobs/contract';
import type { RunDoc } from '../../domain/runs';
import { testNamespaces } from '../support/env';
import { createTestContext, type TestContext } from '../support/app';
import { failingOnce, filterId, hookedDb, type Step } from '../support/faults';
import { makeDocument } from '../support/files';
import { newAccount } from '../support/identity';
import { balance, makeWorkflow } from '../support/runs';
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

/** A fresh account with a key of `mode`, and a batch of `n` items created on the idle namespace. */
async function batchOf(mode: 'live' | 'test', n: number, maxConcurrency: number) {
  const a = await newAccount(t);
  const key = await a.key({ mode });
  if (mode === 'live') await grant(t.database.db, a.accountId, `grant_bs_${a.accountId}`, toMilli(100), 'regular');
  const doc = await uploadDocument(t, key, await makeDocument('md', { sentences: ['An essay.', 'Its point.'] }));
  expect(doc.status).toBe(200);
  const workflowId = await makeWorkflow(t, key);
  const created = await idle.api
    .post(`/v1/workflows/${workflowId}/batches`)
    .set(auth(key))
    .send({
      items: Array.from({ length: n }, () => ({ input_documents: [doc.body.id] })),
      max_concurrency: maxConcurrency,
    });
  expect(created.status).toBe(202);
  const batchId = created.body.id as string;
  const before = await balance(t, key);
  return {
    accountId: a.accountId,
    key,
    workflowId,
    batchId,
    before,
    /** One step of the batch's job (a single round), over `db`. */
    step: (progress?: BatchProgress, db: Db = t.database.db) =>
      advanceBatch({ ...idle.deps, db }, { accountId: a.accountId, batchId, progress }, { stepMs: 0 }),
    runs: () =>
      t.database.db
        .collection<RunDoc>(COLLECTIONS.runs)
        .find({ account_id: a.accountId, batch_id: batchId })
        .sort({ batch_position: 1 })
        .toArray(),
    batch: async () => (await findBatchForJob(t.database.db, a.accountId, batchId))!,
    /** The batch's job on the idle namespace never runs: terminated, so it leaves nothing behind. */
    cleanUp: () => terminateJob(idle.temporal, jobIds.batch(batchId), 'test cleanup').catch(() => undefined),
  };
}

async function expectLedgerConsistent(accountId: string) {
  const report = (await reconcileAccount(t.database.db, accountId))!;
  expect({ drift: report.drift_milli, pending: report.pending }).toEqual({ drift: 0, pending: 0 });
}

const chargeEntry = (suffix: ':charge' | ':refund'): Step => ({
  collection: COLLECTIONS.ledger,
  method: 'insertOne',
  where: (args) => String((args[0] as { _id?: string })._id).endsWith(suffix),
});

it('a batch canceled after its workflow was paused ends canceled, its admitted queued items canceled and refunded', async () => {
  const b = await batchOf('live', 4, 2);
  const first = await b.step();
  expect(first.progress.inflight).toHaveLength(2);
  expect((await balance(t, b.key)).pro_credits).toBeLessThan(b.before.pro_credits);
  expect((await t.api.patch(`/v1/workflows/${b.workflowId}`).set(auth(b.key)).send({ status: 'paused' })).status).toBe(
    200,
  );
  // The paused workflow stops admission: the items never admitted end `workflow_not_active`.
  const paused = await b.step(first.progress);
  expect(paused.status).toBeNull();

  expect((await idle.api.post(`/v1/batches/${b.batchId}/cancel`).set(auth(b.key))).status).toBe(200);
  const canceled = await b.step(paused.progress);
  expect(canceled.status).toBe('canceled');
  const view = await idle.api.get(`/v1/batches/${b.batchId}`).set(auth(b.key));
  expect(view.body).toMatchObject({ status: 'canceled', charged_credits: 0 });
  expect((await b.runs()).map((r) => [r.status, r.error?.code, r.charged_milli])).toEqual([
    ['canceled', 'batch_canceled', 0],
    ['canceled', 'batch_canceled', 0],
    ['canceled', 'workflow_not_active', 0],
    ['canceled', 'workflow_not_active', 0],
  ]);
  expect(await balance(t, b.key)).toEqual(b.before);
  await expectLedgerConsistent(b.accountId);
  await b.cleanUp();
}, 120_000);

it('every item a batch cancel ends says why, whether or not it was admitted (batch_canceled)', async () => {
  const b = await batchOf('test', 3, 2);
  const first = await b.step();
  expect(first.progress.inflight).toHaveLength(2);
  expect((await idle.api.post(`/v1/batches/${b.batchId}/cancel`).set(auth(b.key))).status).toBe(200);
  expect((await b.step(first.progress)).status).toBe('canceled');
  const runs = await b.runs();
  expect(runs.map((r) => [r.status, r.error?.code])).toEqual([
    ['canceled', 'batch_canceled'],
    ['canceled', 'batch_canceled'],
    ['canceled', 'batch_canceled'],
  ]);
  // As the API shows them.
  const listed = await idle.api.get(`/v1/runs?batch_id=${b.batchId}`).set(auth(b.key));
  expect(listed.body.data.map((r: { error: { code: string } | null }) => r.error?.code)).toEqual([
    'batch_canceled',
    'batch_canceled',
    'batch_canceled',
  ]);
  await b.cleanUp();
}, 120_000);

it('a batch whose job was terminated ends even when an item was left rejected by an abandoned admission', async () => {
  const b = await batchOf('live', 1, 1);
  // The step dies as it is about to charge the item: its run is left hidden, its admission pending.
  const dying = failingOnce(t.database.db, chargeEntry(':charge'), 'before');
  await expect(b.step(undefined, dying.db)).rejects.toThrow(/injected fault/);
  const [pending] = await b.runs();
  expect(pending).toMatchObject({ admission: 'pending', status: 'queued' });
  // The run reconciler's settlement of an admission nobody finished (after its grace period), then the job ends.
  await abandonPendingRun(t.database.db, b.accountId, pending!._id);
  await terminateJob(idle.temporal, jobIds.batch(b.batchId), 'test: an operator terminates the batch job');

  expect(await settleBatchWithoutJob(idle.deps, await b.batch())).toBe(true);
  const batch = await b.batch();
  expect(batch).toMatchObject({ status: 'completed_with_failures', inflight: 0 });
  expect(batch.counts).toMatchObject({ total: 1, queued: 0, running: 0, failed: 1 });
  const [run] = await b.runs();
  expect(run).toMatchObject({ status: 'failed', charged_milli: 0, error: { code: 'creation_failed' } });
  // No longer one of the account's unfinished batches.
  const list = await idle.api.get('/v1/batches').set(auth(b.key));
  expect(list.body.data[0]).toMatchObject({ id: b.batchId, status: 'completed_with_failures' });
  expect(await balance(t, b.key)).toEqual(b.before);
}, 120_000);

it('a charge that lands after its admission was abandoned, then dies before its refund, is refunded by the next step', async () => {
  const b = await batchOf('live', 1, 1);
  const runId = batchItemRunId(b.batchId, 0);
  // The reconciler abandons the item's admission just before the step's charge entry exists (the step had read the
  // run pending); the charge then lands, loses to the rejection, and the step dies before its refund.
  const abandoning = hookedDb(t.database.db, chargeEntry(':charge'), 'before', async () => {
    expect(await abandonPendingRun(t.database.db, b.accountId, runId)).toBe(true);
  });
  const dying = failingOnce(abandoning.db, chargeEntry(':refund'), 'before');
  await expect(b.step(undefined, dying.db)).rejects.toThrow(/injected fault/);
  expect([abandoning.fired(), dying.fired()]).toEqual([true, true]);
  expect((await balance(t, b.key)).pro_credits).toBeLessThan(b.before.pro_credits);

  // The step's retry: the item is shown failed, and the debit comes back.
  const retried = await b.step();
  expect(retried.status).toBe('completed_with_failures');
  const [run] = await b.runs();
  expect(run).toMatchObject({ _id: runId, status: 'failed', charged_milli: 0 });
  expect(await balance(t, b.key)).toEqual(b.before);
  await expectLedgerConsistent(b.accountId);
  const entries = await t.database.db.collection(COLLECTIONS.ledger).find({ subject: runId }).toArray();
  expect(entries.map((e) => [e.kind, e.state]).sort()).toEqual([
    ['charge', 'applied'],
    ['refund', 'applied'],
  ]);
}, 120_000);

it('a step that lost its claim to a newer attempt writes nothing: no stale in-flight count', async () => {
  const b = await batchOf('test', 10, 10);
  const isClaim = (args: unknown[]) =>
    filterId(args) === b.batchId && (args[1] as { $set?: { inflight?: number } }).$set?.inflight !== undefined;
  let seen: number | undefined;
  let afterNewer: number | undefined;
  // The stale attempt is about to publish its claim when a newer attempt of the step runs (its heartbeat timed out),
  // and a later step counts four of the items canceled meanwhile: six are in flight.
  const racing = hookedDb(
    t.database.db,
    { collection: COLLECTIONS.batches, method: 'updateOne', where: isClaim },
    'before',
    async () => {
      const newer = await b.step();
      expect(newer.progress.inflight).toHaveLength(10);
      for (let p = 0; p < 4; p++)
        expect((await idle.api.post(`/v1/runs/${batchItemRunId(b.batchId, p)}/cancel`).set(auth(b.key))).status).toBe(
          200,
        );
      const later = await b.step(newer.progress);
      expect(later.progress.inflight).toHaveLength(6);
      afterNewer = (await b.batch()).inflight;
    },
  );
  const watching = hookedDb(
    racing.db,
    { collection: COLLECTIONS.batches, method: 'updateOne', where: isClaim },
    'after',
    async () => {
      seen = (await b.batch()).inflight;
    },
  );
  await b.step(undefined, watching.db);
  expect([racing.fired(), watching.fired()]).toEqual([true, true]);
  expect(afterNewer).toBe(6);
  expect(seen).toBe(6);
  expect((await b.batch()).inflight).toBe(6);
  expect((await idle.api.post(`/v1/batches/${b.batchId}/cancel`).set(auth(b.key))).status).toBe(200);
  await b.cleanUp();
}, 120_000);

it('results of an unfinished batch are rendered once per state of its counts, however many ask', async () => {
  const b = await batchOf('test', 3, 1);
  const first = await b.step();
  const files = (temporal: TestContext['temporal']) => ({ storage: t.deps.storage, temporal, config: t.config });
  const renderings = async () => {
    const ids: string[] = [];
    for await (const e of idle.temporal.client.workflow.list({ query: `WorkflowType = 'batchResults'` }))
      if (e.workflowId.includes(b.batchId)) ids.push(e.workflowId);
    return ids;
  };

  // Rendered by this run's worker, then answered again while the counts stand: no job at all, so it is answered
  // even through a namespace no worker polls.
  const rendered = await batchResultsFile(files(t.temporal), await b.batch(), 'csv', 60_000);
  expect(rendered.state).toBe('done');
  const again = await batchResultsFile(files(idle.temporal), await b.batch(), 'csv', 1_000);
  expect(again).toEqual(rendered);

  // The counts move (an item canceled): the stored file no longer shows the batch, and requests meanwhile (through
  // the idle namespace, where nothing renders) share one rendering.
  expect((await idle.api.post(`/v1/runs/${batchItemRunId(b.batchId, 0)}/cancel`).set(auth(b.key))).status).toBe(200);
  await b.step(first.progress);
  const moved = await b.batch();
  const waits = await Promise.all([1, 2, 3].map(() => batchResultsFile(files(idle.temporal), moved, 'csv', 500)));
  expect(waits.map((w) => w.state)).toEqual(['waiting', 'waiting', 'waiting']);
  const deadline = Date.now() + 10_000;
  while ((await renderings()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  expect(await renderings()).toHaveLength(1);
  for (const id of await renderings())
    await idle.temporal.client.workflow
      .getHandle(id)
      .terminate('test cleanup')
      .catch(() => undefined);
  expect((await idle.api.post(`/v1/batches/${b.batchId}/cancel`).set(auth(b.key))).status).toBe(200);
  await b.cleanUp();
}, 120_000);

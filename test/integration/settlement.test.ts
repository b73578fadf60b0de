/**
 * Nothing stuck, nothing charged wrongly: a run whose job an operator terminates is
 * settled by the reconciler Schedule; a run whose job cannot be started leaves no charge and no unsettled run; a
 * reference whose indexing start failed settles once Temporal answers; a document whose extraction job ended answers
 * `failed`, never 500. All against the real stack: the Temporal CLI, a real missing namespace, a real webhook receiver.
 *
 * @exclusive — runs alone (scripts/test.ts): it stops the database (SIGSTOP) under a running reconciler.
 */
import { execFile } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { COLLECTIONS } from '../../domain/platform/db';
import { parseConfig } from '../../domain/platform/config';
import { newId, randomBase62 } from '../../domain/platform/ids';
import { abandonPendingRun } from '../../domain/runs/lifecycle';
import { publishEvent } from '../../domain/webhooks/publish-event';
import type { WebhookDeliveryDoc } from '../../domain/webhooks/deliveries';
import type { WebhookEndpointDoc } from '../../domain/webhooks/endpoints';
import { JOB_TYPES, startRunJob, temporalCliEnv } from '../../domain/jobs';
import { JOB_QUEUES, TASK_QUEUES } from '../../domain/jobs/contract';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { servicePids } from '../../scripts/stack/services';
import { temporal } from '@temporalio/proto';
import {
  GRACE_MS,
  RECONCILE_BATCH,
  reconcileDeliveries,
  reconcileGenerations,
  reconcileRuns,
  sweepWatchList,
} from '../../domain/operations/reconciler';
import { ABANDONED_GENERATION_MS } from '../../domain/catalog/prompt-generation';
import { createTestContext, type TestContext } from '../support/app';
import { testNamespaces } from '../support/env';
import { newAccount } from '../support/identity';
import { ModelServer } from '../support/model-server';
import { startApi, startWorker, type Spawned } from '../support/processes';
import { balance, ledgerOf, makeWorkflow, TERMINAL, waitForRun } from '../support/runs';
import { putToUploadUrl, uploadDocument, waitForReference } from '../support/uploads';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { isWatched } from '../support/watched';

const run = promisify(execFile);
const TEMPORAL_CLI = join(__dirname, '..', '..', '.tools', 'bin', 'temporal');
const NS = testNamespaces();
const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

async function temporalCli(...args: string[]): Promise<string> {
  // The server the suite's own stack resolved (TEMPORAL_ADDRESS, else the local server on TEMPORAL_PORT).
  const { stdout } = await run(TEMPORAL_CLI, args, { timeout: 30_000, env: temporalCliEnv(parseConfig(process.env)) });
  return stdout;
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('a live run whose job an operator terminates', () => {
  let t: TestContext;
  let model: ModelServer;
  let worker: Spawned;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    model = new ModelServer();
    const url = await model.start();
    receiver = await startWebhookReceiver();
    worker = await startWorker({
      TEMPORAL_NAMESPACE: NS.live,
      MODEL_A_PROVIDER: 'openai',
      MODEL_A_BASE_URL: url,
      MODEL_A_API_KEY: 'test-key',
      MODEL_A_MODEL: 'test-model-1',
      // The production path at a test's pace: the Schedule passes every 3 s instead of every 60 s.
      RECONCILE_INTERVAL_S: '3',
    });
    t = await createTestContext({ TEMPORAL_NAMESPACE: NS.live });
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    await model?.stop();
    await receiver?.close();
  });

  it('is settled failed (execution_ended), refunded to the cent, with run.failed delivered, by the reconciler', async () => {
    const a = await newAccount(t);
    const key = await a.key({ mode: 'live' });
    const endpoint = await t.api
      .post('/v1/webhook-endpoints')
      .set(auth(key))
      .send({ url: receiver.url(), events: ['run.failed'] });
    expect(endpoint.status).toBe(201);
    const doc = (
      await uploadDocument(t, key, {
        bytes: Buffer.from('An essay with three sources.'),
        filename: 'e.txt',
        mimeType: 'text/plain',
      })
    ).body.id;
    const wf = await makeWorkflow(t, key, {
      output_schema: { type: 'object', properties: { score: { type: 'integer' } }, required: ['score'] },
    });
    // The model answers only after the test is over: the run sits in `running` until its job is terminated.
    model.enqueue({ content: JSON.stringify({ score: 1 }), delayMs: 300_000 });
    const before = await balance(t, key);

    const created = await t.api
      .post(`/v1/workflows/${wf}/runs`)
      .set(auth(key))
      .send({ input_documents: [doc] });
    expect(created.status).toBe(202);
    const runId = created.body.id as string;
    expect((await balance(t, key)).pro_credits).toBeLessThan(before.pro_credits);
    await until(
      'run running',
      async () => ((await t.api.get(`/v1/runs/${runId}`).set(auth(key))).body.status === 'running' ? true : undefined),
      60_000,
    );

    await temporalCli(
      'workflow',
      'terminate',
      '--namespace',
      NS.live,
      '--workflow-id',
      runId,
      '--reason',
      'operator test',
    );

    const settled = await until(
      'run settled',
      async () => {
        const res = await t.api.get(`/v1/runs/${runId}`).set(auth(key));
        return TERMINAL.includes(res.body.status) ? res.body : undefined;
      },
      120_000,
    );
    expect(settled.status).toBe('failed');
    expect(settled.error.code).toBe('execution_ended');
    expect(settled.charged_credits).toBe(0);
    // Refunded to the cent: this run's ledger holds its charge and an equal refund, and the balance is back.
    const entries = await ledgerOf(t, runId);
    const charge = entries.find((e) => e.kind === 'charge');
    const refund = entries.find((e) => e.kind === 'refund');
    expect(charge?.state).toBe('applied');
    expect(refund?.state).toBe('applied');
    expect(refund!.amount_milli).toBe(-charge!.amount_milli);
    expect(entries).toHaveLength(2);
    expect((await balance(t, key)).pro_credits).toBe(before.pro_credits);

    const failedEvents = () =>
      receiver.received.filter(
        (r) => r.rawBody.toString().includes(runId) && r.rawBody.toString().includes('"run.failed"'),
      );
    await until('run.failed delivered', async () => (failedEvents().length > 0 ? true : undefined), 120_000);
    // Exactly once, however many reconciler passes looked at the run afterwards.
    await new Promise((r) => setTimeout(r, 7000));
    expect(failedEvents()).toHaveLength(1);
    expect(await ledgerOf(t, runId)).toHaveLength(2);

    expect(await temporalCli('schedule', 'list', '--namespace', NS.live)).toContain('assay-reconciler');
  }, 240_000);

  it('restarts the indexing of a reference whose job never started, once nobody retries `complete`', async () => {
    const a = await newAccount(t);
    const key = await a.key();
    const bytes = Buffer.from('Criterion: the essay states a thesis. Criterion: the essay cites sources.');
    const created = await t.api
      .post('/v1/reference-documents')
      .set(auth(key))
      .send({ name: 'Rubric', filename: 'r.txt', mime_type: 'text/plain', size_bytes: bytes.length });
    expect((await putToUploadUrl(created.body.upload_url, created.body.upload_headers, bytes)).ok).toBe(true);
    const refId = created.body.id as string;
    // `complete` while this namespace's Temporal is unreachable: indexing marked started, no job.
    const down = await createTestContext(
      { TEMPORAL_NAMESPACE: NS.live, TEMPORAL_ADDRESS: `127.0.0.1:${await closedPort()}` },
      { lazyTemporal: true },
    );
    try {
      expect((await down.api.post(`/v1/reference-documents/${refId}/complete`).set(auth(key))).status).toBe(503);
    } finally {
      await down.close();
    }
    // The reconciler waits a grace period for a job that may still be starting; let that period have passed.
    await t.database.db
      .collection(COLLECTIONS.referenceDocuments)
      .updateOne({ _id: refId as never }, { $set: { indexing_started_at: new Date(Date.now() - 120_000) } });
    expect((await waitForReference(t, key, refId, 60_000)).status).toBe('ready');
  }, 120_000);
});

/** A `run.succeeded` published as the activities publish theirs; answers its one delivery's id. */
async function publishRunEvent(ctx: TestContext, accountId: string): Promise<string> {
  const event = await publishEvent(
    { db: ctx.database.db, config: ctx.config, temporal: ctx.temporal },
    { accountId, type: 'run.succeeded', dedupeKey: `test:${randomBase62(16)}`, data: { run: { id: 'run_test' } } },
  );
  const delivery = await ctx.database.db
    .collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries)
    .findOne({ event_id: event._id });
  return delivery!._id;
}

describe('a Temporal that cannot start jobs', () => {
  let t: TestContext;
  let missing: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
    // A Temporal address where nothing listens: every start fails for real (no mock), as in an outage.
    const closed = await closedPort();
    missing = await createTestContext({ TEMPORAL_ADDRESS: `127.0.0.1:${closed}` }, { lazyTemporal: true });
  });
  afterAll(async () => {
    await missing?.close();
    await t?.close();
  });

  it('POST …/runs whose start fails leaves no debit and no unsettled run, and its run.failed still arrives', async () => {
    const a = await newAccount(t);
    const key = await a.key({ mode: 'live' });
    const receiver = await startWebhookReceiver();
    expect(
      (
        await t.api
          .post('/v1/webhook-endpoints')
          .set(auth(key))
          .send({ url: receiver.url(), events: ['run.failed'] })
      ).status,
    ).toBe(201);
    const wf = await makeWorkflow(t, key);
    const before = await balance(t, key);
    const res = await missing.api.post(`/v1/workflows/${wf}/runs`).set(auth(key)).send({});
    expect(res.status).toBe(503);
    expect((await balance(t, key)).pro_credits).toBe(before.pro_credits);
    const runs = await t.database.db.collection(COLLECTIONS.runs).find({ account_id: a.accountId }).toArray();
    expect(runs).toHaveLength(1);
    expect(runs[0]!.status).toBe('failed');
    expect(runs[0]!.error).toEqual(expect.objectContaining({ code: 'creation_failed' }));
    const entries = await ledgerOf(t, String(runs[0]!._id));
    expect(entries.reduce((sum, e) => sum + (e.state === 'applied' ? (e.amount_milli as number) : 0), 0)).toBe(0);

    // `run.failed` was recorded during the outage, its delivery's job could not start: the reconciler's pass (run
    // here directly, as its grace period would have passed) starts it, and the receiver gets the event.
    try {
      expect(receiver.received).toHaveLength(0);
      const report = await reconcileDeliveries(
        { db: t.database.db, config: t.config, temporal: t.temporal, storage: t.deps.storage },
        new Date(Date.now() + 2 * GRACE_MS),
      );
      expect(report.restarted).toBeGreaterThanOrEqual(1);
      const [hit] = await receiver.waitFor(1, 30_000);
      expect(hit!.rawBody.toString()).toContain(String(runs[0]!._id));
    } finally {
      await receiver.close();
    }
  });

  it('a retried creation whose first attempt died before admission, and was abandoned, creates its run afresh', async () => {
    const a = await newAccount(t);
    const key = await a.key({ mode: 'live' });
    const wf = await makeWorkflow(t, key);
    const idempotent = { ...auth(key), 'Idempotency-Key': `abandoned-${Date.now()}` };
    const first = await t.api.post(`/v1/workflows/${wf}/runs`).set(idempotent).send({});
    expect(first.status).toBe(202);
    await waitForRun(t, key, first.body.id);
    // What a crash between the insert and the admission leaves (the process died, so this is written by hand): the
    // key in flight with its holder gone, naming a hidden run that was never admitted. Then the reconciler's
    // settlement of such a run after its grace period: abandoned (rejected, any charge refunded).
    const runs = t.database.db.collection(COLLECTIONS.runs);
    const template = (await runs.findOne({ _id: first.body.id }))!;
    const deadId = newId('run');
    await runs.insertOne({
      ...template,
      _id: deadId as never,
      admission: 'pending',
      status: 'queued',
      created_at: new Date(Date.now() - 2 * GRACE_MS),
      started_at: null,
      finished_at: null,
      charged_milli: null,
      error: null,
    });
    const keys = t.database.db.collection(COLLECTIONS.idempotencyKeys);
    expect(await keys.countDocuments({ account_id: a.accountId })).toBe(1);
    await keys.updateOne(
      { account_id: a.accountId },
      { $set: { state: 'in_flight', locked_until: new Date(0), reserved_id: deadId, status: null, body_json: null } },
    );
    expect(await abandonPendingRun(t.database.db, a.accountId, deadId)).toBe(true);

    // Before: the retry found its run rejected and answered 402 insufficient_credits to an account with credits.
    const retried = await t.api.post(`/v1/workflows/${wf}/runs`).set(idempotent).send({});
    expect(retried.status).toBe(202);
    expect(retried.body.id).not.toBe(deadId);
    expect(retried.body.id).not.toBe(first.body.id);
    expect((await ledgerOf(t, retried.body.id)).map((e) => e.kind)).toContain('charge');
    expect(await ledgerOf(t, deadId)).toEqual([]);
    expect((await t.api.get(`/v1/runs/${deadId}`).set(auth(key))).status).toBe(404);
    // The key now names the new run: a further retry replays it.
    const again = await t.api.post(`/v1/workflows/${wf}/runs`).set(idempotent).send({});
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(retried.body.id);
  });

  it('a start the server accepted after the request gave up finds the run failed and changes nothing', async () => {
    const a = await newAccount(t);
    const key = await a.key({ mode: 'live' });
    const wf = await makeWorkflow(t, key);
    const before = await balance(t, key);
    expect((await missing.api.post(`/v1/workflows/${wf}/runs`).set(auth(key)).send({})).status).toBe(503);
    const [stored] = await t.database.db.collection(COLLECTIONS.runs).find({ account_id: a.accountId }).toArray();
    const runId = String(stored!._id);
    const ledgerBefore = await ledgerOf(t, runId);
    const eventsBefore = await t.database.db.collection(COLLECTIONS.events).countDocuments({ account_id: a.accountId });

    // The same start, landing on the server late (as when the client's deadline fired first).
    const job = await startRunJob(t.temporal, {
      accountId: a.accountId,
      runId,
      workflowId: wf,
      workflowName: 'Run test',
      productCode: 'general_evaluation',
      livemode: true,
    });
    expect(await job.result()).toEqual({ status: 'failed' });

    const after = (await t.api.get(`/v1/runs/${runId}`).set(auth(key))).body;
    expect(after.status).toBe('failed');
    expect(after.error.code).toBe('creation_failed');
    expect(await ledgerOf(t, runId)).toEqual(ledgerBefore);
    expect((await balance(t, key)).pro_credits).toBe(before.pro_credits);
    expect(await t.database.db.collection(COLLECTIONS.events).countDocuments({ account_id: a.accountId })).toBe(
      eventsBefore,
    );
  });

  it('a redelivery whose job cannot start is 503 and leaves the delivery as it was, and nothing for the reconciler', async () => {
    const a = await newAccount(t);
    const key = await a.key({ mode: 'test' });
    const receiver = await startWebhookReceiver();
    try {
      receiver.script([], { status: 410 });
      expect(
        (
          await t.api
            .post('/v1/webhook-endpoints')
            .set(auth(key))
            .send({ url: receiver.url(), events: ['run.succeeded'] })
        ).status,
      ).toBe(201);
      const deliveryId = await publishRunEvent(t, a.accountId);
      expect(await t.temporal.client.workflow.getHandle(deliveryId).result()).toEqual({
        status: 'failed',
        attempts: 1,
      });
      const deliveries = t.database.db.collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries);
      const before = await deliveries.findOne({ _id: deliveryId });
      expect(before).toMatchObject({ status: 'failed', finished_at: expect.any(Date) });

      const retried = await missing.api.post(`/v1/webhook-deliveries/${deliveryId}/retry`).set(auth(key));
      expect([retried.status, retried.body.error.code]).toEqual([503, 'service_unavailable']);
      expect(await deliveries.findOne({ _id: deliveryId })).toEqual(before);
      expect(await isWatched(t.database.db, 'deliveries', deliveryId)).toBe(false);
      // With Temporal back, the same request works.
      receiver.script([], { status: 200 });
      expect((await t.api.post(`/v1/webhook-deliveries/${deliveryId}/retry`).set(auth(key))).status).toBe(202);
      expect(await t.temporal.client.workflow.getHandle(deliveryId).result()).toEqual({
        status: 'succeeded',
        attempts: 1,
      });
    } finally {
      await receiver.close();
    }
  });

  it('a reference whose indexing start failed at `complete` is indexed once `complete` is retried with Temporal back', async () => {
    const a = await newAccount(t);
    const key = await a.key();
    const bytes = Buffer.from('Criterion one: the thesis is clear. Criterion two: sources are cited.');
    const created = await t.api
      .post('/v1/reference-documents')
      .set(auth(key))
      .send({ name: 'Rubric', filename: 'r.txt', mime_type: 'text/plain', size_bytes: bytes.length });
    expect(created.status).toBe(201);
    expect((await putToUploadUrl(created.body.upload_url, created.body.upload_headers, bytes)).ok).toBe(true);
    const refId = created.body.id as string;

    const down = await missing.api.post(`/v1/reference-documents/${refId}/complete`).set(auth(key));
    expect(down.status).toBe(503);
    // Stuck as the issue found it: indexing marked started, no job anywhere.
    expect((await t.api.get(`/v1/reference-documents/${refId}`).set(auth(key))).body.status).toBe('processing');

    const back = await t.api.post(`/v1/reference-documents/${refId}/complete`).set(auth(key));
    expect(back.status).toBe(200);
    expect((await waitForReference(t, key, refId)).status).toBe('ready');
  });
});

describe('a webhook delivery whose job an operator terminates between attempts', () => {
  let t: TestContext;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    // Attempts 10 minutes apart: the job is waiting on its timer when it is terminated.
    t = await createTestContext({ WEBHOOK_RETRY_SCHEDULE_S: '600' });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('is settled failed by the reconciler, off its watch list, not counted against its endpoint; a retry still delivers it', async () => {
    const a = await newAccount(t);
    const key = await a.key({ mode: 'test' });
    receiver.script([{ status: 503 }], { status: 200 });
    const endpoint = (
      await t.api
        .post('/v1/webhook-endpoints')
        .set(auth(key))
        .send({ url: receiver.url(), events: ['run.succeeded'] })
    ).body as { id: string };
    const deliveryId = await publishRunEvent(t, a.accountId);
    const deliveries = t.database.db.collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries);
    await until(
      'the first attempt recorded',
      async () => ((await deliveries.findOne({ _id: deliveryId }))?.attempts.length === 1 ? true : undefined),
      30_000,
    );
    await t.temporal.client.workflow.getHandle(deliveryId).terminate('an operator stops it');
    expect((await deliveries.findOne({ _id: deliveryId }))!.status).toBe('pending');

    // The reconciler's passes once the grace period has passed (its cursor may need a few to reach this entry).
    await until(
      'the delivery settled',
      async () => {
        await reconcileDeliveries(
          { db: t.database.db, config: t.config, temporal: t.temporal, storage: t.deps.storage },
          new Date(Date.now() + 2 * GRACE_MS),
        );
        return (await deliveries.findOne({ _id: deliveryId }))!.status === 'pending' ? undefined : true;
      },
      30_000,
    );
    const settled = await deliveries.findOne({ _id: deliveryId });
    expect(settled).toMatchObject({ status: 'failed', finished_at: expect.any(Date) });
    expect(settled!.attempts.map((x) => x.status_code)).toEqual([503]);
    const listed = await t.api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`).set(auth(key));
    expect(listed.body.data.map((d: { id: string; status: string }) => [d.id, d.status])).toEqual([
      [deliveryId, 'failed'],
    ]);
    expect(await isWatched(t.database.db, 'deliveries', deliveryId)).toBe(false);
    const stored = await t.database.db
      .collection<WebhookEndpointDoc>(COLLECTIONS.webhookEndpoints)
      .findOne({ _id: endpoint.id });
    expect([stored!.status, stored!.failure_streak ?? []]).toEqual(['active', []]);

    const retried = await t.api.post(`/v1/webhook-deliveries/${deliveryId}/retry`).set(auth(key));
    expect(retried.status).toBe(202);
    expect(await t.temporal.client.workflow.getHandle(deliveryId).result()).toEqual({
      status: 'succeeded',
      attempts: 1,
    });
    expect((await deliveries.findOne({ _id: deliveryId }))!.attempts.map((x) => x.status_code)).toEqual([503, 200]);
  });
});

describe("the reconciler's watch list", () => {
  /** A namespace no worker polls: the only reconciler passes there are this test's own. */
  let idle: TestContext;
  beforeAll(async () => {
    idle = await createTestContext({ TEMPORAL_NAMESPACE: NS.idle });
  });
  afterAll(async () => {
    await idle?.close();
  });
  const deps = () => ({
    db: idle.database.db,
    config: idle.config,
    temporal: idle.temporal,
    storage: idle.deps.storage,
  });
  const watched = async (id: string) => ((await isWatched(idle.database.db, 'runs', id)) ? 1 : 0);
  /** Passes until one reaches the end of the list (its batch not full): every entry has been looked at once. */
  const passesToTheEnd = async () => {
    for (let i = 0; i < 100; i++) if ((await reconcileRuns(deps())).checked < RECONCILE_BATCH) return;
  };

  it('holds a run while it is open and lets it go when it settles', async () => {
    const a = await newAccount(idle);
    const key = await a.key({ mode: 'test' });
    const wf = await makeWorkflow(idle, key);
    const created = await idle.api.post(`/v1/workflows/${wf}/runs`).set(auth(key)).send({});
    expect(created.status).toBe(202);
    expect(await watched(created.body.id)).toBe(1);
    expect((await idle.api.post(`/v1/runs/${created.body.id}/cancel`).set(auth(key))).status).toBe(200);
    expect(await watched(created.body.id)).toBe(0);
  });

  it('settles a run no entry names once the hourly sweep has added one (a run from before the list)', async () => {
    const a = await newAccount(idle);
    const key = await a.key({ mode: 'test' });
    const wf = await makeWorkflow(idle, key);
    const created = await idle.api.post(`/v1/workflows/${wf}/runs`).set(auth(key)).send({});
    // An admitted, queued run whose job never started and that the watch list does not name, past the grace period.
    const runs = idle.database.db.collection(COLLECTIONS.runs);
    const deadId = newId('run');
    // Without the original's watch mark, where the store gave it one: no process watched this one.
    const { watched_since: _mark, ...original } = (await runs.findOne({ _id: created.body.id }))!;
    await runs.insertOne({
      ...original,
      _id: deadId as never,
      created_at: new Date(Date.now() - 2 * GRACE_MS),
    });
    expect(await watched(deadId)).toBe(0);

    await passesToTheEnd();
    expect((await runs.findOne({ _id: deadId as never }))!.status).toBe('queued');

    expect(await sweepWatchList(deps())).toBeGreaterThanOrEqual(1);
    expect(await watched(deadId)).toBe(1);
    await passesToTheEnd();
    const settled = (await runs.findOne({ _id: deadId as never }))!;
    expect(settled.status).toBe('failed');
    expect(settled.error).toEqual(expect.objectContaining({ code: 'creation_failed' }));
    expect(await watched(deadId)).toBe(0);
  });
});

describe('a document whose extraction job ended without a result', () => {
  let idle: TestContext;
  beforeAll(async () => {
    // No worker polls this namespace: the extraction job stays open until it is terminated.
    idle = await createTestContext({ TEMPORAL_NAMESPACE: NS.idle });
  });
  afterAll(async () => idle?.close());

  it('answers `failed` with a reason on `complete`, again and again, never 500', async () => {
    const a = await newAccount(idle);
    const key = await a.key();
    const bytes = Buffer.from('Some essay text.');
    const created = await idle.api
      .post('/v1/documents')
      .set(auth(key))
      .send({ filename: 'e.txt', mime_type: 'text/plain', size_bytes: bytes.length });
    expect((await putToUploadUrl(created.body.upload_url, created.body.upload_headers, bytes)).ok).toBe(true);
    const docId = created.body.id as string;
    // Start the extraction job without waiting the route's 90 s for it: `complete` is called again below.
    const pending = idle.api
      .post(`/v1/documents/${docId}/complete`)
      .set(auth(key))
      .then((r) => r);
    await until(
      'extraction job started',
      async () =>
        (await idle.temporal.client.workflow
          .getHandle(`extract-${docId}`)
          .describe()
          .catch(() => undefined))
          ? true
          : undefined,
      30_000,
    );
    await idle.temporal.client.workflow.getHandle(`extract-${docId}`).terminate('extraction lost');

    for (const res of [await pending, await idle.api.post(`/v1/documents/${docId}/complete`).set(auth(key))]) {
      expect(res.status).toBe(200);
      expect(res.body.extracted).toBe(false);
      expect(res.body.extraction_error).toEqual({
        code: 'extraction_failed',
        message: expect.stringContaining('did not finish'),
      });
    }
    const stored = await idle.database.db.collection(COLLECTIONS.documents).findOne({ _id: docId as never });
    expect(stored?.status).toBe('failed');
  });
});

describe('a reconciler pass whose worker dies in the middle of a step', () => {
  const STARTED = temporal.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_STARTED;
  // Its own namespace: the two workers below are the only ones polling it, so the step is certainly theirs.
  const namespace = `${NS.main}-reconciler`;
  const config = parseConfig(process.env);
  let t: TestContext;
  let worker: Spawned | undefined;
  const env = { TEMPORAL_NAMESPACE: namespace, RECONCILE_INTERVAL_S: '3600' };
  beforeAll(async () => {
    await ensureNamespace(config.temporalAddress, namespace);
    t = await createTestContext({ TEMPORAL_NAMESPACE: namespace });
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  it('is taken up by another worker within the heartbeat timeout, not after the step timeout of two minutes', async () => {
    const db = (await servicePids(config)).mongodb;
    if (!db) throw new Error('the local database is not running from this checkout: the test pauses it by its pid');
    const first = await startWorker(env);
    worker = first;
    const handle = await t.temporal.client.workflow.start(JOB_TYPES.reconcile, {
      taskQueue: TASK_QUEUES[JOB_QUEUES.reconcile],
      workflowId: `reconcile-worker-dies-${Date.now()}`,
      args: [],
    });
    // The database paused, the first step waits on it: the worker has started the step and is inside it.
    process.kill(db, 'SIGSTOP');
    try {
      await until(
        'the first step started',
        async () =>
          ((await handle.describe()).raw.pendingActivities ?? []).find((a) => a.state === STARTED) ?? undefined,
        30_000,
      );
      first.child.kill('SIGKILL');
      await first.stop();
    } finally {
      process.kill(db, 'SIGCONT');
    }
    worker = await startWorker(env);
    const report = (await handle.result()) as Record<string, unknown>;
    // Every step ran to its report (none 'failed'), and the lost attempt was given up because its heartbeats
    // stopped, not because its two-minute start-to-close timeout passed: Temporal records why the attempt retried.
    expect(Object.values(report)).not.toContain('failed');
    const retried = (await handle.fetchHistory()).events
      ?.map((e) => e.activityTaskStartedEventAttributes)
      .filter((a) => (a?.attempt ?? 1) > 1);
    expect(retried?.length).toBeGreaterThan(0);
    expect(retried?.map((a) => a?.lastFailure?.timeoutFailureInfo?.timeoutType)).toContain(
      temporal.api.enums.v1.TimeoutType.TIMEOUT_TYPE_HEARTBEAT,
    );
  }, 180_000);
});

describe('a live prompt generation whose API process dies while it waits', () => {
  /** No worker polls the idle namespace: the generation waits, charged, until the API is killed. */
  let idle: TestContext;
  let api: Spawned | undefined;
  beforeAll(async () => {
    idle = await createTestContext({ TEMPORAL_NAMESPACE: NS.idle });
  });
  afterAll(async () => {
    await api?.stop('SIGKILL');
    await idle?.close();
  });

  it('is refunded by the reconciler once it has been unsettled for five minutes, and only once', async () => {
    const a = await newAccount(idle);
    const key = await a.key({ mode: 'live' });
    const before = await balance(idle, key);
    const port = await closedPort();
    api = await startApi(port, { TEMPORAL_NAMESPACE: NS.idle });
    const request = fetch(`http://127.0.0.1:${port}/v1/prompt-templates/generate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ goal: 'Review NDAs', category: 'legal' }),
    }).catch((err: unknown) => err);
    const ledger = idle.database.db.collection(COLLECTIONS.ledger);
    const charge = await until(
      'the generation charged',
      async () => (await ledger.findOne({ account_id: a.accountId, kind: 'charge', state: 'applied' })) ?? undefined,
      30_000,
    );
    await api.stop('SIGKILL');
    api = undefined;
    // The client never hears back: the connection is cut, not answered.
    expect(String(await request)).toMatch(/fetch failed/);
    // Charged for nothing, as the request left it.
    expect((await balance(idle, key)).pro_credits).toBeCloseTo(before.pro_credits - 0.1, 6);
    const deps = { db: idle.database.db, config: idle.config, temporal: idle.temporal, storage: idle.deps.storage };
    const watched = () =>
      idle.database.db
        .collection(COLLECTIONS.watchedJobs)
        .countDocuments({ account_id: a.accountId, kind: 'generations' });
    expect(await watched()).toBe(1);

    // Within the five minutes the request could still be answering: left alone.
    await reconcileGenerations(deps, new Date(Date.now() + 60_000));
    expect((await balance(idle, key)).pro_credits).toBeCloseTo(before.pro_credits - 0.1, 6);
    // After them: refunded, counted in usage as charged and refunded (none), and off the list; a second pass changes nothing.
    const later = new Date(Date.now() + ABANDONED_GENERATION_MS + 1000);
    // (The counts are the namespace's, so the account's own ledger is what is checked.)
    expect((await reconcileGenerations(deps, later)).refunded).toBeGreaterThanOrEqual(1);
    await reconcileGenerations(deps, later);
    expect(await balance(idle, key)).toEqual(before);
    expect((await ledgerOf(idle, String(charge.subject))).map((e) => [e.kind, e.state])).toEqual([
      ['charge', 'applied'],
      ['refund', 'applied'],
    ]);
    expect((await idle.api.get('/v1/usage').set(auth(key))).body).toMatchObject({
      total_generations: 0,
      total_credits: 0,
    });
    expect(await watched()).toBe(0);
  }, 120_000);
});

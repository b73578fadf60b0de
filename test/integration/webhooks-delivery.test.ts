/**
 * Webhook delivery end to end against the real stack and a real HTTP receiver on 127.0.0.1: a run's event delivered
 * signed to each subscribed endpoint once, one delivery per event and endpoint however many publishes race, and the
 * other events (a reference document ready, a run canceled through the API).
 */
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { COLLECTIONS } from '../../domain/platform/db';
import { randomBase62 } from '../../domain/platform/ids';
import type { WebhookDeliveryDoc } from '../../domain/webhooks/deliveries';
import { publishEvent } from '../../domain/webhooks/publish-event';
import { createTestContext, type TestContext } from '../support/app';
import { webhookPayloadProblems } from '../support/conformance';
import { commandsDuring, scans } from '../support/db-commands';
import { makeDocument, SAMPLE_SENTENCES } from '../support/files';
import type { TestAccount } from '../support/identity';
import { startWorker } from '../support/processes';
import { makeWorkflow, waitForRun } from '../support/runs';
import { uploadReference, waitForReference } from '../support/uploads';
import type { WebhookReceiver } from '../support/webhook-receiver';
import { auth, deliveryResult, useWebhookStack, verified, webhookHelpers } from '../support/webhooks';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const stack = useWebhookStack();
const { register } = webhookHelpers(stack);
let t: TestContext;
let a: TestAccount;
let key: string;
let receiver: WebhookReceiver;
beforeEach(() => {
  ({ t, a, key, receiver } = stack);
});

describe('delivery of a run event', () => {
  it('delivers run.succeeded, signed, with the full run, once to each subscribed endpoint and not to others', async () => {
    const all = await register(t, { url: receiver.url('/all') });
    const own = await register(t, { url: receiver.url('/own'), events: ['run.succeeded'] });
    const failedOnly = await register(t, { url: receiver.url('/failed-only'), events: ['run.failed'] });
    // The workflow names an endpoint that is also an account subscriber: it must still get the event once.
    const wf = await makeWorkflow(t, key, { webhook_endpoint_id: own.id });
    const created = await t.api
      .post(`/v1/workflows/${wf}/runs`)
      .set(auth(key))
      .send({ metadata: { n: 1 } });
    const run = await waitForRun(t, key, created.body.id);
    expect(run.status).toBe('succeeded');

    await receiver.waitFor(2);
    await sleep(1500); // anything extra (a duplicate, the unsubscribed endpoint) would arrive by now
    expect(receiver.received.map((r) => r.path).sort()).toEqual(['/all', '/own']);
    for (const req of receiver.received) {
      const secret = req.path === '/all' ? all.secret : own.secret;
      expect(verified(req, secret)).toBe(true);
      expect(verified(req, failedOnly.secret)).toBe(false);
      expect(req.method).toBe('POST');
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.headers['x-service-event']).toBe('run.succeeded');
      expect(req.headers['x-service-delivery']).toMatch(/^whd_[0-9A-Z]{26}$/);
      const payload = JSON.parse(req.rawBody.toString('utf8'));
      expect(Object.keys(payload)).toEqual(['id', 'type', 'created_at', 'data']);
      expect(payload.id).toMatch(/^evt_/);
      expect(payload.type).toBe('run.succeeded');
      // The run as GET answers it, less the manifest, which events leave out (GET the run for it).
      // Its output_file is signed for this delivery, not copied from the GET: the same file, its own signature.
      const { manifest, output_file: readFile, ...withoutManifest } = run;
      expect(manifest).not.toBeNull();
      const { output_file: sentFile, ...sentRun } = payload.data.run;
      expect(sentRun).toEqual(withoutManifest);
      expect(sentFile.mime_type).toBe(readFile.mime_type);
      expect(new URL(sentFile.url).pathname).toBe(new URL(readFile.url).pathname);
      expect(Date.parse(sentFile.expires_at)).toBeGreaterThan(Date.now() + (t.config.OUTPUT_URL_TTL_S - 60) * 1000);
      expect((await fetch(sentFile.url)).status).toBe(200);
      expect(webhookPayloadProblems(req.rawBody)).toEqual([]);
    }
    const [first, second] = receiver.received;
    expect(JSON.parse(first!.rawBody.toString()).id).toBe(JSON.parse(second!.rawBody.toString()).id);
    expect(first!.headers['x-service-delivery']).not.toBe(second!.headers['x-service-delivery']);

    const deliveries = await t.api.get(`/v1/webhook-endpoints/${all.id}/deliveries`).set(auth(key));
    expect(deliveries.status).toBe(200);
    expect(deliveries.body.data).toHaveLength(1);
    expect(deliveries.body.data[0]).toMatchObject({
      object: 'webhook_delivery',
      endpoint_id: all.id,
      event_type: 'run.succeeded',
      status: 'succeeded',
    });
    expect(deliveries.body.data[0].attempts).toEqual([
      {
        attempted_at: expect.any(String),
        status_code: 200,
        latency_ms: expect.any(Number),
        error: null,
        response_body: 'answer 200',
      },
    ]);
    const none = await t.api.get(`/v1/webhook-endpoints/${failedOnly.id}/deliveries`).set(auth(key));
    expect(none.body).toEqual({ data: [], next_cursor: null });
  });
});

describe('one delivery per event and endpoint', () => {
  it('is made once when six publishes of the event race, listed once and sent once; a retried publish finds it by _id alone', async () => {
    const endpoint = await register(t, { url: receiver.url() });
    const publisher = { db: t.database.db, config: t.config, temporal: t.temporal };
    const input = {
      accountId: a.accountId,
      type: 'run.succeeded' as const,
      dedupeKey: `test:${randomBase62(16)}`,
      data: { run: { id: 'run_test' } },
    };
    const events = await Promise.all(Array.from({ length: 6 }, () => publishEvent(publisher, input)));
    const eventId = events[0]!._id;
    expect(events.map((e) => e._id)).toEqual(Array(6).fill(eventId));
    const stored = await t.database.db
      .collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries)
      .find({ event_id: eventId })
      .toArray();
    expect(stored.map((d) => d.endpoint_id)).toEqual([endpoint.id]);
    const deliveryId = stored[0]!._id;
    expect(await deliveryResult(t, deliveryId)).toMatchObject({ status: 'succeeded', attempts: 1 });

    // A publish retried after it succeeded (its activity retried): the same event and delivery, and the account's
    // endpoints (through its roster), every one read by `_id`.
    const { result, commands } = await commandsDuring(t.config.mongodbUri, t.config.MONGODB_DB, (db) =>
      publishEvent({ ...publisher, db }, input),
    );
    expect(result._id).toBe(eventId);
    expect(scans(commands)).toEqual([]);
    expect(await deliveryResult(t, deliveryId)).toMatchObject({ status: 'succeeded', attempts: 1 });

    await sleep(1500); // a second delivery would have arrived by now
    expect(receiver.received.map((r) => r.headers['x-service-delivery'])).toEqual([deliveryId]);
    const listed = await t.api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`).set(auth(key));
    expect(listed.body.data.map((d: { id: string }) => d.id)).toEqual([deliveryId]);
  });
});

describe('delivery of other events', () => {
  it('delivers reference_document.ready with the reference document', async () => {
    const endpoint = await register(t, { url: receiver.url(), events: ['reference_document.ready'] });
    const refId = await uploadReference(t, key, await makeDocument('md', { sentences: SAMPLE_SENTENCES }));
    const ref = await waitForReference(t, key, refId);
    expect(ref.status).toBe('ready');
    const [req] = await receiver.waitFor(1);
    expect(verified(req!, endpoint.secret)).toBe(true);
    expect(req!.headers['x-service-event']).toBe('reference_document.ready');
    const payload = JSON.parse(req!.rawBody.toString());
    expect(payload).toMatchObject({
      type: 'reference_document.ready',
      data: { reference_document: { id: refId, status: 'ready' } },
    });
  });

  it('delivers run.canceled from the API cancel path, once, to the workflow endpoint', async () => {
    const namespace = `${t.config.TEMPORAL_NAMESPACE}-webhooks-idle`;
    await ensureNamespace(t.config.temporalAddress, namespace);
    const idle = await createTestContext({ TEMPORAL_NAMESPACE: namespace });
    try {
      const endpoint = await register(t, { url: receiver.url(), events: ['run.canceled'] });
      const wf = await makeWorkflow(t, key, { webhook_endpoint_id: endpoint.id });
      // No worker polls this namespace, so the run stays queued until it is canceled.
      const created = await idle.api.post(`/v1/workflows/${wf}/runs`).set(auth(key)).send({});
      expect(created.status).toBe(202);
      const canceled = await idle.api.post(`/v1/runs/${created.body.id}/cancel`).set(auth(key));
      expect(canceled.body.status).toBe('canceled');
      await idle.api.post(`/v1/runs/${created.body.id}/cancel`).set(auth(key));
      await idle.temporal.client.workflow.getHandle(created.body.id).terminate('test cleanup');
      // The delivery runs on the idle namespace too: finish it with a worker of its own.
      const worker = await startWorker({ TEMPORAL_NAMESPACE: idle.config.TEMPORAL_NAMESPACE });
      try {
        const [req] = await receiver.waitFor(1);
        await sleep(1000);
        expect(receiver.received).toHaveLength(1);
        expect(verified(req!, endpoint.secret)).toBe(true);
        expect(JSON.parse(req!.rawBody.toString()).data.run).toMatchObject({ id: created.body.id, status: 'canceled' });
      } finally {
        await worker.stop();
      }
    } finally {
      await idle.close();
    }
  }, 90_000);
});

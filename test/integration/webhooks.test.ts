/**
 * Webhooks end to end against the real stack and a real HTTP receiver on 127.0.0.1: endpoint management, target
 * checks, a run's event delivered signed to each subscribed endpoint once, the retry schedule (shortened through
 * configuration), timeouts, 410, manual retry, disabling after 20 failed deliveries, and a worker killed between
 * attempts resuming the schedule without losing or doubling an attempt.
 */
import { COLLECTIONS } from '../../domain/platform/db';
import type { Db } from 'mongodb';
import { TenantDb } from '../../domain/store';
import { newId, randomBase62 } from '../../domain/platform/ids';
import { sealSecret } from '../../domain/platform/secret-box';
import { publishEvent } from '../../domain/webhooks/publish-event';
import {
  createWebhookEndpoint,
  ENDPOINTS,
  listWebhookEndpoints,
  sweepEndpointRosters,
} from '../../domain/webhooks/endpoints';
import { endpointSecret, resealEndpointSecrets } from '../../domain/webhooks/endpoint-secrets';
import { webhookPayloadProblems } from '../support/conformance';
import { countFailedDelivery, type WebhookDeliveryDoc } from '../../domain/webhooks/deliveries';
import type { WebhookEndpointDoc } from '../../domain/webhooks/endpoints';
import { verifyWebhookSignature } from '../../domain/webhooks/signature';

const enrolEndpoint = (tenant: TenantDb, id: string) => ENDPOINTS.steps.enrol('undeleted', tenant, id);
import { createTestContext, type TestContext } from '../support/app';
import { commandsDuring, scans } from '../support/db-commands';
import { newAccount, type TestAccount } from '../support/identity';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { startWorker } from '../support/processes';
import { webhookActivities } from '../../activities/webhooks';
import { makeDocument, SAMPLE_SENTENCES } from '../support/files';
import { makeWorkflow, waitForRun } from '../support/runs';
import { uploadReference, waitForReference } from '../support/uploads';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from '../support/webhook-receiver';

let t: TestContext;
/** Same namespace and worker as `t`, but deliveries it publishes retry after 2 s, then every 3 s, 1 s timeout. */
let fast: TestContext;
let a: TestAccount;
let key: string;
let receiver: WebhookReceiver;
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  t = await createTestContext();
  fast = await createTestContext({
    WEBHOOK_RETRY_SCHEDULE_S: '2,3',
    WEBHOOK_RETRY_WINDOW_S: '60',
    WEBHOOK_TIMEOUT_S: '1',
  });
});
beforeEach(async () => {
  a = await newAccount(t);
  key = await a.key({ mode: 'test' });
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.close();
});
afterAll(async () => {
  await fast.close();
  await t.close();
});

async function register(ctx: TestContext, body: Record<string, unknown>) {
  const res = await ctx.api.post('/v1/webhook-endpoints').set(auth(key)).send(body);
  if (res.status !== 201) throw new Error(`endpoint: ${res.status} ${res.text}`);
  return res.body as { id: string; secret: string };
}

/** A deliverable event published exactly as the activities publish theirs. */
async function publishTestEvent(ctx: TestContext, data: Record<string, unknown> = { run: { id: 'run_test' } }) {
  const event = await publishEvent(
    { db: ctx.database.db, config: ctx.config, temporal: ctx.temporal },
    { accountId: a.accountId, type: 'run.succeeded', dedupeKey: `test:${randomBase62(16)}`, data },
  );
  const delivery = await ctx.database.db
    .collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries)
    .findOne({ event_id: event._id });
  return { event, deliveryId: delivery?._id };
}

async function deliveryResult(ctx: TestContext, deliveryId: string) {
  return ctx.temporal.client.workflow.getHandle(deliveryId).result() as Promise<{ status: string; attempts: number }>;
}

function verified(req: ReceivedRequest, secret: string, now = new Date(req.at)): boolean {
  return verifyWebhookSignature({
    payload: req.rawBody,
    header: req.headers['x-service-signature'] as string,
    secrets: secret,
    now,
  });
}

const signedAt = (req: ReceivedRequest) => Number(/t=(\d+)/.exec(req.headers['x-service-signature'] as string)![1]);

describe('webhook endpoints', () => {
  it('registers with a one-time secret, lists without it, updates, and deletes softly', async () => {
    const created = await t.api.post('/v1/webhook-endpoints').set(auth(key)).send({ url: receiver.url() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'webhook_endpoint', url: receiver.url(), status: 'active' });
    expect(created.body.events).toEqual(['run.succeeded', 'run.failed', 'run.canceled', 'reference_document.ready']);
    expect(created.body.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(created.body.warning).toMatch(/only once/);
    const id = created.body.id as string;

    const stored = await t.database.db
      .collection<WebhookEndpointDoc>(COLLECTIONS.webhookEndpoints)
      .findOne({ _id: id });
    expect(JSON.stringify(stored)).not.toContain(created.body.secret);

    const list = await t.api.get('/v1/webhook-endpoints').set(auth(key));
    expect(list.status).toBe(200);
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([id]);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
    const one = await t.api.get(`/v1/webhook-endpoints/${id}`).set(auth(key));
    expect(one.body).not.toHaveProperty('secret');

    const patched = await t.api
      .patch(`/v1/webhook-endpoints/${id}`)
      .set(auth(key))
      .send({ events: ['run.failed', 'run.succeeded', 'run.failed'], status: 'disabled' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ events: ['run.succeeded', 'run.failed'], status: 'disabled' });

    const bad = await t.api
      .patch(`/v1/webhook-endpoints/${id}`)
      .set(auth(key))
      .send({ events: ['run.exploded'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toMatch(/^body\.events/);

    const deleted = await t.api.delete(`/v1/webhook-endpoints/${id}`).set(auth(key));
    expect(deleted.body).toEqual({ id, object: 'webhook_endpoint', deleted: true });
    expect((await t.api.get(`/v1/webhook-endpoints/${id}`).set(auth(key))).status).toBe(404);
    expect((await t.api.get('/v1/webhook-endpoints').set(auth(key))).body.data).toEqual([]);
    const wf = await t.api
      .post('/v1/workflows')
      .set(auth(key))
      .send({ product_code: 'general_evaluation', name: 'w', webhook_endpoint_id: id });
    expect(wf.status).toBe(400);
  });

  it('rotates the secret: the replaced ones keep signing until they expire, a retried rotation keeps the first, 0 stops them all', async () => {
    const endpoint = await register(t, { url: receiver.url(), events: ['run.succeeded'] });
    receiver.script([], { status: 200 });
    const rotate = (body: Record<string, unknown> = {}, id = endpoint.id, k = key) =>
      t.api.post(`/v1/webhook-endpoints/${id}/rotate-secret`).set(auth(k)).send(body);
    const deliver = async () => {
      const before = receiver.received.length;
      const { deliveryId } = await publishTestEvent(t);
      expect(await deliveryResult(t, deliveryId!)).toEqual({ status: 'succeeded', attempts: 1 });
      return receiver.received[before]!;
    };

    const first = await rotate();
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body).toMatchObject({
      id: endpoint.id,
      object: 'webhook_endpoint',
      status: 'active',
      warning: expect.stringMatching(/only once/),
    });
    expect(first.body.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(first.body.secret).not.toBe(endpoint.secret);
    const expiresIn = Date.parse(first.body.previous_secret_expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(86_390_000);
    expect(expiresIn).toBeLessThanOrEqual(86_400_000);
    // Its answer lost, the client rotates again: the secret the receiver still holds keeps signing.
    const second = await rotate({ previous_secret_expires_in_s: 600 });
    const stored = await t.database.db
      .collection<WebhookEndpointDoc>(COLLECTIONS.webhookEndpoints)
      .findOne({ _id: endpoint.id });
    for (const secret of [endpoint.secret, first.body.secret, second.body.secret])
      expect(JSON.stringify(stored)).not.toContain(secret);

    const during = await deliver();
    expect((during.headers['x-service-signature'] as string).match(/v1=/g)).toHaveLength(3);
    for (const held of [endpoint.secret, first.body.secret, second.body.secret])
      expect(verified(during, held)).toBe(true);

    // A leak: 0 stops every replaced secret at once.
    const leaked = await rotate({ previous_secret_expires_in_s: 0 });
    expect(leaked.body.previous_secret_expires_at).toBeNull();
    const after = await deliver();
    expect((after.headers['x-service-signature'] as string).match(/v1=/g)).toHaveLength(1);
    expect(verified(after, leaked.body.secret)).toBe(true);
    for (const old of [endpoint.secret, first.body.secret, second.body.secret])
      expect(verified(after, old)).toBe(false);

    expect((await rotate({ previous_secret_expires_in_s: 86_401 })).status).toBe(400);
    expect((await rotate({ previous_secret_expires_in_s: 60, extra: true })).status).toBe(400);
    expect((await rotate({}, 'whk_nope')).status).toBe(404);
    const reader = await a.key({ scopes: ['webhooks:read'] });
    expect([
      (await rotate({}, endpoint.id, reader)).status,
      (await rotate({}, endpoint.id, reader)).body.error.code,
    ]).toEqual([403, 'insufficient_scope']);
    expect((await t.api.delete(`/v1/webhook-endpoints/${endpoint.id}`).set(auth(key))).status).toBe(200);
    expect((await rotate()).status).toBe(404);
  });

  it('rescues an endpoint whose secret no key opens by a rotation, and signs past a replaced secret no key opens', async () => {
    receiver.script([], { status: 200 });
    const endpoints = t.database.db.collection<WebhookEndpointDoc>(COLLECTIONS.webhookEndpoints);
    const retired = Buffer.alloc(32, 12).toString('base64');
    const deliver = async () => {
      const before = receiver.received.length;
      const { deliveryId } = await publishTestEvent(t);
      expect(await deliveryResult(t, deliveryId!)).toEqual({ status: 'succeeded', attempts: 1 });
      return receiver.received[before]!;
    };

    // A DATA_ENCRYPTION_KEY replaced without a fallback: no configured key opens the secret. Rotating is the remedy,
    // and the unreadable secret is not kept among the replaced ones (it could sign nothing).
    const lost = await register(t, { url: receiver.url(), events: ['run.succeeded'] });
    await endpoints.updateOne({ _id: lost.id }, { $set: { secret_sealed: sealSecret(retired, lost.secret, lost.id) } });
    const rotated = await t.api.post(`/v1/webhook-endpoints/${lost.id}/rotate-secret`).set(auth(key)).send({});
    expect(rotated.status).toBe(200);
    expect(rotated.body.previous_secret_expires_at).toBeNull();
    expect((await endpoints.findOne({ _id: lost.id }))!.previous_secrets).toEqual([]);
    const rescued = await deliver();
    expect((rescued.headers['x-service-signature'] as string).match(/v1=/g)).toHaveLength(1);
    expect(verified(rescued, rotated.body.secret)).toBe(true);
    await t.api.delete(`/v1/webhook-endpoints/${lost.id}`).set(auth(key));

    // A replaced secret still within its time that no key opens is left out of the signature, not fatal to it.
    const kept = await register(t, { url: receiver.url(), events: ['run.succeeded'] });
    await endpoints.updateOne(
      { _id: kept.id },
      {
        $set: {
          previous_secrets: [
            { sealed: sealSecret(retired, 'whsec_lost', kept.id), expires_at: new Date(Date.now() + 3_600_000) },
          ],
        },
      },
    );
    const signed = await deliver();
    expect((signed.headers['x-service-signature'] as string).match(/v1=/g)).toHaveLength(1);
    expect(verified(signed, kept.secret)).toBe(true);
  });

  // Without a deadline the registration waits forever, and the test fails on its own time limit.
  it('answers 400 naming the url when its host does not resolve within the lookup deadline', async () => {
    const never = () => new Promise<never>(() => undefined);
    const registering = createWebhookEndpoint(
      { ...t.config, WEBHOOK_LOOKUP_TIMEOUT_MS: 200 },
      new TenantDb(t.database.db, a.accountId),
      { scopes: ['webhooks:write', 'runs:read', 'reference_documents:read'] },
      { url: 'https://hooks.example.com/x' },
      never,
    );
    await expect(registering).rejects.toMatchObject({
      status: 400,
      code: 'invalid_request',
      message: 'url host "hooks.example.com" did not resolve within 0.2 s.',
      details: [{ path: 'body.url', message: 'host "hooks.example.com" did not resolve within 0.2 s' }],
    });
  }, 10_000);

  it('requires url, and refuses private, loopback and link-local targets when they are not allowed', async () => {
    const missing = await t.api.post('/v1/webhook-endpoints').set(auth(key)).send({});
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0].path).toBe('body.url');

    const strict = await createTestContext({ WEBHOOK_ALLOW_PRIVATE: 'false' });
    try {
      for (const url of [
        'http://127.0.0.1/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://localhost:8080/hook',
        'http://[::1]/hook',
        'http://10.0.0.8/x',
      ]) {
        const res = await strict.api.post('/v1/webhook-endpoints').set(auth(key)).send({ url });
        expect([url, res.status, res.body.error.code]).toEqual([url, 400, 'invalid_request']);
        expect(res.body.error.message).toMatch(/^url .*private/);
        expect(res.body.error.details).toEqual([{ path: 'body.url', message: expect.stringContaining('private') }]);
      }
      const existing = await register(t, { url: receiver.url() });
      const patched = await strict.api
        .patch(`/v1/webhook-endpoints/${existing.id}`)
        .set(auth(key))
        .send({ url: 'http://127.0.0.2/x' });
      expect(patched.status).toBe(400);
    } finally {
      await strict.close();
    }
    const secure = await createTestContext({ WEBHOOK_ALLOW_INSECURE: 'false' });
    try {
      const res = await secure.api.post('/v1/webhook-endpoints').set(auth(key)).send({ url: receiver.url() });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^url must use https/);
    } finally {
      await secure.close();
    }
  });
});

// An endpoint receives whole runs and reference documents, so subscribing one, pointing it
// elsewhere or redelivering to it needs the read scope of what it receives.
describe('subscriptions need the read scope of what they receive', () => {
  const post = (k: string, body: Record<string, unknown>) =>
    t.api.post('/v1/webhook-endpoints').set(auth(k)).send(body);
  const refusedFor = (res: { status: number; body: { error?: { code: string; message: string } } }, scope: string) =>
    expect([res.status, res.body.error?.code, res.body.error?.message]).toEqual([
      403,
      'insufficient_scope',
      expect.stringContaining(scope),
    ]);

  it('refuses a webhooks:write-only key subscribing to run.* or to the default kinds', async () => {
    const writer = await a.key({ scopes: ['webhooks:write'] });
    refusedFor(await post(writer, { url: receiver.url(), events: ['run.succeeded'] }), 'runs:read');
    refusedFor(await post(writer, { url: receiver.url() }), 'runs:read');
    refusedFor(
      await post(writer, { url: receiver.url(), events: ['reference_document.ready'] }),
      'reference_documents:read',
    );
    expect((await t.api.get('/v1/webhook-endpoints').set(auth(key))).body.data).toEqual([]);

    const runWriter = await a.key({ scopes: ['webhooks:write', 'runs:read'] });
    expect((await post(runWriter, { url: receiver.url(), events: ['run.succeeded', 'run.failed'] })).status).toBe(201);
    refusedFor(await post(runWriter, { url: receiver.url() }), 'reference_documents:read');
    const refWriter = await a.key({ scopes: ['webhooks:write', 'reference_documents:read'] });
    expect((await post(refWriter, { url: receiver.url(), events: ['reference_document.ready'] })).status).toBe(201);
    refusedFor(await post(refWriter, { url: receiver.url(), events: ['run.canceled'] }), 'runs:read');
  });

  it('refuses re-pointing, re-subscribing or re-enabling an endpoint without the read scopes; disabling needs none', async () => {
    const endpoint = await register(t, { url: receiver.url(), events: ['run.succeeded'] });
    const writer = await a.key({ scopes: ['webhooks:write'] });
    const patch = (k: string, body: Record<string, unknown>) =>
      t.api.patch(`/v1/webhook-endpoints/${endpoint.id}`).set(auth(k)).send(body);
    refusedFor(await patch(writer, { url: receiver.url('/elsewhere') }), 'runs:read');
    refusedFor(await patch(writer, { events: ['run.failed'] }), 'runs:read');
    expect((await patch(writer, { status: 'disabled' })).status).toBe(200);
    refusedFor(await patch(writer, { status: 'active' }), 'runs:read');
    const current = await t.api.get(`/v1/webhook-endpoints/${endpoint.id}`).set(auth(key));
    expect(current.body).toMatchObject({ url: receiver.url(), events: ['run.succeeded'], status: 'disabled' });

    const runWriter = await a.key({ scopes: ['webhooks:write', 'runs:read'] });
    expect((await patch(runWriter, { status: 'active', url: receiver.url('/elsewhere') })).status).toBe(200);
    refusedFor(
      await patch(runWriter, { events: ['run.failed', 'reference_document.ready'] }),
      'reference_documents:read',
    );
  });

  it('refuses redelivering a run event to a key without runs:read', async () => {
    await register(fast, { url: receiver.url(), events: ['run.succeeded'] });
    const { deliveryId } = await publishTestEvent(fast);
    expect(await deliveryResult(fast, deliveryId!)).toEqual({ status: 'succeeded', attempts: 1 });
    const writer = await a.key({ scopes: ['webhooks:write'] });
    refusedFor(await fast.api.post(`/v1/webhook-deliveries/${deliveryId}/retry`).set(auth(writer)), 'runs:read');
    expect(receiver.received).toHaveLength(1);
    const runWriter = await a.key({ scopes: ['webhooks:write', 'runs:read'] });
    expect((await fast.api.post(`/v1/webhook-deliveries/${deliveryId}/retry`).set(auth(runWriter))).status).toBe(202);
    expect(await deliveryResult(fast, deliveryId!)).toEqual({ status: 'succeeded', attempts: 1 });
    expect(receiver.received).toHaveLength(2);
  });
});

// An abuse limit: an account holds at most 20 endpoints.
describe('endpoints per account', () => {
  it('allows 20 webhook endpoints and answers the 21st with 409 limit_reached; a deleted one makes room', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await register(t, { url: receiver.url(`/${i}`) })).id);
    const over = await t.api
      .post('/v1/webhook-endpoints')
      .set(auth(key))
      .send({ url: receiver.url('/21') });
    expect([over.status, over.body.error.code]).toEqual([409, 'limit_reached']);
    expect((await t.api.get('/v1/webhook-endpoints').set(auth(key))).body.data).toHaveLength(20);
    expect((await t.api.delete(`/v1/webhook-endpoints/${ids[0]}`).set(auth(key))).status).toBe(200);
    expect(
      (
        await t.api
          .post('/v1/webhook-endpoints')
          .set(auth(key))
          .send({ url: receiver.url('/21') })
      ).status,
    ).toBe(201);
  });

  it('never holds more than 20 when creations race', async () => {
    for (let i = 0; i < 15; i++) await register(t, { url: receiver.url(`/${i}`) });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.api
          .post('/v1/webhook-endpoints')
          .set(auth(key))
          .send({ url: receiver.url(`/race${i}`) }),
      ),
    );
    for (const res of answers) expect([201, 409]).toContain(res.status);
    const count = await t.database.db
      .collection(COLLECTIONS.webhookEndpoints)
      .countDocuments({ account_id: a.accountId, deleted_at: null });
    expect(count).toBeLessThanOrEqual(20);
    expect(count).toBe(15 + answers.filter((r) => r.status === 201).length);
  });
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

describe("an account's endpoints, read through its roster", () => {
  const endpoints = () => t.database.db.collection<WebhookEndpointDoc>(COLLECTIONS.webhookEndpoints);
  const tenant = (db = t.database.db) => new TenantDb(db, a.accountId);
  const publisher = (db = t.database.db) => ({ db, config: t.config, temporal: t.temporal });
  const runEvent = () => ({
    accountId: a.accountId,
    type: 'run.succeeded' as const,
    dedupeKey: `test:${randomBase62(16)}`,
    data: { run: { id: 'run_test' } },
  });
  const monitored = <R>(work: (db: Db) => Promise<R>) => commandsDuring(t.config.mongodbUri, t.config.MONGODB_DB, work);
  const listedIds = async () =>
    ((await t.api.get('/v1/webhook-endpoints').set(auth(key))).body.data as Array<{ id: string }>).map((e) => e.id);

  /** An endpoint as a process that keeps no roster wrote it (an account from before rosters, an older version). */
  async function insertUnrostered(path: string) {
    const id = newId('webhookEndpoint');
    const secret = `whsec_${randomBase62(32)}`;
    const now = new Date();
    await endpoints().insertOne({
      _id: id,
      account_id: a.accountId,
      url: receiver.url(path),
      events: ['run.succeeded'],
      status: 'active',
      secret_sealed: sealSecret(t.config.DATA_ENCRYPTION_KEY, secret, id),
      failures_counted_since: now,
      disabled_reason: null,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
    return { id, secret };
  }

  it("fans an event out, lists and creates without a query over other accounts' endpoints", async () => {
    // Other accounts' endpoints, subscribed to the same kind: a query by account would have to step over them.
    const other = (i: number) => ({
      _id: newId('webhookEndpoint'),
      account_id: `acct_other${i % 3}`,
      events: ['run.succeeded'],
      status: 'active',
      deleted_at: null,
    });
    await endpoints().insertMany(Array.from({ length: 30 }, (_, i) => other(i) as unknown as WebhookEndpointDoc));
    const subscribed = await register(t, { url: receiver.url('/subscribed'), events: ['run.succeeded'] });
    const elsewhere = await register(t, { url: receiver.url('/elsewhere'), events: ['reference_document.ready'] });
    const deleted = await register(t, { url: receiver.url('/deleted') });
    expect((await t.api.delete(`/v1/webhook-endpoints/${deleted.id}`).set(auth(key))).status).toBe(200);

    const published = await monitored((db) => publishEvent(publisher(db), runEvent()));
    expect(scans(published.commands)).toEqual([]);
    const [req] = await receiver.waitFor(1);
    expect(verified(req!, subscribed.secret)).toBe(true);

    const listed = await monitored((db) => listWebhookEndpoints(tenant(db)));
    expect(scans(listed.commands)).toEqual([]);
    expect(listed.result.data.map((e) => e.id)).toEqual([elsewhere.id, subscribed.id]);

    const created = await monitored((db) =>
      createWebhookEndpoint(
        t.config,
        tenant(db),
        { scopes: ['webhooks:write', 'runs:read'] },
        { url: receiver.url('/new'), events: ['run.failed'] },
      ),
    );
    expect(scans(created.commands)).toEqual([]);
    expect(await listedIds()).toEqual([created.result.id, elsewhere.id, subscribed.id]);
    await sleep(1000); // a delivery to the deleted or the unsubscribed endpoint would have arrived by now
    expect(receiver.received.map((r) => r.path)).toEqual(['/subscribed']);
  });

  it('finds the endpoints of an account from before rosters with one scan, at the first read only', async () => {
    // An account from before rosters has none (this one's creation opened it).
    await t.database.db.collection<{ _id: string }>(COLLECTIONS.endpointRosters).deleteOne({ _id: a.accountId });
    const legacy = await insertUnrostered('/legacy');
    const first = await monitored((db) => publishEvent(publisher(db), runEvent()));
    expect(scans(first.commands)).toEqual([
      expect.stringMatching(new RegExp(`^find ${COLLECTIONS.webhookEndpoints} `)),
    ]);
    const [req] = await receiver.waitFor(1);
    expect(req!.path).toBe('/legacy');
    expect(verified(req!, legacy.secret)).toBe(true);

    const second = await monitored((db) => publishEvent(publisher(db), runEvent()));
    expect(scans(second.commands)).toEqual([]);
    await receiver.waitFor(2);
    expect(await listedIds()).toEqual([legacy.id]);
  });

  it('takes in an endpoint written by a process that keeps no roster at the hourly sweep', async () => {
    const rostered = await register(t, { url: receiver.url('/rostered') });
    const late = await insertUnrostered('/late');
    // Until the sweep, the account's built roster does not know it: the window a rolling deploy leaves open.
    expect(await listedIds()).toEqual([rostered.id]);
    expect(await sweepEndpointRosters(t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await listedIds()).sort()).toEqual([rostered.id, late.id].sort());
    await publishEvent(publisher(), runEvent());
    expect((await receiver.waitFor(2)).map((r) => r.path).sort()).toEqual(['/late', '/rostered']);
  });

  it('skips what a crash leaves on the roster: an id never inserted, and a deleted endpoint still on it', async () => {
    const live = await register(t, { url: receiver.url('/live') });
    const gone = await register(t, { url: receiver.url('/gone') });
    await enrolEndpoint(tenant(), newId('webhookEndpoint')); // enrolled, then the process died before the insert
    await endpoints().updateOne({ _id: gone.id }, { $set: { deleted_at: new Date() } }); // deleted, then died before withdrawing it
    expect(await listedIds()).toEqual([live.id]);
    // 19 more fit beside the live one: neither leftover counts toward the limit.
    for (let i = 0; i < 19; i++) await register(t, { url: receiver.url(`/more${i}`) });
    expect(
      (
        await t.api
          .post('/v1/webhook-endpoints')
          .set(auth(key))
          .send({ url: receiver.url('/over') })
      ).status,
    ).toBe(409);
    await publishEvent(publisher(), runEvent());
    await receiver.waitFor(20);
    await sleep(1000);
    expect(receiver.received.map((r) => r.path)).not.toContain('/gone');
    expect(receiver.received).toHaveLength(20);
    // The reader that found the deleted endpoint took it off the roster.
    const roster = await t.database.db
      .collection<{ _id: string; ids: string[] }>(COLLECTIONS.endpointRosters)
      .findOne({ _id: a.accountId });
    expect(roster!.ids).not.toContain(gone.id);
    expect(roster!.ids).toContain(live.id);
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

describe('retries', () => {
  it('retries 500s at the configured offsets, signing each attempt afresh, until a 200', async () => {
    const endpoint = await register(fast, { url: receiver.url() });
    receiver.script([{ status: 500 }, { status: 500 }, { status: 500 }], { status: 200 });
    const { event, deliveryId } = await publishTestEvent(fast);
    expect(await deliveryResult(fast, deliveryId!)).toEqual({ status: 'succeeded', attempts: 4 });

    const got = receiver.received;
    expect(got).toHaveLength(4);
    const gaps = got.slice(1).map((r, i) => r.at - got[i]!.at);
    // Schedule "2,3": the last delay repeats. Each gap is the delay plus a little dispatch time.
    [2000, 3000, 3000].forEach((delay, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(delay - 100);
      expect(gaps[i]).toBeLessThan(delay + 2500);
    });
    for (const req of got) {
      expect(verified(req, endpoint.secret)).toBe(true);
      expect(JSON.parse(req.rawBody.toString()).id).toBe(event._id);
      expect(req.headers['x-service-delivery']).toBe(deliveryId);
      // Each attempt is signed when it is made: its timestamp is within a second of its arrival.
      expect(Math.abs(signedAt(req) * 1000 - req.at)).toBeLessThan(1500);
    }
    expect(new Set(got.map((r) => r.headers['x-service-signature'])).size).toBe(4);
    expect(got.every((r) => r.rawBody.equals(got[0]!.rawBody))).toBe(true);

    const listed = await fast.api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`).set(auth(key));
    const delivery = listed.body.data[0];
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts.map((x: { status_code: number }) => x.status_code)).toEqual([500, 500, 500, 200]);
    expect(delivery.attempts[0]).toMatchObject({ error: 'answered 500', response_body: 'answer 500' });
  });

  it('sends nothing unsigned when no configured key opens the secret, and delivers once an operator restores the key and reseals', async () => {
    const endpoint = await register(fast, { url: receiver.url() });
    receiver.script([], { status: 200 });
    // As if the deployment's DATA_ENCRYPTION_KEY had been replaced without keeping the old one as a fallback.
    const retired = Buffer.alloc(32, 11).toString('base64');
    const endpoints = fast.database.db.collection<WebhookEndpointDoc>(COLLECTIONS.webhookEndpoints);
    await endpoints.updateOne(
      { _id: endpoint.id },
      { $set: { secret_sealed: sealSecret(retired, endpoint.secret, endpoint.id) } },
    );
    const { deliveryId } = await publishTestEvent(fast);
    const deliveries = fast.database.db.collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries);
    for (let i = 0; i < 100 && !(await deliveries.findOne({ _id: deliveryId! }))!.attempts.length; i++)
      await sleep(100);
    const [first] = (await deliveries.findOne({ _id: deliveryId! }))!.attempts;
    expect(first).toMatchObject({
      status_code: null,
      error: 'not sent: the delivery could not be signed on our side',
      outcome: 'retry',
    });
    expect(receiver.received).toHaveLength(0);

    // The operator puts the old key back as a fallback and reseals: the same secret, now under the current key.
    const rotation = { ...fast.config, DATA_ENCRYPTION_KEY_FALLBACKS: [retired] };
    const report = await resealEndpointSecrets(fast.database.db, rotation);
    expect(report.resealed).toBeGreaterThanOrEqual(1);
    expect(report.unreadable).not.toContain(endpoint.id);
    expect(endpointSecret(fast.config, (await endpoints.findOne({ _id: endpoint.id }))!)).toBe(endpoint.secret);
    expect(await deliveryResult(fast, deliveryId!)).toEqual({ status: 'succeeded', attempts: 2 });
    expect(receiver.received).toHaveLength(1);
    expect(verified(receiver.received[0]!, endpoint.secret)).toBe(true);
    expect((await resealEndpointSecrets(fast.database.db, rotation)).resealed).toBe(0);
  });

  it('records an attempt that failed, sending nothing, when the stored secret carries a tag of the wrong length', async () => {
    const endpoint = await register(fast, { url: receiver.url() });
    receiver.script([], { status: 200 });
    const endpoints = fast.database.db.collection<WebhookEndpointDoc>(COLLECTIONS.webhookEndpoints);
    const [version, iv, , ciphertext] = (await endpoints.findOne({ _id: endpoint.id }))!.secret_sealed.split('.');
    await endpoints.updateOne(
      { _id: endpoint.id },
      { $set: { secret_sealed: [version, iv, Buffer.alloc(3, 1).toString('base64url'), ciphertext].join('.') } },
    );
    const { deliveryId } = await publishTestEvent(fast);
    const deliveries = fast.database.db.collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries);
    for (let i = 0; i < 100 && !(await deliveries.findOne({ _id: deliveryId! }))!.attempts.length; i++)
      await sleep(100);
    const [first] = (await deliveries.findOne({ _id: deliveryId! }))!.attempts;
    expect(first).toMatchObject({
      status_code: null,
      error: 'not sent: the delivery could not be signed on our side',
      outcome: 'retry',
    });
    expect(receiver.received).toHaveLength(0);
    await fast.temporal.client.workflow.getHandle(deliveryId!).terminate('test over');
  });

  // Without a deadline the attempt waits forever, and the test fails on its own time limit.
  it('records a failed attempt, sending nothing, when the host does not resolve within the lookup deadline', async () => {
    const namespace = `${t.config.TEMPORAL_NAMESPACE}-webhooks-idle`;
    await ensureNamespace(t.config.temporalAddress, namespace);
    // No worker polls this namespace: the attempt below, made in this process, is the only one.
    const idle = await createTestContext({ TEMPORAL_NAMESPACE: namespace, WEBHOOK_LOOKUP_TIMEOUT_MS: '200' });
    let deliveryId: string | undefined;
    try {
      const answering = async () => [{ address: '127.0.0.1', family: 4 }];
      const endpoint = await createWebhookEndpoint(
        idle.config,
        new TenantDb(idle.database.db, a.accountId),
        { scopes: ['webhooks:write', 'runs:read', 'reference_documents:read'] },
        { url: `http://hooks.example.com:${new URL(receiver.url()).port}/x` },
        answering,
      );
      ({ deliveryId } = await publishTestEvent(idle));
      const never = () => new Promise<never>(() => undefined);
      const activities = webhookActivities({ ...idle.deps, models: undefined as never, lookup: never });
      const attempted = await activities.attemptDelivery({
        accountId: a.accountId,
        deliveryId: deliveryId!,
        attemptKey: 'test:1',
        timeoutS: 1,
      });
      expect(attempted).toEqual({ outcome: 'retry' });
      const stored = await idle.database.db
        .collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries)
        .findOne({ _id: deliveryId! });
      expect(stored!.attempts).toMatchObject([
        {
          status_code: null,
          error: 'target refused: url host "hooks.example.com" did not resolve within 0.2 s',
          outcome: 'retry',
        },
      ]);
      expect(receiver.received).toHaveLength(0);
      await idle.api.delete(`/v1/webhook-endpoints/${endpoint.id}`).set(auth(key));
    } finally {
      // Its job must not wait for the worker another test starts on this namespace.
      if (deliveryId)
        await idle.temporal.client.workflow
          .getHandle(deliveryId)
          .terminate('test over')
          .catch(() => undefined);
      await idle.close();
    }
  }, 30_000);

  it('counts an answer slower than the timeout as a failed attempt', async () => {
    await register(fast, { url: receiver.url() });
    receiver.script([{ status: 200, delayMs: 2500 }], { status: 204 });
    const { deliveryId } = await publishTestEvent(fast);
    expect(await deliveryResult(fast, deliveryId!)).toEqual({ status: 'succeeded', attempts: 2 });
    const doc = await fast.database.db
      .collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries)
      .findOne({ _id: deliveryId! });
    expect(doc!.attempts.map((x) => [x.status_code, x.error])).toEqual([
      [null, 'timed out after 1 s'],
      [204, null],
    ]);
    expect(doc!.attempts[0]!.latency_ms).toBeGreaterThanOrEqual(1000);
    expect(doc!.attempts[0]!.latency_ms).toBeLessThan(2500); // cut at the 1 s timeout, before the answer at 2.5 s
  });

  it('stops at once on 410, and a manual retry makes one new attempt for the same event', async () => {
    const endpoint = await register(fast, { url: receiver.url() });
    receiver.script([{ status: 410 }], { status: 200 });
    const { event, deliveryId } = await publishTestEvent(fast);
    expect(await deliveryResult(fast, deliveryId!)).toEqual({ status: 'failed', attempts: 1 });
    await sleep(2500);
    expect(receiver.received).toHaveLength(1);

    const retried = await fast.api.post(`/v1/webhook-deliveries/${deliveryId}/retry`).set(auth(key));
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ id: deliveryId, status: 'pending' });
    expect(await deliveryResult(fast, deliveryId!)).toEqual({ status: 'succeeded', attempts: 1 });
    expect(receiver.received).toHaveLength(2);
    expect(JSON.parse(receiver.received[1]!.rawBody.toString()).id).toBe(event._id);
    expect(verified(receiver.received[1]!, endpoint.secret)).toBe(true);
    const listed = await fast.api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`).set(auth(key));
    expect(listed.body.data[0]).toMatchObject({ status: 'succeeded' });
    expect(listed.body.data[0].attempts.map((x: { status_code: number }) => x.status_code)).toEqual([410, 200]);
  });

  it('a manual retry of a delivery waiting for its timer attempts at once', async () => {
    const slow = await createTestContext({ WEBHOOK_RETRY_SCHEDULE_S: '600' });
    try {
      await register(slow, { url: receiver.url() });
      receiver.script([{ status: 503 }], { status: 200 });
      const { deliveryId } = await publishTestEvent(slow);
      await receiver.waitFor(1);
      await sleep(300);
      const retried = await slow.api.post(`/v1/webhook-deliveries/${deliveryId}/retry`).set(auth(key));
      expect(retried.status).toBe(202);
      expect(await deliveryResult(slow, deliveryId!)).toEqual({ status: 'succeeded', attempts: 2 });
    } finally {
      await slow.close();
    }
  });

  it('disables an endpoint after 20 consecutive failed deliveries; a disabled endpoint receives nothing', async () => {
    const endpoint = await register(fast, { url: receiver.url() });
    receiver.script([], { status: 410 });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await publishTestEvent(fast)).deliveryId!);
    for (const id of ids) expect((await deliveryResult(fast, id)).status).toBe('failed');
    const got = await fast.api.get(`/v1/webhook-endpoints/${endpoint.id}`).set(auth(key));
    expect(got.body.status).toBe('disabled');
    const before = receiver.received.length;
    const { deliveryId } = await publishTestEvent(fast);
    expect(deliveryId).toBeUndefined();
    const retry = await fast.api.post(`/v1/webhook-deliveries/${ids[0]}/retry`).set(auth(key));
    expect([retry.status, retry.body.error.code]).toEqual([409, 'webhook_endpoint_disabled']);
    await sleep(500);
    expect(receiver.received.length).toBe(before);
    // Re-enabling starts a fresh count: one more failure does not disable it again.
    await fast.api.patch(`/v1/webhook-endpoints/${endpoint.id}`).set(auth(key)).send({ status: 'active' });
    const again = await publishTestEvent(fast);
    expect((await deliveryResult(fast, again.deliveryId!)).status).toBe('failed');
    expect((await fast.api.get(`/v1/webhook-endpoints/${endpoint.id}`).set(auth(key))).body.status).toBe('active');
  });
});

describe('failures in a row', () => {
  const endpointDoc = (id: string) =>
    fast.database.db.collection<WebhookEndpointDoc>(COLLECTIONS.webhookEndpoints).findOne({ _id: id });

  it('counts only failures in a row: a success between them starts the count again', async () => {
    const endpoint = await register(fast, { url: receiver.url() });
    receiver.script([...Array<{ status: number }>(19).fill({ status: 410 }), { status: 200 }], { status: 410 });
    const outcomes: string[] = [];
    for (let i = 0; i < 39; i++)
      outcomes.push((await deliveryResult(fast, (await publishTestEvent(fast)).deliveryId!)).status);
    expect(outcomes.filter((o) => o === 'succeeded')).toHaveLength(1);
    // 19 failures, a success, 19 failures: never 20 in a row.
    expect((await endpointDoc(endpoint.id))!.status).toBe('active');
    expect((await endpointDoc(endpoint.id))!.failure_streak).toHaveLength(19);
    await deliveryResult(fast, (await publishTestEvent(fast)).deliveryId!);
    expect((await endpointDoc(endpoint.id))!.status).toBe('disabled');
  });

  it('counts a failed delivery once when its settlement is retried, reading the endpoint by _id alone', async () => {
    const endpoint = await register(fast, { url: receiver.url() });
    const doc = (await endpointDoc(endpoint.id))!;
    const deliveryId = newId('webhookDelivery');
    const { commands } = await commandsDuring(fast.config.mongodbUri, fast.config.MONGODB_DB, async (db) => {
      for (let i = 0; i < 2; i++) expect(await countFailedDelivery(db, doc, deliveryId, new Date())).toBe(false);
    });
    expect(scans(commands)).toEqual([]);
    expect((await endpointDoc(endpoint.id))!.failure_streak!.map((f) => f.d)).toEqual([deliveryId]);
  });
});

describe('durability', () => {
  it('resumes the schedule after the worker is killed between attempts, without losing or doubling an attempt', async () => {
    const namespace = `${t.config.TEMPORAL_NAMESPACE}-webhooks-kill`;
    await ensureNamespace(t.config.temporalAddress, namespace);
    const own = await createTestContext({
      TEMPORAL_NAMESPACE: namespace,
      WEBHOOK_RETRY_SCHEDULE_S: '5',
      WEBHOOK_TIMEOUT_S: '2',
    });
    let worker = await startWorker({ TEMPORAL_NAMESPACE: namespace });
    try {
      const endpoint = await register(own, { url: receiver.url() });
      receiver.script([{ status: 500 }], { status: 200 });
      const { deliveryId } = await publishTestEvent(own);
      await receiver.waitFor(1);
      await sleep(300); // the attempt is recorded and the timer started
      await worker.stop('SIGKILL');
      await sleep(7000); // the timer fires while no worker runs
      expect(receiver.received).toHaveLength(1);
      worker = await startWorker({ TEMPORAL_NAMESPACE: namespace });
      expect(await deliveryResult(own, deliveryId!)).toEqual({ status: 'succeeded', attempts: 2 });
      await sleep(1000);
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received.every((r) => verified(r, endpoint.secret))).toBe(true);
      const doc = await own.database.db
        .collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries)
        .findOne({ _id: deliveryId! });
      expect(doc!.attempts.map((x) => x.status_code)).toEqual([500, 200]);
    } finally {
      await worker.stop();
      await own.close();
    }
  }, 120_000);
});

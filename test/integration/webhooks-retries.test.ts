/**
 * Webhook retries against the real stack and a real HTTP receiver on 127.0.0.1: the retry schedule (shortened
 * through configuration), secrets no key opens, timeouts, 410, manual retry, disabling after 20 failed deliveries,
 * counting failures in a row, and a worker killed between attempts resuming the schedule without losing or
 * doubling an attempt.
 */
import { webhookActivities } from '../../activities/webhooks';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { COLLECTIONS } from '../../domain/platform/db';
import { newId } from '../../domain/platform/ids';
import { sealSecret } from '../../domain/platform/secret-box';
import { TenantDb } from '../../domain/store';
import { countFailedDelivery, type WebhookDeliveryDoc } from '../../domain/webhooks/deliveries';
import { endpointSecret, resealEndpointSecrets } from '../../domain/webhooks/endpoint-secrets';
import { createWebhookEndpoint, type WebhookEndpointDoc } from '../../domain/webhooks/endpoints';
import { createTestContext, type TestContext } from '../support/app';
import { commandsDuring, scans } from '../support/db-commands';
import type { TestAccount } from '../support/identity';
import { startWorker } from '../support/processes';
import type { WebhookReceiver } from '../support/webhook-receiver';
import { auth, deliveryResult, signedAt, useWebhookStack, verified, webhookHelpers } from '../support/webhooks';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const stack = useWebhookStack();
const { register, publishTestEvent } = webhookHelpers(stack);
let t: TestContext;
/** Same namespace and worker as `t`, but deliveries it publishes retry after 2 s, then every 3 s, 1 s timeout. */
let fast: TestContext;
let a: TestAccount;
let key: string;
let receiver: WebhookReceiver;
beforeEach(() => {
  ({ t, fast, a, key, receiver } = stack);
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

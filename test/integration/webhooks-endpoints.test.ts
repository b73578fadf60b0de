/**
 * Webhook endpoints against the real stack and a real HTTP receiver on 127.0.0.1: registering with a one-time
 * secret, rotating it, the target checks on the url, the read scopes a subscription needs, and the 20 endpoints an
 * account may hold.
 */
import { COLLECTIONS } from '../../domain/platform/db';
import { sealSecret } from '../../domain/platform/secret-box';
import { TenantDb } from '../../domain/store';
import { createWebhookEndpoint, type WebhookEndpointDoc } from '../../domain/webhooks/endpoints';
import { createTestContext, type TestContext } from '../support/app';
import type { TestAccount } from '../support/identity';
import type { WebhookReceiver } from '../support/webhook-receiver';
import { auth, deliveryResult, useWebhookStack, verified, webhookHelpers } from '../support/webhooks';

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

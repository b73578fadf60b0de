/**
 * Event kinds added after version 1 against the real stack and a real receiver: an
 * endpoint created without `events` keeps receiving the four kinds of version 1 and nothing else; `batch.completed`
 * and `calibration.completed` go only to endpoints that name them or `*`; `*` needs an unrestricted key; each new kind
 * needs its resource's read scope, to subscribe and to read it from `GET /events`. The events are published through
 * the domain's `publishEvent`, as the batch and calibration jobs will publish theirs.
 */
import { randomBase62 } from '../../domain/platform/ids';
import type { EventType } from '../../domain/webhooks/events';
import { publishEvent } from '../../domain/webhooks/publish-event';
import { verifyWebhookSignature } from '../../domain/webhooks/signature';
import { createTestContext, type TestContext } from '../support/app';
import { webhookPayloadProblems } from '../support/conformance';
import { batchCompletedData, calibrationCompletedData } from '../support/events';
import { newAccount, type TestAccount } from '../support/identity';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

let t: TestContext;
let a: TestAccount;
/** Created without scopes: unrestricted. */
let key: string;
let receiver: WebhookReceiver;
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const V1_KINDS = ['run.succeeded', 'run.failed', 'run.canceled', 'reference_document.ready'];

beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(async () => {
  a = await newAccount(t);
  key = await a.key();
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.close();
});
afterAll(async () => {
  await t.close();
});

const post = (k: string, body: Record<string, unknown>) => t.api.post('/v1/webhook-endpoints').set(auth(k)).send(body);

async function register(body: Record<string, unknown>) {
  const res = await post(key, body);
  if (res.status !== 201) throw new Error(`endpoint: ${res.status} ${res.text}`);
  return res.body as { id: string; secret: string; events: string[] };
}

function dataOf(type: EventType): Record<string, unknown> {
  const id = randomBase62(26).toUpperCase();
  if (type === 'batch.completed') return batchCompletedData(`bat_${id}`);
  if (type === 'calibration.completed') return calibrationCompletedData(`cal_${id}`);
  return { run: { id: `run_${id}` } };
}

/** Publishes an event of `type` for the test's account exactly as the jobs publish theirs. */
function publish(type: EventType, data = dataOf(type)) {
  return publishEvent(
    { db: t.database.db, config: t.config, temporal: t.temporal },
    { accountId: a.accountId, type, dedupeKey: `test:${randomBase62(16)}`, data },
  );
}

/** The paths that received something since `from`, once `count` arrived and a moment passed for any extra. */
async function receivedPaths(from: number, count: number): Promise<string[]> {
  await receiver.waitFor(from + count);
  await sleep(1500); // a delivery to an endpoint that should get nothing, or a duplicate, would arrive by now
  return receiver.received
    .slice(from)
    .map((r) => r.path)
    .sort();
}

describe('kinds added after version 1 (docs/decisions.md 442)', () => {
  it('go to endpoints that name them or `*`, never to one created without `events`, which keeps the four of version 1', async () => {
    const byDefault = await register({ url: receiver.url('/default') });
    const star = await register({ url: receiver.url('/star'), events: ['*'] });
    const named = await register({ url: receiver.url('/named'), events: ['batch.completed'] });
    await register({ url: receiver.url('/runs'), events: ['run.succeeded', 'run.failed'] });
    expect(byDefault.events).toEqual(V1_KINDS);
    expect(star.events).toEqual(['*']);

    const batch = await publish('batch.completed');
    expect(await receivedPaths(0, 2)).toEqual(['/named', '/star']);
    for (const req of receiver.received) {
      expect(req.headers['x-service-event']).toBe('batch.completed');
      const secret = req.path === '/star' ? star.secret : named.secret;
      const signature = req.headers['x-service-signature'] as string;
      expect(
        verifyWebhookSignature({ payload: req.rawBody, header: signature, secrets: secret, now: new Date(req.at) }),
      ).toBe(true);
      expect(JSON.parse(req.rawBody.toString())).toMatchObject({ id: batch._id, type: 'batch.completed' });
      expect(webhookPayloadProblems(req.rawBody)).toEqual([]);
    }

    await publish('calibration.completed');
    expect(await receivedPaths(2, 1)).toEqual(['/star']);
    expect(webhookPayloadProblems(receiver.received[2]!.rawBody)).toEqual([]);

    // The v1 kinds still reach the endpoint created without `events`, and `*` receives them too.
    await publish('run.succeeded');
    expect(await receivedPaths(3, 3)).toEqual(['/default', '/runs', '/star']);

    const deliveries = await t.api.get(`/v1/webhook-endpoints/${byDefault.id}/deliveries`).set(auth(key));
    expect(deliveries.body.data.map((d: { event_type: string }) => d.event_type)).toEqual(['run.succeeded']);
  });

  it('`*` is kept as `*` alone, whatever else is listed, and an endpoint can move to it and back', async () => {
    const mixed = await register({ url: receiver.url('/mixed'), events: ['run.failed', '*', 'batch.completed'] });
    expect(mixed.events).toEqual(['*']);
    const listed = await t.api.get(`/v1/webhook-endpoints/${mixed.id}`).set(auth(key));
    expect(listed.body.events).toEqual(['*']);

    const endpoint = await register({ url: receiver.url('/moving') });
    const patch = (events: string[]) =>
      t.api.patch(`/v1/webhook-endpoints/${endpoint.id}`).set(auth(key)).send({ events });
    expect((await patch(['*'])).body.events).toEqual(['*']);
    await publish('calibration.completed');
    expect(await receivedPaths(0, 2)).toEqual(['/mixed', '/moving']);

    expect((await patch(['run.failed'])).body.events).toEqual(['run.failed']);
    await publish('calibration.completed');
    expect(await receivedPaths(2, 1)).toEqual(['/mixed']);
  });

  it('refuses unknown kinds, an empty list, and `*` in another shape, naming `events`', async () => {
    for (const events of [['batch.started'], [], ['**'], '*', ['run.*']]) {
      const res = await post(key, { url: receiver.url(), events });
      expect([JSON.stringify(events), res.status, res.body.error?.code]).toEqual([
        JSON.stringify(events),
        400,
        'invalid_request',
      ]);
      expect(res.body.error.details.map((d: { path: string }) => d.path).join(' ')).toContain('events');
    }
    expect((await t.api.get('/v1/webhook-endpoints').set(auth(key))).body.data).toEqual([]);
  });
});

describe('who may subscribe to the new kinds and to `*` (docs/decisions.md 383)', () => {
  const refused = (res: { status: number; body: { error?: { code: string; message: string } } }, text: string) =>
    expect([res.status, res.body.error?.code, res.body.error?.message]).toEqual([
      403,
      'insufficient_scope',
      expect.stringContaining(text),
    ]);

  it('`*` needs an unrestricted key: a key listing every scope there is today is refused, to create or to re-point', async () => {
    const everyScope = await a.key({
      scopes: [
        'runs:read',
        'runs:write',
        'workflows:read',
        'workflows:write',
        'documents:write',
        'reference_documents:read',
        'reference_documents:write',
        'webhooks:read',
        'webhooks:write',
        'usage:read',
        'catalog:read',
        'calibrations:read',
        'calibrations:write',
      ],
    });
    refused(await post(everyScope, { url: receiver.url(), events: ['*'] }), 'unrestricted');
    // It may name every kind there is: that is what it can read.
    const named = await post(everyScope, {
      url: receiver.url('/named'),
      events: ['run.succeeded', 'batch.completed', 'calibration.completed'],
    });
    expect(named.status).toBe(201);

    const star = await register({ url: receiver.url('/star'), events: ['*'] });
    const patch = (body: Record<string, unknown>) =>
      t.api.patch(`/v1/webhook-endpoints/${star.id}`).set(auth(everyScope)).send(body);
    refused(await patch({ url: receiver.url('/elsewhere') }), 'unrestricted');
    refused(await patch({ events: ['*'] }), 'unrestricted');
    expect((await patch({ status: 'disabled' })).status).toBe(200);
    refused(await patch({ status: 'active' }), 'unrestricted');
    expect((await patch({ events: ['batch.completed'], status: 'active' })).body).toMatchObject({
      events: ['batch.completed'],
      status: 'active',
    });
  });

  it('batch.completed needs runs:read and calibration.completed needs calibrations:read', async () => {
    const runReader = await a.key({ scopes: ['webhooks:write', 'runs:read'] });
    expect((await post(runReader, { url: receiver.url(), events: ['batch.completed'] })).status).toBe(201);
    refused(await post(runReader, { url: receiver.url(), events: ['calibration.completed'] }), 'calibrations:read');
    const calibrationReader = await a.key({ scopes: ['webhooks:write', 'calibrations:read'] });
    expect((await post(calibrationReader, { url: receiver.url(), events: ['calibration.completed'] })).status).toBe(
      201,
    );
    refused(await post(calibrationReader, { url: receiver.url(), events: ['batch.completed'] }), 'runs:read');
  });

  it('GET /events shows batch.completed to runs:read and calibration.completed to calibrations:read only', async () => {
    const batch = await publish('batch.completed');
    const calibration = await publish('calibration.completed');
    const ids = async (k: string, query = '') => {
      const res = await t.api.get(`/v1/events${query}`).set(auth(k));
      return [res.status, res.status === 200 ? res.body.data.map((e: { id: string }) => e.id) : res.body.error.code];
    };
    const runReader = await a.key({ scopes: ['runs:read'] });
    const calibrationReader = await a.key({ scopes: ['calibrations:read'] });
    expect(await ids(runReader)).toEqual([200, [batch._id]]);
    expect(await ids(calibrationReader)).toEqual([200, [calibration._id]]);
    expect(await ids(key)).toEqual([200, [calibration._id, batch._id]]);
    expect(await ids(runReader, '?type=calibration.completed')).toEqual([403, 'insufficient_scope']);
    expect(await ids(calibrationReader, '?type=batch.completed')).toEqual([403, 'insufficient_scope']);
    const one = await t.api.get(`/v1/events/${calibration._id}`).set(auth(calibrationReader));
    expect(one.body).toMatchObject({ object: 'event', type: 'calibration.completed', data: { calibration: {} } });
    expect((await t.api.get(`/v1/events/${calibration._id}`).set(auth(runReader))).status).toBe(404);
  });
});

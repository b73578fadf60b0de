/**
 * GET /v1/events against the real stack: a client whose webhook endpoint stopped answering pages back to the last
 * event it processed and finds exactly the ones it missed, each identical to the delivery body; the type filter,
 * bad query parameters, and the 30-day retention (reads and the purge).
 */
import { COLLECTIONS } from '../../domain/platform/db';
import {
  EVENT_RETENTION_DAYS,
  purgeExpiredEvents,
  recordEvent,
  type EventDoc,
  type EventType,
} from '../../domain/webhooks/events';
import { newId, randomBase62 } from '../../domain/platform/ids';
import type { WebhookDeliveryDoc } from '../../domain/webhooks/deliveries';
import type { TestContext } from '../support/app';
import { type ApiEvent, useEventsStack } from '../support/events-stack';
import type { TestAccount } from '../support/identity';
import { makeWorkflow, waitForRun } from '../support/runs';
import type { WebhookReceiver } from '../support/webhook-receiver';

const { stack, dataFor, seedEvent } = useEventsStack();
let t: TestContext;
let a: TestAccount;
let key: string;
let receiver: WebhookReceiver;
beforeEach(() => {
  ({ t, a, key, receiver } = stack);
});
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });
const DAY = 86_400_000;

/** Follows next_cursor from the newest event back to `stopAt` (exclusive), as a catching-up client does. */
async function eventsSince(token: string, stopAt: string, query = 'limit=2') {
  const seen: ApiEvent[] = [];
  let pages = 0;
  let cursor: string | null = null;
  do {
    const url = `/v1/events?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res: { status: number; body: { data: ApiEvent[]; next_cursor: string | null } } = await t.api
      .get(url)
      .set(auth(token));
    expect(res.status).toBe(200);
    pages++;
    for (const event of res.body.data) {
      if (event.id === stopAt) return { missed: seen.reverse(), pages };
      seen.push(event);
    }
    cursor = res.body.next_cursor;
  } while (cursor);
  throw new Error(`event ${stopAt} not found`);
}

describe('catching up on missed webhooks', () => {
  it('lists exactly the events after the last one processed, in order, each equal to its delivery body', async () => {
    const liveKey = await a.key({ mode: 'live' });
    // The endpoint takes the first delivery, then answers 410 (gone) to everything: those deliveries are lost.
    receiver.script([{ status: 200 }], { status: 410 });
    await t.api.post('/v1/webhook-endpoints').set(auth(key)).send({ url: receiver.url() }).expect(201);
    const wf = await makeWorkflow(t, key);
    const runOnce = async (token: string) => {
      const created = await t.api.post(`/v1/workflows/${wf}/runs`).set(auth(token)).send({});
      return (await waitForRun(t, token, created.body.id)) as { id: string; status: string };
    };

    const first = await runOnce(key);
    const [processed] = await receiver.waitFor(1);
    const lastProcessed = JSON.parse(processed!.rawBody.toString()) as { id: string; data: { run: { id: string } } };
    expect(lastProcessed.data.run.id).toBe(first.id);

    const r1 = await runOnce(key);
    const r2 = await runOnce(liveKey); // live without a model: fails (refunded), so run.failed
    const r3 = await runOnce(key);
    expect([r1.status, r2.status, r3.status]).toEqual(['succeeded', 'failed', 'succeeded']);
    const delivered = await receiver.waitFor(4);

    const { missed, pages } = await eventsSince(key, lastProcessed.id);
    expect(pages).toBe(2);
    expect(missed.map((e) => [e.type, e.data.run!.id])).toEqual([
      ['run.succeeded', r1.id],
      ['run.failed', r2.id],
      ['run.succeeded', r3.id],
    ]);
    // The resource is the webhook payload plus `object`, field for field — but for the output file's signature,
    // made for each delivery and each read (the same file, type and lifetime).
    type Signed = { data: { run?: { output_file: { url: string; expires_at: string; mime_type: string } | null } } };
    const unsigned = (e: Signed) => {
      const file = e.data.run?.output_file;
      if (!file) return e;
      expect(Date.parse(file.expires_at)).toBeGreaterThan(Date.now() + (t.config.OUTPUT_URL_TTL_S - 120) * 1000);
      return {
        ...e,
        data: {
          ...e.data,
          run: { ...e.data.run, output_file: { path: new URL(file.url).pathname, mime_type: file.mime_type } },
        },
      };
    };
    const bodies = new Map(
      delivered.map((req) => [JSON.parse(req.rawBody.toString()).id as string, JSON.parse(req.rawBody.toString())]),
    );
    for (const event of missed) {
      expect(Object.keys(event)).toEqual(['id', 'object', 'type', 'created_at', 'data']);
      expect(unsigned(event as Signed)).toEqual(unsigned({ object: 'event', ...bodies.get(event.id) }));
      const one = await t.api.get(`/v1/events/${event.id}`).set(auth(key));
      expect(one.status).toBe(200);
      expect(unsigned(one.body)).toEqual(unsigned(event as Signed));
    }
    expect(
      missed.filter((e) => e.type === 'run.succeeded').every((e) => (e as Signed).data.run!.output_file !== null),
    ).toBe(true);
    expect(missed[1]!.data.run).toMatchObject({ id: r2.id, status: 'failed', charged_credits: 0 });
  });
});

describe('listing', () => {
  it('filters by type, newest first, with cursors tied to their filter', async () => {
    const types: EventType[] = [
      'run.succeeded',
      'run.failed',
      'run.succeeded',
      'reference_document.ready',
      'run.failed',
      'run.canceled',
    ];
    const seeded: EventDoc[] = [];
    for (const type of types)
      seeded.push(
        await recordEvent(t.database.db, a.accountId, type, `test:${randomBase62(16)}`, await dataFor(a.accountId)),
      );
    const ids = (res: { body: { data: ApiEvent[] } }) => res.body.data.map((e) => e.id);

    const all = await t.api.get('/v1/events').set(auth(key));
    expect(ids(all)).toEqual(seeded.map((e) => e._id).reverse());
    expect(all.body.next_cursor).toBeNull();

    const failed = seeded
      .filter((e) => e.type === 'run.failed')
      .map((e) => e._id)
      .reverse();
    const page1 = await t.api.get('/v1/events?type=run.failed&limit=1').set(auth(key));
    expect(ids(page1)).toEqual([failed[0]]);
    const page2 = await t.api
      .get(`/v1/events?type=run.failed&limit=1&cursor=${encodeURIComponent(page1.body.next_cursor)}`)
      .set(auth(key));
    expect(ids(page2)).toEqual([failed[1]]);
    expect(page2.body.next_cursor).toBeNull();
    expect(ids(await t.api.get('/v1/events?type=run.refunded').set(auth(key)))).toEqual([]);

    // A cursor of one filter is refused by another list rather than silently skipping events.
    const other = await t.api
      .get(`/v1/events?type=run.succeeded&cursor=${encodeURIComponent(page1.body.next_cursor)}`)
      .set(auth(key));
    expect([other.status, other.body.error.code]).toEqual([400, 'invalid_request']);
  });

  it('answers 400 in the envelope to every bad query parameter', async () => {
    for (const [query, path] of [
      ['type=run.exploded', 'query.type'],
      ['type=run.failed&type=run.succeeded', 'query.type'],
      ['limit=0', 'query.limit'],
      ['limit=101', 'query.limit'],
      ['limit=ten', 'query.limit'],
      ['cursor=not-a-cursor', 'query.cursor'],
      [`cursor=${'x'.repeat(600)}`, 'query.cursor'],
    ]) {
      const res = await t.api.get(`/v1/events?${query}`).set(auth(key));
      expect([query, res.status, res.body.error?.code, res.body.error?.details?.[0]?.path]).toEqual([
        query,
        400,
        'invalid_request',
        path,
      ]);
      expect(res.body.error.request_id).toMatch(/^req_/);
    }
    const long = await t.api.get(`/v1/events/evt_${'x'.repeat(80)}`).set(auth(key));
    expect([long.status, long.body.error.code]).toEqual([400, 'invalid_request']);
    const unknown = await t.api.get(`/v1/events/${newId('event')}`).set(auth(key));
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found']);
  });
});

describe(`${EVENT_RETENTION_DAYS}-day retention`, () => {
  it('hides older events at once, the purge deletes them, and their deliveries cannot be retried', async () => {
    const now = Date.now();
    const old = await seedEvent(a.accountId, 'run.succeeded', new Date(now - (EVENT_RETENTION_DAYS * DAY + 60_000)));
    const kept = await seedEvent(
      a.accountId,
      'run.succeeded',
      new Date(now - (EVENT_RETENTION_DAYS * DAY - 3_600_000)),
    );
    const fresh = await seedEvent(a.accountId, 'run.failed');

    const list = await t.api.get('/v1/events').set(auth(key));
    expect(list.body.data.map((e: ApiEvent) => e.id)).toEqual([fresh._id, kept._id]);
    const typed = await t.api.get('/v1/events?type=run.succeeded').set(auth(key));
    expect(typed.body.data.map((e: ApiEvent) => e.id)).toEqual([kept._id]);
    expect((await t.api.get(`/v1/events/${old._id}`).set(auth(key))).status).toBe(404);
    expect((await t.api.get(`/v1/events/${kept._id}`).set(auth(key))).status).toBe(200);

    // A delivery of the expired event: there is no body left to send.
    const endpoint = await t.api.post('/v1/webhook-endpoints').set(auth(key)).send({ url: receiver.url() });
    const deliveryId = newId('webhookDelivery');
    await t.database.db.collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries).insertOne({
      _id: deliveryId,
      account_id: a.accountId,
      endpoint_id: endpoint.body.id,
      event_id: old._id,
      event_type: old.type,
      status: 'failed',
      attempts: [],
      created_at: old.created_at,
      finished_at: old.created_at,
    });
    const retry = await t.api.post(`/v1/webhook-deliveries/${deliveryId}/retry`).set(auth(key));
    expect([retry.status, retry.body.error.code]).toEqual([409, 'event_expired']);

    await purgeExpiredEvents(t.database.db);
    const events = t.database.db.collection<EventDoc>(COLLECTIONS.events);
    expect(await events.countDocuments({ _id: old._id })).toBe(0);
    expect(await events.countDocuments({ _id: { $in: [kept._id, fresh._id] } })).toBe(2);
  });
});

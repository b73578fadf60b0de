/**
 * GET /v1/events and /v1/events/{id} against the real stack: a client whose webhook endpoint stopped answering
 * pages back to the last event it processed and finds exactly the ones it missed, each identical to the delivery
 * body; the type filter, bad query parameters, the 30-day retention (reads and the purge), tenant isolation and
 * scopes; and an operator refund publishing `run.refunded` to the endpoints that subscribe to it.
 */
import { listBeforeInsert } from '../../domain/collections';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ulid } from 'ulid';
import { COLLECTIONS } from '../../domain/platform/db';
import {
  EVENT_LIST,
  EVENT_RETENTION_DAYS,
  purgeExpiredEvents,
  recordEvent,
  type EventDoc,
  type EventType,
} from '../../domain/webhooks/events';
import { createOnce } from '../../domain/store';
import { TenantDb } from '../../domain/store';
import { newId, randomBase62 } from '../../domain/platform/ids';
import { SCOPES } from '../../domain/access/scopes';
import type { WebhookDeliveryDoc } from '../../domain/webhooks/deliveries';
import { verifyWebhookSignature } from '../../domain/webhooks/signature';
import { createTestContext, type TestContext } from '../support/app';
import { commandsDuring, scans } from '../support/db-commands';
import { referenceReadyData } from '../support/events';
import { newAccount, type TestAccount } from '../support/identity';
import { makeWorkflow, waitForRun } from '../support/runs';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

let t: TestContext;
let a: TestAccount;
let key: string;
let receiver: WebhookReceiver;
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DAY = 86_400_000;

/**
 * The `data` of a real `run.succeeded`, for events seeded straight into the database: answers are checked against
 * the documented schema, so seeded events carry what the worker really records.
 */
let realData: Record<string, unknown>;
let ownerRunId: string;

beforeAll(async () => {
  t = await createTestContext();
  const owner = await newAccount(t);
  const token = await owner.key({ mode: 'test' });
  const created = await t.api
    .post(`/v1/workflows/${await makeWorkflow(t, token)}/runs`)
    .set(auth(token))
    .send({});
  await waitForRun(t, token, created.body.id);
  const events = t.database.db.collection<EventDoc>(COLLECTIONS.events);
  for (let waited = 0; !realData && waited < 30_000; waited += 100) {
    const event = await events.findOne({ dedupe_key: `run.succeeded:${created.body.id}` });
    if (event) realData = JSON.parse(event.data_json) as Record<string, unknown>;
    else await sleep(100);
  }
  if (!realData) throw new Error('the run.succeeded event was not recorded');
  ownerRunId = created.body.id as string;
});

/**
 * `realData` for an event of `accountId`: a copy of the real run stored under that account (same output object),
 * so the event reads as one of that account's own runs would — its `output_file` is signed from the run.
 */
async function dataFor(accountId: string): Promise<Record<string, unknown>> {
  const runs = t.database.db.collection<{ _id: string; account_id: string }>(COLLECTIONS.runs);
  const original = (await runs.findOne({ _id: ownerRunId }))!;
  const copy = { ...original, _id: newId('run'), account_id: accountId };
  await runs.insertOne(copy);
  return { ...realData, run: { ...(realData.run as object), id: copy._id } };
}
beforeEach(async () => {
  a = await newAccount(t);
  key = await a.key({ mode: 'test' });
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.close();
});
afterAll(async () => {
  await t.close();
});

type ApiEvent = {
  id: string;
  object: string;
  type: string;
  created_at: string;
  data: { run?: { id: string; status: string } };
};

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

/** A stored event, as recordEvent makes it, optionally back-dated (its id carries the same time, as real ids do). */
async function seedEvent(accountId: string, type: EventType, at = new Date()): Promise<EventDoc> {
  const doc: EventDoc = {
    _id: `evt_${ulid(at.getTime())}`,
    account_id: accountId,
    type,
    dedupe_key: `seed:${randomBase62(16)}`,
    data_json: JSON.stringify(await dataFor(accountId)),
    created_at: at,
  };
  // Stored as recordEvent stores it: listed first (domain/store/), then written.
  await listBeforeInsert(t.database.db, COLLECTIONS.events, [doc]);
  await t.database.db.collection<EventDoc>(COLLECTIONS.events).insertOne(doc);
  return doc;
}

function refundRun(runId: string) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', join(__dirname, '..', '..', 'scripts', 'ops.ts'), 'refund-run', runId],
    {
      env: process.env,
      encoding: 'utf8',
    },
  );
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

const refData = referenceReadyData;

describe('access', () => {
  it("never shows another account's events", async () => {
    const mine = await recordEvent(
      t.database.db,
      a.accountId,
      'run.succeeded',
      `test:${randomBase62(16)}`,
      await dataFor(a.accountId),
    );
    const b = await newAccount(t);
    const theirKey = await b.key({ mode: 'test' });
    const theirs = await recordEvent(
      t.database.db,
      b.accountId,
      'run.succeeded',
      `test:${randomBase62(16)}`,
      await dataFor(b.accountId),
    );

    expect((await t.api.get('/v1/events').set(auth(theirKey))).body.data.map((e: ApiEvent) => e.id)).toEqual([
      theirs._id,
    ]);
    expect((await t.api.get('/v1/events').set(auth(key))).body.data.map((e: ApiEvent) => e.id)).toEqual([mine._id]);
    const cross = await t.api.get(`/v1/events/${mine._id}`).set(auth(theirKey));
    expect([cross.status, cross.body.error.code]).toEqual([404, 'not_found']);
  });

  // An event carries its resource, so it is visible only with that resource's read scope.
  it('shows run.* events only to runs:read and reference_document.* only to reference_documents:read', async () => {
    const c = await newAccount(t);
    const run = await recordEvent(
      t.database.db,
      c.accountId,
      'run.succeeded',
      `test:${randomBase62(16)}`,
      await dataFor(c.accountId),
    );
    const ref = await recordEvent(
      t.database.db,
      c.accountId,
      'reference_document.ready',
      `test:${randomBase62(16)}`,
      refData(),
    );
    const ids = async (token: string, query = '') => {
      const res = await t.api.get(`/v1/events${query}`).set(auth(token));
      expect(res.status).toBe(200);
      return res.body.data.map((e: ApiEvent) => e.id);
    };
    const runsOnly = await c.key({ scopes: ['runs:read'] });
    const refsOnly = await c.key({ scopes: ['reference_documents:read'] });
    const both = await c.key({ scopes: ['runs:read', 'reference_documents:read'] });
    // Every scope but the four that read some kind of event (calibration.completed, review.completed among them).
    const readers: string[] = ['runs:read', 'reference_documents:read', 'calibrations:read', 'reviews:read'];
    const neither = await c.key({ scopes: SCOPES.filter((s) => !readers.includes(s)) });

    expect(await ids(runsOnly)).toEqual([run._id]);
    expect(await ids(refsOnly)).toEqual([ref._id]);
    expect(await ids(both)).toEqual([ref._id, run._id]);
    for (const path of ['/v1/events', `/v1/events/${run._id}`, `/v1/events/${ref._id}`]) {
      const refused = await t.api.get(path).set(auth(neither));
      expect([path, refused.status, refused.body.error.code]).toEqual([path, 403, 'insufficient_scope']);
    }
    // One event of a kind the key cannot read is as absent as another account's.
    expect((await t.api.get(`/v1/events/${run._id}`).set(auth(runsOnly))).status).toBe(200);
    expect((await t.api.get(`/v1/events/${ref._id}`).set(auth(runsOnly))).status).toBe(404);
    expect((await t.api.get(`/v1/events/${ref._id}`).set(auth(refsOnly))).status).toBe(200);
    expect((await t.api.get(`/v1/events/${run._id}`).set(auth(refsOnly))).status).toBe(404);
    // Asking for a kind by name that the key cannot read is refused, naming the scope.
    const named = await t.api.get('/v1/events?type=run.succeeded').set(auth(refsOnly));
    expect([named.status, named.body.error.code, named.body.error.message]).toEqual([
      403,
      'insufficient_scope',
      expect.stringContaining('runs:read'),
    ]);
    expect(await ids(refsOnly, '?type=reference_document.ready')).toEqual([ref._id]);
  });

  it('pages through only the visible kinds', async () => {
    const c = await newAccount(t);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        (
          await recordEvent(
            t.database.db,
            c.accountId,
            'run.failed',
            `test:${randomBase62(16)}`,
            await dataFor(c.accountId),
          )
        )._id,
      );
      await recordEvent(t.database.db, c.accountId, 'reference_document.ready', `test:${randomBase62(16)}`, refData());
    }
    const runsOnly = await c.key({ scopes: ['runs:read'] });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: { data: ApiEvent[]; next_cursor: string | null } } = await t.api
        .get(`/v1/events?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
        .set(auth(runsOnly));
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((e: ApiEvent) => e.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
  });
});

describe('recording once per dedupe key', () => {
  const events = () => t.database.db.collection<EventDoc>(COLLECTIONS.events);
  const listedIds = async () => {
    const res = await t.api.get('/v1/events?limit=100').set(auth(key));
    expect(res.status).toBe(200);
    return (res.body.data as ApiEvent[]).map((e) => e.id);
  };
  /** A recording retried after it succeeded (an activity retried): it answers `id`, asking the store only by `_id`. */
  async function expectFoundByIdAlone(dedupeKey: string, id: string, data: Record<string, unknown>) {
    const { result, commands } = await commandsDuring(t.config.mongodbUri, t.config.MONGODB_DB, (db) =>
      recordEvent(db, a.accountId, 'run.succeeded', dedupeKey, data),
    );
    expect(result._id).toBe(id);
    expect(scans(commands)).toEqual([]);
  }

  it('records one event when six recordings race, lists it once, and a retry finds it by _id alone', async () => {
    const dedupeKey = `test:${randomBase62(16)}`;
    const data = await dataFor(a.accountId);
    const raced = await Promise.all(
      Array.from({ length: 6 }, () => recordEvent(t.database.db, a.accountId, 'run.succeeded', dedupeKey, data)),
    );
    const id = raced[0]!._id;
    expect(raced.map((e) => e._id)).toEqual(Array(6).fill(id));
    expect(await events().countDocuments({ dedupe_key: dedupeKey })).toBe(1);
    expect(await listedIds()).toEqual([id]);
    await expectFoundByIdAlone(dedupeKey, id, data);
    expect(await listedIds()).toEqual([id]);
  });

  it('records the event under the id a writer took the key for and died before writing, once, where it would have listed it', async () => {
    const dedupeKey = `test:${randomBase62(16)}`;
    const data = await dataFor(a.accountId);
    const earlier = await recordEvent(t.database.db, a.accountId, 'run.failed', `test:${randomBase62(16)}`, data);
    // The dead writer: it took the key and listed the event, then died before writing it.
    const planned = {
      _id: newId('event'),
      account_id: a.accountId,
      type: 'run.succeeded' as const,
      dedupe_key: dedupeKey,
      data_json: '{}',
      created_at: new Date(Date.now() - 2000),
    };
    await expect(
      createOnce(t.database.db, EVENT_LIST, `event:${dedupeKey}`, planned, {
        insert: () => Promise.reject(new Error('the writer died')),
        findById: () => Promise.resolve(null),
        findUnkeyed: () => Promise.resolve(null),
      }),
    ).rejects.toThrow('the writer died');
    const later = await recordEvent(t.database.db, a.accountId, 'run.failed', `test:${randomBase62(16)}`, data);

    const raced = await Promise.all(
      Array.from({ length: 3 }, () => recordEvent(t.database.db, a.accountId, 'run.succeeded', dedupeKey, data)),
    );
    expect(raced.map((e) => [e._id, e.created_at.toISOString()])).toEqual(
      Array(3).fill([planned._id, planned.created_at.toISOString()]),
    );
    expect(await events().countDocuments({ dedupe_key: dedupeKey })).toBe(1);
    // Between the events recorded before and after the key was taken, as it would have been.
    expect(await listedIds()).toEqual([later._id, planned._id, earlier._id]);
    expect((await t.api.get(`/v1/events/${planned._id}`).set(auth(key))).body).toMatchObject({
      id: planned._id,
      type: 'run.succeeded',
    });
  });

  it('finds an event recorded before dedupe keys were taken, once, and by _id alone from then on', async () => {
    const seeded = await seedEvent(a.accountId, 'run.succeeded');
    const data = JSON.parse(seeded.data_json) as Record<string, unknown>;
    const found = await recordEvent(t.database.db, a.accountId, 'run.succeeded', seeded.dedupe_key, data);
    expect(found._id).toBe(seeded._id);
    expect(await events().countDocuments({ dedupe_key: seeded.dedupe_key })).toBe(1);
    expect(await listedIds()).toEqual([seeded._id]);
    await expectFoundByIdAlone(seeded.dedupe_key, seeded._id, data);
    expect(await listedIds()).toEqual([seeded._id]);
  });
});

describe('operator refund', () => {
  it('publishes run.refunded once, delivered only to endpoints that name it', async () => {
    const all = await t.api
      .post('/v1/webhook-endpoints')
      .set(auth(key))
      .send({ url: receiver.url('/all') });
    expect(all.body.events).not.toContain('run.refunded');
    const refunds = await t.api
      .post('/v1/webhook-endpoints')
      .set(auth(key))
      .send({ url: receiver.url('/refunds'), events: ['run.refunded'] });
    expect([refunds.status, refunds.body.events]).toEqual([201, ['run.refunded']]);
    const wf = await makeWorkflow(t, key);
    const created = await t.api.post(`/v1/workflows/${wf}/runs`).set(auth(key)).send({});
    expect((await waitForRun(t, key, created.body.id)).status).toBe('succeeded');
    await receiver.waitFor(1);

    const first = refundRun(created.body.id);
    expect([first.status, first.stdout]).toEqual([0, expect.stringContaining('refunded run')]);
    const [, req] = await receiver.waitFor(2);
    expect(req!.path).toBe('/refunds');
    expect(req!.headers['x-service-event']).toBe('run.refunded');
    expect(
      verifyWebhookSignature({
        payload: req!.rawBody,
        header: req!.headers['x-service-signature'] as string,
        secrets: refunds.body.secret,
        now: new Date(req!.at),
      }),
    ).toBe(true);
    const payload = JSON.parse(req!.rawBody.toString());
    expect(payload.data.run).toMatchObject({ id: created.body.id, status: 'refunded', charged_credits: 0 });

    const second = refundRun(created.body.id);
    expect([second.status, second.stdout]).toEqual([0, expect.stringContaining('already refunded')]);
    await sleep(1500); // a second delivery, or one to /all, would have arrived by now
    expect(receiver.received.map((r) => r.path)).toEqual(['/all', '/refunds']);

    const listed = await t.api.get('/v1/events?type=run.refunded').set(auth(key));
    expect(listed.body.data).toEqual([{ object: 'event', ...payload }]);
  });
});

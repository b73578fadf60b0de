/**
 * Recording events against the real stack: one event per dedupe key however writers race or die, and an operator
 * refund publishing `run.refunded` to the endpoints that subscribe to it.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { COLLECTIONS } from '../../domain/platform/db';
import { EVENT_LIST, recordEvent, type EventDoc } from '../../domain/webhooks/events';
import { createOnce } from '../../domain/store';
import { newId, randomBase62 } from '../../domain/platform/ids';
import { verifyWebhookSignature } from '../../domain/webhooks/signature';
import type { TestContext } from '../support/app';
import { commandsDuring, scans } from '../support/db-commands';
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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

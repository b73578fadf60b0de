/**
 * The access walk over events, from its OWN table of which read scope reveals which kind of event
 * (test/support/access-table.ts): for every kind of event and every scope, the event is listed and fetched only with
 * its resource's read scope, and a webhook endpoint is subscribed to it, re-pointed for it or redelivers it only with
 * that scope.
 */
import { recordEvent, type EventType } from '../../domain/webhooks/events';
import { randomBase62 } from '../../domain/platform/ids';
import { SCOPES } from '../../domain/access/scopes';
import { EVENT_SCOPE } from '../support/access-table';
import { disabledDelivery, runEvent, useAccessWalk, walker, type Walker } from '../support/access-walk';
import type { TestContext } from '../support/app';
import {
  batchCompletedData,
  calibrationCompletedData,
  referenceReadyData,
  reviewCompletedData,
} from '../support/events';

const walk = useAccessWalk();
let t: TestContext;
beforeAll(() => {
  ({ t } = walk);
});

describe('every kind of event, with every scope (docs/decisions.md 425)', () => {
  const kinds = Object.keys(EVENT_SCOPE) as EventType[];
  let events: Record<EventType, string>;
  let w: Walker;

  beforeAll(async () => {
    w = await walker();
    const run = await runEvent(w);
    const runData = JSON.parse(run.data_json) as Record<string, unknown>;
    const refData = referenceReadyData();
    events = {} as Record<EventType, string>;
    for (const kind of kinds) {
      if (kind === 'run.succeeded') {
        events[kind] = String(run._id);
        continue;
      }
      const data = kind.startsWith('run.')
        ? runData
        : kind === 'batch.completed'
          ? batchCompletedData()
          : kind === 'calibration.completed'
            ? calibrationCompletedData()
            : kind === 'review.completed'
              ? reviewCompletedData()
              : refData;
      events[kind] = (
        await recordEvent(t.database.db, w.account.accountId, kind, `walk:${randomBase62(16)}`, data)
      )._id;
    }
  });

  it('lists and fetches an event only for a key holding its read scope', async () => {
    for (const scope of SCOPES) {
      const token = await w.key([scope]);
      const list = await t.api.get('/v1/events?limit=100').set('Authorization', `Bearer ${token}`);
      const readsAnyEvents = Object.values(EVENT_SCOPE).includes(scope);
      if (!readsAnyEvents) expect([scope, list.status]).toEqual([scope, 403]);
      const listed = new Set<string>(readsAnyEvents ? list.body.data.map((e: { id: string }) => e.id) : []);
      for (const kind of kinds) {
        const visible = EVENT_SCOPE[kind] === scope;
        expect([scope, kind, listed.has(events[kind])]).toEqual([scope, kind, visible]);
        const one = await t.api.get(`/v1/events/${events[kind]}`).set('Authorization', `Bearer ${token}`);
        expect([scope, kind, one.status]).toEqual([scope, kind, visible ? 200 : readsAnyEvents ? 404 : 403]);
        const byType = await t.api.get(`/v1/events?type=${kind}`).set('Authorization', `Bearer ${token}`);
        expect([scope, kind, byType.status]).toEqual([scope, kind, visible ? 200 : 403]);
      }
    }
  });

  it('subscribes, re-points and redelivers an endpoint for an event kind only with that kind’s read scope', async () => {
    const all = await w.key();
    for (const kind of kinds) {
      // One endpoint subscribed to this kind (made with every scope) to re-point, and one delivery of it to retry.
      const endpoint = await t.api
        .post('/v1/webhook-endpoints')
        .set('Authorization', `Bearer ${all}`)
        .send({ url: 'http://127.0.0.1:9/a', events: [kind] });
      expect(endpoint.status).toBe(201);
      const delivery = await disabledDelivery(w, kind, events[kind]);
      for (const scope of SCOPES) {
        const token = await w.key(scope === 'webhooks:write' ? ['webhooks:write'] : ['webhooks:write', scope]);
        const allowed = EVENT_SCOPE[kind] === scope;

        const created = await t.api
          .post('/v1/webhook-endpoints')
          .set('Authorization', `Bearer ${token}`)
          .send({ url: 'http://127.0.0.1:9/b', events: [kind] });
        expect([kind, scope, 'subscribe', created.status]).toEqual([kind, scope, 'subscribe', allowed ? 201 : 403]);
        if (created.status === 201)
          await t.api.delete(`/v1/webhook-endpoints/${created.body.id}`).set('Authorization', `Bearer ${all}`);

        const patched = await t.api
          .patch(`/v1/webhook-endpoints/${endpoint.body.id}`)
          .set('Authorization', `Bearer ${token}`)
          .send({ url: `http://127.0.0.1:9/${scope.replace(':', '-')}` });
        expect([kind, scope, 're-point', patched.status]).toEqual([kind, scope, 're-point', allowed ? 200 : 403]);

        const retried = await t.api
          .post(`/v1/webhook-deliveries/${delivery}/retry`)
          .set('Authorization', `Bearer ${token}`);
        // Allowed: past authorization to the disabled endpoint's 409, and nothing is sent.
        expect([kind, scope, 'redeliver', retried.status]).toEqual([kind, scope, 'redeliver', allowed ? 409 : 403]);
      }
      await t.api.delete(`/v1/webhook-endpoints/${endpoint.body.id}`).set('Authorization', `Bearer ${all}`);
    }
  });
});

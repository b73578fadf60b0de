/**
 * An endpoint's deliveries list after the endpoint's deletion, through the API, on the
 * strategy this run chose (`.ci/run` runs this folder again with `LIST_STRATEGY=query`): every page, first or behind a
 * cursor, answers 404 — also when a fan-out that read the endpoint before its deletion inserts a delivery after it —
 * and the list's tombstone is seen by no other reader of the deliveries.
 */
import { COLLECTIONS } from '../../../domain/platform/db';
import { newId } from '../../../domain/platform/ids';
import { createOnce, listStrategy, prepareStore, TenantDb } from '../../../domain/store';
import { LISTS } from '../../../domain/collections';
import { DELIVERY_LIST, findDelivery, type WebhookDeliveryDoc } from '../../../domain/webhooks/deliveries';
import { DELIVERIES } from '../../../domain/webhooks/delivery-record';
import { purgeExpired } from '../../../domain/operations/reconciler';
import { createTestContext, type TestContext } from '../../support/app';
import { newAccount, type TestAccount } from '../../support/identity';

let t: TestContext;
let a: TestAccount;
let key: string;
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });

beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(async () => {
  a = await newAccount(t);
  key = await a.key({ mode: 'test' });
});
afterAll(async () => {
  await t.close();
});

const deliveriesCollection = () => t.database.db.collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries);

/** A delivery of a new event to `endpointId`, created as the fan-out creates one (create-once, listed by the store). */
async function deliver(endpointId: string): Promise<string> {
  const doc = {
    _id: newId('webhookDelivery'),
    account_id: a.accountId,
    endpoint_id: endpointId,
    event_id: newId('event'),
    event_type: 'run.succeeded' as const,
    status: 'succeeded' as const,
    attempts: [],
    created_at: new Date(),
    finished_at: new Date(),
  };
  const created = await createOnce(t.database.db, DELIVERY_LIST, `delivery:${doc.event_id}:${endpointId}`, doc, {
    insert: (d) => deliveriesCollection().insertOne(d),
    findById: (id) => deliveriesCollection().findOne({ _id: id }),
    findUnkeyed: () => deliveriesCollection().findOne({ event_id: doc.event_id, endpoint_id: endpointId }),
  });
  return created._id;
}

const page = (endpointId: string, query: Record<string, string | number> = {}) =>
  t.api
    .get(`/v1/webhook-endpoints/${endpointId}/deliveries`)
    .query({ limit: 2, ...query })
    .set(auth(key));

async function endpoint(): Promise<string> {
  const res = await t.api.post('/v1/webhook-endpoints').set(auth(key)).send({ url: 'http://127.0.0.1:9/hook' });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

it("answers 404 for every page of a deleted endpoint's deliveries, even for a delivery inserted after the deletion", async () => {
  const id = await endpoint();
  const made = [await deliver(id), await deliver(id), await deliver(id)];
  const first = await page(id);
  expect(first.status).toBe(200);
  expect(first.body.data.map((d: { id: string }) => d.id)).toEqual([made[2], made[1]]);
  const cursor = first.body.next_cursor as string;
  expect((await page(id, { cursor })).body.data.map((d: { id: string }) => d.id)).toEqual([made[0]]);

  expect((await t.api.delete(`/v1/webhook-endpoints/${id}`).set(auth(key))).status).toBe(200);
  for (const res of [await page(id), await page(id, { cursor })]) {
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  }
  // The race the tombstone closes: a fan-out that read the endpoint before its deletion inserts after it.
  await deliver(id);
  for (const res of [await page(id), await page(id, { cursor }), await page(id, { limit: 100 })])
    expect(res.status).toBe(404);
  // A DELETE again: 404, and still one tombstone.
  expect((await t.api.delete(`/v1/webhook-endpoints/${id}`).set(auth(key))).status).toBe(404);
  expect(await deliveriesCollection().countDocuments({ endpoint_id: id, list_closed: true } as never)).toBe(1);
});

it('answers a live endpoint whose deletion stopped after its tombstone as before, and keeps the tombstone from other readers', async () => {
  const id = await endpoint();
  const made = [await deliver(id), await deliver(id), await deliver(id)];
  const tenant = new TenantDb(t.database.db, a.accountId);
  await DELIVERIES.steps.closeList(tenant, id);
  const first = await page(id);
  expect(first.status).toBe(200);
  expect(first.body.data.map((d: { id: string }) => d.id)).toEqual([made[2], made[1]]);
  const next = await page(id, { cursor: first.body.next_cursor as string });
  expect(next.body).toMatchObject({ data: [{ id: made[0] }], next_cursor: null });
  // An empty page of a live endpoint with a tombstone: still 200.
  const empty = await endpoint();
  await DELIVERIES.steps.closeList(tenant, empty);
  expect((await page(empty)).body).toEqual({ data: [], next_cursor: null });

  // Other readers: by id (a redelivery, a delivery's job), and the retention purge, which keeps it.
  const tombstone = await deliveriesCollection().findOne({ endpoint_id: id, list_closed: true } as never);
  expect(tombstone).not.toBeNull();
  expect(await findDelivery(t.database.db, a.accountId, tombstone!._id)).toBeNull();
  const retry = await t.api.post(`/v1/webhook-deliveries/${tombstone!._id}/retry`).set(auth(key));
  expect([400, 404]).toContain(retry.status);
  await purgeExpired(t.database.db, new Date(Date.now() + 365 * 86_400_000));
  expect(await deliveriesCollection().findOne({ _id: tombstone!._id })).not.toBeNull();
  // The retried DELETE completes the deletion.
  expect((await t.api.delete(`/v1/webhook-endpoints/${id}`).set(auth(key))).status).toBe(200);
  expect((await page(id)).status).toBe(404);
});

it('gives an endpoint deleted before tombstones existed its tombstone once, at start-up', async () => {
  const id = await endpoint();
  await deliver(id);
  // Deleted as before this change: the list's mark withdrawn, the endpoint deleted, no tombstone.
  await DELIVERIES.steps.markScope(new TenantDb(t.database.db, a.accountId), id, false);
  await t.database.db
    .collection(COLLECTIONS.webhookEndpoints)
    .updateOne({ _id: id as never }, { $set: { deleted_at: new Date() } });
  await t.database.db.collection(COLLECTIONS.listPages).deleteOne({ _id: 'closed:v1:deliveries' as never });
  await prepareStore(t.database.db, listStrategy(), LISTS);
  expect(await deliveriesCollection().countDocuments({ endpoint_id: id, list_closed: true } as never)).toBe(1);
  await deliver(id);
  expect((await page(id)).status).toBe(404);
  expect(
    await t.database.db.collection(COLLECTIONS.listPages).findOne({ _id: 'closed:v1:deliveries' as never }),
  ).not.toBeNull();
});

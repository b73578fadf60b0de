/**
 * An account's webhook endpoints read through its roster, against the real database: an event fans out without a
 * query over other accounts' endpoints, endpoints from before rosters are found at the first read, the hourly sweep
 * takes in an endpoint written without one, and what a crash leaves on a roster is skipped.
 */
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../../domain/platform/db';
import { newId, randomBase62 } from '../../domain/platform/ids';
import { sealSecret } from '../../domain/platform/secret-box';
import { TenantDb } from '../../domain/store';
import {
  createWebhookEndpoint,
  ENDPOINTS,
  listWebhookEndpoints,
  sweepEndpointRosters,
  type WebhookEndpointDoc,
} from '../../domain/webhooks/endpoints';
import { publishEvent } from '../../domain/webhooks/publish-event';
import type { TestContext } from '../support/app';
import { commandsDuring, scans } from '../support/db-commands';
import type { TestAccount } from '../support/identity';
import type { WebhookReceiver } from '../support/webhook-receiver';
import { auth, useWebhookStack, verified, webhookHelpers } from '../support/webhooks';

const enrolEndpoint = (tenant: TenantDb, id: string) => ENDPOINTS.steps.enrol('undeleted', tenant, id);
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

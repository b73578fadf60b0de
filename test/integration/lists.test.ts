/**
 * Paged lists read through the store's lists (domain/store/): what a client
 * paging through them sees across many pages and concurrent creations, with statuses that change between reads,
 * between accounts and keys, for items written before list indexes existed, and after a crash between an item's
 * entry and the item.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Document } from 'mongodb';
import { COLLECTIONS } from '../../domain/platform/db';
import { newId, randomBase62 } from '../../domain/platform/ids';
import { TenantDb } from '../../domain/store';
import { LIST_PAGE_SIZE, lists, prepareStore } from '../../domain/store';
import {
  EVENT_LIST,
  EVENT_RETENTION_DAYS,
  purgeExpiredEvents,
  recordEvent,
  type EventDoc,
} from '../../domain/webhooks/events';
import { DELIVERY_LIST, type WebhookDeliveryDoc } from '../../domain/webhooks/deliveries';
import { purgeExpired } from '../../domain/operations/reconciler';
import { LISTS } from '../../domain/collections';
import { WORKFLOW_LIST, type EvaluationWorkflowDoc } from '../../domain/evaluation-workflows/evaluation-workflows';
import { testNamespaces } from '../support/env';
import { createTestContext, type TestContext } from '../support/app';
import { newAccount, type TestAccount } from '../support/identity';
import { makeWorkflow, waitForRun } from '../support/runs';
import { referenceReadyData } from '../support/events';

let t: TestContext;
/** No worker polls this namespace: its runs stay queued until canceled. */
let idle: TestContext;
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });

beforeAll(async () => {
  t = await createTestContext();
  idle = await createTestContext({ TEMPORAL_NAMESPACE: testNamespaces().idle });
});
/** A fresh account and a test key, local to each test, so a test that overruns cannot write into the next one's. */
async function fresh(): Promise<{ a: TestAccount; key: string }> {
  const a = await newAccount(t);
  return { a, key: await a.key({ mode: 'test' }) };
}
afterAll(async () => {
  await idle.close();
  await t.close();
});

type Item = { id: string; name?: string; status?: string };

/** Every page of `path` (limit `limit`), calling `between` after each page read; answers the ids page by page. */
async function pageThrough(
  ctx: TestContext,
  token: string,
  path: string,
  limit: number,
  between: (page: number) => Promise<void> = async () => undefined,
) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res: { status: number; body: { data: Item[]; next_cursor: string | null } } = await ctx.api
      .get(`${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      .set(auth(token));
    expect(res.status).toBe(200);
    pages.push(res.body.data.map((i) => i.id));
    cursor = res.body.next_cursor;
    await between(pages.length);
    if (pages.length > 100) throw new Error('the cursor never ends');
  } while (cursor);
  return pages;
}

const newestFirst = (ids: string[]) => [...ids].sort().reverse();

describe('paging', () => {
  it('shows every workflow exactly once, newest first, across many pages while others are created between reads', async () => {
    const { a, key } = await fresh();
    const made: string[] = [];
    for (let i = 0; i < 20; i++) made.push(await makeWorkflow(t, key, { name: `w${i}` }));
    const during: string[] = [];
    const pages = await pageThrough(t, key, '/v1/workflows', 3, async () => {
      during.push(await makeWorkflow(t, key, { name: 'between' }));
    });
    expect(pages.slice(0, -1).every((p) => p.length === 3)).toBe(true);
    // Created after the first page was read: newer than its cursor, so never on a later page.
    expect(pages.flat()).toEqual(newestFirst(made));
    const all = await pageThrough(t, key, '/v1/workflows', 100);
    expect(all.flat()).toEqual(newestFirst([...made, ...during]));
  });

  it('lists workflows created concurrently (many in the same millisecond) once each', async () => {
    const { a, key } = await fresh();
    const made = await Promise.all(Array.from({ length: 16 }, (_, i) => makeWorkflow(t, key, { name: `c${i}` })));
    const pages = await pageThrough(t, key, '/v1/workflows', 4);
    expect(new Set(pages.flat()).size).toBe(16);
    expect([...pages.flat()].sort()).toEqual([...made].sort());
  });

  it('shows a renamed workflow with its new name and drops a deleted one, after the list was read once', async () => {
    const { a, key } = await fresh();
    const [w1, w2, w3] = [
      await makeWorkflow(t, key, { name: 'one' }),
      await makeWorkflow(t, key, { name: 'two' }),
      await makeWorkflow(t, key, { name: 'three' }),
    ];
    // Read twice: the second read is served from the snapshots the first one kept.
    await t.api.get('/v1/workflows').set(auth(key)).expect(200);
    await t.api.get('/v1/workflows').set(auth(key)).expect(200);
    await t.api.patch(`/v1/workflows/${w2}`).set(auth(key)).send({ name: 'renamed', status: 'paused' }).expect(200);
    await t.api.delete(`/v1/workflows/${w1}`).set(auth(key)).expect(200);
    for (let read = 0; read < 2; read++) {
      const list = await t.api.get('/v1/workflows').set(auth(key));
      expect(list.body.data.map((w: Item) => [w.id, w.name, w.status])).toEqual([
        [w3, 'three', 'active'],
        [w2, 'renamed', 'paused'],
      ]);
    }
  });

  it('answers 400 for a cursor of another list or another filter', async () => {
    const { a, key } = await fresh();
    for (let i = 0; i < 3; i++) await makeWorkflow(t, key);
    const first = await t.api.get('/v1/workflows?limit=1').set(auth(key));
    const cursor = encodeURIComponent(first.body.next_cursor as string);
    expect((await t.api.get(`/v1/runs?cursor=${cursor}`).set(auth(key))).status).toBe(400);
    expect((await t.api.get(`/v1/reference-documents?cursor=${cursor}`).set(auth(key))).status).toBe(400);
  });
});

describe('runs by status', () => {
  it('keeps status filters right as runs move on, including after an operator refund of a listed run', async () => {
    const { a, key } = await fresh();
    const idleKey = key;
    const wf = await makeWorkflow(t, key);
    // Queued (no worker in the idle namespace), then one canceled.
    const queued: string[] = [];
    for (let i = 0; i < 3; i++)
      queued.push((await idle.api.post(`/v1/workflows/${wf}/runs`).set(auth(idleKey)).send({})).body.id);
    const done: string[] = [];
    for (let i = 0; i < 2; i++) {
      const created = await t.api.post(`/v1/workflows/${wf}/runs`).set(auth(key)).send({});
      done.push((await waitForRun(t, key, created.body.id)).id);
    }
    const ids = async (query: string) => (await pageThrough(t, key, `/v1/runs?${query}`, 2)).flat();
    expect(await ids('status=queued')).toEqual(newestFirst(queued));
    expect(await ids('status=succeeded')).toEqual(newestFirst(done));

    await idle.api.post(`/v1/runs/${queued[1]}/cancel`).set(auth(key)).expect(200);
    expect(await ids('status=queued')).toEqual(newestFirst([queued[0]!, queued[2]!]));
    expect(await ids('status=canceled')).toEqual([queued[1]]);

    // The succeeded run has been listed (its snapshot kept); the refund must not leave the list showing `succeeded`.
    const refund = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(__dirname, '..', '..', 'scripts', 'ops.ts'), 'refund-run', done[0]!],
      { env: process.env, encoding: 'utf8' },
    );
    expect(refund.status).toBe(0);
    expect(await ids('status=succeeded')).toEqual([done[1]]);
    expect(await ids('status=refunded')).toEqual([done[0]]);
    const all = await t.api.get('/v1/runs').set(auth(key));
    expect(all.body.data.find((r: Item) => r.id === done[0]).status).toBe('refunded');
    expect(await ids(`workflow_id=${wf}`)).toEqual(newestFirst([...queued, ...done]));
    expect(await ids(`workflow_id=${wf}&status=canceled`)).toEqual([queued[1]]);
  });
});

describe('isolation', () => {
  it("never shows another account's items, and shows an account's items to all of its keys (test and live)", async () => {
    const { a, key } = await fresh();
    const b = await newAccount(t);
    const bKey = await b.key({ mode: 'test' });
    const mine = await makeWorkflow(t, key);
    const theirs = await makeWorkflow(t, bKey);
    const liveKey = await a.key({ mode: 'live' });
    expect((await pageThrough(t, key, '/v1/workflows', 10)).flat()).toEqual([mine]);
    expect((await pageThrough(t, liveKey, '/v1/workflows', 10)).flat()).toEqual([mine]);
    expect((await pageThrough(t, bKey, '/v1/workflows', 10)).flat()).toEqual([theirs]);
    // A cursor of one account's list is refused on another's, and lists nothing of the first.
    for (let i = 0; i < 2; i++) await makeWorkflow(t, key);
    const page = await t.api.get('/v1/workflows?limit=1').set(auth(key));
    const other = await t.api
      .get(`/v1/workflows?cursor=${encodeURIComponent(page.body.next_cursor as string)}`)
      .set(auth(bKey));
    expect(other.body.data?.map((w: Item) => w.id) ?? []).not.toContain(mine);
  });
});

describe('settling', () => {
  it('lists items stored before list indexes once the backfill ran, after newer ones, and only once when it runs again', async () => {
    const { a, key } = await fresh();
    const workflows = t.database.db.collection<Document>(COLLECTIONS.workflows);
    const template = await workflows.findOne({ _id: (await makeWorkflow(t, key, { name: 'template' })) as never });
    // More than one bulk write command may carry on the embedded store (about 100 changes in one hang it).
    const legacy = Array.from({ length: 120 }, () => newId('workflow'));
    const { list_pos: _pos, ...doc } = template!;
    await workflows.insertMany(legacy.map((id, i) => ({ ...doc, _id: id as never, name: `legacy ${i}` })));
    const markers = t.database.db.collection<Document>(COLLECTIONS.listPages);
    await markers.deleteMany({ _id: { $in: ['backfill:v1:workflows'] } as never });
    expect((await prepareStore(t.database.db, 'pages', LISTS)).placed).toBeGreaterThanOrEqual(120);
    await markers.deleteMany({ _id: { $in: ['backfill:v1:workflows'] } as never });
    await prepareStore(t.database.db, 'pages', LISTS);
    const listed = (await pageThrough(t, key, '/v1/workflows', 50)).flat();
    expect(listed).toEqual([String(template!._id), ...newestFirst(legacy)]);
  });

  it('shows an item once when its creation was retried after a crash, and nothing for an entry whose item was never written', async () => {
    const { a, key } = await fresh();
    const tenant = new TenantDb(t.database.db, a.accountId);
    const template = (await t.database.db
      .collection<EvaluationWorkflowDoc>(COLLECTIONS.workflows)
      .findOne({ _id: await makeWorkflow(t, key, { name: 'real' }) }))!;
    const { account_id: _a, list_pos: _p, ...unlisted } = template;
    // A creation that crashed after listing its item: an entry, no item.
    await lists().place(tenant, WORKFLOW_LIST, { ...unlisted, _id: newId('workflow') });
    // A creation that crashed after listing, retried with the same id: two entries, one item.
    const retried = { ...unlisted, _id: newId('workflow'), name: 'retried' };
    await lists().place(tenant, WORKFLOW_LIST, retried);
    const pos = await lists().place(tenant, WORKFLOW_LIST, retried);
    await tenant.collection<EvaluationWorkflowDoc>(COLLECTIONS.workflows).insertOne({ ...retried, list_pos: pos });
    for (const limit of [1, 2, 10]) {
      expect((await pageThrough(t, key, '/v1/workflows', limit)).flat()).toEqual([retried._id, template._id]);
    }
  });
});

describe('retention', () => {
  const longAgo = () => new Date(Date.now() - (EVENT_RETENTION_DAYS + 10) * 86_400_000);
  const pageIds = (accountId: string, list: string, ...ps: number[]) =>
    ps.flatMap((p) => [`${accountId}:${list}:${p}`, `${accountId}:${list}:${p}:s`]);
  const existing = async (ids: string[]) =>
    (
      await Promise.all(
        ids.map((_id) => t.database.db.collection<Document>(COLLECTIONS.listPages).findOne({ _id: _id as never })),
      )
    ).filter(Boolean).length;
  const head = (accountId: string, list: string) =>
    t.database.db.collection<Document>(COLLECTIONS.listPages).findOne({ _id: `${accountId}:${list}:h` as never });

  it("deletes an event list's pages once their events are purged, and lists the rest as before", async () => {
    const { a, key } = await fresh();
    // 70 events past retention fill pages 0 and 1 and begin page 2; five recent ones follow in page 2.
    const old: EventDoc[] = Array.from({ length: 70 }, (_, i) => ({
      _id: newId('event'),
      account_id: a.accountId,
      type: 'reference_document.ready',
      dedupe_key: `old:${randomBase62(12)}:${i}`,
      data_json: JSON.stringify(referenceReadyData()),
      created_at: longAgo(),
    }));
    await lists().placeMany(t.database.db, EVENT_LIST, old);
    await t.database.db.collection<EventDoc>(COLLECTIONS.events).insertMany(old);
    const recent: string[] = [];
    for (let i = 0; i < 5; i++)
      recent.unshift(
        (
          await recordEvent(
            t.database.db,
            a.accountId,
            'reference_document.ready',
            `new:${randomBase62(12)}`,
            referenceReadyData(),
          )
        )._id,
      );
    expect(LIST_PAGE_SIZE).toBe(32);
    expect(await existing(pageIds(a.accountId, 'events', 0, 1, 2))).toBe(6);

    await purgeExpiredEvents(t.database.db);
    expect(await existing(pageIds(a.accountId, 'events', 0, 1))).toBe(0);
    expect(await existing(pageIds(a.accountId, 'events', 2))).toBe(2);
    expect((await head(a.accountId, 'events'))?.floor).toBe(64);
    for (const limit of [2, 5, 20]) expect((await pageThrough(t, key, '/v1/events', limit)).flat()).toEqual(recent);

    // Again: nothing more to delete, nothing listed differently.
    await purgeExpiredEvents(t.database.db);
    expect(await existing(pageIds(a.accountId, 'events', 2))).toBe(2);
    expect((await pageThrough(t, key, '/v1/events', 3)).flat()).toEqual(recent);
  });

  it("lets an endpoint's deliveries list answer for the endpoint while it exists, and answers 404 once it is deleted", async () => {
    const { a, key } = await fresh();
    const deliveries = (id: string, k = key) => t.api.get(`/v1/webhook-endpoints/${id}/deliveries`).set(auth(k));
    const create = async () =>
      (await t.api.post('/v1/webhook-endpoints').set(auth(key)).send({ url: 'http://127.0.0.1:9/hook' })).body
        .id as string;
    const marked = await create();
    expect((await head(a.accountId, `deliveries:${marked}`))?.live).toBe(true);
    // A list from before the mark (or whose mark failed to be written) looks the endpoint up instead.
    const unmarked = await create();
    await t.database.db
      .collection<Document>(COLLECTIONS.listPages)
      .updateOne({ _id: `${a.accountId}:deliveries:${unmarked}` as never }, { $unset: { live: '' } });
    for (const id of [marked, unmarked])
      expect(await deliveries(id)).toMatchObject({ status: 200, body: { data: [], next_cursor: null } });
    // Another account's key finds neither: its own head for that id does not exist, and the lookup is scoped.
    const other = await fresh();
    expect((await deliveries(marked, other.key)).status).toBe(404);

    for (const id of [marked, unmarked])
      expect((await t.api.delete(`/v1/webhook-endpoints/${id}`).set(auth(key))).status).toBe(200);
    expect((await head(a.accountId, `deliveries:${marked}`))?.live).toBeUndefined();
    for (const id of [marked, unmarked]) expect((await deliveries(id)).body.error?.code).toBe('not_found');
  });

  it("keeps an endpoint's delivery pages while one of their deliveries remains, and deletes them once none does", async () => {
    const { a, key } = await fresh();
    const endpoint = await t.api.post('/v1/webhook-endpoints').set(auth(key)).send({ url: 'http://127.0.0.1:9/hook' });
    expect(endpoint.status).toBe(201);
    const list = `deliveries:${endpoint.body.id}`;
    // 41 deliveries past retention (pages 0 and 1); the oldest still pending, which the purge never deletes. No
    // reconciler looks at their namespace, so nothing else touches them.
    const delivery = (status: WebhookDeliveryDoc['status']): WebhookDeliveryDoc => ({
      _id: newId('webhookDelivery'),
      account_id: a.accountId,
      endpoint_id: endpoint.body.id,
      event_id: newId('event'),
      event_type: 'run.failed',
      status,
      attempts: [],
      created_at: longAgo(),
      finished_at: status === 'pending' ? null : longAgo(),
      job_namespace: 'nobody-reconciles-this',
    });
    // Positions follow ids: the oldest (lowest id) is the pending one.
    const docs = Array.from({ length: 41 }, () => delivery('failed')).sort((x, y) => (x._id < y._id ? -1 : 1));
    const pending = Object.assign(docs[0]!, { status: 'pending' as const, finished_at: null });
    await lists().placeMany(t.database.db, DELIVERY_LIST, docs);
    await t.database.db.collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries).insertMany(docs);
    expect(docs.map((d) => d.list_pos).sort((x, y) => x! - y!)[0]).toBe(pending.list_pos);

    await purgeExpired(t.database.db);
    // The pending delivery keeps page 0, and so the page above it.
    expect(await existing(pageIds(a.accountId, list, 0, 1))).toBe(4);
    expect((await pageThrough(t, key, `/v1/webhook-endpoints/${endpoint.body.id}/deliveries`, 10)).flat()).toEqual([
      pending._id,
    ]);

    await t.database.db
      .collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries)
      .updateOne({ _id: pending._id }, { $set: { status: 'failed', finished_at: longAgo() } });
    await purgeExpired(t.database.db);
    // Page 1 is the newest: positions are still handed out into it, so it stays.
    expect(await existing(pageIds(a.accountId, list, 0))).toBe(0);
    expect(await existing(pageIds(a.accountId, list, 1))).toBe(2);
    expect((await head(a.accountId, list))?.floor).toBe(32);
    expect((await pageThrough(t, key, `/v1/webhook-endpoints/${endpoint.body.id}/deliveries`, 10)).flat()).toEqual([]);
  });
});

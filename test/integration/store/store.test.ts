/**
 * The store's interfaces (domain/store/) on the strategy this run chose: `auto` in `npm test` (`pages` on the
 * embedded store), and again with LIST_STRATEGY=query in .ci/run. Lists, memberships, create-once, and a switch of
 * strategy either way over the same data.
 */
import type { Db } from 'mongodb';
import { COLLECTIONS, ensureIndexes } from '../../../domain/platform/db';
import { newId } from '../../../domain/platform/ids';
import { Cursors } from '../../../domain/http/pagination';
import { TenantDb } from '../../../domain/store';
import { RUN_LIST } from '../../../domain/runs/list';
import type { RunDoc } from '../../../domain/runs/run-doc';
import { LIST_INDEXES, LISTS } from '../../../domain/collections';
import { EVENT_LIST, listEvents, recordEvent } from '../../../domain/webhooks/events';
import { accountEndpoints as rosterEndpoints, ENDPOINTS } from '../../../domain/webhooks/endpoints';
import {
  findByIds,
  forgetListedItems,
  lists,
  listStrategy,
  prepareStore,
  type ListFilter,
  type ListStrategy,
} from '../../../domain/store';
import { createTestContext, type TestContext } from '../../support/app';

let t: TestContext;
const cursors = new Cursors('store-test-secret');

beforeAll(async () => {
  t = await createTestContext();
  // The strategy under test is the one this run chose: LIST_STRATEGY, or what `auto` made of the server.
  expect(listStrategy()).toBe(process.env.LIST_STRATEGY === 'query' ? 'query' : 'pages');
});
afterAll(async () => {
  await t.close();
});

const account = () => `acct_store_${newId('run').slice(4)}`;

async function createRun(db: Db, accountId: string, status: string, strategy?: ListStrategy): Promise<RunDoc> {
  const tenant = new TenantDb(db, accountId);
  const doc = { _id: newId('run'), workflow_id: 'wf_x', status, admission: 'admitted', created_at: new Date() };
  const list_pos = await lists(strategy).place(tenant, RUN_LIST, doc as never);
  return (await tenant
    .collection<RunDoc>(COLLECTIONS.runs)
    .insertOne({ ...doc, list_pos } as never)) as unknown as RunDoc;
}

async function pageAll(
  db: Db,
  accountId: string,
  filter: ListFilter,
  limit: number,
  strategy?: ListStrategy,
  ascending = false,
) {
  const tenant = new TenantDb(db, accountId);
  const ids: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await lists(strategy).read<RunDoc>(tenant, RUN_LIST, {
      scope: '',
      page: { limit, cursor },
      cursors,
      cursorScope: `runs:${ascending ? 'up' : ''}:${String(filter.status ?? '')}`,
      filter,
      ascending,
    });
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((r) => r._id));
    if (!page.next_cursor) return ids;
    cursor = page.next_cursor;
  }
}

describe('lists', () => {
  it('pages through an account’s items newest first, each once, filtered as they are now', async () => {
    const a = account();
    const made: RunDoc[] = [];
    for (let i = 0; i < 41; i++) made.push(await createRun(t.database.db, a, i % 3 === 0 ? 'succeeded' : 'queued'));
    await createRun(t.database.db, account(), 'succeeded'); // another account's
    const tenant = new TenantDb(t.database.db, a);
    const runs = tenant.collection<RunDoc>(COLLECTIONS.runs);
    // One run changes status, one leaves the list for good.
    await lists().change(tenant, RUN_LIST, made[1]!, () =>
      runs.updateOne({ _id: made[1]!._id }, { $set: { status: 'succeeded' } }),
    );
    await lists().change(tenant, RUN_LIST, made[3]!, () => runs.deleteOne({ _id: made[3]!._id }), { remove: true });
    forgetListedItems();
    const newestFirst = made.map((r) => r._id).reverse();
    const kept = newestFirst.filter((id) => id !== made[3]!._id);
    expect(await pageAll(t.database.db, a, { admission: 'admitted' }, 7)).toEqual(kept);
    const succeeded = made
      .filter((r, i) => i !== 3 && (i % 3 === 0 || i === 1))
      .map((r) => r._id)
      .reverse();
    expect(await pageAll(t.database.db, a, { admission: 'admitted', status: 'succeeded' }, 4)).toEqual(succeeded);
    // Oldest first: the same items the other way, across the list's pages, each once.
    expect(await pageAll(t.database.db, a, { admission: 'admitted' }, 7, undefined, true)).toEqual([...kept].reverse());
    expect(await pageAll(t.database.db, a, { admission: 'admitted', status: 'succeeded' }, 4, undefined, true)).toEqual(
      [...succeeded].reverse(),
    );
  });

  it('refuses a read whose filter shape the list did not declare (no index is known to serve it)', async () => {
    await expect(pageAll(t.database.db, account(), { admission: 'admitted', name: 'x' }, 5)).rejects.toThrow(
      /not declared/,
    );
  });
});

const enrolEndpoint = (tenant: TenantDb, id: string) => ENDPOINTS.steps.enrol('undeleted', tenant, id);
const withdrawEndpoint = (tenant: TenantDb, id: string) => ENDPOINTS.steps.withdraw('undeleted', tenant, id);

describe('memberships', () => {
  it('answers an account’s members, not another’s, without the ones that left', async () => {
    const a = account();
    const tenant = new TenantDb(t.database.db, a);
    const endpoints = tenant.collection<{ _id: string; account_id: string; deleted_at: Date | null }>(
      COLLECTIONS.webhookEndpoints,
    );
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = newId('webhookEndpoint');
      await enrolEndpoint(tenant, id);
      await endpoints.insertOne({ _id: id, deleted_at: null });
      ids.push(id);
    }
    const other = new TenantDb(t.database.db, account());
    await enrolEndpoint(other, 'we_other');
    await other.collection(COLLECTIONS.webhookEndpoints).insertOne({ _id: 'we_other' as never, deleted_at: null });
    await endpoints.updateOne({ _id: ids[1]! }, { $set: { deleted_at: new Date() } });
    await withdrawEndpoint(tenant, ids[1]!);
    expect((await rosterEndpoints(tenant)).map((e) => e._id).sort()).toEqual([ids[0], ids[2]].sort());
    expect((await findByIds(endpoints, [ids[2]!, 'we_other', ids[0]!])).map((e) => e._id).sort()).toEqual(
      [ids[0], ids[2]].sort(),
    );
  });
});

describe('create-once', () => {
  it('creates an item once under concurrent writers of the same natural key, and lists it once', async () => {
    const a = account();
    const key = `store-test:${newId('event')}`;
    const made = await Promise.all(
      Array.from({ length: 5 }, () => recordEvent(t.database.db, a, 'run.succeeded', key, { id: 'run_x' })),
    );
    expect(new Set(made.map((e) => e._id)).size).toBe(1);
    expect(await t.database.db.collection(COLLECTIONS.events).countDocuments({ dedupe_key: key })).toBe(1);
    const listed = await listEvents(new TenantDb(t.database.db, a), { limit: 10 }, cursors);
    expect(listed.items.map((e) => e._id)).toEqual([made[0]!._id]);
    expect(EVENT_LIST.collection).toBe(COLLECTIONS.events);
  });
});

describe('switching strategy', () => {
  let db: Db;
  beforeAll(async () => {
    db = t.database.client.db(`${t.config.MONGODB_DB}_switch`);
    await db.dropDatabase();
  });
  afterAll(async () => {
    await db.dropDatabase();
    // Back to the run's own strategy for the files after this one.
    await prepareStore(t.database.db, t.config.LIST_STRATEGY, LISTS);
  });

  it('reads data and cursors written under this strategy the same under the other, after its start-up', async () => {
    const here = listStrategy();
    const there: ListStrategy = here === 'pages' ? 'query' : 'pages';
    await prepareStore(db, here, LISTS, (s) => ensureIndexes(db, s === 'query' ? { lists: LIST_INDEXES } : {}));
    const a = account();
    const made: string[] = [];
    for (let i = 0; i < 23; i++) made.push((await createRun(db, a, 'queued', here))._id);
    const tenant = new TenantDb(db, a);
    const first = await lists(here).read<RunDoc>(tenant, RUN_LIST, {
      scope: '',
      page: { limit: 10 },
      cursors,
      cursorScope: 'runs::',
      filter: { admission: 'admitted' },
    });
    // The other strategy starts on the same database (a deployment switching), and goes on from the cursor.
    await prepareStore(db, there, LISTS, (s) => ensureIndexes(db, s === 'query' ? { lists: LIST_INDEXES } : {}));
    forgetListedItems();
    const rest = await lists(there).read<RunDoc>(tenant, RUN_LIST, {
      scope: '',
      page: { limit: 100, cursor: first.next_cursor! },
      cursors,
      cursorScope: 'runs::',
      filter: { admission: 'admitted' },
    });
    expect([...first.items, ...rest.items].map((r) => r._id)).toEqual([...made].reverse());
    // Created under the other strategy now; and back again (its start-up rebuilds what it keeps): listed first.
    const next = await createRun(db, a, 'queued', there);
    expect((await pageAll(db, a, { admission: 'admitted' }, 50, there))[0]).toBe(next._id);
    await prepareStore(db, here, LISTS, (s) => ensureIndexes(db, s === 'query' ? { lists: LIST_INDEXES } : {}));
    forgetListedItems();
    expect(await pageAll(db, a, { admission: 'admitted' }, 7, here)).toEqual([next._id, ...made.reverse()]);
  });
});

/**
 * The `query` strategy against `pages` (domain/store/): random sequences of creations,
 * status changes, deletions and concurrent writers are applied to two databases on this machine's store, one written
 * through each strategy; after every step every account's list is paged through, with a random filter and page size,
 * and must give the same items and the same cursors — read by `query` from the `query` database, and by `pages`
 * and by `query` (and by walks that switch strategy between pages) from the `pages` database.
 */
import fc from 'fast-check';
import type { Db } from 'mongodb';
import { ensureIndexes, COLLECTIONS } from '../../../domain/platform/db';
import { newId } from '../../../domain/platform/ids';
import { Cursors } from '../../../domain/http/pagination';
import { TenantDb } from '../../../domain/store';
import { RUN_LIST } from '../../../domain/runs/list';
import { LIST_INDEXES } from '../../../domain/collections';
import type { RunDoc } from '../../../domain/runs/run-doc';
import { DELIVERY_LIST, type WebhookDeliveryDoc } from '../../../domain/webhooks/deliveries';
import { forgetListedItems, lists, type ListFilter, type ListStrategy } from '../../../domain/store';
import { createTestContext, type TestContext } from '../../support/app';

let t: TestContext;
let pagesDb: Db;
let queryDb: Db;
const cursors = new Cursors('differential-test-secret');

beforeAll(async () => {
  t = await createTestContext();
  pagesDb = t.database.client.db(`${t.config.MONGODB_DB}_dp`);
  queryDb = t.database.client.db(`${t.config.MONGODB_DB}_dq`);
  await Promise.all([pagesDb.dropDatabase(), queryDb.dropDatabase()]);
  await ensureIndexes(pagesDb);
  await ensureIndexes(queryDb, { lists: LIST_INDEXES });
});
afterAll(async () => {
  await Promise.all([pagesDb.dropDatabase(), queryDb.dropDatabase()]);
  await t.close();
});

const STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
const WORKFLOWS = ['wf_a', 'wf_b'];
type Status = (typeof STATUSES)[number];

type Op =
  | { kind: 'create'; account: number; workflow: number; status: Status; pending: boolean }
  | { kind: 'burst'; creates: Array<{ account: number; workflow: number; status: Status }> }
  | { kind: 'status'; pick: number; status: Status }
  | { kind: 'delete'; pick: number };

const ACCOUNTS = 2;
const create = fc.record({
  account: fc.nat({ max: ACCOUNTS - 1 }),
  workflow: fc.nat({ max: WORKFLOWS.length - 1 }),
  status: fc.constantFrom(...STATUSES),
});
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: create.chain((c) => fc.boolean().map((pending) => ({ kind: 'create' as const, ...c, pending }))),
  },
  {
    weight: 2,
    arbitrary: fc.array(create, { minLength: 2, maxLength: 6 }).map((creates) => ({ kind: 'burst' as const, creates })),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      pick: fc.nat(),
      status: fc.constantFrom(...STATUSES),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
);
const read = fc.record({
  limit: fc.integer({ min: 1, max: 7 }),
  workflow: fc.option(fc.nat({ max: WORKFLOWS.length - 1 }), { nil: undefined }),
  status: fc.option(fc.constantFrom(...STATUSES), { nil: undefined }),
});

const runs = (db: Db) => db.collection<RunDoc>(COLLECTIONS.runs);

/** A run as far as its list is concerned. */
function runDoc(id: string, accountId: string, workflow: number, status: Status, pending: boolean): RunDoc {
  return {
    _id: id,
    account_id: accountId,
    workflow_id: WORKFLOWS[workflow]!,
    status,
    admission: pending ? 'pending' : 'admitted',
    created_at: new Date(),
  } as unknown as RunDoc;
}

async function createIn(db: Db, strategy: ListStrategy, doc: RunDoc): Promise<void> {
  const tenant = new TenantDb(db, doc.account_id);
  const { account_id: _a, ...unlisted } = doc;
  const list_pos = await lists(strategy).place(tenant, RUN_LIST, unlisted);
  await tenant.collection<RunDoc>(COLLECTIONS.runs).insertOne({ ...unlisted, list_pos });
}

async function changeIn(db: Db, strategy: ListStrategy, id: string, accountId: string, change: 'delete' | Status) {
  const tenant = new TenantDb(db, accountId);
  const collection = tenant.collection<RunDoc>(COLLECTIONS.runs);
  const current = await collection.findOne({ _id: id });
  if (!current) return;
  if (change === 'delete')
    await lists(strategy).change(tenant, RUN_LIST, current, () => collection.deleteOne({ _id: id }), { remove: true });
  else
    await lists(strategy).change(tenant, RUN_LIST, current, () =>
      collection.updateOne({ _id: id }, { $set: { status: change } }),
    );
}

/** Every page of the account's runs list: ids and the cursor after each page. `strategies` by page, cycling. */
async function walk(
  db: Db,
  accountId: string,
  strategies: ListStrategy[],
  r: { limit: number; workflow?: number; status?: Status },
) {
  const filter: ListFilter = { admission: 'admitted' };
  if (r.workflow !== undefined) filter.workflow_id = WORKFLOWS[r.workflow]!;
  if (r.status) filter.status = r.status;
  const tenant = new TenantDb(db, accountId);
  const pages: Array<{ ids: string[]; next: string | null }> = [];
  let cursor: string | undefined;
  for (let n = 0; n < 200; n++) {
    const strategy = strategies[n % strategies.length]!;
    const page = await lists(strategy).read<RunDoc>(tenant, RUN_LIST, {
      scope: '',
      page: { limit: r.limit, cursor },
      cursors,
      cursorScope: `runs:${filter.workflow_id ?? ''}:${filter.status ?? ''}`,
      filter,
    });
    pages.push({ ids: page.items.map((i) => `${i._id}:${i.status}:${i.list_pos}`), next: page.next_cursor });
    if (!page.next_cursor) break;
    cursor = page.next_cursor;
  }
  return pages;
}

let runNo = 0;

it('gives the same pages and cursors under both strategies, whatever the writes', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(op, read), { minLength: 1, maxLength: 12 }), async (steps) => {
      runNo++;
      const accounts = Array.from({ length: ACCOUNTS }, (_, i) => `acct_diff_${runNo}_${i}`);
      const made: Array<{ id: string; account: string }> = [];
      for (const [step, r] of steps) {
        if (step.kind === 'create') {
          const doc = runDoc(newId('run'), accounts[step.account]!, step.workflow, step.status, step.pending);
          await createIn(pagesDb, 'pages', doc);
          await createIn(queryDb, 'query', doc);
          made.push({ id: doc._id, account: doc.account_id });
        } else if (step.kind === 'burst') {
          const docs = step.creates.map((c) => runDoc(newId('run'), accounts[c.account]!, c.workflow, c.status, false));
          // Concurrent writers on `pages` (same lists and different ones at once); the same creations on `query`
          // in the order `pages` handed out their positions, so both databases hold the same positions.
          await Promise.all(docs.map((doc) => createIn(pagesDb, 'pages', doc)));
          const placed = await runs(pagesDb)
            .find({ _id: { $in: docs.map((d) => d._id) } })
            .toArray();
          const order = new Map(placed.map((p) => [p._id, p.list_pos!]));
          for (const doc of [...docs].sort((a, b) => order.get(a._id)! - order.get(b._id)!))
            await createIn(queryDb, 'query', doc);
          made.push(...docs.map((d) => ({ id: d._id, account: d.account_id })));
        } else if (made.length) {
          const target = made[step.pick % made.length]!;
          const change = step.kind === 'delete' ? 'delete' : step.status;
          await Promise.all([
            changeIn(pagesDb, 'pages', target.id, target.account, change),
            changeIn(queryDb, 'query', target.id, target.account, change),
          ]);
        }
        for (const account of accounts) {
          const expected = await walk(queryDb, account, ['query'], r);
          forgetListedItems();
          expect(await walk(pagesDb, account, ['pages'], r)).toEqual(expected);
          expect(await walk(pagesDb, account, ['query'], r)).toEqual(expected);
          expect(await walk(pagesDb, account, ['pages', 'query'], r)).toEqual(expected);
        }
      }
    }),
    { numRuns: 12 },
  );
}, 600_000);

type DeliveryOp =
  | { kind: 'create'; endpoint: number; status: DeliveryStatus; old: boolean }
  | { kind: 'status'; pick: number; status: DeliveryStatus }
  | { kind: 'delete'; pick: number };
const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
const ENDPOINTS = ['we_a', 'we_b'];
const deliveryOp: fc.Arbitrary<DeliveryOp> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      endpoint: fc.nat({ max: ENDPOINTS.length - 1 }),
      status: fc.constantFrom(...DELIVERY_STATUSES),
      old: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      pick: fc.nat(),
      status: fc.constantFrom(...DELIVERY_STATUSES),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
);

it('gives the same pages and cursors for a list with a scope and an either-or filter (an endpoint’s deliveries)', async () => {
  const cutoff = new Date(Date.now() - 86_400_000);
  const filter: ListFilter = { $or: [{ status: 'pending' }, { created_at: { $gte: cutoff } }] };
  const walkDeliveries = async (
    db: Db,
    accountId: string,
    endpoint: string,
    strategies: ListStrategy[],
    limit: number,
  ) => {
    const tenant = new TenantDb(db, accountId);
    const pages: Array<{ ids: string[]; next: string | null }> = [];
    let cursor: string | undefined;
    for (let n = 0; n < 200; n++) {
      const page = await lists(strategies[n % strategies.length]).read<WebhookDeliveryDoc>(tenant, DELIVERY_LIST, {
        scope: endpoint,
        page: { limit, cursor },
        cursors,
        cursorScope: `deliveries:${endpoint}`,
        filter,
      });
      pages.push({ ids: page.items.map((i) => `${i._id}:${i.status}:${i.list_pos}`), next: page.next_cursor });
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    return pages;
  };
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(deliveryOp, fc.integer({ min: 1, max: 5 })), { minLength: 1, maxLength: 12 }),
      async (steps) => {
        runNo++;
        const accountId = `acct_diff_d_${runNo}`;
        const made: string[] = [];
        for (const [step, limit] of steps) {
          const newId = `whd_${runNo}_${made.length}`;
          for (const [db, strategy] of [
            [pagesDb, 'pages'],
            [queryDb, 'query'],
          ] as const) {
            const tenant = new TenantDb(db, accountId);
            const collection = tenant.collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries);
            if (step.kind === 'create') {
              const id = newId;
              const doc = {
                _id: id,
                endpoint_id: ENDPOINTS[step.endpoint]!,
                event_id: `evt_${id}`,
                event_type: 'run.succeeded' as const,
                status: step.status,
                attempts: [],
                created_at: new Date(cutoff.getTime() + (step.old ? -3_600_000 : 3_600_000)),
                finished_at: null,
              };
              const list_pos = await lists(strategy).place(tenant, DELIVERY_LIST, doc);
              await collection.insertOne({ ...doc, list_pos });
            } else if (made.length) {
              const id = made[step.pick % made.length]!;
              const current = await collection.findOne({ _id: id });
              if (!current) continue;
              if (step.kind === 'delete')
                await lists(strategy).change(tenant, DELIVERY_LIST, current, () => collection.deleteOne({ _id: id }), {
                  remove: true,
                });
              else
                await lists(strategy).change(tenant, DELIVERY_LIST, current, () =>
                  collection.updateOne({ _id: id }, { $set: { status: step.status } }),
                );
            }
          }
          if (step.kind === 'create') made.push(newId);
          for (const endpoint of ENDPOINTS) {
            const expected = await walkDeliveries(queryDb, accountId, endpoint, ['query'], limit);
            forgetListedItems();
            expect(await walkDeliveries(pagesDb, accountId, endpoint, ['pages'], limit)).toEqual(expected);
            expect(await walkDeliveries(pagesDb, accountId, endpoint, ['query', 'pages'], limit)).toEqual(expected);
          }
        }
      },
    ),
    { numRuns: 10 },
  );
}, 600_000);

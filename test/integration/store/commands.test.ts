/**
 * What the store's reads cost in database commands under `query` (issue 42: one command per list page), counted with
 * the driver's command monitoring on a client of its own (test/support/db-commands.ts). The strategy is named per
 * call, so this holds whatever strategy the run chose; counts are deterministic, so this is no timing test.
 * `npm run bench` counts the same per request and per run through the API and the worker (bench/commands.ts).
 */
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../../../domain/platform/db';
import { newId } from '../../../domain/platform/ids';
import { Cursors } from '../../../domain/http/pagination';
import { findByIds, lists, listStrategy, TenantDb, unwatchJob, watchJob, watchMark } from '../../../domain/store';
import { RUN_LIST } from '../../../domain/runs/list';
import type { RunDoc } from '../../../domain/runs/run-doc';
import { EVENT_TYPES, eventView, listEvents, markRunEventRefunded, recordEvent } from '../../../domain/webhooks/events';
import { signEventRuns } from '../../../domain/runs/output-file';
import { DELIVERY_LIST, listEndpointDeliveries } from '../../../domain/webhooks/deliveries';
import { DELIVERIES } from '../../../domain/webhooks/delivery-record';
import { createTestContext, type TestContext } from '../../support/app';
import { commandsDuring } from '../../support/db-commands';

let t: TestContext;
const cursors = new Cursors('store-commands-test-secret');

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

/** The commands `work` sends (the client's own `endSessions` at its close is not the work's). */
async function commandsOf<R>(work: (db: Db) => Promise<R>): Promise<{ result: R; commands: string[] }> {
  const { result, commands } = await commandsDuring(t.config.mongodbUri, t.config.MONGODB_DB, work);
  return {
    result,
    commands: commands
      .filter((e) => e.commandName !== 'endSessions')
      .map((e) => `${e.commandName} ${String(e.command[e.commandName])}`),
  };
}

async function runsOf(accountId: string, count: number): Promise<string[]> {
  const tenant = new TenantDb(t.database.db, accountId);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const doc = {
      _id: newId('run'),
      workflow_id: 'wf_x',
      status: 'succeeded',
      admission: 'admitted',
      created_at: new Date(),
    };
    const list_pos = await lists('query').place(tenant, RUN_LIST, doc as never);
    await tenant.collection(COLLECTIONS.runs).insertOne({ ...doc, list_pos } as never);
    ids.push(doc._id);
  }
  return ids;
}

describe('under `query`', () => {
  it('reads a list page, the first and the next behind its cursor, in one command each', async () => {
    const accountId = `acct_cmd_${newId('run').slice(4)}`;
    const made = await runsOf(accountId, 25);
    const page = (db: Db, cursor?: string) =>
      lists('query').read<RunDoc>(new TenantDb(db, accountId), RUN_LIST, {
        scope: '',
        page: { limit: 10, cursor },
        cursors,
        cursorScope: 'runs::',
        filter: { admission: 'admitted' },
      });
    const first = await commandsOf((db) => page(db));
    expect(first.result.items.map((r) => r._id)).toEqual(made.slice(-10).reverse());
    expect(first.commands).toEqual([`find ${COLLECTIONS.runs}`]);
    const next = await commandsOf((db) => page(db, first.result.next_cursor!));
    expect(next.result.items.map((r) => r._id)).toEqual(made.slice(5, 15).reverse());
    expect(next.commands).toEqual([`find ${COLLECTIONS.runs}`]);
  });

  it('reads a page’s worth of items by their ids in one command (one per id under `pages`)', async () => {
    const accountId = `acct_cmd_${newId('run').slice(4)}`;
    const made = await runsOf(accountId, 10);
    const byIds = (db: Db, strategy: 'pages' | 'query') =>
      findByIds(new TenantDb(db, accountId).collection<RunDoc>(COLLECTIONS.runs), made, {}, {}, strategy);
    const query = await commandsOf((db) => byIds(db, 'query'));
    expect(query.result.map((r) => r._id).sort()).toEqual([...made].sort());
    expect(query.commands).toEqual([`find ${COLLECTIONS.runs}`]);
    const pages = await commandsOf((db) => byIds(db, 'pages'));
    expect(pages.result.map((r) => r._id).sort()).toEqual([...made].sort());
    expect(pages.commands).toHaveLength(10);
  });
});

describe('the watch list, in the strategy this run chose', () => {
  // Under `query` a run and a delivery carry their own mark, written in their insert and cleared in the write that
  // settles them, so watching costs no command of its own; under `pages`, an entry is inserted before the item and
  // deleted after it settles.
  it.each(['runs', 'deliveries'] as const)('costs a %s item no command of its own under `query`', async (kind) => {
    const query = listStrategy() === 'query';
    const id = newId(kind === 'runs' ? 'run' : 'webhookDelivery');
    const since = new Date();
    expect(watchMark(kind, since)).toEqual(query ? { watched_since: since } : {});
    const item = { id, accountId: 'acct_cmd_watch', namespace: t.temporal.namespace, since };
    const watched = await commandsOf((db) => watchJob(db, kind, item));
    expect(watched.commands).toEqual(query ? [] : [`insert ${COLLECTIONS.watchedJobs}`]);
    // Without the owner's write (a settlement that cleared the mark in its own update): nothing more under `query`.
    const unwatched = await commandsOf((db) => unwatchJob(db, kind, id));
    expect(unwatched.commands).toEqual(query ? [] : [`delete ${COLLECTIONS.watchedJobs}`]);
    // With it (a failure or a cancel, whose settlement ends after its status): one write either way.
    const cleared = await commandsOf((db) =>
      unwatchJob(db, kind, id, (update) => db.collection(COLLECTIONS.runs).updateOne({ _id: id as never }, update)),
    );
    expect(cleared.commands).toEqual([query ? `update ${COLLECTIONS.runs}` : `delete ${COLLECTIONS.watchedJobs}`]);
  });

  it('leaves the other kinds on the watch list under both strategies', async () => {
    const id = newId('batch');
    const item = { id, accountId: 'acct_cmd_watch', namespace: t.temporal.namespace, since: new Date() };
    expect(watchMark('batches', item.since)).toEqual({});
    expect((await commandsOf((db) => watchJob(db, 'batches', item))).commands).toEqual([
      `insert ${COLLECTIONS.watchedJobs}`,
    ]);
    expect((await commandsOf((db) => unwatchJob(db, 'batches', id))).commands).toEqual([
      `delete ${COLLECTIONS.watchedJobs}`,
    ]);
  });
});

describe('a page of events of succeeded runs', () => {
  // An event holds its run's file and is marked before its run is refunded, so a page read as
  // stored now (`query`) signs from the events alone; `pages`' snapshots may be older, so it reads the runs.
  it('is one command under `query`, and never signs a refunded run’s output', async () => {
    const accountId = `acct_cmd_${newId('run').slice(4)}`;
    const tenant = new TenantDb(t.database.db, accountId);
    const file = { key: `outputs/${accountId}/x.json`, mime_type: 'application/json', extension: 'json' };
    const runIds = [newId('run'), newId('run')];
    for (const id of runIds) {
      await tenant.collection(COLLECTIONS.runs).insertOne({ _id: id, status: 'succeeded', output_file: file } as never);
      await recordEvent(
        t.database.db,
        accountId,
        'run.succeeded',
        `run.succeeded:${id}`,
        {
          run: { id, object: 'run', status: 'succeeded', output_file: null },
        },
        { run_file: file },
      );
    }
    // An operator's refund of the first: its event is marked, then its status changes (domain/runs/lifecycle.ts).
    await markRunEventRefunded(t.database.db, accountId, runIds[0]!);
    await tenant.collection(COLLECTIONS.runs).updateOne({ _id: runIds[0] as never }, { $set: { status: 'refunded' } });
    const signer = { storage: t.deps.storage, ttlS: 600 };
    const read = await commandsOf(async (db) => {
      const page = await listEvents(new TenantDb(db, accountId), { limit: 10 }, cursors, EVENT_TYPES);
      const views = page.items.map(eventView);
      return signEventRuns(db, accountId, signer, views, page.current ? page.items : undefined);
    });
    const files = Object.fromEntries(
      read.result.map((e) => [
        (e.data as { run: { id: string } }).run.id,
        (e.data as { run: { output_file: unknown } }).run.output_file,
      ]),
    );
    expect(files[runIds[0]!]).toBeNull();
    expect(files[runIds[1]!]).toEqual(expect.objectContaining({ url: expect.any(String) }));
    if (listStrategy() === 'query') expect(read.commands).toEqual([`find ${COLLECTIONS.events}`]);
    else expect(read.commands).toContain(`find ${COLLECTIONS.runs}`);
  });
});

describe("a page of an endpoint's deliveries", () => {
  // Under `query` a page reads the list's tombstone in the same `find` as its deliveries, so a
  // page that holds deliveries and no tombstone answers without reading the endpoint; a tombstone or an empty page
  // reads it (404 for a deleted one).
  it('is one `find` under `query` while it holds deliveries; two once the endpoint is closed', async () => {
    const query = listStrategy() === 'query';
    const accountId = `acct_cmd_${newId('run').slice(4)}`;
    const tenant = new TenantDb(t.database.db, accountId);
    const endpointId = newId('webhookEndpoint');
    await tenant
      .collection(COLLECTIONS.webhookEndpoints)
      .insertOne({ _id: endpointId, status: 'active', deleted_at: null, created_at: new Date() } as never);
    const made: string[] = [];
    for (let i = 0; i < 15; i++) {
      const doc = {
        _id: newId('webhookDelivery'),
        endpoint_id: endpointId,
        event_id: newId('event'),
        event_type: 'run.succeeded',
        status: 'succeeded',
        attempts: [],
        created_at: new Date(),
        finished_at: new Date(),
      };
      const list_pos = await lists().place(tenant, DELIVERY_LIST, doc as never);
      await tenant.collection(COLLECTIONS.webhookDeliveries).insertOne({ ...doc, list_pos } as never);
      made.push(doc._id);
    }
    const page = (db: Db, cursor?: string) =>
      listEndpointDeliveries(new TenantDb(db, accountId), endpointId, { limit: 10, cursor }, cursors);
    const first = await commandsOf((db) => page(db));
    expect(first.result.data.map((d) => d.id)).toEqual(made.slice(-10).reverse());
    const next = await commandsOf((db) => page(db, first.result.next_cursor!));
    expect(next.result.data.map((d) => d.id)).toEqual(made.slice(0, 5).reverse());
    expect(next.result.next_cursor).toBeNull();
    if (query) {
      expect(first.commands).toEqual([`find ${COLLECTIONS.webhookDeliveries}`]);
      expect(next.commands).toEqual([`find ${COLLECTIONS.webhookDeliveries}`]);
    }
    // A deletion that stopped after the tombstone: the endpoint is read, found, and the page answered as before.
    await DELIVERIES.steps.closeList(tenant, endpointId);
    const closed = await commandsOf((db) => page(db));
    expect(closed.result.data.map((d) => d.id)).toEqual(made.slice(-10).reverse());
    expect(closed.result.next_cursor).not.toBeNull();
    if (query)
      expect(closed.commands).toEqual([
        `find ${COLLECTIONS.webhookDeliveries}`,
        `find ${COLLECTIONS.webhookEndpoints}`,
      ]);
    // Deleted: 404, first page and behind the cursor.
    await tenant
      .collection(COLLECTIONS.webhookEndpoints)
      .updateOne({ _id: endpointId as never }, { $set: { deleted_at: new Date() } });
    await expect(page(t.database.db)).rejects.toMatchObject({ status: 404 });
    await expect(page(t.database.db, first.result.next_cursor!)).rejects.toMatchObject({ status: 404 });
  });
});

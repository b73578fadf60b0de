/**
 * The usage rollup against the real database: a live run counted through the production code paths (the API's
 * admission, the run activities' settlement, the operator refund), and each fact counted exactly once under
 * concurrent retries and after a crash between the rollup's writes, and the ops CLI's rebuild repairing a corrupted one.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { runActivities } from '../../activities/runs';
import type { ActivityDeps } from '../../activities/index';
import { COLLECTIONS } from '../../domain/platform/db';
import { newId } from '../../domain/platform/ids';
import type { RunDoc } from '../../domain/runs';
import { completeRun, operatorRefundRun } from '../../domain/runs/lifecycle';
import { usageMonthId, type UsageMonthDoc } from '../../domain/billing/usage-rollup';
import { countRunUsage } from '../../domain/runs/usage-count';
import { createTestContext, type TestContext } from '../support/app';
import { testNamespaces } from '../support/env';
import { newAccount, type TestAccount } from '../support/identity';
import { makeWorkflow } from '../support/runs';

let idle: TestContext;
let a: TestAccount;
let key: string;
const auth = () => ({ Authorization: `Bearer ${key}` });
const usage = async (query: string) => (await idle.api.get(`/v1/usage?${query}`).set(auth())).body;

beforeAll(async () => {
  // No worker polls this namespace: the test itself plays the run workflow's settlement steps.
  idle = await createTestContext({ TEMPORAL_NAMESPACE: testNamespaces().idle });
});
beforeEach(async () => {
  a = await newAccount(idle);
  key = await a.key({ mode: 'live' });
});
afterAll(async () => {
  await idle.close();
});

it('counts a live run when admitted, its charge when it succeeds, and backs the charge out on an operator refund', async () => {
  const wf = await makeWorkflow(idle, key, { name: 'Rollup' });
  const created = await idle.api.post(`/v1/workflows/${wf}/runs`).set(auth()).send({});
  expect(created.status).toBe(202);
  const runId = created.body.id as string;
  const today = new Date().toISOString().slice(0, 10);
  const period = `from=${today}&to=${today}&group_by=workflow`;

  // Admitted by the API, but counted by its workflow's first step (off the request path): nothing yet.
  expect(await usage(period)).toMatchObject({ total_runs: 0, total_credits: 0 });

  const activities = runActivities({
    db: idle.database.db,
    config: idle.config,
    temporal: idle.temporal,
  } as ActivityDeps);
  const job = { accountId: a.accountId, runId };
  expect(await activities.beginRun(job)).toMatchObject({ started: true, status: 'running' });
  expect(await usage(period)).toMatchObject({ total_runs: 1, total_credits: 0 });
  expect(await activities.beginRun(job)).toMatchObject({ started: true, status: 'running' }); // a retried step: no second count
  expect(await usage(period)).toMatchObject({ total_runs: 1, total_credits: 0 });
  const publisher = { db: idle.database.db, config: idle.config, temporal: idle.temporal };
  await completeRun(publisher, job);
  await completeRun(publisher, job); // a retried completion
  const quoted = created.body.quoted_credits as number;
  expect(quoted).toBeGreaterThan(0);
  expect(await usage(period)).toEqual({
    period: { from: today, to: today },
    total_runs: 1,
    total_credits: quoted,
    total_generations: 0,
    economy: { runs: 0, credits: 0 },
    by_workflow: [{ workflow_id: wf, name: 'Rollup', runs: 1, credits: quoted }],
  });

  expect((await operatorRefundRun(publisher, runId)).outcome).toBe('refunded');
  expect((await operatorRefundRun(publisher, runId)).outcome).toBe('already_refunded');
  expect(await usage(period)).toMatchObject({ total_runs: 1, total_credits: 0 });
  await idle.temporal.client.workflow.getHandle(runId).terminate('test cleanup');
});

it('counts each fact once under concurrent retries and after a crash between the rollup writes', async () => {
  const db = idle.database.db;
  const run = {
    _id: newId('run'),
    account_id: a.accountId,
    workflow_id: 'wf_rollup_crash',
    workflow_name: 'Crash',
    admission: 'admitted',
    status: 'succeeded',
    livemode: true,
    quoted_milli: 2000,
    charged_milli: 2000,
    created_at: new Date('2024-07-04T10:00:00Z'),
  };
  await db.collection<RunDoc>(COLLECTIONS.runs).insertOne(run as unknown as RunDoc);
  await Promise.all(Array.from({ length: 6 }, () => countRunUsage(db, a.accountId, run._id)));
  const period = 'from=2024-07-01&to=2024-07-31';
  expect(await usage(period)).toMatchObject({ total_runs: 1, total_credits: 2 });

  // A crash after the month was updated and before the run was marked: the token is still in the month, the mark is
  // missing. The retry must finish the marking without adding again, and leave no token behind.
  const monthId = usageMonthId(a.accountId, '2024-07');
  await db
    .collection<UsageMonthDoc>(COLLECTIONS.usageMonths)
    .updateOne({ _id: monthId }, { $push: { pending: `${run._id}:charged` } });
  await db
    .collection(COLLECTIONS.runs)
    .updateOne({ _id: run._id as never }, { $pull: { usage_counted: 'charged' } as never });
  await countRunUsage(db, a.accountId, run._id);
  expect(await usage(period)).toMatchObject({ total_runs: 1, total_credits: 2 });
  const month = await db.collection<UsageMonthDoc>(COLLECTIONS.usageMonths).findOne({ _id: monthId });
  expect(month?.pending).toEqual([]);
  expect(month?.cells).toEqual({ '04:wf_rollup_crash': { runs: 1, charged_milli: 2000 } });

  // Test-mode and unadmitted runs never reach the rollup.
  for (const other of [{ livemode: false }, { admission: 'rejected' }]) {
    const id = newId('run');
    await db.collection<RunDoc>(COLLECTIONS.runs).insertOne({ ...run, ...other, _id: id } as unknown as RunDoc);
    await countRunUsage(db, a.accountId, id);
  }
  expect(await usage(period)).toMatchObject({ total_runs: 1, total_credits: 2 });

  // The repair path: a lost or corrupted rollup is recomputed from the runs by `npm run ops -- rebuild-usage`.
  await db
    .collection<UsageMonthDoc>(COLLECTIONS.usageMonths)
    .updateOne({ _id: monthId }, { $inc: { 'cells.04:wf_rollup_crash.runs': 5 } });
  expect((await usage(period)).total_runs).toBe(6);
  const rebuilt = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(__dirname, '..', '..', 'scripts', 'ops.ts'), 'rebuild-usage', a.accountId],
    {
      env: process.env,
      encoding: 'utf8',
    },
  );
  expect(rebuilt.status).toBe(0);
  expect(rebuilt.stdout).toContain('rebuilt from 1 admitted live runs into 1 months');
  expect(await usage(period)).toMatchObject({ total_runs: 1, total_credits: 2 });
});

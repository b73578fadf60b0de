/**
 * Money and state under faults (issue 44): each case fails one database call at a chosen step, or forces a race at
 * one, against the real stack, then checks the ledger the way `npm run ops -- reconcile` does (the balance equals
 * the sum of the applied entries, nothing pending) and what the client sees.
 */
import { BSON, type Db } from 'mongodb';
import { ensureAccount, type AccountDoc } from '../../domain/access/accounts';
import { charge, grant, ledgerEntry } from '../../domain/billing/credits';
import { reconcileAccount } from '../../domain/operations/operations';
import { COLLECTIONS } from '../../domain/platform/db';
import { randomBase62 } from '../../domain/platform/ids';
import supertest from 'supertest';
import { createApp } from '../../api/app';
import { abandonPendingRun, completeRun, failRun, operatorRefundRun } from '../../domain/runs/lifecycle';
import { reconcileRuns } from '../../domain/operations/reconciler';
import { runActivities } from '../../activities/runs';
import type { RunDoc } from '../../domain/runs';
import { createTestContext, type TestContext } from '../support/app';
import { testNamespaces } from '../support/env';
import { failingOnce, filterId, hookedDb } from '../support/faults';
import { newAccount } from '../support/identity';
import { balance, ledgerOf, makeWorkflow, waitForRun } from '../support/runs';

let t: TestContext;
/** The same stack on a namespace no worker polls: runs stay as the test leaves them (as the cancel tests use it). */
let idle: TestContext;
let db: Db;
const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

beforeAll(async () => {
  t = await createTestContext();
  idle = await createTestContext({ TEMPORAL_NAMESPACE: testNamespaces().idle });
  db = t.database.db;
});
afterAll(async () => {
  await idle.close();
  await t.close();
});

/** The ledger check: no drift, nothing pending. Answers the balance in milli-credits. */
async function expectLedgerConsistent(accountId: string): Promise<number> {
  const report = (await reconcileAccount(db, accountId))!;
  expect({ drift: report.drift_milli, pending: report.pending, buckets: report.actual }).toEqual({
    drift: 0,
    pending: 0,
    buckets: report.expected,
  });
  return report.actual.bonus_milli + report.actual.regular_milli;
}

const accountOf = async (id: string) => (await db.collection<AccountDoc>(COLLECTIONS.accounts).findOne({ _id: id }))!;

describe('exactly-once however busy the account is', () => {
  it('applies a pending movement once when it is retried after more than 1,000 later movements', async () => {
    const accountId = `acct_busy_${randomBase62(10)}`;
    await ensureAccount(db, accountId, 100);
    const subject = `run_busy_${randomBase62(10)}`;
    const grantSubject = `grant:${accountId}:late`;

    // Each movement reaches the account, and its caller never hears back: the entry stays pending.
    const debit = failingOnce(db, { collection: COLLECTIONS.accounts, method: 'updateOne' }, 'after');
    await expect(charge(debit.db, accountId, subject, 5_000)).rejects.toThrow(/injected fault/);
    const credit = failingOnce(db, { collection: COLLECTIONS.accounts, method: 'updateOne' }, 'after');
    await expect(grant(credit.db, accountId, grantSubject, 700, 'regular')).rejects.toThrow(/injected fault/);
    expect([debit.fired(), credit.fired()]).toEqual([true, true]);
    expect((await ledgerEntry(db, `${subject}:charge`))?.state).toBe('pending');
    expect((await ledgerEntry(db, `${grantSubject}:grant`))?.state).toBe('pending');
    const landed = await accountOf(accountId);
    expect(landed.bonus_milli + landed.regular_milli).toBe(100_000 - 5_000 + 700);

    // A busy account: more later movements than the account's journal ever held (1,000).
    for (let i = 0; i < 1_001; i += 7)
      await Promise.all(
        Array.from({ length: Math.min(7, 1_001 - i) }, (_, j) =>
          grant(db, accountId, `grant:${accountId}:busy${i + j}`, 1, 'bonus'),
        ),
      );

    // MongoDB keeps the last 1,000 ids of a `$push` with `$slice`; FerretDB 1.24 ignores `$slice` and keeps them all.
    // Trimmed here as MongoDB would, so that the case holds on both stores (nothing to trim without a journal).
    const busy = await accountOf(accountId);
    if (busy.journal && busy.journal.length > 1_000)
      await db
        .collection<AccountDoc>(COLLECTIONS.accounts)
        .updateOne({ _id: accountId }, { $set: { journal: busy.journal.slice(-1_000) } });

    // The retries, as an activity or a client would make them: each movement applies once.
    const retried = await charge(db, accountId, subject, 5_000);
    expect(retried.ok).toBe(true);
    const regranted = await grant(db, accountId, grantSubject, 700, 'regular');
    expect(regranted.state).toBe('applied');
    expect(await expectLedgerConsistent(accountId)).toBe(100_000 + 1_001 - 5_000 + 700);
    // Nor does the account keep a record that grows with its history (an account doc is at most 16 MB).
    expect(BSON.calculateObjectSize(await accountOf(accountId))).toBeLessThan(2_048);
  }, 180_000);

  it('a crash at each step of a movement, then its retry, applies it once', async () => {
    const accountId = `acct_steps_${randomBase62(10)}`;
    await ensureAccount(db, accountId, 10);
    let expected = 10_000;
    const update = (op: string) => (args: unknown[]) => op in (args[1] as object);
    // Every database call of a movement, in order (domain/billing/credits.ts, steps 1–5).
    const steps = [
      { collection: COLLECTIONS.ledger, method: 'insertOne' },
      { collection: COLLECTIONS.accounts, method: 'findOne' },
      { collection: COLLECTIONS.ledger, method: 'findOne' },
      { collection: COLLECTIONS.accounts, method: 'updateOne', where: update('$inc') },
      { collection: COLLECTIONS.ledger, method: 'findOneAndUpdate' },
      { collection: COLLECTIONS.accounts, method: 'updateOne', where: update('$unset') },
    ];
    for (const [i, step] of steps.entries())
      for (const at of ['before', 'after'] as const) {
        const subject = `run_step_${i}_${at}_${randomBase62(6)}`;
        const faulty = failingOnce(db, step, at);
        await charge(faulty.db, accountId, subject, 100).catch(() => undefined);
        expect((await charge(db, accountId, subject, 100)).ok).toBe(true);
        expected -= 100;
        const g = `grant:${accountId}:step_${i}_${at}`;
        const faultyGrant = failingOnce(db, step, at);
        await grant(faultyGrant.db, accountId, g, 30, 'regular').catch(() => undefined);
        expect((await grant(db, accountId, g, 30, 'regular')).state).toBe('applied');
        expected += 30;
      }
    expect(await expectLedgerConsistent(accountId)).toBe(expected);
    expect((await accountOf(accountId)).in_flight ?? {}).toEqual({});
  }, 120_000);
});

describe('a run whose creation died between its debit and the charge entry', () => {
  it('is refunded when abandoned, and a retry with the same Idempotency-Key charges once', async () => {
    const a = await newAccount(idle);
    const key = await a.key({ mode: 'live' });
    const wf = await makeWorkflow(idle, key);
    const before = await balance(idle, key);

    // The API over a database that fails once, as the charge's entry is about to be marked: the account's debit
    // has landed, the entry stays pending, and the request answers 503.
    const faulty = failingOnce(
      db,
      {
        collection: COLLECTIONS.ledger,
        method: 'findOneAndUpdate',
        where: (args) => String(filterId(args)).endsWith(':charge'),
      },
      'before',
    );
    const api = supertest(createApp({ ...idle.deps, db: faulty.db }).callback());
    const idempotent = { ...auth(key), 'Idempotency-Key': `debit-unmarked-${randomBase62(6)}` };
    const first = await api.post(`/v1/workflows/${wf}/runs`).set(idempotent).send({});
    expect([first.status, first.body.error?.code, faulty.fired()]).toEqual([503, 'service_unavailable', true]);
    const [hidden] = await db.collection<RunDoc>(COLLECTIONS.runs).find({ account_id: a.accountId }).toArray();
    expect(hidden?.admission).toBe('pending');
    expect((await ledgerEntry(db, `${hidden!._id}:charge`))?.state).toBe('pending');

    // The reconciler's settlement of a creation that never finished, after its grace period.
    await abandonPendingRun(db, a.accountId, hidden!._id);
    expect(await balance(idle, key)).toEqual(before);
    expect((await ledgerOf(idle, hidden!._id)).map((e) => [e.kind, e.state])).toEqual([
      ['charge', 'applied'],
      ['refund', 'applied'],
    ]);
    await expectLedgerConsistent(a.accountId);

    // The client's retry: a run of its own, charged once.
    const retried = await idle.api.post(`/v1/workflows/${wf}/runs`).set(idempotent).send({});
    expect(retried.status).toBe(202);
    expect(retried.body.id).not.toBe(hidden!._id);
    const quote = (await ledgerEntry(db, `${retried.body.id}:charge`))!.amount_milli;
    expect(quote).toBeGreaterThan(0);
    expect((await balance(idle, key)).pro_credits).toBeCloseTo(before.pro_credits - quote / 1000, 6);
    expect(await expectLedgerConsistent(a.accountId)).toBe(Math.round(before.pro_credits * 1000) - quote);
    // Left queued on a namespace without a worker: canceled, so nothing of it stays open.
    expect((await idle.api.post(`/v1/runs/${retried.body.id}/cancel`).set(auth(key))).status).toBe(200);
    await idle.temporal.client.workflow.getHandle(retried.body.id).terminate('test cleanup');
    expect(await expectLedgerConsistent(a.accountId)).toBe(Math.round(before.pro_credits * 1000));
  });
});

describe('a failure racing a completion', () => {
  // The race forced at one step of the failure: the run's work completes it just before that step.
  it.each([
    { step: 'the refund', at: { collection: COLLECTIONS.ledger, method: 'findOne' }, winner: 'failed' },
    {
      step: 'the failure is claimed',
      at: { collection: COLLECTIONS.runs, method: 'findOneAndUpdate' },
      winner: 'succeeded',
    },
    {
      step: 'the status change',
      at: {
        collection: COLLECTIONS.runs,
        method: 'findOneAndUpdate',
        where: (args: unknown[]) => (args[0] as { failing?: { $exists?: boolean } }).failing?.$exists === true,
      },
      winner: 'failed',
    },
  ])('with the completion landing just before $step, ends $winner with the ledger to match', async ({ at, winner }) => {
    const a = await newAccount(idle);
    const key = await a.key({ mode: 'live' });
    const wf = await makeWorkflow(idle, key);
    const before = await balance(idle, key);
    const created = await idle.api.post(`/v1/workflows/${wf}/runs`).set(auth(key)).send({});
    expect(created.status).toBe(202);
    const input = { accountId: a.accountId, runId: created.body.id as string };
    const activities = runActivities({ ...idle.deps, models: { provider: () => null } });
    expect((await activities.beginRun(input)).status).toBe('running');
    const publisher = { db, config: idle.config, temporal: idle.temporal, storage: idle.deps.storage };

    let completion: string | null = null;
    const racing = hookedDb(db, at, 'before', async () => {
      completion = await completeRun(publisher, input);
    });
    await failRun({ ...publisher, db: racing.db }, { ...input, code: 'timeout' });
    expect(racing.fired()).toBe(true);

    // Read as stored: this completion carries no output file, which the API's answer for a succeeded run must.
    const run = (await db.collection<RunDoc>(COLLECTIONS.runs).findOne({ _id: input.runId }))!;
    const ledger = (await ledgerOf(idle, input.runId)).map((e) => [e.kind, e.state]);
    const quote = (await ledgerEntry(db, `${input.runId}:charge`))!.amount_milli;
    const charged = winner === 'succeeded';
    expect({ status: run.status, completion, ledger, charged_milli: run.charged_milli }).toEqual({
      status: winner,
      completion: winner,
      ledger: charged
        ? [['charge', 'applied']]
        : [
            ['charge', 'applied'],
            ['refund', 'applied'],
          ],
      charged_milli: charged ? quote : 0,
    });
    expect(await expectLedgerConsistent(a.accountId)).toBe(
      Math.round(before.pro_credits * 1000) - (charged ? quote : 0),
    );
    await idle.temporal.client.workflow.getHandle(input.runId).terminate('test cleanup');
  });
});

describe('a failure interrupted between its claim and its refund', () => {
  it('is never seen failed before its refund, and the reconciler finishes it', async () => {
    const a = await newAccount(idle);
    const key = await a.key({ mode: 'live' });
    const wf = await makeWorkflow(idle, key);
    const before = await balance(idle, key);
    const created = await idle.api.post(`/v1/workflows/${wf}/runs`).set(auth(key)).send({});
    const input = { accountId: a.accountId, runId: created.body.id as string };
    const publisher = { db, config: idle.config, temporal: idle.temporal, storage: idle.deps.storage };
    const lost = failingOnce(db, { collection: COLLECTIONS.ledger, method: 'findOne' }, 'before');
    await expect(failRun({ ...publisher, db: lost.db }, { ...input, code: 'timeout' })).rejects.toThrow(/injected/);
    // Not refunded yet, so not `failed` yet either: what a client reads agrees with the balance it reads.
    const seen = await idle.api.get(`/v1/runs/${input.runId}`).set(auth(key));
    expect(seen.body.status).toBe('queued');
    expect((await balance(idle, key)).pro_credits).toBeLessThan(before.pro_credits);
    // Nor can it be canceled meanwhile: the claimed failure wins.
    const cancel = await idle.api.post(`/v1/runs/${input.runId}/cancel`).set(auth(key));
    expect([cancel.status, cancel.body.error?.code]).toEqual([409, 'run_not_cancelable']);

    // The reconciler's passes (its cursor may need a few to reach this run's entry).
    for (let pass = 0; pass < 20 && (await ledgerOf(idle, input.runId)).length < 2; pass++)
      await reconcileRuns(publisher);
    expect((await ledgerOf(idle, input.runId)).map((e) => [e.kind, e.state])).toEqual([
      ['charge', 'applied'],
      ['refund', 'applied'],
    ]);
    const run = (await idle.api.get(`/v1/runs/${input.runId}`).set(auth(key))).body;
    expect([run.status, run.error?.code, run.charged_credits]).toEqual(['failed', 'timeout', 0]);
    expect(await expectLedgerConsistent(a.accountId)).toBe(Math.round(before.pro_credits * 1000));
    await idle.temporal.client.workflow.getHandle(input.runId).terminate('test cleanup');
  });
});

describe('a run refunded after its success', () => {
  it('has its output withheld from its events, as from the run itself', async () => {
    const a = await newAccount(t);
    const key = await a.key({ mode: 'test' });
    const wf = await makeWorkflow(t, key);
    const created = await t.api.post(`/v1/workflows/${wf}/runs`).set(auth(key)).send({});
    expect((await waitForRun(t, key, created.body.id)).status).toBe('succeeded');
    const event = await db.collection(COLLECTIONS.events).findOne({ dedupe_key: `run.succeeded:${created.body.id}` });
    const eventId = String(event!._id);
    const signed = await t.api.get(`/v1/events/${eventId}`).set(auth(key));
    expect(signed.body.data.run.output_file?.url).toEqual(expect.any(String));

    expect((await operatorRefundRun({ db, config: t.config, temporal: t.temporal }, created.body.id)).outcome).toBe(
      'refunded',
    );
    const run = (await t.api.get(`/v1/runs/${created.body.id}`).set(auth(key))).body;
    expect([run.status, run.output_file]).toEqual(['refunded', null]);
    // The event is the run as it was (succeeded); its output is no longer handed out.
    const one = (await t.api.get(`/v1/events/${eventId}`).set(auth(key))).body;
    expect([one.data.run.status, one.data.run.output_file]).toEqual(['succeeded', null]);
    const page = (await t.api.get('/v1/events?type=run.succeeded').set(auth(key))).body;
    expect(
      page.data.map((e: { id: string; data: { run: { output_file: unknown } } }) => [e.id, e.data.run.output_file]),
    ).toEqual([[eventId, null]]);
    expect(await expectLedgerConsistent(a.accountId)).toBe(100_000);
  });
});

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
import { createTestContext, type TestContext } from '../support/app';
import { failingOnce } from '../support/faults';

let t: TestContext;
let db: Db;

beforeAll(async () => {
  t = await createTestContext();
  db = t.database.db;
});
afterAll(async () => {
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

/**
 * The credits ledger (DESIGN.md decision 12). Amounts are integers of milli-credits, so fractional prices
 * (0.2 credits a page) add up exactly. Every movement is a ledger entry keyed by (run, kind) — inserting it twice
 * is impossible — and is applied to the account's balance exactly once:
 *
 *   1. the entry is inserted `pending` (unique `_id` = `<run>:<kind>`);
 *   2. the account is updated by one atomic compare-and-set that also appends the entry id to the account's
 *      journal, and whose filter refuses an account whose journal already holds it;
 *   3. the entry is marked `applied`.
 *
 * A crash between any two steps is repaired by running the same call again (activity retries do): a pending entry
 * whose id is in the journal was applied. The journal keeps the last JOURNAL_SIZE ids — far more than the movements
 * an account makes between a crash and its retry. No multi-document transaction is involved.
 * Bonus credits are spent before regular ones; a refund returns each part to where it came from.
 *
 * A charge can be asked for twice at once (the API and the run's workflow both admit a run), so everything it
 * decides is decided in the account document, by the compare-and-set, never from an earlier read: a refusal
 * appends `<id>:rejected` to the journal, and the bonus/regular split is appended to `charge_splits` with the
 * debit. The entry only copies that decision, so concurrent callers all hear the same answer and the entry's
 * split is the one that was taken. test/integration/ledger-properties.test.ts found both races: two callers of
 * one charge hearing different answers, and a debit the ledger recorded with another split (reconcile drift).
 */
import type { Db } from 'mongodb';
import type { AccountDoc } from '../access/accounts';
import { COLLECTIONS } from '../platform/db';
import { MILLI } from '../platform/money';

export { MILLI, toCredits, toMilli } from '../platform/money';

const JOURNAL_SIZE = 1000;

export type EntryKind = 'charge' | 'refund' | 'grant';

export interface LedgerEntry {
  _id: string; // `${subject}:${kind}`
  account_id: string;
  subject: string; // a run id, or an operator grant id
  kind: EntryKind;
  /** Positive: credits leaving the account (charge); negative: returning or granted. */
  amount_milli: number;
  bonus_milli: number;
  regular_milli: number;
  state: 'pending' | 'applied' | 'rejected';
  reason: string | null;
  created_at: Date;
  applied_at: Date | null;
}

export type ChargeResult = { ok: true; entry: LedgerEntry } | { ok: false; reason: 'insufficient_credits' };

const entries = (db: Db) => db.collection<LedgerEntry>(COLLECTIONS.ledger);
const accounts = (db: Db) => db.collection<AccountDoc>(COLLECTIONS.accounts);

async function insertOrLoad(db: Db, entry: LedgerEntry): Promise<LedgerEntry> {
  try {
    await entries(db).insertOne(entry);
    return entry;
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    const existing = await entries(db).findOne({ _id: entry._id });
    if (!existing) throw err;
    return existing;
  }
}

async function markApplied(db: Db, id: string): Promise<LedgerEntry> {
  const updated = await entries(db).findOneAndUpdate(
    { _id: id },
    { $set: { state: 'applied', applied_at: new Date() } },
    { returnDocument: 'after' },
  );
  if (!updated) throw new Error(`ledger entry ${id} vanished`);
  return updated;
}

const rejectedMark = (id: string) => `${id}:rejected`;

type Split = { bonus_milli: number; regular_milli: number };
/** `split` null: applied before splits were kept in the account; the entry recorded it before the debit then. */
type Decision = { kind: 'rejected' } | { kind: 'applied'; split: Split | null };

/** The outcome the account records for charge `id`, if it has decided one. */
function decided(account: AccountDoc, id: string): Decision | null {
  const journal = account.journal ?? [];
  if (journal.includes(rejectedMark(id))) return { kind: 'rejected' };
  if (!journal.includes(id)) return null;
  const split = (account.charge_splits ?? []).find((c) => c.id === id);
  return {
    kind: 'applied',
    split: split ? { bonus_milli: split.bonus_milli, regular_milli: split.regular_milli } : null,
  };
}

/** Copies the account's decision onto the entry (idempotent: every caller copies the same decision). */
async function settle(db: Db, id: string, decision: Decision): Promise<ChargeResult> {
  if (decision.kind === 'rejected') {
    await entries(db).updateOne(
      { _id: id, state: 'pending' },
      { $set: { state: 'rejected', reason: 'insufficient_credits' } },
    );
    return { ok: false, reason: 'insufficient_credits' };
  }
  const entry = await entries(db).findOneAndUpdate(
    { _id: id },
    { $set: { state: 'applied', applied_at: new Date(), ...(decision.split ?? {}) } },
    { returnDocument: 'after' },
  );
  if (!entry) throw new Error(`ledger entry ${id} vanished`);
  return { ok: true, entry };
}

/** One ledger entry by its id (`<subject>:<kind>`), or null. */
export function ledgerEntry(db: Db, id: string): Promise<LedgerEntry | null> {
  return entries(db).findOne({ _id: id });
}

/** Debits `amountMilli` for `subject` once; bonus first. Refuses (and records the refusal) when the balance is short. */
export async function charge(db: Db, accountId: string, subject: string, amountMilli: number): Promise<ChargeResult> {
  const id = `${subject}:charge`;
  const entry = await insertOrLoad(db, {
    _id: id,
    account_id: accountId,
    subject,
    kind: 'charge',
    amount_milli: amountMilli,
    bonus_milli: 0,
    regular_milli: 0,
    state: 'pending',
    reason: null,
    created_at: new Date(),
    applied_at: null,
  });
  if (entry.state === 'applied') return { ok: true, entry };
  if (entry.state === 'rejected') return { ok: false, reason: 'insufficient_credits' };

  for (let attempt = 0; attempt < 50; attempt++) {
    const account = await accounts(db).findOne({ _id: accountId });
    if (!account) throw new Error(`account ${accountId} not found`);
    const known = decided(account, id);
    if (known) return settle(db, id, known);
    // Guarded by the balance read and by the journal, so the decision holds for exactly the state it was made on.
    const unchanged = {
      _id: accountId,
      bonus_milli: account.bonus_milli,
      regular_milli: account.regular_milli,
      journal: { $nin: [id, rejectedMark(id)] },
    };
    if (account.bonus_milli + account.regular_milli < entry.amount_milli) {
      const res = await accounts(db).updateOne(unchanged, {
        $push: { journal: { $each: [rejectedMark(id)], $slice: -JOURNAL_SIZE } },
      });
      if (res.modifiedCount === 1) return settle(db, id, { kind: 'rejected' });
      continue;
    }
    const bonus = Math.min(account.bonus_milli, entry.amount_milli);
    const regular = entry.amount_milli - bonus;
    const res = await accounts(db).updateOne(unchanged, {
      $inc: { bonus_milli: -bonus, regular_milli: -regular },
      $push: {
        journal: { $each: [id], $slice: -JOURNAL_SIZE },
        charge_splits: { $each: [{ id, bonus_milli: bonus, regular_milli: regular }], $slice: -JOURNAL_SIZE },
      },
    });
    if (res.modifiedCount === 1)
      return settle(db, id, { kind: 'applied', split: { bonus_milli: bonus, regular_milli: regular } });
    // The balance moved under us (another movement won the compare-and-set): read again and decide again.
  }
  throw new Error(`could not settle charge ${id}: the account is too busy`);
}

/** Returns what `subject`'s charge took, once. No charge applied → nothing to refund (answers null). */
export async function refund(db: Db, accountId: string, subject: string, reason: string): Promise<LedgerEntry | null> {
  const chargeEntry = await entries(db).findOne({ _id: `${subject}:charge` });
  if (!chargeEntry || chargeEntry.state !== 'applied' || chargeEntry.amount_milli === 0) return null;
  return credit(db, accountId, {
    _id: `${subject}:refund`,
    subject,
    kind: 'refund',
    bonus: chargeEntry.bonus_milli,
    regular: chargeEntry.regular_milli,
    reason,
  });
}

/** An operator's grant, once per `grantId`. */
export async function grant(db: Db, accountId: string, grantId: string, milli: number, bucket: 'bonus' | 'regular') {
  return credit(db, accountId, {
    _id: `${grantId}:grant`,
    subject: grantId,
    kind: 'grant',
    bonus: bucket === 'bonus' ? milli : 0,
    regular: bucket === 'regular' ? milli : 0,
    reason: 'operator grant',
  });
}

async function credit(
  db: Db,
  accountId: string,
  e: { _id: string; subject: string; kind: EntryKind; bonus: number; regular: number; reason: string },
): Promise<LedgerEntry> {
  const entry = await insertOrLoad(db, {
    _id: e._id,
    account_id: accountId,
    subject: e.subject,
    kind: e.kind,
    amount_milli: -(e.bonus + e.regular),
    bonus_milli: e.bonus,
    regular_milli: e.regular,
    state: 'pending',
    reason: e.reason,
    created_at: new Date(),
    applied_at: null,
  });
  if (entry.state === 'applied') return entry;
  // No balance guard is needed to add credits: the journal alone makes it exactly once.
  await accounts(db).updateOne(
    { _id: accountId, journal: { $ne: e._id } },
    {
      $inc: { bonus_milli: entry.bonus_milli, regular_milli: entry.regular_milli },
      $push: { journal: { $each: [e._id], $slice: -JOURNAL_SIZE } },
    },
  );
  return markApplied(db, e._id);
}

/** Recomputes an account's balance from its applied ledger entries and compares it with the stored one. */
export async function reconcile(db: Db, accountId: string, initialBonusMilli: number) {
  const account = await accounts(db).findOne({ _id: accountId });
  if (!account) throw new Error(`account ${accountId} not found`);
  const applied = await entries(db).find({ account_id: accountId, state: 'applied' }).toArray();
  let bonus = initialBonusMilli;
  let regular = 0;
  for (const e of applied) {
    const sign = e.kind === 'charge' ? -1 : 1;
    bonus += sign * e.bonus_milli;
    regular += sign * e.regular_milli;
  }
  return {
    expected: { bonus_milli: bonus, regular_milli: regular },
    actual: { bonus_milli: account.bonus_milli, regular_milli: account.regular_milli },
    drift_milli: account.bonus_milli + account.regular_milli - (bonus + regular),
    pending: (await entries(db).countDocuments({ account_id: accountId, state: 'pending' })) as number,
  };
}

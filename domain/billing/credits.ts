/**
 * The credits ledger. Amounts are integers of
 * milli-credits, so fractional prices (0.2 credits a page) add up exactly. Every movement — a charge, a refund, a
 * grant — is a ledger entry keyed by (subject, kind), so inserting it twice is impossible, and is decided exactly
 * once: applied to the account's balance (or, a charge, refused), however late its retry comes and however many
 * movements the account made meanwhile. No multi-document transaction is involved (FerretDB has none):
 *
 *   1. the entry is inserted `pending` (unique `_id` = `<subject>:<kind>`; a second insert loads the first);
 *   2. the account is read, and THEN the entry: an entry already decided → step 5; a decision for it the account
 *      holds in `in_flight` → step 4;
 *   3. otherwise one update of the account, a compare-and-set on the `ledger_version` read in step 2, decides: it
 *      changes the balance (or records a charge's refusal), bumps `ledger_version` and records the decision (the
 *      outcome and the bonus/regular split) under `in_flight.<entry>`. Lost to another movement → step 2;
 *   4. the decision is copied onto the entry (`pending` → `applied` | `rejected`, with the split taken);
 *   5. the decision leaves `in_flight`.
 *
 * Why step 3 never applies a movement twice: a decision leaves `in_flight` (5) only after the entry holds it (4),
 * and the entry is read after the account (2). So when the account read in step 2 holds no decision for the entry
 * and the entry read after it is still pending, the movement had not reached the account at that read; every
 * movement bumps `ledger_version`, so the compare-and-set lands only if none has since — this one included. A crash
 * or a lost answer anywhere is repaired by running the same call again (activity retries and the settlement paths
 * do), and two callers of one movement at once (the API and the run's workflow both admit a run) both hear the
 * decision the account recorded. `in_flight` holds only decisions whose entry is not yet written: nothing in the
 * account grows with its history. test/integration/ledger-properties.test.ts checks it all under crashes at every
 * step and in every interleaving; test/integration/money-and-state.test.ts a retry after 1,000 later movements.
 *
 * Before `ledger_version`, decisions were recorded in the account's `journal` (its last 1,000 entry ids, with
 * `<id>:rejected` for a refused charge) and `charge_splits`: what they hold is still read, never written.
 * Bonus credits are spent before regular ones; a refund returns each part to where it came from.
 */
import type { Db } from 'mongodb';
import type { AccountDoc, InFlightDecision } from '../access/accounts';
import { COLLECTIONS } from '../platform/db';
import { MILLI } from '../platform/money';

export { MILLI, toCredits, toMilli } from '../platform/money';

/** Compare-and-set attempts before a movement gives up (its caller retries later): each loss is another's win. */
const ATTEMPTS = 50;

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

/**
 * The field name of an entry's decision under `in_flight`: entry ids may hold `.` (an operator's grant id), which a
 * field path would read as nesting. `%` is escaped first, so the encoding is one-to-one.
 */
export const inFlightKey = (id: string) => id.replace(/%/g, '%25').replace(/\./g, '%2E').replace(/^\$/, '%24');
const inFlightPath = (id: string) => `in_flight.${inFlightKey(id)}`;

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

/** The decision the account holds for entry `id`: in flight, or recorded by the journal before `ledger_version`. */
function decided(account: AccountDoc, entry: LedgerEntry): InFlightDecision | null {
  const inFlight = account.in_flight?.[inFlightKey(entry._id)];
  if (inFlight) return inFlight;
  const journal = account.journal ?? [];
  if (journal.includes(`${entry._id}:rejected`)) return { outcome: 'rejected', bonus_milli: 0, regular_milli: 0 };
  if (!journal.includes(entry._id)) return null;
  // A charge applied before its split was kept in the account recorded the split on its entry before the debit.
  const split = (account.charge_splits ?? []).find((c) => c.id === entry._id) ?? entry;
  return { outcome: 'applied', bonus_milli: split.bonus_milli, regular_milli: split.regular_milli };
}

/** Step 4: the account's decision copied onto the entry (every caller copies the same one). */
async function record(db: Db, entry: LedgerEntry, decision: InFlightDecision): Promise<LedgerEntry> {
  const set =
    decision.outcome === 'applied'
      ? {
          state: 'applied' as const,
          applied_at: new Date(),
          bonus_milli: decision.bonus_milli,
          regular_milli: decision.regular_milli,
        }
      : { state: 'rejected' as const, reason: 'insufficient_credits' };
  const updated =
    (await entries(db).findOneAndUpdate(
      { _id: entry._id, state: 'pending' },
      { $set: set },
      { returnDocument: 'after' },
    )) ?? (await entries(db).findOne({ _id: entry._id }));
  if (!updated) throw new Error(`ledger entry ${entry._id} vanished`);
  return updated;
}

/** Step 5: the decision leaves the account, now that the entry holds it. */
async function forget(db: Db, entry: LedgerEntry): Promise<void> {
  const path = inFlightPath(entry._id);
  await accounts(db).updateOne({ _id: entry.account_id, [path]: { $exists: true } }, { $unset: { [path]: '' } });
}

const backOff = (attempt: number) =>
  attempt < 2 ? Promise.resolve() : new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 * attempt)));

/**
 * Decides `entry` exactly once (steps 2–5 above). `decide` makes the decision from the account as read (the parts
 * it answers are what step 3 moves: out of the account for a charge, into it otherwise).
 */
async function settle(
  db: Db,
  entry: LedgerEntry,
  decide: (account: AccountDoc) => InFlightDecision,
): Promise<LedgerEntry> {
  if (entry.state !== 'pending') {
    await forget(db, entry);
    return entry;
  }
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const account = await accounts(db).findOne({ _id: entry.account_id });
    if (!account) throw new Error(`account ${entry.account_id} not found`);
    // Read after the account: that order is what lets an absent decision mean "not applied yet".
    const current = await entries(db).findOne({ _id: entry._id });
    if (!current) throw new Error(`ledger entry ${entry._id} vanished`);
    if (current.state !== 'pending') {
      await forget(db, current);
      return current;
    }
    let decision = decided(account, current);
    if (!decision) {
      decision = decide(account);
      // `|| 0`: never an increment of -0, which the driver would send as a double.
      const signed = (milli: number) => (current.kind === 'charge' ? -milli : milli) || 0;
      const res = await accounts(db).updateOne(
        // `null` also matches an account from before `ledger_version`, which has no version yet.
        { _id: account._id, ledger_version: account.ledger_version ?? (null as unknown as undefined) },
        {
          $inc:
            decision.outcome === 'applied'
              ? {
                  bonus_milli: signed(decision.bonus_milli),
                  regular_milli: signed(decision.regular_milli),
                  ledger_version: 1,
                }
              : { ledger_version: 1 },
          $set: { [inFlightPath(current._id)]: decision },
        },
      );
      if (res.modifiedCount !== 1) {
        // Another movement changed the account since it was read: read again and decide again.
        await backOff(attempt);
        continue;
      }
    }
    const recorded = await record(db, current, decision);
    await forget(db, recorded);
    return recorded;
  }
  throw new Error(`could not settle ledger entry ${entry._id}: the account is too busy`);
}

/** One ledger entry by its id (`<subject>:<kind>`), or null. */
export function ledgerEntry(db: Db, id: string): Promise<LedgerEntry | null> {
  return entries(db).findOne({ _id: id });
}

/** Debits `amountMilli` for `subject` once; bonus first. Refuses (and records the refusal) when the balance is short. */
export async function charge(db: Db, accountId: string, subject: string, amountMilli: number): Promise<ChargeResult> {
  const entry = await insertOrLoad(db, {
    _id: `${subject}:charge`,
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
  const settled = await settle(db, entry, (account) => {
    // The amount is the entry's, as first inserted: a retry cannot change what is charged.
    if (account.bonus_milli + account.regular_milli < entry.amount_milli)
      return { outcome: 'rejected', bonus_milli: 0, regular_milli: 0 };
    const bonus = Math.min(account.bonus_milli, entry.amount_milli);
    return { outcome: 'applied', bonus_milli: bonus, regular_milli: entry.amount_milli - bonus };
  });
  return settled.state === 'applied' ? { ok: true, entry: settled } : { ok: false, reason: 'insufficient_credits' };
}

/**
 * Returns what `subject`'s charge took, once. No charge applied → nothing to refund (answers null). A charge still
 * pending (its caller died or lost the database before the entry was written, having debited or not) is finished
 * first, so that whatever it took comes back: a debit is never left behind an entry that says nothing was taken.
 */
export async function refund(db: Db, accountId: string, subject: string, reason: string): Promise<LedgerEntry | null> {
  let chargeEntry = await entries(db).findOne({ _id: `${subject}:charge` });
  if (chargeEntry?.state === 'pending') {
    const finished = await charge(db, accountId, subject, chargeEntry.amount_milli);
    chargeEntry = finished.ok ? finished.entry : null;
  }
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
  // Credits are never refused; the split is the entry's, as first inserted.
  return settle(db, entry, () => ({
    outcome: 'applied',
    bonus_milli: entry.bonus_milli,
    regular_milli: entry.regular_milli,
  }));
}

/**
 * Recomputes an account's balance from its applied ledger entries and compares it with the stored one. A decision
 * the account holds in flight (its entry not yet written: a movement whose caller died between steps 3 and 4)
 * counts as applied, as it is in the balance; its entry still counts as pending until a retry writes it.
 */
export async function reconcile(db: Db, accountId: string, initialBonusMilli: number) {
  // The account first: an entry decided after this read is then seen applied in neither, or in both.
  const account = await accounts(db).findOne({ _id: accountId });
  if (!account) throw new Error(`account ${accountId} not found`);
  const all = await entries(db).find({ account_id: accountId }).toArray();
  let bonus = initialBonusMilli;
  let regular = 0;
  let pending = 0;
  for (const e of all) {
    if (e.state === 'pending') pending++;
    const inFlight = e.state === 'pending' ? account.in_flight?.[inFlightKey(e._id)] : undefined;
    const applied = e.state === 'applied' ? e : inFlight?.outcome === 'applied' ? inFlight : null;
    if (!applied) continue;
    const sign = e.kind === 'charge' ? -1 : 1;
    bonus += sign * applied.bonus_milli;
    regular += sign * applied.regular_milli;
  }
  return {
    expected: { bonus_milli: bonus, regular_milli: regular },
    actual: { bonus_milli: account.bonus_milli, regular_milli: account.regular_milli },
    drift_milli: account.bonus_milli + account.regular_milli - (bonus + regular),
    pending,
  };
}

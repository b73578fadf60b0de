/**
 * Accounts (workspaces). An account is created the first time its id is seen in a verified session token, with
 * `INITIAL_BONUS_CREDITS` bonus credits. Credit balances change only through the credits ledger.
 */
import type { Db } from 'mongodb';
import { toMilli } from '../platform/money';
import { COLLECTIONS } from '../platform/db';
import { openAccount } from '../store';

export interface AccountDoc {
  _id: string;
  /** Balances in milli-credits (see domain/billing/credits.ts); change only through the ledger. */
  bonus_milli: number;
  regular_milli: number;
  initial_bonus_milli: number;
  /**
   * Bumped by every ledger decision on this account: the compare-and-set that makes each movement apply once
   * (domain/billing/credits.ts). Absent until the account's first movement.
   */
  ledger_version?: number;
  /** Decisions of ledger entries not yet written onto the entry, by `inFlightKey(entry id)`; emptied as they are. */
  in_flight?: Record<string, InFlightDecision>;
  /** Before `ledger_version`: ids of the last 1,000 decided entries, and the splits of the last charges. Read only. */
  journal?: string[];
  charge_splits?: Array<{ id: string; bonus_milli: number; regular_milli: number }>;
  created_at: Date;
}

/** A ledger entry's outcome as its account decided it; `applied` with the bonus/regular parts that moved. */
export interface InFlightDecision {
  outcome: 'applied' | 'rejected';
  bonus_milli: number;
  regular_milli: number;
}

export const ACCOUNT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Idempotent: concurrent first requests create one account, and a later call never resets its credits. Answers
 * true to the one call that created it, which opens the account in the store (nothing to scan for in a new one).
 */
export async function ensureAccount(db: Db, accountId: string, initialBonusCredits: number): Promise<boolean> {
  try {
    const res = await db.collection<AccountDoc>(COLLECTIONS.accounts).updateOne(
      { _id: accountId },
      {
        $setOnInsert: {
          bonus_milli: toMilli(initialBonusCredits),
          regular_milli: 0,
          initial_bonus_milli: toMilli(initialBonusCredits),
          created_at: new Date(),
        },
      },
      { upsert: true },
    );
    if (res.upsertedCount === 0) return false;
    await openAccount(db, accountId);
    return true;
  } catch (err) {
    // Two concurrent upserts of a new _id: one inserts, the other hits the unique _id; the account exists.
    if ((err as { code?: number }).code !== 11000) throw err;
    return false;
  }
}

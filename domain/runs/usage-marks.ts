/**
 * The runs' side of usage counting (domain/billing/usage-rollup.ts owns the months): the per-run claim that lets one
 * caller at a time count a run, and the marks of facts already counted. Kept here because this directory is the
 * only writer of the runs collection.
 */
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../platform/db';

import type { UsageFact } from '../billing/usage-rollup';

export type { UsageFact };

interface UsageMarks {
  _id: string;
  account_id: string;
  livemode: boolean;
  admission: string;
  status: string;
  usage_counted?: UsageFact[];
  usage_claim?: { fact: UsageFact; at: Date } | null;
}

const runs = (db: Db) => db.collection<UsageMarks>(COLLECTIONS.runs);

/** Takes the counting claim for `fact` unless it is counted or another caller holds a claim younger than `leaseMs`. */
export async function claimUsageFact(db: Db, runId: string, fact: UsageFact, leaseMs: number): Promise<boolean> {
  const now = new Date();
  const claimed = await runs(db).updateOne(
    {
      _id: runId,
      usage_counted: { $ne: fact },
      $or: [{ usage_claim: null }, { 'usage_claim.at': { $lt: new Date(now.getTime() - leaseMs) } }],
    },
    { $set: { usage_claim: { fact, at: now } } },
  );
  return claimed.modifiedCount === 1;
}

/** Marks `fact` counted and releases the claim. */
export async function markUsageFact(db: Db, runId: string, fact: UsageFact): Promise<void> {
  await runs(db).updateOne({ _id: runId }, { $addToSet: { usage_counted: fact }, $set: { usage_claim: null } });
}

/** After a rebuild: every fact the account's runs contribute now is counted (filtered on the mark, so marked runs are not rewritten). */
export async function markAccountUsageRebuilt(db: Db, accountId: string): Promise<void> {
  const base = { account_id: accountId, livemode: true, admission: 'admitted' };
  await runs(db).updateMany(
    { ...base, usage_counted: { $ne: 'admitted' } },
    { $addToSet: { usage_counted: 'admitted' } },
  );
  await runs(db).updateMany(
    { ...base, status: { $in: ['succeeded', 'refunded'] }, usage_counted: { $ne: 'charged' } },
    { $addToSet: { usage_counted: 'charged' } },
  );
  await runs(db).updateMany(
    { ...base, status: 'refunded', usage_counted: { $ne: 'uncharged' } },
    { $addToSet: { usage_counted: 'uncharged' } },
  );
}

/**
 * The runs' side of the usage rollup (domain/billing/usage-rollup.ts owns the months): which facts a run in its
 * current state contributes, counting each exactly once under the run's claim (domain/runs/usage-marks.ts), and the
 * ops CLI's rebuild from an account's runs. Called after every change of a run's admission or charge
 * (domain/runs/lifecycle.ts). Here, not in billing/, because it reads runs: billing is below runs and knows months.
 */
import type { Db } from 'mongodb';
import {
  addGenerationsFromLedger,
  addRunFact,
  usageCellOf,
  emptyUsageMonth,
  releaseRunFact,
  replaceUsageMonths,
  type UsageCell,
  type UsageFact,
  type UsageMonthDoc,
} from '../billing/usage-rollup';
import { COLLECTIONS } from '../platform/db';
import type { RunDoc } from './run-doc';
import { claimUsageFact, markAccountUsageRebuilt, markUsageFact } from './usage-marks';

type CountedRun = Pick<
  RunDoc,
  | '_id'
  | 'account_id'
  | 'workflow_id'
  | 'workflow_name'
  | 'livemode'
  | 'admission'
  | 'status'
  | 'quoted_milli'
  | 'charged_milli'
  | 'created_at'
  | 'economy'
> & { usage_counted?: UsageFact[] };

/** What a run in its current state contributes, fact by fact. Test-mode and unadmitted runs contribute nothing. */
export function usageFacts(run: CountedRun): Array<{ fact: UsageFact } & UsageCell> {
  if (!run.livemode || run.admission !== 'admitted') return [];
  const facts: Array<{ fact: UsageFact } & UsageCell> = [{ fact: 'admitted', runs: 1, charged_milli: 0 }];
  if (run.status === 'succeeded') facts.push({ fact: 'charged', runs: 0, charged_milli: run.charged_milli ?? 0 });
  // Only succeeded runs are refunded by an operator, and the refund returns the quote they were charged.
  if (run.status === 'refunded') {
    facts.push(
      { fact: 'charged', runs: 0, charged_milli: run.quoted_milli },
      { fact: 'uncharged', runs: 0, charged_milli: -run.quoted_milli },
    );
  }
  return facts;
}

/**
 * How long a caller may hold a run's counting claim before another caller may take it over. A claim outlives its
 * holder only when the holder crashed mid-count; the takeover then finishes the count (the month's token stops a
 * second add). A holder alive but stalled longer than this between its writes could add twice: writes take
 * milliseconds, so the lease is generous.
 */
const CLAIM_LEASE_MS = 30_000;
const CLAIM_POLL_MS = 100;

/**
 * `countRunUsage` for a run the caller has just read or written: nothing left to count in that document (a
 * test-mode run, or every fact marked) saves the read; anything else counts as usual (facts counted by others
 * meanwhile are skipped there).
 */
export async function countRunUsageOf(db: Db, run: CountedRun): Promise<void> {
  if (!usageFacts(run).some((f) => !(run.usage_counted ?? []).includes(f.fact))) return;
  await countRunUsage(db, run.account_id, run._id);
}

/** Brings the rollup up to date with the run's current state. Idempotent; safe under retries and races. */
export async function countRunUsage(db: Db, accountId: string, runId: string): Promise<void> {
  const runs = db.collection<CountedRun>(COLLECTIONS.runs);
  for (;;) {
    const run = await runs.findOne({ _id: runId, account_id: accountId });
    if (!run) return;
    const fact = usageFacts(run).find((f) => !(run.usage_counted ?? []).includes(f.fact));
    if (!fact) return;
    // One caller at a time counts a run: a concurrent caller that read the run before the holder marked its fact
    // would otherwise add again once the holder's token is gone.
    if (!(await claimUsageFact(db, runId, fact.fact, CLAIM_LEASE_MS))) {
      // Counted meanwhile, or another caller holds the claim: look again shortly.
      await new Promise((r) => setTimeout(r, CLAIM_POLL_MS));
      continue;
    }
    await countFact(db, run, fact);
  }
}

async function countFact(db: Db, run: CountedRun, fact: { fact: UsageFact } & UsageCell): Promise<void> {
  await addRunFact(db, run, fact);
  await markUsageFact(db, run._id, fact.fact);
  await releaseRunFact(db, run, fact.fact);
}

/**
 * Recomputes an account's rollup from its runs (the ops CLI's `rebuild-usage`, and the benchmark's seeding): a
 * full read of the account's runs, for repairs and seeding, not for the request path. A run that changes state
 * while it works can be miscounted (its new fact marked without being added): run it while the account is quiet.
 */
export async function rebuildUsage(db: Db, accountId: string): Promise<{ months: number; runs: number }> {
  const runs = db.collection<CountedRun>(COLLECTIONS.runs);
  const built = new Map<string, UsageMonthDoc>();
  let counted = 0;
  const cursor = runs.find(
    { account_id: accountId, livemode: true, admission: 'admitted' },
    {
      projection: {
        account_id: 1,
        workflow_id: 1,
        workflow_name: 1,
        livemode: 1,
        admission: 1,
        status: 1,
        quoted_milli: 1,
        charged_milli: 1,
        created_at: 1,
        economy: 1,
      },
    },
  );
  for await (const run of cursor) {
    const empty = emptyUsageMonth(accountId, run.created_at);
    const doc = built.get(empty._id) ?? empty;
    built.set(doc._id, doc);
    const cell = (doc.cells[usageCellOf(run)] ??= { runs: 0, charged_milli: 0 });
    for (const fact of usageFacts(run)) {
      cell.runs += fact.runs;
      cell.charged_milli += fact.charged_milli;
    }
    doc.names[run.workflow_id] = run.workflow_name;
    counted++;
  }
  await addGenerationsFromLedger(db, accountId, built);
  await replaceUsageMonths(db, accountId, built.values());
  // Mark every fact just counted, so a later countRunUsage adds only what happens from now on.
  await markAccountUsageRebuilt(db, accountId);
  return { months: built.size, runs: counted };
}

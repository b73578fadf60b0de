/**
 * The usage rollup (docs/decisions.md 421, docs/decisions.md 53–54): one document per account and UTC month holding, per day
 * and workflow, the admitted live runs and the credits they were finally charged. The usage report reads at most 13
 * of these by `_id`, so its cost does not grow with the number of runs.
 *
 * A run contributes through three facts, each counted exactly once however often (or concurrently) this is called:
 *   admitted   — an admitted live run: one run.
 *   charged    — the run succeeded (or succeeded and was then refunded): the credits it was charged.
 *   uncharged  — an operator refunded it: those credits back out.
 * Counting one fact is a claim on the run and three single-document writes (no transactions here): add the amounts
 * to the month while pushing a token `<run>:<fact>` that guards the add; mark the fact on the run and release the
 * claim; drop the token. A crash between the writes leaves the token in place, so whoever takes the claim over
 * skips the add and finishes the marking.
 *
 * Owns the `usage_months` collection; the runs' `usage_counted`/`usage_claim` fields are written through
 * domain/runs/usage-marks.ts (the runs directory is their only writer). Called after every change of a run's
 * admission or charge (domain/runs/lifecycle.ts) and by the ops CLI's rebuild.
 */
import type { Db } from 'mongodb';
import type { LedgerEntry } from './credits';
import { COLLECTIONS } from '../platform/db';
import { ID_PREFIXES } from '../platform/ids';
import type { RunDoc } from '../runs';
import { claimUsageFact, markAccountUsageRebuilt, markUsageFact, type UsageFact } from '../runs/usage-marks';

export type { UsageFact };

export interface UsageCell {
  runs: number;
  charged_milli: number;
}

export interface UsageMonthDoc {
  /** `<account_id>:<YYYY-MM>` */
  _id: string;
  account_id: string;
  month: string;
  /** `<DD>:<workflow_id>` → that day's and workflow's counts. */
  cells: Record<string, UsageCell>;
  /** Workflow names as their runs recorded them: the report's fallback once a workflow document is gone. */
  names: Record<string, string>;
  /** Tokens of facts added here whose run is not marked yet (a crash window; normally empty). */
  pending: string[];
  /** Live prompt generations (docs/decisions.md 426), per day `<DD>`: how many were charged and what they cost. */
  generations?: Record<string, UsageGenerationCell>;
  /** The last generation facts added (`<gen id>:charged` / `:refunded`): a retried call adds nothing twice. */
  generation_tokens?: string[];
}

export interface UsageGenerationCell {
  count: number;
  charged_milli: number;
}

/** Far more than the generations an account makes between a crash and its retry. */
const GENERATION_TOKENS_KEPT = 1000;

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
> & { usage_counted?: UsageFact[] };

export const usageMonthId = (accountId: string, month: string) => `${accountId}:${month}`;
const monthOf = (d: Date) => d.toISOString().slice(0, 7);
const cellOf = (run: Pick<RunDoc, 'created_at' | 'workflow_id'>) =>
  `${run.created_at.toISOString().slice(8, 10)}:${run.workflow_id}`;

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

/** Brings the rollup up to date with the run's current state. Idempotent; safe under retries and races. */
/**
 * `countRunUsage` for a run the caller has just read or written: nothing left to count in that document (a
 * test-mode run, or every fact marked) saves the read; anything else counts as usual (facts counted by others
 * meanwhile are skipped there).
 */
export async function countRunUsageOf(db: Db, run: CountedRun): Promise<void> {
  if (!usageFacts(run).some((f) => !(run.usage_counted ?? []).includes(f.fact))) return;
  await countRunUsage(db, run.account_id, run._id);
}

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
  const months = db.collection<UsageMonthDoc>(COLLECTIONS.usageMonths);
  const month = monthOf(run.created_at);
  const _id = usageMonthId(run.account_id, month);
  const token = `${run._id}:${fact.fact}`;
  const cell = `cells.${cellOf(run)}`;
  try {
    await months.updateOne(
      { _id, pending: { $ne: token } },
      {
        $inc: { [`${cell}.runs`]: fact.runs, [`${cell}.charged_milli`]: fact.charged_milli },
        $set: { [`names.${run.workflow_id}`]: run.workflow_name },
        $setOnInsert: { account_id: run.account_id, month },
        $push: { pending: token },
      },
      { upsert: true },
    );
  } catch (err) {
    // The month exists and holds the token (the filter missed, the upsert collided on `_id`): a crashed holder
    // already added this fact.
    if ((err as { code?: number }).code !== 11000) throw err;
  }
  await markUsageFact(db, run._id, fact.fact);
  await months.updateOne({ _id }, { $pull: { pending: token } });
}

/**
 * Counts a live prompt generation's charge (`charged`) or takes it back out after its refund (`refunded`), once per
 * fact: the month's token list guards the add, in the same single-document update.
 */
export async function countGenerationUsage(
  db: Db,
  accountId: string,
  generation: { id: string; at: Date; chargedMilli: number },
  fact: 'charged' | 'refunded',
): Promise<void> {
  const month = monthOf(generation.at);
  const _id = usageMonthId(accountId, month);
  const token = `${generation.id}:${fact}`;
  const sign = fact === 'charged' ? 1 : -1;
  const cell = `generations.${generation.at.toISOString().slice(8, 10)}`;
  try {
    await db.collection<UsageMonthDoc>(COLLECTIONS.usageMonths).updateOne(
      { _id, generation_tokens: { $ne: token } },
      {
        $inc: { [`${cell}.count`]: sign, [`${cell}.charged_milli`]: sign * generation.chargedMilli },
        $setOnInsert: { account_id: accountId, month },
        $push: { generation_tokens: { $each: [token], $slice: -GENERATION_TOKENS_KEPT } },
      },
      { upsert: true },
    );
  } catch (err) {
    // The month holds the token already (the filter missed and the upsert collided on `_id`): counted before.
    if ((err as { code?: number }).code !== 11000) throw err;
  }
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
      },
    },
  );
  for await (const run of cursor) {
    const month = monthOf(run.created_at);
    const _id = usageMonthId(accountId, month);
    const doc = built.get(_id) ?? { _id, account_id: accountId, month, cells: {}, names: {}, pending: [] };
    built.set(_id, doc);
    const cell = (doc.cells[cellOf(run)] ??= { runs: 0, charged_milli: 0 });
    for (const fact of usageFacts(run)) {
      cell.runs += fact.runs;
      cell.charged_milli += fact.charged_milli;
    }
    doc.names[run.workflow_id] = run.workflow_name;
    counted++;
  }
  // Prompt generations come from the ledger: each applied `gen_…` charge counts, its refund takes it back out.
  const generationEntries = db
    .collection<LedgerEntry>(COLLECTIONS.ledger)
    .find(
      { account_id: accountId, state: 'applied', kind: { $in: ['charge', 'refund'] } },
      { projection: { subject: 1, kind: 1, amount_milli: 1, created_at: 1 } },
    );
  const generationCharges = new Map<string, Pick<LedgerEntry, 'amount_milli' | 'created_at'>>();
  const generationRefunds = new Set<string>();
  for await (const entry of generationEntries) {
    if (!entry.subject.startsWith(`${ID_PREFIXES.generation}_`)) continue;
    if (entry.kind === 'charge') generationCharges.set(entry.subject, entry);
    else generationRefunds.add(entry.subject);
  }
  for (const [subject, entry] of generationCharges) {
    if (generationRefunds.has(subject)) continue;
    const month = monthOf(entry.created_at);
    const _id = usageMonthId(accountId, month);
    const doc = built.get(_id) ?? { _id, account_id: accountId, month, cells: {}, names: {}, pending: [] };
    built.set(_id, doc);
    const cell = ((doc.generations ??= {})[entry.created_at.toISOString().slice(8, 10)] ??= {
      count: 0,
      charged_milli: 0,
    });
    cell.count += 1;
    cell.charged_milli += entry.amount_milli;
  }
  const months = db.collection<UsageMonthDoc>(COLLECTIONS.usageMonths);
  await months.deleteMany({ account_id: accountId });
  for (const doc of built.values()) await months.replaceOne({ _id: doc._id }, doc, { upsert: true });
  // Mark every fact just counted, so a later countRunUsage adds only what happens from now on.
  await markAccountUsageRebuilt(db, accountId);
  return { months: built.size, runs: counted };
}

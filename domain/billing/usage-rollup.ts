/**
 * The usage rollup: one document per account and UTC month holding, per day
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
 * Owns the `usage_months` collection. Which facts a run has, its claim and its marks are the runs' side
 * (domain/runs/usage-count.ts, called after every change of a run's admission or charge and by the ops CLI's
 * rebuild): billing knows usage, not runs, so the runs side calls down into the month writes here.
 */
import type { Db } from 'mongodb';
import type { LedgerEntry } from './credits';
import { COLLECTIONS } from '../platform/db';
import { ID_PREFIXES } from '../platform/ids';

/** A run's facts (domain/runs/usage-count.ts says which a run has): admitted, charged, and charged back out. */
export type UsageFact = 'admitted' | 'charged' | 'uncharged';

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
  /** Live prompt generations, per day `<DD>`: how many were charged and what they cost. */
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

export const usageMonthId = (accountId: string, month: string) => `${accountId}:${month}`;
export const monthOf = (d: Date) => d.toISOString().slice(0, 7);
/** The suffix of an economy batch item's cell: the report counts them apart. */
export const ECONOMY_CELL = ':economy';

/** The cell of a run's day and workflow (and, for an economy batch's item, kind) in its month. */
export const usageCellOf = (run: { created_at: Date; workflow_id: string; economy?: unknown }) =>
  `${run.created_at.toISOString().slice(8, 10)}:${run.workflow_id}${run.economy ? ECONOMY_CELL : ''}`;

/** What the month needs of a run: where its cell is, and the workflow's name as the run recorded it. */
export interface CountedRunCell {
  _id: string;
  account_id: string;
  workflow_id: string;
  workflow_name: string;
  created_at: Date;
  economy?: unknown;
}

const months = (db: Db) => db.collection<UsageMonthDoc>(COLLECTIONS.usageMonths);

/**
 * Adds one fact of a run to its month, guarded by the token `<run>:<fact>` pushed in the same update: a fact
 * whose token is there already was added by a holder that crashed before releasing it, and is not added again.
 */
export async function addRunFact(db: Db, run: CountedRunCell, fact: { fact: UsageFact } & UsageCell): Promise<void> {
  const month = monthOf(run.created_at);
  const cell = `cells.${usageCellOf(run)}`;
  try {
    await months(db).updateOne(
      { _id: usageMonthId(run.account_id, month), pending: { $ne: `${run._id}:${fact.fact}` } },
      {
        $inc: { [`${cell}.runs`]: fact.runs, [`${cell}.charged_milli`]: fact.charged_milli },
        $set: { [`names.${run.workflow_id}`]: run.workflow_name },
        $setOnInsert: { account_id: run.account_id, month },
        $push: { pending: `${run._id}:${fact.fact}` },
      },
      { upsert: true },
    );
  } catch (err) {
    // The month exists and holds the token (the filter missed, the upsert collided on `_id`): a crashed holder
    // already added this fact.
    if ((err as { code?: number }).code !== 11000) throw err;
  }
}

/** Drops a fact's token once the run is marked: the fact is counted for good. */
export async function releaseRunFact(db: Db, run: CountedRunCell, fact: UsageFact): Promise<void> {
  await months(db).updateOne(
    { _id: usageMonthId(run.account_id, monthOf(run.created_at)) },
    { $pull: { pending: `${run._id}:${fact}` } },
  );
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

/** An empty month document of an account, for a rebuild to fill. */
export function emptyUsageMonth(accountId: string, at: Date): UsageMonthDoc {
  const month = monthOf(at);
  return { _id: usageMonthId(accountId, month), account_id: accountId, month, cells: {}, names: {}, pending: [] };
}

/**
 * The rebuild's generation half (the runs' half is domain/runs/usage-count.ts `rebuildUsage`): each applied `gen_…`
 * charge of the ledger counts, its refund takes it back out. Adds to the months being built.
 */
export async function addGenerationsFromLedger(
  db: Db,
  accountId: string,
  built: Map<string, UsageMonthDoc>,
): Promise<void> {
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
    const empty = emptyUsageMonth(accountId, entry.created_at);
    const doc = built.get(empty._id) ?? empty;
    built.set(doc._id, doc);
    const cell = ((doc.generations ??= {})[entry.created_at.toISOString().slice(8, 10)] ??= {
      count: 0,
      charged_milli: 0,
    });
    cell.count += 1;
    cell.charged_milli += entry.amount_milli;
  }
}

/** Replaces an account's months with the rebuilt ones. */
export async function replaceUsageMonths(db: Db, accountId: string, built: Iterable<UsageMonthDoc>): Promise<void> {
  await months(db).deleteMany({ account_id: accountId });
  for (const doc of built) await months(db).replaceOne({ _id: doc._id }, doc, { upsert: true });
}

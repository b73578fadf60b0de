/**
 * The usage report (spec §4 Usage, DESIGN.md decision 21): runs and credits of an account over a period of UTC days,
 * optionally per workflow. Counted by the database — one `$match`/`$group` over the runs' `{account_id, created_at}`
 * index — so the API never loads the runs themselves, however many there are.
 *
 * What counts: admitted, live-mode runs created in the period. Credits are what those runs were finally charged
 * (`charged_milli`; null — not settled yet — counts 0, and failed, canceled and refunded runs carry 0). Test-mode
 * runs cost nothing and are left out of both counts, so `total_credits / total_runs` is a real price per run.
 */
import { toCredits } from './credits';
import { COLLECTIONS } from './db';
import { errors } from './errors';
import type { RunDoc } from './runs';
import type { UsageQuery } from './schemas/usage';
import type { TenantDb } from './tenant';
import type { WorkflowDoc } from './workflows';

const DAY_MS = 86_400_000;
export const MAX_PERIOD_DAYS = 366;

const day = (d: Date) => d.toISOString().slice(0, 10);
const startOfDay = (v: string) => new Date(`${v}T00:00:00Z`);

export interface Period {
  from: string;
  to: string;
  /** `[start, end)`: `end` is the midnight after `to`, which makes `to` inclusive. */
  start: Date;
  end: Date;
}

/** Fills the defaults (current UTC month to today) and refuses reversed or over-long periods, naming the field. */
export function resolvePeriod(query: Pick<UsageQuery, 'from' | 'to'>, now = new Date()): Period {
  const to = query.to ?? day(now);
  const from = query.from ?? `${to.slice(0, 7)}-01`;
  const start = startOfDay(from);
  const end = new Date(startOfDay(to).getTime() + DAY_MS);
  if (start >= end) {
    throw errors.invalidRequest(`from (${from}) is after to (${to}).`, [{ path: 'query.from', message: 'must not be after to' }]);
  }
  const days = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  if (days > MAX_PERIOD_DAYS) {
    throw errors.invalidRequest(`The period spans ${days} days; at most ${MAX_PERIOD_DAYS} are allowed.`, [
      { path: 'query.to', message: `must be at most ${MAX_PERIOD_DAYS} days (inclusive) from from` },
    ]);
  }
  return { from, to, start, end };
}

interface Group {
  _id: string | null;
  runs: number;
  charged: number;
}

export async function usageReport(tenant: TenantDb, query: UsageQuery, now = new Date()) {
  const period = resolvePeriod(query, now);
  const byWorkflow = query.group_by === 'workflow';
  const match = { $match: { created_at: { $gte: period.start, $lt: period.end }, admission: 'admitted', livemode: true } };
  const key = byWorkflow ? '$workflow_id' : null;
  const runsOf = tenant.collection<RunDoc>(COLLECTIONS.runs);
  // One accumulator per $group: FerretDB 1.24 evaluates a $group's second accumulator over an exhausted input
  // (it answers 0), so the count and the sum are two passes over the same index range. MongoDB needs no such care.
  const [counts, sums] = await Promise.all([
    runsOf.aggregate<{ _id: string | null; n: number }>([match, { $group: { _id: key, n: { $sum: 1 } } }]).toArray(),
    // $sum skips nulls: an unsettled run adds nothing.
    runsOf.aggregate<{ _id: string | null; n: number }>([match, { $group: { _id: key, n: { $sum: '$charged_milli' } } }]).toArray(),
  ]);
  const groups: Group[] = counts.map((c) => ({ _id: c._id, runs: c.n, charged: sums.find((s) => s._id === c._id)?.n ?? 0 }));

  const rows = byWorkflow ? await withCurrentNames(tenant, groups) : [];
  const runs = groups.reduce((n, g) => n + g.runs, 0);
  const charged = groups.reduce((n, g) => n + (g.charged ?? 0), 0);
  return {
    period: { from: period.from, to: period.to },
    total_runs: runs,
    total_credits: toCredits(charged),
    by_workflow: rows,
  };
}

/**
 * A workflow's name as it is now (renamed since the runs?). Deleting a workflow keeps its document, so its name
 * stays known; should the document be gone altogether, the name a run recorded when it was made is used.
 * (Looked up after the `$group`: FerretDB implements no `$first`/`$last` accumulator.)
 */
async function withCurrentNames(tenant: TenantDb, groups: Group[]) {
  const ids = groups.map((g) => g._id).filter((id): id is string => typeof id === 'string');
  const workflows = ids.length
    ? await tenant
        .collection<WorkflowDoc>(COLLECTIONS.workflows)
        .find({ _id: { $in: ids } }, { projection: { name: 1 } })
        .toArray()
    : [];
  const names = new Map(workflows.map((w) => [w._id, w.name]));
  for (const id of ids.filter((i) => !names.has(i))) {
    const run = await tenant.collection<RunDoc>(COLLECTIONS.runs).findOne({ workflow_id: id }, { projection: { workflow_name: 1 } });
    names.set(id, run?.workflow_name ?? '');
  }
  return groups
    .map((g) => ({
      workflow_id: g._id ?? '',
      name: names.get(g._id ?? '') ?? '',
      runs: g.runs,
      credits: toCredits(g.charged ?? 0),
    }))
    .sort((a, b) => b.credits - a.credits || b.runs - a.runs || a.workflow_id.localeCompare(b.workflow_id));
}

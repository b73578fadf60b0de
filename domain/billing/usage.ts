/**
 * The usage report (docs/api-reference.md §17): runs and credits of an account over a period
 * of UTC days, optionally per workflow. Read from the usage rollup the runs keep up to date as they are admitted and charged
 * (domain/billing/usage-rollup.ts), so the API never loads the runs themselves, however many there are.
 *
 * What counts: admitted, live-mode runs created in the period. Credits are what those runs were finally charged
 * (`charged_milli`; null — not settled yet — counts 0, and failed, canceled and refunded runs carry 0). Test-mode
 * runs cost nothing and are left out of both counts. Live prompt generations add their credits to
 * `total_credits` and are counted in `total_generations`; they belong to no workflow.
 */
import { toCredits } from './credits';
import { COLLECTIONS } from '../platform/db';
import { errors } from '../http/errors';
import type { UsageQuery } from './schemas';
import type { TenantDb } from '../store';
import { ECONOMY_CELL, usageMonthId, type UsageMonthDoc } from './usage-rollup';

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
    throw errors.invalidRequest(`from (${from}) is after to (${to}).`, [
      { path: 'query.from', message: 'must not be after to' },
    ]);
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
  workflowId: string;
  runs: number;
  charged: number;
}

/**
 * Reads the period's months from the rollup (domain/billing/usage-rollup.ts), one `_id` lookup each, and adds up the days
 * inside the period — at most 13 small documents, however many runs the account has.
 */
/** The current names of an account's evaluation workflows, by id (their owner answers: evaluation-workflows/). */
export type WorkflowNames = (tenant: TenantDb, ids: string[]) => Promise<Map<string, string>>;

export async function usageReport(tenant: TenantDb, query: UsageQuery, currentNames: WorkflowNames, now = new Date()) {
  const period = resolvePeriod(query, now);
  const months: string[] = [];
  for (
    let m = new Date(Date.UTC(period.start.getUTCFullYear(), period.start.getUTCMonth(), 1));
    m < period.end;
    m.setUTCMonth(m.getUTCMonth() + 1)
  ) {
    months.push(m.toISOString().slice(0, 7));
  }
  const docs = await Promise.all(
    months.map((month) =>
      tenant.collection<UsageMonthDoc>(COLLECTIONS.usageMonths).findOne({ _id: usageMonthId(tenant.accountId, month) }),
    ),
  );
  const groups = new Map<string, Group>();
  const economy = { runs: 0, charged: 0 };
  const recordedNames = new Map<string, string>();
  for (const doc of docs) {
    if (!doc) continue;
    for (const [id, name] of Object.entries(doc.names ?? {})) recordedNames.set(id, name);
    for (const [cell, counts] of Object.entries(doc.cells ?? {})) {
      const sep = cell.indexOf(':');
      const date = `${doc.month}-${cell.slice(0, sep)}`;
      if (date < period.from || date > period.to) continue;
      const rest = cell.slice(sep + 1);
      // An economy batch's items count with their workflow and, apart, as economy runs.
      const isEconomy = rest.endsWith(ECONOMY_CELL);
      const workflowId = isEconomy ? rest.slice(0, -ECONOMY_CELL.length) : rest;
      if (isEconomy) {
        economy.runs += counts.runs;
        economy.charged += counts.charged_milli;
      }
      const group = groups.get(workflowId) ?? { workflowId, runs: 0, charged: 0 };
      group.runs += counts.runs;
      group.charged += counts.charged_milli;
      groups.set(workflowId, group);
    }
  }
  // Live prompt generations cost credits too: counted apart from runs, in the total.
  let generations = 0;
  let generationMilli = 0;
  for (const doc of docs) {
    for (const [dd, cell] of Object.entries(doc?.generations ?? {})) {
      const date = `${doc!.month}-${dd}`;
      if (date < period.from || date > period.to) continue;
      generations += cell.count;
      generationMilli += cell.charged_milli;
    }
  }
  const all = [...groups.values()].filter((g) => g.runs > 0 || g.charged !== 0);
  const charged = all.reduce((n, g) => n + g.charged, 0);
  return {
    period: { from: period.from, to: period.to },
    total_runs: all.reduce((n, g) => n + g.runs, 0),
    total_credits: toCredits(charged + generationMilli),
    total_generations: generations,
    economy: { runs: economy.runs, credits: toCredits(economy.charged) },
    by_workflow: query.group_by === 'workflow' ? await withCurrentNames(tenant, all, recordedNames, currentNames) : [],
  };
}

/**
 * A workflow's name as it is now (renamed since the runs?). Deleting a workflow keeps its document, so its name
 * stays known; should the document be gone altogether, the name its runs recorded is used.
 */
async function withCurrentNames(
  tenant: TenantDb,
  groups: Group[],
  recorded: Map<string, string>,
  currentNames: WorkflowNames,
) {
  const names = await currentNames(
    tenant,
    groups.map((g) => g.workflowId),
  );
  return groups
    .map((g) => ({
      workflow_id: g.workflowId,
      name: names.get(g.workflowId) ?? recorded.get(g.workflowId) ?? '',
      runs: g.runs,
      credits: toCredits(g.charged),
    }))
    .sort((a, b) => b.credits - a.credits || b.runs - a.runs || a.workflow_id.localeCompare(b.workflow_id));
}

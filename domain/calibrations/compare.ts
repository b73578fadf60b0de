/**
 * `GET /calibrations/{id}/compare?with=`: the comparison is work the worker does and
 * stores — a paired bootstrap per metric per criterion is seconds to minutes of arithmetic, which must never run on
 * the API's event loop (issue 53 item 1). The request checks the pair, answers the stored comparison when there is
 * one, else starts (or joins) the pair's job and waits a bounded time: the comparison once done, or `waiting`.
 */
import { compareCalibrationsJob, type TemporalHandle } from '../jobs';
import type { CompareCalibrationsInput } from '../jobs/contract';
import { errors } from '../http/errors';
import type { Storage } from '../platform/storage';
import { TenantDb } from '../store';
import type { Db } from 'mongodb';
import { compareCriterion, type ScoredPair } from '../agreement-metrics/agreement';
import { getCalibration } from './calibrations';
import type { CalibrationDoc } from './doc';
import { toCriterion } from './report';
import { comparisonKey, hasReport, isStored, readStored, storedPairs, storeJson } from './stored';

/** How long the request waits for the comparison before answering 202 (below the API's longest wait, 30 s). */
export const COMPARE_WAIT_MS = 20_000;
/** What a 202 tells the caller to wait before asking again. */
export const COMPARE_RETRY_AFTER_S = 5;

export type CalibrationComparison = Awaited<ReturnType<typeof comparisonOf>>;

/** One criterion's comparison, wherever it is computed (in the worker: its statistics child). */
export type CompareCriterion = (
  ...args: Parameters<typeof compareCriterion>
) => ReturnType<typeof compareCriterion> | Promise<ReturnType<typeof compareCriterion>>;

/** Both of one set (409 `calibration_sets_differ`) and each with a report (409 otherwise, saying why). */
function checkPair(first: CalibrationDoc, second: CalibrationDoc): void {
  if (first.set_id !== second.set_id) {
    throw errors.conflict(
      'calibration_sets_differ',
      `${first._id} ran calibration set ${first.set_id} and ${second._id} ran ${second.set_id}; only calibrations of one set compare.`,
    );
  }
  for (const c of [first, second]) {
    if (c.status === 'failed')
      throw errors.conflict('calibration_failed', `${c._id} failed (${c.error?.code ?? 'failed'}); it has no report.`);
    if (c.status === 'canceled' && !hasReport(c))
      throw errors.conflict('calibration_canceled', `${c._id} was canceled before its report; it has none.`);
    if (!hasReport(c))
      throw errors.conflict('calibration_not_finished', `${c._id} is still running; compare when both have finished.`);
  }
}

/**
 * The request's half: the stored comparison (`done`), or `waiting` while the worker computes it. A job that ended
 * without storing it (its attempts ran out) is a 503: the next request starts it again.
 */
export async function requestComparison(
  deps: { temporal: TemporalHandle; storage: Storage },
  tenant: TenantDb,
  calibrationId: string,
  otherId: string,
  waitMs = COMPARE_WAIT_MS,
): Promise<{ state: 'done'; comparison: CalibrationComparison } | { state: 'waiting' }> {
  const first = await getCalibration(tenant, calibrationId);
  const second = await getCalibration(tenant, otherId);
  checkPair(first, second);
  const key = comparisonKey(tenant.accountId, first._id, second._id);
  if (await isStored(deps.storage, key))
    return { state: 'done', comparison: await readStored<CalibrationComparison>(deps.storage, key) };
  const job = await compareCalibrationsJob(
    deps.temporal,
    { accountId: tenant.accountId, calibrationId: first._id, otherId: second._id },
    waitMs,
  );
  if (job.state === 'waiting') return { state: 'waiting' };
  if (job.state === 'ended') throw errors.serviceUnavailable('The comparison could not be computed; try again.');
  return { state: 'done', comparison: await readStored<CalibrationComparison>(deps.storage, job.value.key) };
}

/**
 * The comparison's body from both calibrations' pairs: per criterion, this one's metrics minus the other's on the
 * items both scored, with paired bootstrap intervals drawn from this calibration's seed. `compare` is where each
 * criterion's arithmetic runs (the worker's statistics child).
 */
export async function comparisonOf(
  first: CalibrationDoc,
  second: CalibrationDoc,
  a: Record<string, ScoredPair[]>,
  b: Record<string, ScoredPair[]>,
  compare: CompareCriterion = compareCriterion,
) {
  const criteria: ({ key: string } & ReturnType<typeof compareCriterion>)[] = [];
  for (const c of first.criteria_def) {
    criteria.push({
      key: c.key,
      ...(await compare(toCriterion(c), a[c.key] ?? [], b[c.key] ?? [], { seed: first.seed })),
    });
  }
  return {
    object: 'calibration_comparison' as const,
    calibration_id: first._id,
    with: second._id,
    calibration_set_id: first.set_id,
    seed: first.seed,
    criteria,
  };
}

/**
 * The worker's half (activities/calibrations.ts): reads both calibrations' pairs from the store, compares them
 * criterion by criterion with `compare` and stores the comparison under the pair's key, which it answers.
 */
export async function storeComparison(
  db: Db,
  storage: Storage,
  input: CompareCalibrationsInput,
  compare: CompareCriterion,
): Promise<{ key: string }> {
  const tenant = new TenantDb(db, input.accountId);
  const first = await getCalibration(tenant, input.calibrationId);
  const second = await getCalibration(tenant, input.otherId);
  const key = comparisonKey(input.accountId, first._id, second._id);
  if (await isStored(storage, key)) return { key };
  const a = await storedPairs(storage, first);
  const b = first._id === second._id ? a : await storedPairs(storage, second);
  if (!a || !b) throw new Error(`calibration ${a ? second._id : first._id} has no report to compare`);
  const body = await comparisonOf(first, second, a, b, compare);
  await storeJson(storage, key, body);
  return { key };
}

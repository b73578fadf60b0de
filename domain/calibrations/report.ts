/**
 * A calibration's report, assembled: what its batch's runs and its set's labels give
 * per item (`calibrationInputs`, read in the worker), every criterion's report and scored pairs from those, one
 * criterion at a time (`criterionOutcomes`, computed off the worker's main thread: activities/calibration-stats.ts),
 * (the report data is kept in the object store, never in the calibration's database document: stored.ts).
 */
import type { Db } from 'mongodb';
import { TenantDb } from '../store';
import { findBatchForJob } from '../batches/batches';
import { batchResultRows } from '../batches/result-rows';
import { FINAL_BATCH_STATUSES } from '../batches/schemas';
import { calibrationItemsByIds, type CriterionDoc } from '../calibration-sets/calibration-sets';
import {
  criterionReport,
  scoredPairs,
  type Criterion,
  type CriterionReport,
  type ItemScores,
  type LabelValue,
  type ScoredPair,
  type Thresholds,
  validValue,
} from '../agreement-metrics/agreement';
import { undefinedMetric } from '../agreement-metrics/metrics';
import { readPointer } from '../agreement-metrics/pointer';
import { selectiveAgreement, type SelectiveItem } from '../agreement-metrics/selective';
import { findCalibrationForJob } from './calibrations';
import type { CalibrationDoc } from './doc';
import type { CalibrationStatus } from './schemas';

/** The rater name of a label sent as a single value. */
export const SINGLE_RATER = 'label';

/** One item of a calibration: its runs, its labels and the model's value per repeat, by criterion key. */
export interface CalibrationRow {
  item_id: string;
  external_id: string | null;
  run_ids: string[];
  labels: Record<string, { rater: string; value: LabelValue }[]>;
  model: Record<string, (LabelValue | null)[]>;
  /** Each repeat's confidence in its value, by criterion key (null where its run carried none: k = 1, failed). */
  confidence?: Record<string, (number | null)[]>;
}

export const toCriterion = (c: CriterionDoc): Criterion => ({
  key: c.key,
  pointer: c.pointer,
  kind: c.kind,
  ...(c.min !== null ? { min: c.min } : {}),
  ...(c.max !== null ? { max: c.max } : {}),
  ...(c.labels !== null ? { labels: c.labels } : {}),
});

/** What a final batch gives a calibration's report: its criteria and one row per item. */
export interface CalibrationInputs {
  calibration: CalibrationDoc;
  status: CalibrationStatus;
  criteria: Criterion[];
  rows: CalibrationRow[];
}

/**
 * Where a calibration's job stands, from two small reads (never its rows: a look at an unfinished batch every few
 * seconds must stay cheap, and a record its report cannot be read from must not stall the look): `finished` once the
 * calibration has ended, `ready` once its batch is final, else `waiting`.
 */
export async function calibrationReadiness(
  db: Db,
  accountId: string,
  calibrationId: string,
): Promise<'finished' | 'ready' | 'waiting'> {
  const calibration = await findCalibrationForJob(db, accountId, calibrationId);
  if (!calibration || calibration.status !== 'running') return 'finished';
  const batch = await findBatchForJob(db, accountId, calibration.batch_id);
  return batch && FINAL_BATCH_STATUSES.has(batch.status) ? 'ready' : 'waiting';
}

/**
 * A calibration's inputs once its batch is final (null before; `finished` once the calibration has ended): a run that
 * did not succeed, or whose output has no value at a criterion's pointer, is an unscorable repeat. Reads only.
 */
export async function calibrationInputs(
  db: Db,
  accountId: string,
  calibrationId: string,
): Promise<CalibrationInputs | 'finished' | null> {
  const tenant = new TenantDb(db, accountId);
  const calibration = await findCalibrationForJob(db, accountId, calibrationId);
  if (!calibration || calibration.status !== 'running') return 'finished';
  const batch = await findBatchForJob(db, accountId, calibration.batch_id);
  if (!batch || !FINAL_BATCH_STATUSES.has(batch.status)) return null;

  const criteria = calibration.criteria_def.map(toCriterion);
  const byItem = new Map<
    string,
    { run_ids: string[]; outputs: (Record<string, unknown> | null)[]; confidences: (Record<string, number> | null)[] }
  >();
  for (const row of await batchResultRows(db, accountId, calibration.batch_id)) {
    const itemId = String(row.metadata?.calibration_item_id ?? '');
    const entry = byItem.get(itemId) ?? { run_ids: [], outputs: [], confidences: [] };
    entry.run_ids.push(row.run_id);
    entry.outputs.push(row.status === 'succeeded' ? row.output : null);
    entry.confidences.push(row.status === 'succeeded' ? (row.confidence ?? null) : null);
    byItem.set(itemId, entry);
  }
  const found = await calibrationItemsByIds(tenant, [...byItem.keys()]);
  const itemsById = new Map(found.map((item) => [item._id, item]));
  const rows: CalibrationRow[] = [];
  for (const [itemId, entry] of byItem) {
    const item = itemsById.get(itemId);
    if (!item) continue;
    const labels: CalibrationRow['labels'] = {};
    const model: CalibrationRow['model'] = {};
    const confidence: NonNullable<CalibrationRow['confidence']> = {};
    for (const c of criteria) {
      confidence[c.key] = entry.confidences.map((byKey) => byKey?.[c.key] ?? null);
      const label = item.labels[c.key];
      labels[c.key] =
        label === undefined ? [] : Array.isArray(label) ? label : [{ rater: SINGLE_RATER, value: label as LabelValue }];
      // Only the value at the pointer is kept: the outputs themselves are dropped with the batch's rows.
      model[c.key] = entry.outputs.map((output) => {
        if (output === null) return null;
        const value = readPointer(output, c.pointer);
        return typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' ? value : null;
      });
    }
    rows.push({ item_id: itemId, external_id: item.external_id, run_ids: entry.run_ids, labels, model, confidence });
  }
  return {
    // A creation that died before naming the workflow (its job started by the reconciler): the batch's name.
    calibration: calibration.workflow_name ? calibration : { ...calibration, workflow_name: batch.workflow.name },
    status: batch.status === 'canceled' ? 'canceled' : 'succeeded',
    criteria,
    rows,
  };
}

/**
 * A criterion's selective agreement over its scored pairs: each item's confidence is the
 * mean of its scorable repeats' confidences (one repeat: its run's), and items whose runs carried none are left out.
 */
export function selectiveOutcome(
  criterion: Criterion,
  rows: readonly CalibrationRow[],
  scored: readonly { item: ItemScores; human: LabelValue; model: LabelValue }[],
  options: { seed: number; thresholds: Thresholds; resamples?: number },
): Pick<CriterionReport, 'selective' | 'confidence_auroc' | 'recommended_threshold'> {
  const rowsById = new Map(rows.map((row) => [row.item_id, row]));
  const items: SelectiveItem[] = [];
  for (const pair of scored) {
    const row = rowsById.get(pair.item.item_id);
    const values = row?.model[criterion.key] ?? [];
    const confidences = (row?.confidence?.[criterion.key] ?? []).filter(
      (c, i): c is number => c !== null && values[i] != null && validValue(criterion, values[i]),
    );
    if (confidences.length === 0) continue;
    const confidence = confidences.reduce((sum, c) => sum + c, 0) / confidences.length;
    items.push({ human: pair.human, model: pair.model, confidence });
  }
  if (items.length === 0) {
    return {
      selective: null,
      confidence_auroc: undefinedMetric(
        scored.length === 0
          ? 'no item has both an H1 label and a scorable model value'
          : 'the runs carry no confidence: the workflow judged each once (its confidence.samples is 1)',
      ),
      recommended_threshold: null,
    };
  }
  return selectiveAgreement(criterion, items, {
    seed: options.seed,
    resamples: options.resamples,
    minAgreement: options.thresholds.min_agreement,
  });
}

/**
 * Every criterion's report and scored pairs, one criterion at a time: each criterion's view of the items is built,
 * reported on and dropped before the next, and `progress` is told after each (the activity heartbeats on it).
 */
export function criterionOutcomes(
  criteria: readonly Criterion[],
  rows: readonly CalibrationRow[],
  options: { seed: number; thresholds: Thresholds },
  progress: (done: number) => void = () => undefined,
): { reports: CriterionReport[]; pairs: Record<string, ScoredPair[]> } {
  const reports: CriterionReport[] = [];
  const pairs: Record<string, ScoredPair[]> = {};
  criteria.forEach((c, k) => {
    const scores: ItemScores[] = rows.map((row) => ({
      item_id: row.item_id,
      external_id: row.external_id,
      raters: row.labels[c.key] ?? [],
      model: row.model[c.key] ?? [],
      run_ids: row.run_ids,
    }));
    const scored = scoredPairs(c, scores);
    reports.push({ ...criterionReport(c, scores, options), ...selectiveOutcome(c, rows, scored, options) });
    pairs[c.key] = scored.map((p) => ({ item_id: p.item.item_id, human: p.human, model: p.model }));
    progress(k + 1);
  });
  return { reports, pairs };
}

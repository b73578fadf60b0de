/**
 * One criterion's agreement report: from each item's human labels and the model's value(s)
 * at the criterion's pointer, the metrics its kind calls for with their bootstrap intervals, the human–human baseline,
 * the model's self-agreement across repeats, the verdict against the thresholds, and the items furthest from people.
 * Pure: the calibration job reads runs' outputs and labels, hands them here, and stores what this returns.
 */
import type { SelectiveFields } from './selective-fields';
import { DEFAULT_RESAMPLES, differenceOf, forEachResample, percentileInterval, pick, type Interval } from './bootstrap';
import {
  adjacentAgreement,
  cohenKappa,
  confusionMatrix,
  exactAgreement,
  linConcordance,
  meanAbsoluteError,
  pearson,
  precisionRecall,
  rootMeanSquaredError,
  spearman,
  standardizedMeanDifference,
  undefinedMetric,
  type Metric,
} from './metrics';

export type CriterionKind = 'ordinal' | 'categorical' | 'boolean' | 'numeric';
export type LabelValue = number | string | boolean;

export interface Criterion {
  key: string;
  /** RFC 6901 JSON Pointer into a run's `output`. */
  pointer: string;
  kind: CriterionKind;
  min?: number;
  max?: number;
  labels?: string[];
}

/** One item as the report sees it, for one criterion. */
export interface ItemScores {
  item_id: string;
  external_id: string | null;
  /** The item's human labels for this criterion, first rater (H1) first; empty when the item lacks the criterion. */
  raters: { rater: string; value: LabelValue }[];
  /** The value read at the pointer from each repeat's output, in repeat order; null where unscorable. */
  model: (LabelValue | null)[];
  run_ids: string[];
}

export interface Thresholds {
  /** Minimum κ (quadratic for ordinal; Lin's concordance for numeric). */
  min_agreement: number;
  /** Largest allowed shortfall of the model–human agreement below the human–human one. */
  max_degradation: number;
  /** Largest allowed absolute standardized mean difference (ordinal and numeric). */
  max_abs_smd: number;
}

/** Williamson, Xi & Breyer (2012): the field's acceptance rule for automated scoring. */
export const DEFAULT_THRESHOLDS: Thresholds = { min_agreement: 0.7, max_degradation: 0.1, max_abs_smd: 0.15 };

export type MetricWithInterval = Metric & { interval: Interval };

export interface VerdictCheck {
  check: 'agreement' | 'degradation' | 'smd';
  value: number | null;
  threshold: number;
  /** null: the check could not be evaluated (see `reason`). */
  passed: boolean | null;
  reason: string | null;
}

/** Plus selective agreement where the runs carried confidence (selective-fields.ts). */
export interface CriterionReport extends SelectiveFields {
  key: string;
  kind: CriterionKind;
  /** Items with a human label for this criterion. */
  labelled: number;
  /** Of those, items whose model value was scorable: the pairs every metric is computed on. */
  scored: number;
  /** Labelled items whose model value was missing or invalid at the pointer in every repeat: never guessed. */
  unscorable: number;
  /** The model against the first rater, with 95 % bootstrap intervals over items. */
  metrics: Record<string, MetricWithInterval>;
  /** The first rater against the second, on items with two or more raters. */
  human_baseline: { items: number; metrics: Record<string, MetricWithInterval> };
  /** The model's repeat 1 against repeat 2 (only with repeats). */
  self_agreement: { items: number; metrics: Record<string, MetricWithInterval> } | null;
  confusion_matrix: { labels: LabelValue[]; counts: number[][] } | null;
  per_label: { label: LabelValue; precision: Metric; recall: Metric; support: number }[] | null;
  distributions: { human: LabelValue[]; model: LabelValue[] };
  verdict: { status: 'pass' | 'fail' | 'insufficient_data'; checks: VerdictCheck[] };
  worst_items: {
    item_id: string;
    external_id: string | null;
    human: LabelValue;
    model: LabelValue;
    difference: number;
    run_ids: string[];
  }[];
}

/** Is `value` a valid value of the criterion? Used for labels (a 400) and model values (unscorable). */
export function validValue(criterion: Criterion, value: unknown): value is LabelValue {
  switch (criterion.kind) {
    case 'ordinal':
      return Number.isInteger(value) && (value as number) >= criterion.min! && (value as number) <= criterion.max!;
    case 'categorical':
      return typeof value === 'string' && (criterion.labels ?? []).includes(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'numeric':
      // Out of the declared range is as unscorable as a label there would be refused (issue 53 item 11).
      return (
        typeof value === 'number' &&
        Number.isFinite(value) &&
        (criterion.min === undefined || value >= criterion.min) &&
        (criterion.max === undefined || value <= criterion.max)
      );
  }
}

/** The declared labels of a criterion with a finite label set, in order. */
export function declaredLabels(criterion: Criterion): LabelValue[] | null {
  if (criterion.kind === 'ordinal') {
    return Array.from({ length: criterion.max! - criterion.min! + 1 }, (_, i) => criterion.min! + i);
  }
  if (criterion.kind === 'categorical') return criterion.labels ?? [];
  if (criterion.kind === 'boolean') return [false, true];
  return null;
}

/** The mean of two finite numbers, never overflowing: same signs step from one by half the gap, opposite signs add. */
export function midpoint(a: number, b: number): number {
  return Math.sign(a) === Math.sign(b) ? a + (b - a) / 2 : (a + b) / 2;
}

/**
 * The model's value for an item from its repeats' scorable values: the median for ordinal and numeric (for an even
 * count, ordinal takes the lower middle value, a score a rater could give; numeric the mean of the two), the mode for
 * categorical and boolean (a tie takes the value of the earliest repeat among the tied).
 */
export function aggregateRepeats(kind: CriterionKind, values: readonly LabelValue[]): LabelValue | null {
  if (values.length === 0) return null;
  if (kind === 'ordinal' || kind === 'numeric') {
    const sorted = (values as number[]).slice().sort((a, b) => a - b);
    const mid = Math.floor((sorted.length - 1) / 2);
    if (sorted.length % 2 === 1 || kind === 'ordinal') return sorted[mid]!;
    return midpoint(sorted[mid]!, sorted[mid + 1]!);
  }
  const counts = new Map<LabelValue, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = values[0]!;
  for (const v of values) if (counts.get(v)! > counts.get(best)!) best = v;
  return best;
}

/**
 * The pairs every metric is computed on: each labelled item whose repeats have a scorable value, with its first
 * rater's label and the model's aggregated value, in the items' order.
 */
export function scoredPairs(
  criterion: Criterion,
  items: readonly ItemScores[],
): { item: ItemScores; human: LabelValue; model: LabelValue }[] {
  const pairs: { item: ItemScores; human: LabelValue; model: LabelValue }[] = [];
  for (const item of items) {
    if (item.raters.length === 0) continue;
    const scorable = item.model.filter((v): v is LabelValue => v !== null && validValue(criterion, v));
    const model = aggregateRepeats(criterion.kind, scorable);
    if (model !== null) pairs.push({ item, human: item.raters[0]!.value, model });
  }
  return pairs;
}

type PairMetric = (human: LabelValue[], model: LabelValue[]) => Metric;

/** The metrics each kind reports, by name; the first is the agreement statistic the verdict reads. */
function metricsFor(criterion: Criterion): Record<string, PairMetric> {
  const labels = declaredLabels(criterion);
  const num =
    (f: (h: number[], m: number[]) => Metric): PairMetric =>
    (h, m) =>
      f(h as number[], m as number[]);
  switch (criterion.kind) {
    case 'ordinal':
      return {
        quadratic_weighted_kappa: (h, m) => cohenKappa(h, m, labels!, 'quadratic'),
        exact_agreement: (h, m) => exactAgreement(h, m),
        adjacent_agreement: num(adjacentAgreement),
        spearman: num(spearman),
        mae: num(meanAbsoluteError),
        smd: num(standardizedMeanDifference),
      };
    case 'categorical':
    case 'boolean':
      return {
        kappa: (h, m) => cohenKappa(h, m, labels!),
        accuracy: (h, m) => exactAgreement(h, m),
      };
    case 'numeric':
      return {
        lin_concordance: num(linConcordance),
        pearson: num(pearson),
        spearman: num(spearman),
        mae: num(meanAbsoluteError),
        rmse: num(rootMeanSquaredError),
        smd: num(standardizedMeanDifference),
      };
  }
}

function withIntervals(
  metrics: Record<string, PairMetric>,
  human: LabelValue[],
  model: LabelValue[],
  seed: number,
  resamples: number,
): Record<string, MetricWithInterval> {
  // One pass over the resamples for every metric (each metric's own pass drew the very same indices from the seed):
  // a resample's values are picked once, and only the metrics' values are kept (issue 53 item 3).
  const entries = Object.entries(metrics);
  const values = entries.map(() => [] as Metric[]);
  if (human.length > 0) {
    forEachResample(human.length, resamples, seed, (p) => {
      const h = pick(human, p);
      const m = pick(model, p);
      entries.forEach(([, metric], k) => values[k]!.push(metric(h, m)));
    });
  }
  const out: Record<string, MetricWithInterval> = {};
  entries.forEach(([name, metric], k) => {
    const interval =
      human.length === 0
        ? { low: null, high: null, used: 0, skipped: 0, reason: 'no items to resample' }
        : percentileInterval(values[k]!);
    out[name] = { ...metric(human, model), interval } as MetricWithInterval;
  });
  return out;
}

const distance = (kind: CriterionKind, a: LabelValue, b: LabelValue): number =>
  kind === 'ordinal' || kind === 'numeric' ? Math.abs((b as number) - (a as number)) : a === b ? 0 : 1;

/** The verdict against the thresholds: the agreement check, the shortfall below people's, and the SMD where reported. */
function verdictOf(
  main: Record<string, MetricWithInterval>,
  baseline: Record<string, MetricWithInterval>,
  agreementName: string,
  twoRaters: number,
  thresholds: Thresholds,
): CriterionReport['verdict'] {
  const checks: VerdictCheck[] = [];
  const agreement = main[agreementName]!;
  checks.push({
    check: 'agreement',
    value: agreement.value,
    threshold: thresholds.min_agreement,
    passed: agreement.value === null ? null : agreement.value >= thresholds.min_agreement,
    reason: agreement.reason,
  });
  const baselineAgreement = baseline[agreementName]!;
  const shortfall =
    agreement.value === null || baselineAgreement.value === null ? null : baselineAgreement.value - agreement.value;
  checks.push({
    check: 'degradation',
    value: shortfall,
    threshold: thresholds.max_degradation,
    passed: shortfall === null ? null : shortfall <= thresholds.max_degradation,
    reason:
      shortfall !== null
        ? null
        : twoRaters === 0
          ? 'no item has a second rater, so there is no human–human baseline'
          : (baselineAgreement.reason ?? agreement.reason),
  });
  if (main.smd) {
    const smd = main.smd;
    checks.push({
      check: 'smd',
      value: smd.value,
      threshold: thresholds.max_abs_smd,
      passed: smd.value === null ? null : Math.abs(smd.value) <= thresholds.max_abs_smd,
      reason: smd.reason,
    });
  }
  // The agreement check decides whether there is a verdict at all; a baseline that cannot be computed is reported
  // (passed: null) but does not block one, since many label sets have a single rater.
  const status =
    checks[0]!.passed === null
      ? 'insufficient_data'
      : checks.every((c) => c.passed !== false) && (main.smd === undefined || main.smd.value !== null)
        ? 'pass'
        : checks.some((c) => c.passed === false)
          ? 'fail'
          : 'insufficient_data';

  return { status, checks };
}

/** The report of one criterion. `seed` makes its intervals reproducible; the same seed, the same report. */
export function criterionReport(
  criterion: Criterion,
  items: readonly ItemScores[],
  options: { seed: number; thresholds?: Partial<Thresholds>; resamples?: number },
): CriterionReport {
  const thresholds = { ...DEFAULT_THRESHOLDS, ...options.thresholds };
  const resamples = options.resamples ?? 2000;
  const metrics = metricsFor(criterion);
  const labelled = items.filter((item) => item.raters.length > 0);

  const pairs = scoredPairs(criterion, labelled);
  const human = pairs.map((p) => p.human);
  const model = pairs.map((p) => p.model);
  const main = withIntervals(metrics, human, model, options.seed, resamples);

  const twoRaters = labelled.filter((item) => item.raters.length >= 2);
  const baseline = withIntervals(
    metrics,
    twoRaters.map((i) => i.raters[0]!.value),
    twoRaters.map((i) => i.raters[1]!.value),
    options.seed,
    resamples,
  );

  const repeated = labelled.filter(
    (item) =>
      item.model.length >= 2 &&
      item.model[0] !== null &&
      item.model[1] !== null &&
      validValue(criterion, item.model[0]) &&
      validValue(criterion, item.model[1]),
  );
  const hasRepeats = items.some((item) => item.model.length >= 2);
  const selfAgreement = hasRepeats
    ? {
        items: repeated.length,
        metrics: withIntervals(
          metrics,
          repeated.map((i) => i.model[0]!),
          repeated.map((i) => i.model[1]!),
          options.seed,
          resamples,
        ),
      }
    : null;

  const labels = declaredLabels(criterion);
  const verdict = verdictOf(main, baseline, Object.keys(metrics)[0]!, twoRaters.length, thresholds);

  const worst = pairs
    .map((p, index) => ({ p, index, d: distance(criterion.kind, p.human, p.model) }))
    .filter((x) => x.d > 0)
    .sort((a, b) => b.d - a.d || a.index - b.index)
    .slice(0, 10)
    .map(({ p, d }) => ({
      item_id: p.item.item_id,
      external_id: p.item.external_id,
      human: p.human,
      model: p.model,
      difference: d,
      run_ids: p.item.run_ids,
    }));

  return {
    key: criterion.key,
    kind: criterion.kind,
    labelled: labelled.length,
    scored: pairs.length,
    unscorable: labelled.length - pairs.length,
    metrics: main,
    human_baseline: { items: twoRaters.length, metrics: baseline },
    self_agreement: selfAgreement,
    confusion_matrix: labels ? { labels, counts: confusionMatrix(human, model, labels) } : null,
    per_label:
      criterion.kind === 'categorical' || criterion.kind === 'boolean' ? precisionRecall(human, model, labels!) : null,
    distributions: { human, model },
    verdict,
    worst_items: worst,
  };
}

/** A criterion no item could score: every metric null with the reason, so a report never has holes. */
export const unscorableEverywhere = (): Metric => undefinedMetric('no item has a scorable model value');

/** One scored item of a calibration, as a comparison reads it. */
export interface ScoredPair {
  item_id: string;
  human: LabelValue;
  model: LabelValue;
}

export interface MetricDifference {
  first: number | null;
  second: number | null;
  /** first − second; null when either is undefined (`reason`). */
  difference: number | null;
  reason: string | null;
  interval: Interval;
}

/**
 * Two calibrations of one criterion compared on the items both scored: for every metric
 * of the kind, the first's value minus the second's, with a paired bootstrap interval — each resample draws one set
 * of items and computes both sides on it (`pairedDifferenceInterval`), so the items' own difficulty cancels. Items
 * are joined by `item_id`, in the first calibration's order; the human label is the first's.
 */
export function compareCriterion(
  criterion: Criterion,
  first: readonly ScoredPair[],
  second: readonly ScoredPair[],
  options: { seed: number; resamples?: number },
): { items: number; metrics: Record<string, MetricDifference> } {
  const others = new Map(second.map((p) => [p.item_id, p.model]));
  const joined = first.filter((p) => others.has(p.item_id));
  const human = joined.map((p) => p.human);
  const a = joined.map((p) => p.model);
  const b = joined.map((p) => others.get(p.item_id)!);
  const entries = Object.entries(metricsFor(criterion));
  // One pass over the paired resamples for every metric, as `withIntervals` (the same indices each metric drew).
  const values = entries.map(() => [] as Metric[]);
  if (joined.length > 0) {
    forEachResample(joined.length, options.resamples ?? DEFAULT_RESAMPLES, options.seed, (p) => {
      const h = pick(human, p);
      const x = pick(a, p);
      const y = pick(b, p);
      entries.forEach(([, metric], k) => values[k]!.push(differenceOf(metric(h, x), metric(h, y))));
    });
  }
  const out: Record<string, MetricDifference> = {};
  for (const [k, [name, metric]] of entries.entries()) {
    const x = metric(human, a);
    const y = metric(human, b);
    const difference = x.value === null || y.value === null ? null : x.value - y.value;
    const interval: Interval =
      joined.length === 0
        ? { low: null, high: null, used: 0, skipped: 0, reason: 'no item was scored by both calibrations' }
        : percentileInterval(values[k]!);
    out[name] = {
      first: x.value,
      second: y.value,
      difference,
      reason: difference === null ? (x.reason ?? y.reason ?? 'undefined') : null,
      interval,
    };
  }
  return { items: joined.length, metrics: out };
}

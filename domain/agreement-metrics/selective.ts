/**
 * Selective agreement: how agreement with people rises as the items the
 * model was least sure of are set aside. Per threshold 0.5…1.0, over the items whose model confidence is at least
 * the threshold, the criterion's verdict metric (quadratic κ for ordinal, κ for categorical and boolean, Lin's
 * concordance for numeric) with its 95 % bootstrap interval and the share of items kept; the AUROC of confidence
 * for telling agreement with H1 from disagreement; and the lowest threshold whose metric meets the κ threshold.
 * Pure: the calibration report hands it each scored item's H1 value, model consensus and confidence.
 */
import { declaredLabels, DEFAULT_THRESHOLDS, validValue, type Criterion, type LabelValue } from './agreement';
import type { SelectiveRow } from './selective-fields';
import { bootstrapInterval, pick } from './bootstrap';
import { averageRanks, cohenKappa, linConcordance, undefinedMetric, type Metric } from './metrics';

export type { SelectiveRow };

export const SELECTIVE_THRESHOLDS = [0.5, 0.6, 0.7, 0.8, 0.9, 1.0] as const;

/** Confidences are shares of k ≤ 5 answers: a share equal to a threshold must count as meeting it. */
const EPSILON = 1e-9;

export interface SelectiveItem {
  /** The first rater's (H1) value. */
  human: LabelValue;
  /** The model's consensus value. */
  model: LabelValue;
  /** The model's confidence in it, 0–1. */
  confidence: number;
}

export interface SelectiveReport {
  selective: SelectiveRow[];
  confidence_auroc: Metric;
  recommended_threshold: { threshold: number; coverage: number } | null;
}

/** The criterion's verdict metric: the first metric of its kind in the agreement report. */
export function verdictMetric(criterion: Criterion): (human: LabelValue[], model: LabelValue[]) => Metric {
  const labels = declaredLabels(criterion);
  switch (criterion.kind) {
    case 'ordinal':
      return (h, m) => cohenKappa(h, m, labels!, 'quadratic');
    case 'categorical':
    case 'boolean':
      return (h, m) => cohenKappa(h, m, labels!);
    case 'numeric':
      return (h, m) => linConcordance(h as number[], m as number[]);
  }
}

/**
 * The AUROC of `scores` for `positive` (the Mann–Whitney statistic, ties counting a half: scikit-learn's
 * `roc_auc_score`); undefined without both a positive and a negative item.
 */
export function auroc(positive: readonly boolean[], scores: readonly number[]): Metric {
  const p = positive.filter(Boolean).length;
  const n = positive.length - p;
  if (p === 0) return undefinedMetric('no item agrees with H1, so there is no agreement for confidence to separate');
  if (n === 0)
    return undefinedMetric('every item agrees with H1, so there is no disagreement for confidence to separate');
  const ranks = averageRanks(scores);
  const rankSum = ranks.reduce((sum, r, i) => (positive[i] ? sum + r : sum), 0);
  return { value: (rankSum - (p * (p + 1)) / 2) / (p * n), reason: null };
}

export function selectiveAgreement(
  criterion: Criterion,
  items: readonly SelectiveItem[],
  options: { seed: number; resamples?: number; minAgreement?: number },
): SelectiveReport {
  const metric = verdictMetric(criterion);
  const scored = items.filter(
    (i) => validValue(criterion, i.human) && validValue(criterion, i.model) && Number.isFinite(i.confidence),
  );
  const selective = SELECTIVE_THRESHOLDS.map((threshold): SelectiveRow => {
    const kept = scored.filter((i) => i.confidence >= threshold - EPSILON);
    const human = kept.map((i) => i.human);
    const model = kept.map((i) => i.model);
    const coverage = scored.length ? kept.length / scored.length : 0;
    if (kept.length === 0) {
      return {
        threshold,
        coverage,
        n: 0,
        value: null,
        ci_low: null,
        ci_high: null,
        reason: 'no item is this confident',
      };
    }
    const point = metric(human, model);
    const interval = bootstrapInterval(kept.length, (p) => metric(pick(human, p), pick(model, p)), {
      seed: options.seed,
      resamples: options.resamples,
    });
    return {
      threshold,
      coverage,
      n: kept.length,
      value: point.value,
      ci_low: interval.low,
      ci_high: interval.high,
      reason: point.reason ?? interval.reason,
    };
  });
  const minAgreement = options.minAgreement ?? DEFAULT_THRESHOLDS.min_agreement;
  const met = selective.find((row) => row.value !== null && row.value >= minAgreement);
  return {
    selective,
    confidence_auroc: scored.length
      ? auroc(
          // Exact agreement, numeric included: a numeric criterion rarely has one, and answers null with the reason.
          scored.map((i) => i.model === i.human),
          scored.map((i) => i.confidence),
        )
      : undefinedMetric('no item has both an H1 label and a scorable model value'),
    recommended_threshold: met ? { threshold: met.threshold, coverage: met.coverage } : null,
  };
}

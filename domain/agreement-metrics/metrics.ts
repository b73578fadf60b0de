/**
 * The agreement metrics of a calibration: how far a workflow's judgments agree with people's,
 * per criterion. Pure and deterministic: numbers in, numbers out, no I/O. Every metric answers either a finite value
 * or `null` with a reason a person can read — never NaN, never a throw — because a report is read by people deciding
 * whether to trust a model, and "undefined because every rater gave 3" is an answer, NaN is not.
 *
 * Each formula follows the reference implementation the tests compare it with (test/unit/calibration-metrics.test.ts,
 * on random inputs, to 1e-9): scikit-learn's `cohen_kappa_score` and `confusion_matrix`, SciPy's `pearsonr` and
 * `spearmanr`, and NumPy for the rest. Where those return NaN (or raise), this module answers `null`.
 */

/** A metric's answer: a finite number, or null with the reason it is undefined on these pairs. */
export type Metric = { value: number; reason: null } | { value: null; reason: string };

export const defined = (value: number): Metric =>
  Number.isFinite(value) ? { value, reason: null } : { value: null, reason: 'the metric is not a finite number here' };
export const undefinedMetric = (reason: string): Metric => ({ value: null, reason });

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
/** Exactly constant: tested on the values, since the mean of equal floats can differ from them in the last bit. */
const constant = (xs: readonly number[]) => xs.every((v) => v === xs[0]);
const mean = (xs: readonly number[]) => sum(xs) / xs.length;

/** Variance with `ddof` degrees of freedom removed (0: population, 1: sample), as NumPy's `var`. */
function variance(xs: readonly number[], ddof: 0 | 1): number {
  const m = mean(xs);
  return sum(xs.map((x) => (x - m) ** 2)) / (xs.length - ddof);
}

function checkPaired(human: readonly unknown[], model: readonly unknown[]): void {
  // A programming error, not a data condition: callers pair values item by item before asking for a metric.
  if (human.length !== model.length)
    throw new Error(`paired metrics need equal lengths (${human.length} ≠ ${model.length})`);
}

const NO_PAIRS = 'no item has both a human label and a scorable model value';

/**
 * The confusion matrix over `labels` in their declared order: row = the human's label, column = the model's (as
 * scikit-learn's `confusion_matrix(y_true=human, y_pred=model, labels=labels)`). Values outside `labels` are not
 * counted; callers validate labels against the criterion before this.
 */
export function confusionMatrix<T>(human: readonly T[], model: readonly T[], labels: readonly T[]): number[][] {
  checkPaired(human, model);
  const index = new Map(labels.map((label, i) => [label, i] as const));
  const matrix = labels.map(() => labels.map(() => 0));
  for (let k = 0; k < human.length; k++) {
    const i = index.get(human[k] as T);
    const j = index.get(model[k] as T);
    if (i !== undefined && j !== undefined) matrix[i]![j]! += 1;
  }
  return matrix;
}

/**
 * Cohen's κ over the declared labels, unweighted or with quadratic weights on the labels' positions (for an ordinal
 * criterion the labels are `min`…`max`, so positions and values differ by a constant). Undefined when the expected
 * disagreement is zero: both raters used one and the same label throughout.
 */
export function cohenKappa<T>(
  human: readonly T[],
  model: readonly T[],
  labels: readonly T[],
  weights: 'none' | 'quadratic' = 'none',
): Metric {
  checkPaired(human, model);
  if (human.length === 0) return undefinedMetric(NO_PAIRS);
  const observed = confusionMatrix(human, model, labels);
  const n = labels.length;
  const rowSums = observed.map((row) => sum(row));
  const colSums = labels.map((_, j) => sum(observed.map((row) => row[j]!)));
  const total = sum(colSums);
  if (total === 0) return undefinedMetric('no pair has both values among the declared labels');
  let disagreeObserved = 0;
  let disagreeExpected = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const w = weights === 'quadratic' ? (i - j) ** 2 : i === j ? 0 : 1;
      disagreeObserved += w * observed[i]![j]!;
      // scikit-learn's expected matrix: outer(column sums, row sums) / total, indexed [i][j].
      disagreeExpected += (w * colSums[i]! * rowSums[j]!) / total;
    }
  }
  if (disagreeExpected === 0) {
    return undefinedMetric('both raters gave one and the same label to every item: chance agreement is total');
  }
  return defined(1 - disagreeObserved / disagreeExpected);
}

/** Share of pairs where the two values are equal. */
export function exactAgreement<T>(human: readonly T[], model: readonly T[]): Metric {
  checkPaired(human, model);
  if (human.length === 0) return undefinedMetric(NO_PAIRS);
  return defined(human.filter((h, i) => h === model[i]).length / human.length);
}

/** Share of pairs within one point of each other (ordinal criteria). */
export function adjacentAgreement(human: readonly number[], model: readonly number[]): Metric {
  checkPaired(human, model);
  if (human.length === 0) return undefinedMetric(NO_PAIRS);
  return defined(human.filter((h, i) => Math.abs(h - model[i]!) <= 1).length / human.length);
}

/**
 * Pearson's r, computed as SciPy's `pearsonr` does (centred, each side normalised before the dot product, clipped to
 * [-1, 1]). Undefined under two pairs or when either side is constant.
 */
export function pearson(x: readonly number[], y: readonly number[]): Metric {
  checkPaired(x, y);
  if (x.length < 2) return undefinedMetric('a correlation needs at least two items');
  if (constant(x)) return undefinedMetric('the human gave the same value to every item');
  if (constant(y)) return undefinedMetric('the model gave the same value to every item');
  const mx = mean(x);
  const my = mean(y);
  // Scaled by the largest deviation before the norms, as SciPy does, so tiny or huge values neither underflow nor
  // overflow when squared.
  const scaled = (xs: number[]) => {
    const top = xs.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    return xs.map((v) => v / top);
  };
  const dx = scaled(x.map((v) => v - mx));
  const dy = scaled(y.map((v) => v - my));
  const nx = Math.sqrt(sum(dx.map((v) => v * v)));
  const ny = Math.sqrt(sum(dy.map((v) => v * v)));
  let r = 0;
  for (let i = 0; i < x.length; i++) r += (dx[i]! / nx) * (dy[i]! / ny);
  return defined(Math.max(-1, Math.min(1, r)));
}

/** Ranks 1…n, ties sharing their average rank (SciPy's `rankdata(method='average')`). */
export function averageRanks(xs: readonly number[]): number[] {
  const order = xs.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const ranks = new Array<number>(xs.length);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]![0] === order[start]![0]) end++;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) ranks[order[k]![1]] = rank;
    start = end + 1;
  }
  return ranks;
}

/** Spearman's ρ: Pearson's r of the average ranks (SciPy's `spearmanr`). */
export function spearman(x: readonly number[], y: readonly number[]): Metric {
  checkPaired(x, y);
  return pearson(averageRanks(x), averageRanks(y));
}

/** Mean absolute difference, model − human. */
export function meanAbsoluteError(human: readonly number[], model: readonly number[]): Metric {
  checkPaired(human, model);
  if (human.length === 0) return undefinedMetric(NO_PAIRS);
  return defined(mean(human.map((h, i) => Math.abs(model[i]! - h))));
}

/** Root of the mean squared difference. */
export function rootMeanSquaredError(human: readonly number[], model: readonly number[]): Metric {
  checkPaired(human, model);
  if (human.length === 0) return undefinedMetric(NO_PAIRS);
  return defined(Math.sqrt(mean(human.map((h, i) => (model[i]! - h) ** 2))));
}

/**
 * Standardized mean difference: (mean model − mean human) ÷ √((var model + var human) ÷ 2),
 * sample variances (n − 1). Positive: the model scores higher than people. Undefined under two pairs or when both
 * sides are constant (no spread to standardize by).
 */
export function standardizedMeanDifference(human: readonly number[], model: readonly number[]): Metric {
  checkPaired(human, model);
  if (human.length < 2) return undefinedMetric('a standardized difference needs at least two items');
  if (constant(human) && constant(model)) {
    return undefinedMetric('both the human and the model gave one value to every item');
  }
  const spread = Math.sqrt((variance(model, 1) + variance(human, 1)) / 2);
  return defined((mean(model) - mean(human)) / spread);
}

/**
 * Lin's concordance correlation coefficient with population variances and covariance:
 * 2·cov ÷ (var human + var model + (mean human − mean model)²). Undefined when both sides are one and the same constant.
 */
export function linConcordance(human: readonly number[], model: readonly number[]): Metric {
  checkPaired(human, model);
  if (human.length === 0) return undefinedMetric(NO_PAIRS);
  if (constant(human) && constant(model) && human[0] === model[0]) {
    return undefinedMetric('the human and the model gave one and the same value to every item');
  }
  const mh = mean(human);
  const mm = mean(model);
  const cov = mean(human.map((h, i) => (h - mh) * (model[i]! - mm)));
  const denominator = variance(human, 0) + variance(model, 0) + (mh - mm) ** 2;
  return defined((2 * cov) / denominator);
}

/** Per-label precision (of the model's use of the label) and recall (of the human's), over the declared labels. */
export function precisionRecall<T>(
  human: readonly T[],
  model: readonly T[],
  labels: readonly T[],
): { label: T; precision: Metric; recall: Metric; support: number }[] {
  const matrix = confusionMatrix(human, model, labels);
  return labels.map((label, i) => {
    const hit = matrix[i]![i]!;
    const predicted = sum(matrix.map((row) => row[i]!));
    const actual = sum(matrix[i]!);
    return {
      label,
      precision:
        predicted === 0 ? undefinedMetric(`the model never gave ${JSON.stringify(label)}`) : defined(hit / predicted),
      recall: actual === 0 ? undefinedMetric(`no human gave ${JSON.stringify(label)}`) : defined(hit / actual),
      support: actual,
    };
  });
}

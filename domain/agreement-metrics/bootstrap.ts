/**
 * Percentile bootstrap intervals over a calibration's items: the items are resampled with
 * replacement, the metric is computed on each resample, and the interval is the 2.5th and 97.5th percentiles of those
 * values. Resamples are drawn from a seeded generator, so the same seed gives the same intervals on every machine and
 * a report can be reproduced; the indices are exposed so tests can hand the very same resamples to NumPy.
 *
 * A resample on which the metric is undefined (every drawn item has the same label, say) is skipped and counted, not
 * treated as zero: the interval describes the metric where it exists, and the report says how often it did not.
 */
import { unsafeUniformIntDistribution } from 'pure-rand/distribution/UnsafeUniformIntDistribution';
import { xoroshiro128plus } from 'pure-rand/generator/XoroShiro';
import type { Metric } from './metrics';

export const DEFAULT_RESAMPLES = 2000;
export const DEFAULT_CONFIDENCE = 0.95;

/**
 * An interval, or null with the reason there is none. `skipped` counts the resamples on which the metric was
 * undefined; `used` the ones it was computed on.
 */
export type Interval =
  | { low: number; high: number; used: number; skipped: number; reason: null }
  | { low: null; high: null; used: number; skipped: number; reason: string };

/**
 * `count` resamples of `n` item positions, each drawn uniformly with replacement, from `seed` (a 32-bit integer).
 * Deterministic: the same arguments give the same indices everywhere.
 */
export function resampleIndices(n: number, count: number, seed: number): number[][] {
  const resamples: number[][] = [];
  forEachResample(n, count, seed, (indices) => resamples.push([...indices]));
  return resamples;
}

/**
 * The same resamples as `resampleIndices`, one at a time in one reused array (issue 53 item 3): memory stays one
 * resample's size however many are drawn. `visit` must not keep the array.
 */
export function forEachResample(
  n: number,
  count: number,
  seed: number,
  visit: (indices: readonly number[]) => void,
): void {
  const rng = xoroshiro128plus(seed | 0);
  const indices = new Array<number>(n);
  for (let r = 0; r < count; r++) {
    for (let k = 0; k < n; k++) indices[k] = n === 0 ? 0 : unsafeUniformIntDistribution(0, n - 1, rng);
    visit(indices);
  }
}

/**
 * The `q`-th quantile (0…1) of `values` by linear interpolation between the closest ranks: NumPy's default
 * (`np.quantile(values, q, method='linear')`).
 */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) throw new Error('quantile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  const fraction = position - below;
  const low = sorted[below]!;
  const high = sorted[above]!;
  // NumPy's `_lerp`: from the nearer end, so a fraction of 0 or 1 returns the value itself exactly.
  return fraction >= 0.5 ? high - (high - low) * (1 - fraction) : low + (high - low) * fraction;
}

/** The central `confidence` interval of the metric's values over the resamples; undefined values skipped. */
export function percentileInterval(values: readonly Metric[], confidence = DEFAULT_CONFIDENCE): Interval {
  const usable = values.flatMap((m) => (m.value === null ? [] : [m.value]));
  const skipped = values.length - usable.length;
  if (usable.length === 0) {
    return {
      low: null,
      high: null,
      used: 0,
      skipped,
      reason: 'the metric is undefined on every resample of the items',
    };
  }
  const tail = (1 - confidence) / 2;
  return { low: quantile(usable, tail), high: quantile(usable, 1 - tail), used: usable.length, skipped, reason: null };
}

/**
 * The bootstrap interval of `metric` over `n` items: `metric` receives the positions of one resample and computes
 * the metric on those items (the same item may appear several times, as resampling with replacement means).
 */
export function bootstrapInterval(
  n: number,
  metric: (positions: readonly number[]) => Metric,
  options: { seed: number; resamples?: number; confidence?: number },
): Interval {
  const values: Metric[] = [];
  forEachResample(n, options.resamples ?? DEFAULT_RESAMPLES, options.seed, (positions) =>
    values.push(metric(positions)),
  );
  return percentileInterval(values, options.confidence);
}

/**
 * The paired interval of a difference between two workflows' metrics on the same items: each resample draws one set
 * of item positions and computes both metrics on it, so what the two have in common (the items' difficulty) cancels
 * and the interval reflects only how the workflows differ. A resample where either side is undefined is skipped.
 */
export function pairedDifferenceInterval(
  n: number,
  first: (positions: readonly number[]) => Metric,
  second: (positions: readonly number[]) => Metric,
  options: { seed: number; resamples?: number; confidence?: number },
): Interval {
  const values: Metric[] = [];
  forEachResample(n, options.resamples ?? DEFAULT_RESAMPLES, options.seed, (positions) =>
    values.push(differenceOf(first(positions), second(positions))),
  );
  return percentileInterval(values, options.confidence);
}

/** One resample's difference: undefined when either side is. */
export function differenceOf(a: Metric, b: Metric): Metric {
  return a.value === null || b.value === null
    ? { value: null, reason: a.reason ?? b.reason ?? '' }
    : { value: a.value - b.value, reason: null };
}

/** The values at `positions`, for computing a metric on one resample. */
export const pick = <T>(values: readonly T[], positions: readonly number[]): T[] => positions.map((p) => values[p]!);

/**
 * Comparing two calibrations of one criterion: pairs joined by item, each metric's
 * difference, and a paired bootstrap interval equal to NumPy's on the very same resample indices.
 */
import { compareCriterion, type Criterion, type ScoredPair } from '../../domain/agreement-metrics/agreement';
import { resampleIndices } from '../../domain/agreement-metrics/bootstrap';
import { cohenKappa } from '../../domain/agreement-metrics/metrics';
import { referenceAnswers } from '../support/reference-metrics';

const ordinal: Criterion = { key: 'score', pointer: '/score', kind: 'ordinal', min: 1, max: 5 };
const LABELS = [1, 2, 3, 4, 5];

/** 40 items with human scores spread over 1–5; a model that agrees on `agreeing` of them and is off by 2 on the rest. */
function scored(agreeing: number, prefix = 'csi_'): ScoredPair[] {
  return Array.from({ length: 40 }, (_, i) => {
    const human = (i % 5) + 1;
    const model = i < agreeing ? human : human <= 3 ? human + 2 : human - 2;
    return { item_id: `${prefix}${i}`, human, model };
  });
}

it('reports first − second per metric on the items both scored, in the first’s order', () => {
  const first = scored(38);
  const second = scored(24).filter((p) => p.item_id !== 'csi_7');
  const result = compareCriterion(ordinal, first, second, { seed: 7, resamples: 200 });
  expect(result.items).toBe(39);
  const joined = first.filter((p) => p.item_id !== 'csi_7');
  const bySecond = new Map(second.map((p) => [p.item_id, p.model]));
  const qwk = (model: number[]) =>
    cohenKappa(
      joined.map((p) => p.human as number),
      model,
      LABELS,
      'quadratic',
    ).value!;
  const a = qwk(joined.map((p) => p.model as number));
  const b = qwk(joined.map((p) => bySecond.get(p.item_id) as number));
  const metric = result.metrics.quadratic_weighted_kappa!;
  expect(metric.first).toBeCloseTo(a, 12);
  expect(metric.second).toBeCloseTo(b, 12);
  expect(metric.difference).toBeCloseTo(a - b, 12);
  expect(Object.keys(result.metrics)).toEqual([
    'quadratic_weighted_kappa',
    'exact_agreement',
    'adjacent_agreement',
    'spearman',
    'mae',
    'smd',
  ]);
});

it('gives the paired interval NumPy computes on the same resample indices (1e-9)', () => {
  const first = scored(38);
  const second = scored(24);
  const resamples = 500;
  const ours = compareCriterion(ordinal, first, second, { seed: 11, resamples }).metrics.quadratic_weighted_kappa!;
  const [answer] = referenceAnswers([
    {
      metric: 'paired',
      inner: 'qwk',
      human: first.map((p) => p.human),
      model: first.map((p) => p.model),
      model2: second.map((p) => p.model),
      labels: LABELS,
      indices: resampleIndices(first.length, resamples, 11),
    },
  ]) as { interval: [number, number] | null; skipped: number }[];
  expect(answer!.interval).not.toBeNull();
  expect(Math.abs(ours.interval.low! - answer!.interval![0])).toBeLessThanOrEqual(1e-9);
  expect(Math.abs(ours.interval.high! - answer!.interval![1])).toBeLessThanOrEqual(1e-9);
  expect(ours.interval.skipped).toBe(answer!.skipped);
});

it('with 40 items, a workflow agreeing on 95 % against one on 60 % gives a κ difference whose interval excludes 0', () => {
  const result = compareCriterion(ordinal, scored(38), scored(24), { seed: 3 });
  const kappa = result.metrics.quadratic_weighted_kappa!;
  expect(kappa.difference!).toBeGreaterThan(0);
  expect(kappa.interval.low!).toBeGreaterThan(0);
  // The same workflow against itself: no difference, an interval of exactly zero.
  const same = compareCriterion(ordinal, scored(38), scored(38), { seed: 3 }).metrics.quadratic_weighted_kappa!;
  expect([same.difference, same.interval.low, same.interval.high]).toEqual([0, 0, 0]);
});

it('answers null with a reason, never NaN, when nothing was scored by both', () => {
  const result = compareCriterion(ordinal, scored(38, 'a_'), scored(38, 'b_'), { seed: 1 });
  expect(result.items).toBe(0);
  const kappa = result.metrics.quadratic_weighted_kappa!;
  expect(kappa.difference).toBeNull();
  expect(kappa.reason).toEqual(expect.any(String));
  expect(kappa.interval.low).toBeNull();
  expect(kappa.interval.reason).toBe('no item was scored by both calibrations');
});

/**
 * The calibration metrics against implementations nobody on this project wrote: scikit-learn's `cohen_kappa_score`
 * and `confusion_matrix`, SciPy's `pearsonr` and `spearmanr`, NumPy for the rest (test/support/metrics/reference.py),
 * on 200 random cases per metric, to 1e-9. Where the reference answers NaN or raises, ours must answer null with a
 * reason. Bootstrap intervals are checked by handing NumPy the very resample indices ours drew.
 */
import fc from 'fast-check';
import {
  adjacentAgreement,
  cohenKappa,
  confusionMatrix,
  exactAgreement,
  linConcordance,
  meanAbsoluteError,
  pearson,
  rootMeanSquaredError,
  spearman,
  standardizedMeanDifference,
  type Metric,
} from '../../domain/agreement-metrics/metrics';
import {
  bootstrapInterval,
  pairedDifferenceInterval,
  percentileInterval,
  pick,
  resampleIndices,
} from '../../domain/agreement-metrics/bootstrap';
import { ensureReferenceMetrics, referenceAnswers, type ReferenceCase } from '../support/reference-metrics';

const CASES = 200;
/** Absolute below magnitude 1, relative above it: a metric of 1e23 agrees to 1e-9 of itself, not to 1e-9. */
const TOLERANCE = 1e-9;
const close = (a: number, b: number) => Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.abs(b));

interface Paired {
  human: number[];
  model: number[];
  labels: number[];
}

/** Ordinal scores on a declared min…max; the model often near the human so κ spans its range, sometimes constant. */
const ordinalCase: fc.Arbitrary<Paired> = fc
  .record({
    min: fc.integer({ min: 0, max: 2 }),
    span: fc.integer({ min: 1, max: 5 }),
    n: fc.integer({ min: 1, max: 40 }),
  })
  .chain(({ min, span, n }) => {
    const labels = Array.from({ length: span + 1 }, (_, i) => min + i);
    const score = fc.integer({ min, max: min + span });
    return fc
      .record({
        labels: fc.constant(labels),
        pairs: fc.array(
          fc
            .tuple(score, fc.oneof(fc.constant(0), fc.integer({ min: -1, max: 1 }), score))
            .map(([h, noise]) => [h, noise]),
          { minLength: n, maxLength: n },
        ),
        constantHuman: fc.boolean().map((b) => b && n % 7 === 0),
      })
      .map(({ labels, pairs, constantHuman }) => {
        const clamp = (v: number) => Math.max(min, Math.min(min + span, v));
        const human = pairs.map(([h]) => (constantHuman ? min : h!));
        // A noise of -1…1 is a nearby score; a larger value (from `score`) is an unrelated one.
        const model = pairs.map(([h, noise]) => clamp(Math.abs(noise!) <= 1 ? h! + noise! : noise!));
        return { human, model, labels };
      });
  });

/** Real-valued scores, sometimes constant, sometimes correlated. */
const numericCase: fc.Arbitrary<Paired> = fc
  .integer({ min: 1, max: 40 })
  .chain((n) =>
    fc.record({
      human: fc.array(fc.double({ min: -100, max: 100, noNaN: true, noDefaultInfinity: true }), {
        minLength: n,
        maxLength: n,
      }),
      noise: fc.array(fc.double({ min: -20, max: 20, noNaN: true, noDefaultInfinity: true }), {
        minLength: n,
        maxLength: n,
      }),
      shape: fc.constantFrom('correlated', 'independent', 'constant-model', 'both-constant'),
      slope: fc.double({ min: -2, max: 2, noNaN: true }),
    }),
  )
  .map(({ human, noise, shape, slope }) => {
    if (shape === 'both-constant') return { human: human.map(() => 3.5), model: human.map(() => 3.5), labels: [] };
    if (shape === 'constant-model') return { human, model: human.map(() => 1.25), labels: [] };
    if (shape === 'independent') return { human, model: noise, labels: [] };
    return { human, model: human.map((h, i) => slope * h + noise[i]!), labels: [] };
  });

// The first run on a machine installs the references (about a minute); later runs find them in place.
beforeAll(() => {
  ensureReferenceMetrics();
}, 600_000);

const sample = <T>(arb: fc.Arbitrary<T>, seed: number) => fc.sample(arb, { seed, numRuns: CASES });

function expectClose(ours: Metric, reference: unknown, context: () => string): void {
  if (reference === null) {
    if (ours.value !== null) throw new Error(`expected null (reference NaN), got ${ours.value}: ${context()}`);
    expect(ours.reason).toEqual(expect.any(String));
    expect(ours.reason!.length).toBeGreaterThan(10);
    return;
  }
  if (ours.value === null) throw new Error(`expected ${String(reference)}, got null (${ours.reason}): ${context()}`);
  if (!close(ours.value, reference as number)) {
    throw new Error(`expected ${String(reference)}, got ${ours.value}: ${context()}`);
  }
}

type Pairwise = (c: Paired) => Metric;

const ORDINAL_METRICS: Record<string, Pairwise> = {
  kappa: (c) => cohenKappa(c.human, c.model, c.labels),
  qwk: (c) => cohenKappa(c.human, c.model, c.labels, 'quadratic'),
  exact: (c) => exactAgreement(c.human, c.model),
  adjacent: (c) => adjacentAgreement(c.human, c.model),
  spearman: (c) => spearman(c.human, c.model),
  mae: (c) => meanAbsoluteError(c.human, c.model),
  smd: (c) => standardizedMeanDifference(c.human, c.model),
};

const NUMERIC_METRICS: Record<string, Pairwise> = {
  pearson: (c) => pearson(c.human, c.model),
  spearman: (c) => spearman(c.human, c.model),
  mae: (c) => meanAbsoluteError(c.human, c.model),
  rmse: (c) => rootMeanSquaredError(c.human, c.model),
  smd: (c) => standardizedMeanDifference(c.human, c.model),
  lin: (c) => linConcordance(c.human, c.model),
};

describe('calibration metrics agree with scikit-learn, SciPy and NumPy', () => {
  const ordinal = sample(ordinalCase, 20261127);
  const numeric = sample(numericCase, 11272026);

  it.each(Object.keys(ORDINAL_METRICS))('%s on 200 random ordinal cases', (name) => {
    const answers = referenceAnswers(ordinal.map((c) => ({ metric: name, ...c })));
    ordinal.forEach((c, i) => expectClose(ORDINAL_METRICS[name]!(c), answers[i], () => JSON.stringify(c)));
    // The random cases must reach the undefined branch and the defined one, or they prove little.
    expect(answers.some((a) => a !== null)).toBe(true);
  });

  it.each(Object.keys(NUMERIC_METRICS))('%s on 200 random numeric cases', (name) => {
    const answers = referenceAnswers(numeric.map((c) => ({ metric: name, ...c })));
    numeric.forEach((c, i) => expectClose(NUMERIC_METRICS[name]!(c), answers[i], () => JSON.stringify(c)));
    expect(answers.some((a) => a !== null)).toBe(true);
  });

  it('undefined cases are reached: constant raters make correlations and κ null, never NaN', () => {
    const kappaAnswers = referenceAnswers(ordinal.map((c) => ({ metric: 'kappa', ...c })));
    expect(kappaAnswers.filter((a) => a === null).length).toBeGreaterThan(0);
    const pearsonAnswers = referenceAnswers(numeric.map((c) => ({ metric: 'pearson', ...c })));
    expect(pearsonAnswers.filter((a) => a === null).length).toBeGreaterThan(0);
  });

  it('the confusion matrix equals scikit-learn’s on 200 random cases', () => {
    const answers = referenceAnswers(ordinal.map((c) => ({ metric: 'confusion', ...c })));
    ordinal.forEach((c, i) => expect(confusionMatrix(c.human, c.model, c.labels)).toEqual(answers[i]));
  });

  it('percentiles equal NumPy’s linear interpolation on 200 random lists', () => {
    const lists = fc.sample(
      fc.array(fc.double({ min: -5, max: 5, noNaN: true, noDefaultInfinity: true }), { minLength: 1, maxLength: 60 }),
      { seed: 7, numRuns: CASES },
    );
    const answers = referenceAnswers(lists.map((values) => ({ metric: 'percentile', values, q: [2.5, 97.5] })));
    lists.forEach((values, i) => {
      const interval = percentileInterval(values.map((value) => ({ value, reason: null })));
      const [low, high] = answers[i] as [number, number];
      expect(Math.abs(interval.low! - low)).toBeLessThanOrEqual(TOLERANCE);
      expect(Math.abs(interval.high! - high)).toBeLessThanOrEqual(TOLERANCE);
    });
  });
});

describe('bootstrap intervals equal NumPy’s on the same resample indices', () => {
  const RESAMPLES = 400;

  it('quadratic κ and SMD intervals, skipped resamples counted alike', () => {
    const cases = sample(ordinalCase, 99)
      .filter((c) => c.human.length >= 5)
      .slice(0, 12);
    const refCases: ReferenceCase[] = [];
    const ours: ReturnType<typeof bootstrapInterval>[] = [];
    cases.forEach((c, k) => {
      for (const inner of ['qwk', 'smd'] as const) {
        const seed = 1000 + k;
        const fn = (p: readonly number[]) =>
          ORDINAL_METRICS[inner]!({ ...c, human: pick(c.human, p), model: pick(c.model, p) });
        ours.push(bootstrapInterval(c.human.length, fn, { seed, resamples: RESAMPLES }));
        refCases.push({ metric: 'bootstrap', inner, ...c, indices: resampleIndices(c.human.length, RESAMPLES, seed) });
      }
    });
    const answers = referenceAnswers(refCases) as { interval: [number, number] | null; skipped: number }[];
    answers.forEach((answer, i) => {
      const interval = ours[i]!;
      expect(interval.skipped).toBe(answer.skipped);
      if (answer.interval === null) {
        expect(interval.low).toBeNull();
        expect(interval.reason).toEqual(expect.any(String));
      } else {
        expect(Math.abs(interval.low! - answer.interval[0])).toBeLessThanOrEqual(TOLERANCE);
        expect(Math.abs(interval.high! - answer.interval[1])).toBeLessThanOrEqual(TOLERANCE);
      }
    });
    expect(answers.some((a) => a.skipped > 0 || a.interval !== null)).toBe(true);
  });

  it('paired differences resample both workflows on the same items', () => {
    const cases = sample(ordinalCase, 5)
      .filter((c) => c.human.length >= 8)
      .slice(0, 6);
    const refCases: ReferenceCase[] = [];
    const ours: ReturnType<typeof pairedDifferenceInterval>[] = [];
    cases.forEach((c, k) => {
      // A second workflow: the human's scores with every third item off by one.
      const model2 = c.human.map((h, i) => (i % 3 === 0 ? Math.min(h + 1, c.labels.at(-1)!) : h));
      const qwk = (model: number[]) => (p: readonly number[]) =>
        cohenKappa(pick(c.human, p), pick(model, p), c.labels, 'quadratic');
      ours.push(pairedDifferenceInterval(c.human.length, qwk(c.model), qwk(model2), { seed: k, resamples: RESAMPLES }));
      refCases.push({
        metric: 'paired',
        inner: 'qwk',
        ...c,
        model2,
        indices: resampleIndices(c.human.length, RESAMPLES, k),
      });
    });
    const answers = referenceAnswers(refCases) as { interval: [number, number] | null; skipped: number }[];
    answers.forEach((answer, i) => {
      expect(ours[i]!.skipped).toBe(answer.skipped);
      if (answer.interval !== null) {
        expect(Math.abs(ours[i]!.low! - answer.interval[0])).toBeLessThanOrEqual(TOLERANCE);
        expect(Math.abs(ours[i]!.high! - answer.interval[1])).toBeLessThanOrEqual(TOLERANCE);
      }
    });
  });

  it('resamples are deterministic given a seed and differ between seeds', () => {
    expect(resampleIndices(30, 5, 42)).toEqual(resampleIndices(30, 5, 42));
    expect(resampleIndices(30, 5, 42)).not.toEqual(resampleIndices(30, 5, 43));
    for (const r of resampleIndices(7, 50, 1)) for (const i of r) expect(i >= 0 && i < 7).toBe(true);
  });
});

describe('edge cases answer null with a reason, never NaN', () => {
  it.each<[string, Metric]>([
    ['κ with one label only', cohenKappa([2, 2, 2], [2, 2, 2], [2])],
    ['κ with no pairs', cohenKappa([], [], [1, 2, 3])],
    [
      'quadratic κ when both raters gave the same score throughout',
      cohenKappa([3, 3], [3, 3], [1, 2, 3, 4], 'quadratic'),
    ],
    ['Pearson when the human always gave the same score', pearson([4, 4, 4, 4], [1, 2, 3, 4])],
    ['Spearman when the model always gave the same score', spearman([1, 2, 3], [5, 5, 5])],
    ['Pearson on one item', pearson([1], [2])],
    ['SMD on one item', standardizedMeanDifference([1], [2])],
    ['SMD when both are constant', standardizedMeanDifference([2, 2, 2], [3, 3, 3])],
    ['Lin when both give one and the same value', linConcordance([1, 1], [1, 1])],
    ['MAE with no pairs (a criterion unscorable everywhere)', meanAbsoluteError([], [])],
  ])('%s', (_, metric) => {
    expect(metric.value).toBeNull();
    expect(metric.reason).toMatch(/\w{3,}/);
  });

  it('ties take average ranks (Spearman of tied ranks is still defined)', () => {
    expect(spearman([1, 1, 2, 3], [1, 2, 2, 3]).value).toBeCloseTo(5 / 6, 12);
  });
});

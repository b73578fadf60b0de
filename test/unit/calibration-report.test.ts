/**
 * One criterion's report (domain/agreement-metrics/agreement.ts): which items count, how repeats combine, the baseline, the
 * verdict and the worst items — and that the awkward label sets people really have (one label, a constant rater,
 * missing labels, a criterion the model never answered) give null with a reason, never NaN or a throw.
 */
import {
  aggregateRepeats,
  criterionReport,
  validValue,
  type Criterion,
  type ItemScores,
} from '../../domain/agreement-metrics/agreement';
import { cohenKappa } from '../../domain/agreement-metrics/metrics';

const ordinal: Criterion = { key: 'clarity', pointer: '/scores/clarity', kind: 'ordinal', min: 1, max: 5 };

function items(rows: { h: number[]; m: (number | null)[] }[]): ItemScores[] {
  return rows.map((row, i) => ({
    item_id: `csi_${i}`,
    external_id: `doc-${i}`,
    raters: row.h.map((value, r) => ({ rater: `r${r + 1}`, value })),
    model: row.m,
    run_ids: row.m.map((_, k) => `run_${i}_${k}`),
  }));
}

const noNaN = (value: unknown): void => {
  JSON.stringify(value, (_, v: unknown) => {
    if (typeof v === 'number' && !Number.isFinite(v)) throw new Error(`non-finite number in report: ${v}`);
    return v;
  });
};

describe('a criterion report', () => {
  it('computes the model against H1, H1 against H2 as the baseline, and a passing verdict when they agree', () => {
    const scores = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 3, 3, 2, 4];
    const report = criterionReport(
      ordinal,
      items(scores.map((s, i) => ({ h: [s, i % 4 === 0 ? Math.min(5, s + 1) : s], m: [s] }))),
      { seed: 1, resamples: 200 },
    );
    expect(report.scored).toBe(14);
    expect(report.metrics.quadratic_weighted_kappa!.value).toBe(1);
    expect(report.metrics.exact_agreement!.value).toBe(1);
    expect(report.human_baseline.items).toBe(14);
    expect(report.human_baseline.metrics.quadratic_weighted_kappa!.value).toBeCloseTo(
      cohenKappa(
        scores,
        scores.map((s, i) => (i % 4 === 0 ? Math.min(5, s + 1) : s)),
        [1, 2, 3, 4, 5],
        'quadratic',
      ).value!,
      12,
    );
    expect(report.verdict.status).toBe('pass');
    expect(report.worst_items).toEqual([]);
    expect(report.metrics.quadratic_weighted_kappa!.interval.low).toBe(1);
    noNaN(report);
  });

  it('fails a model that scores everyone one point high (SMD) and lists the items furthest from people first', () => {
    const scores = [1, 2, 3, 4, 2, 3, 1, 2, 3, 4];
    const model = scores.map((s, i) => (i === 3 ? 1 : Math.min(5, s + 1)));
    const report = criterionReport(ordinal, items(scores.map((s, i) => ({ h: [s], m: [model[i]!] }))), {
      seed: 2,
      resamples: 200,
    });
    const smd = report.verdict.checks.find((c) => c.check === 'smd')!;
    expect(smd.passed).toBe(false);
    expect(report.verdict.status).toBe('fail');
    expect(report.worst_items[0]).toMatchObject({ item_id: 'csi_3', human: 4, model: 1, difference: 3 });
    // No second rater: the baseline check is reported as not evaluated, with a reason, and does not block a verdict.
    const degradation = report.verdict.checks.find((c) => c.check === 'degradation')!;
    expect(degradation.passed).toBeNull();
    expect(degradation.reason).toMatch(/second rater/);
  });

  it('counts unscorable model values and never guesses them; items lacking the label are not counted at all', () => {
    const report = criterionReport(
      ordinal,
      [
        ...items([
          { h: [3], m: [3] },
          { h: [4], m: [null] },
          { h: [2], m: [9] },
          { h: [5], m: [5] },
        ]),
        { item_id: 'csi_x', external_id: null, raters: [], model: [3], run_ids: ['run_x'] },
      ],
      { seed: 3, resamples: 100 },
    );
    expect(report.labelled).toBe(4);
    expect(report.scored).toBe(2);
    expect(report.unscorable).toBe(2);
  });

  it('a criterion unscorable everywhere answers null with a reason for every metric and no verdict', () => {
    const report = criterionReport(
      ordinal,
      items([
        { h: [3], m: [null] },
        { h: [4], m: ['high' as unknown as number] },
      ]),
      {
        seed: 4,
        resamples: 100,
      },
    );
    expect(report.scored).toBe(0);
    for (const metric of Object.values(report.metrics)) {
      expect(metric.value).toBeNull();
      expect(metric.reason).toMatch(/\w{5,}/);
      expect(metric.interval.low).toBeNull();
    }
    expect(report.verdict.status).toBe('insufficient_data');
    noNaN(report);
  });

  it('one label only and a constant rater: κ and correlations null with reasons, never NaN', () => {
    const same = criterionReport(
      ordinal,
      items([
        { h: [3], m: [3] },
        { h: [3], m: [3] },
        { h: [3], m: [3] },
      ]),
      {
        seed: 5,
        resamples: 100,
      },
    );
    expect(same.metrics.quadratic_weighted_kappa!.value).toBeNull();
    expect(same.metrics.spearman!.value).toBeNull();
    expect(same.verdict.status).toBe('insufficient_data');
    noNaN(same);
  });

  it('categorical criteria report κ, accuracy, per-label precision and recall and the confusion matrix', () => {
    const tone: Criterion = {
      key: 'tone',
      pointer: '/tone',
      kind: 'categorical',
      labels: ['formal', 'casual', 'mixed', 'neutral'],
    };
    const h = ['formal', 'casual', 'mixed', 'formal', 'casual', 'formal'];
    const m = ['formal', 'casual', 'formal', 'formal', 'mixed', 'formal'];
    const report = criterionReport(
      tone,
      h.map((value, i) => ({
        item_id: `i${i}`,
        external_id: null,
        raters: [{ rater: 'a', value }],
        model: [m[i]!],
        run_ids: [],
      })),
      { seed: 6, resamples: 100 },
    );
    expect(report.metrics.accuracy!.value).toBeCloseTo(4 / 6, 12);
    expect(report.confusion_matrix!.counts).toEqual([
      [3, 0, 0, 0],
      [0, 1, 1, 0],
      [1, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    const formal = report.per_label!.find((l) => l.label === 'formal')!;
    expect(formal.precision.value).toBeCloseTo(3 / 4, 12);
    expect(formal.recall.value).toBe(1);
    expect(report.per_label!.find((l) => l.label === 'mixed')!.precision.value).toBe(0);
    const neutral = report.per_label!.find((l) => l.label === 'neutral')!;
    expect(neutral.precision).toEqual({ value: null, reason: expect.stringMatching(/never gave/) });
    expect(neutral.recall).toEqual({ value: null, reason: expect.stringMatching(/no human gave/) });
  });

  it('repeats: the median for ordinal (lower middle on an even count), the mode for categorical, self-agreement between repeats 1 and 2', () => {
    expect(aggregateRepeats('ordinal', [2, 5, 3])).toBe(3);
    expect(aggregateRepeats('ordinal', [2, 5, 3, 4])).toBe(3);
    expect(aggregateRepeats('numeric', [2, 5, 3, 4])).toBe(3.5);
    expect(aggregateRepeats('categorical', ['b', 'a', 'a', 'b'])).toBe('b');
    expect(aggregateRepeats('boolean', [false, true, true])).toBe(true);
    const report = criterionReport(
      ordinal,
      items([
        { h: [3], m: [3, 3, 4] },
        { h: [2], m: [2, 3, 2] },
        { h: [5], m: [4, 4, 5] },
        { h: [1], m: [1, 1, 1] },
      ]),
      { seed: 7, resamples: 100 },
    );
    expect(report.self_agreement!.items).toBe(4);
    expect(report.self_agreement!.metrics.exact_agreement!.value).toBeCloseTo(3 / 4, 12);
    expect(report.metrics.exact_agreement!.value).toBe(0.75);
  });

  it('the same seed gives the same report; another seed other intervals', () => {
    const rows = items([1, 2, 3, 4, 5, 2, 3, 4].map((s, i) => ({ h: [s], m: [i % 3 ? s : Math.max(1, s - 1)] })));
    const a = criterionReport(ordinal, rows, { seed: 11, resamples: 300 });
    expect(criterionReport(ordinal, rows, { seed: 11, resamples: 300 })).toEqual(a);
    expect(criterionReport(ordinal, rows, { seed: 12, resamples: 300 }).metrics.mae!.interval).not.toEqual(
      a.metrics.mae!.interval,
    );
  });

  it('validates values by kind', () => {
    expect(validValue(ordinal, 3)).toBe(true);
    expect(validValue(ordinal, 3.5)).toBe(false);
    expect(validValue(ordinal, 6)).toBe(false);
    expect(validValue({ ...ordinal, kind: 'boolean' }, 'true')).toBe(false);
    expect(validValue({ ...ordinal, kind: 'numeric' }, Number.NaN)).toBe(false);
  });
});

describe('numeric model values (issue 53 item 11)', () => {
  const numeric: Criterion = { key: 'score', pointer: '/score', kind: 'numeric', min: 0, max: 10 };

  it('a value outside the declared range is unscorable, as a label there would be refused', () => {
    expect(validValue(numeric, 10)).toBe(true);
    expect(validValue(numeric, 10.5)).toBe(false);
    expect(validValue(numeric, -1)).toBe(false);
    expect(validValue({ key: 'open', pointer: '/x', kind: 'numeric' }, 1e300)).toBe(true);
    const report = criterionReport(
      numeric,
      items([
        { h: [3], m: [4] },
        { h: [5], m: [50] },
        { h: [7], m: [-2, 6] },
      ]),
      { seed: 1, resamples: 50 },
    );
    expect([report.labelled, report.scored, report.unscorable]).toEqual([3, 2, 1]);
    expect(report.distributions.model).toEqual([4, 6]);
  });

  it('the median of an even count of large values stays finite', () => {
    const big = Number.MAX_VALUE;
    expect(aggregateRepeats('numeric', [big, big])).toBe(big);
    expect(aggregateRepeats('numeric', [-big, -big])).toBe(-big);
    expect(aggregateRepeats('numeric', [-big, big])).toBe(0);
    expect(aggregateRepeats('numeric', [2, 5, 3, 4])).toBe(3.5);
  });
});

/**
 * `assay calibrate`'s printout of selective agreement (issue 55): per criterion judged k ≥ 2 times, the recommended
 * threshold with its coverage, the confidence AUROC, and a row per threshold; nothing for a criterion judged once.
 */
import type { Calibration, CalibrationCriterionReport, CalibrationSelectiveRow } from '../../clients/typescript/src';
import { criteriaTable, selectiveTable } from '../../clients/typescript/src/cli/calibrate';

type Criterion = CalibrationCriterionReport;

const row = (threshold: number, coverage: number, n: number, value: number | null): CalibrationSelectiveRow => ({
  threshold,
  coverage,
  n,
  value,
  ci_low: value === null ? null : value - 0.1,
  ci_high: value === null ? null : Math.min(1, value + 0.05),
  reason: value === null ? 'no item is this confident' : null,
});

function criterion(key: string, extra: Partial<Criterion>): Criterion {
  const metric = { value: 0.5, reason: null, interval: { low: 0.4, high: 0.6, used: 100, skipped: 0, reason: null } };
  return {
    key,
    kind: 'ordinal',
    labelled: 10,
    scored: 10,
    unscorable: 0,
    metrics: { quadratic_weighted_kappa: metric },
    human_baseline: { items: 0, metrics: {} },
    self_agreement: null,
    confusion_matrix: null,
    per_label: null,
    distributions: { human: [], model: [] },
    verdict: { status: 'fail', checks: [] },
    worst_items: [],
    ...extra,
  };
}

const calibration = {
  thresholds: { min_agreement: 0.7, max_degradation: 0.1, max_abs_smd: 0.15 },
  criteria: [
    criterion('score', {
      selective: [
        row(0.5, 1, 10, 0.52),
        row(0.6, 0.9, 9, 0.61),
        row(0.7, 0.8, 8, 0.74),
        row(0.8, 0.8, 8, 0.74),
        row(0.9, 0.5, 5, 0.9),
        row(1, 0, 0, null),
      ],
      confidence_auroc: { value: 0.8125, reason: null },
      recommended_threshold: { threshold: 0.7, coverage: 0.8 },
    }),
    criterion('tone', {
      selective: [row(0.5, 1, 10, 0.2), row(0.6, 1, 10, 0.2), row(0.7, 0.4, 4, 0.3)],
      confidence_auroc: { value: null, reason: 'every item agrees with H1' },
      recommended_threshold: null,
    }),
    criterion('once', {
      selective: null,
      confidence_auroc: { value: null, reason: 'the runs carry no confidence' },
      recommended_threshold: null,
    }),
    // A report written before selective agreement existed.
    criterion('old', {}),
  ],
} as unknown as Calibration;

it('prints the recommended threshold, the AUROC and every threshold’s coverage and agreement', () => {
  expect(selectiveTable(calibration)).toEqual([
    '',
    'score: recommended threshold 0.7 (keeps 80.0 %); confidence AUROC 0.813',
    '  confidence  coverage  items  agreement (95% CI)',
    '  ≥ 0.5        100.0 %     10  0.520 [0.420, 0.570]',
    '  ≥ 0.6         90.0 %      9  0.610 [0.510, 0.660]',
    '  ≥ 0.7         80.0 %      8  0.740 [0.640, 0.790]',
    '  ≥ 0.8         80.0 %      8  0.740 [0.640, 0.790]',
    '  ≥ 0.9         50.0 %      5  0.900 [0.800, 0.950]',
    '  ≥ 1.0          0.0 %      0  — [—, —] (no item is this confident)',
    '',
    'tone: no threshold reaches agreement 0.7; confidence AUROC — (every item agrees with H1)',
    '  confidence  coverage  items  agreement (95% CI)',
    '  ≥ 0.5        100.0 %     10  0.200 [0.100, 0.250]',
    '  ≥ 0.6        100.0 %     10  0.200 [0.100, 0.250]',
    '  ≥ 0.7         40.0 %      4  0.300 [0.200, 0.350]',
  ]);
  // The per-criterion table is unchanged: one line per criterion, selective agreement or not.
  expect(criteriaTable(calibration)).toHaveLength(5);
});

it('prints nothing for a calibration whose runs were judged once', () => {
  expect(selectiveTable({ ...calibration, criteria: calibration.criteria!.slice(2) })).toEqual([]);
});

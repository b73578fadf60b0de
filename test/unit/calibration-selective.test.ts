/**
 * Selective agreement against libraries nobody on this project wrote: on random items, each
 * threshold's metric equals scikit-learn's `cohen_kappa_score` (NumPy's Lin concordance for numeric) on the same
 * subset, and `confidence_auroc` its `roc_auc_score`, to 1e-9; where they are undefined ours is null with a reason.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { mulberry32 } from '../../domain/json-schema/sample';
import type { Criterion, LabelValue } from '../../domain/agreement-metrics/agreement';
import { SELECTIVE_THRESHOLDS, selectiveAgreement, type SelectiveItem } from '../../domain/agreement-metrics/selective';
import { ensureReferenceMetrics } from '../support/reference-metrics';

const SCRIPT = join(__dirname, '..', 'support', 'metrics', 'selective_reference.py');
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

interface Case {
  criterion: Criterion;
  items: SelectiveItem[];
}

/** k = 3 or 5 samples give confidences as shares; the model agrees with H1 more often when it is more confident. */
function randomCase(seed: number): Case {
  const random = mulberry32(seed);
  const int = (n: number) => Math.floor(random() * n);
  const kinds: Criterion[] = [
    { key: 'score', pointer: '/score', kind: 'ordinal', min: 1, max: 1 + 1 + int(5) },
    { key: 'label', pointer: '/label', kind: 'categorical', labels: ['a', 'b', 'c', 'd'].slice(0, 2 + int(3)) },
    { key: 'pass', pointer: '/pass', kind: 'boolean' },
    { key: 'amount', pointer: '/amount', kind: 'numeric', ...(seed % 2 ? { min: 0, max: 100 } : {}) },
  ];
  const criterion = kinds[seed % kinds.length]!;
  const k = random() < 0.5 ? 3 : 5;
  const n = 1 + int(60);
  const value = (): LabelValue => {
    switch (criterion.kind) {
      case 'ordinal':
        return criterion.min! + int(criterion.max! - criterion.min! + 1);
      case 'categorical':
        return criterion.labels![int(criterion.labels!.length)]!;
      case 'boolean':
        return random() < 0.5;
      case 'numeric':
        return Math.round(random() * 10000) / 100;
    }
  };
  // Some cases are all one label (κ undefined), some all agreeing (AUROC undefined).
  const constant = seed % 11 === 0 ? value() : null;
  const items = Array.from({ length: n }, () => {
    const human = constant ?? value();
    const confidence = (Math.ceil(k / 2) + int(k - Math.ceil(k / 2) + 1)) / k;
    const model = seed % 13 === 0 || random() < confidence - 0.2 ? human : (constant ?? value());
    return { human, model, confidence };
  });
  return { criterion, items };
}

describe('selective agreement against scikit-learn', () => {
  const cases = Array.from({ length: 120 }, (_, i) => randomCase(i + 1));
  let reference: { rows: (number | null)[]; auroc: number | null }[];

  beforeAll(() => {
    const input = cases.map(({ criterion, items }) => ({
      kind: criterion.kind,
      labels:
        criterion.kind === 'ordinal'
          ? Array.from({ length: criterion.max! - criterion.min! + 1 }, (_, i) => criterion.min! + i)
          : criterion.kind === 'boolean'
            ? [false, true]
            : (criterion.labels ?? null),
      human: items.map((i) => i.human),
      model: items.map((i) => i.model),
      confidence: items.map((i) => i.confidence),
    }));
    const out = execFileSync(ensureReferenceMetrics(), [SCRIPT], { input: JSON.stringify(input), encoding: 'utf8' });
    reference = JSON.parse(out) as typeof reference;
  }, 600_000);

  it('gives each threshold the metric of the items at or above it, and the AUROC of confidence, to 1e-9', () => {
    let defined = 0;
    let undefinedSeen = 0;
    cases.forEach(({ criterion, items }, c) => {
      const report = selectiveAgreement(criterion, items, { seed: c, resamples: 200 });
      const expected = reference[c]!;
      expect(report.selective.map((r) => r.threshold)).toEqual([...SELECTIVE_THRESHOLDS]);
      report.selective.forEach((row, t) => {
        const kept = items.filter((i) => i.confidence >= SELECTIVE_THRESHOLDS[t]! - 1e-9).length;
        expect(row.n).toBe(kept);
        expect(row.coverage).toBeCloseTo(kept / items.length, 12);
        const want = expected.rows[t]!;
        if (want === null) {
          expect(row.value).toBeNull();
          expect(row.reason).toEqual(expect.any(String));
          undefinedSeen++;
        } else {
          if (!close(row.value!, want)) throw new Error(`case ${c} threshold ${row.threshold}: ${row.value} ≠ ${want}`);
          expect(row.ci_low === null || row.ci_low <= row.ci_high!).toBe(true);
          defined++;
        }
      });
      if (expected.auroc === null) {
        expect(report.confidence_auroc.value).toBeNull();
        expect(report.confidence_auroc.reason).toEqual(expect.any(String));
      } else if (!close(report.confidence_auroc.value!, expected.auroc)) {
        throw new Error(`case ${c} auroc: ${report.confidence_auroc.value} ≠ ${expected.auroc}`);
      }
      // The recommendation is the lowest threshold whose metric meets 0.7, with its coverage.
      const first = expected.rows.findIndex((v) => v !== null && v >= 0.7);
      expect(report.recommended_threshold).toEqual(
        first < 0 ? null : { threshold: SELECTIVE_THRESHOLDS[first], coverage: report.selective[first]!.coverage },
      );
    });
    // The random cases reach both sides: defined metrics and undefined ones.
    expect(defined).toBeGreaterThan(100);
    expect(undefinedSeen).toBeGreaterThan(0);
  });

  it('answers null with a reason when no item has a scorable pair, and no recommendation', () => {
    const criterion: Criterion = { key: 's', pointer: '/s', kind: 'ordinal', min: 1, max: 5 };
    const report = selectiveAgreement(criterion, [{ human: 9, model: 3, confidence: 1 }], { seed: 1 });
    expect(report.confidence_auroc).toEqual({ value: null, reason: expect.any(String) });
    expect(report.selective.every((r) => r.n === 0 && r.value === null && r.reason)).toBe(true);
    expect(report.recommended_threshold).toBeNull();
  });
});

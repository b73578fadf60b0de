/**
 * A calibration's `report_file`: one self-contained HTML page a person can open offline and forward — no script, no
 * external asset, every chart inline SVG, every string from a user (criterion keys, labels, external ids, names)
 * escaped. Per criterion: the verdict, each metric with its interval against its threshold, the confusion matrix as a
 * heat map, the human and model score distributions side by side, agreement against coverage by model confidence
 * (with k ≥ 2 judgments), and the items furthest from people.
 */
import type {
  CriterionReport,
  LabelValue,
  MetricWithInterval,
  Thresholds,
} from '../../domain/agreement-metrics/agreement';

export interface CalibrationReportInput {
  calibration_id: string;
  workflow_name: string;
  set_name: string;
  livemode: boolean;
  created_at: string;
  items: number;
  repeats: number;
  thresholds: Thresholds;
  criteria: CriterionReport[];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Escapes text for HTML content and quoted attributes alike. */
export const esc = (value: unknown): string => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const fmt = (value: number | null, digits = 3): string => (value === null ? '—' : value.toFixed(digits));
const label = (value: LabelValue): string => (typeof value === 'string' ? value : String(value));

const HUMAN = '#2563eb';
const MODEL = '#ea580c';

/** The range a metric's forest plot spans: bounded statistics on their natural scale, errors from 0. */
function scaleFor(name: string, metric: MetricWithInterval): [number, number] {
  if (/kappa|spearman|pearson|lin_concordance/.test(name)) return [-1, 1];
  if (/agreement|accuracy/.test(name)) return [0, 1];
  if (name === 'smd') return [-1, 1];
  const top = Math.max(metric.value ?? 0, metric.interval.high ?? 0, 0.5);
  return [0, top * 1.2];
}

function thresholdFor(name: string, thresholds: Thresholds, agreementName: string): number[] {
  if (name === agreementName) return [thresholds.min_agreement];
  if (name === 'smd') return [-thresholds.max_abs_smd, thresholds.max_abs_smd];
  return [];
}

/** One metric as a row: its value and interval drawn on its scale, with the threshold lines that apply. */
function forestRow(name: string, metric: MetricWithInterval, thresholds: number[]): string {
  const [lo, hi] = scaleFor(name, metric);
  const width = 260;
  const x = (v: number) => Math.max(0, Math.min(width, ((v - lo) / (hi - lo)) * width));
  const parts: string[] = [`<line x1="0" y1="12" x2="${width}" y2="12" stroke="#d4d4d8"/>`];
  for (const t of thresholds) {
    parts.push(`<line x1="${x(t)}" y1="2" x2="${x(t)}" y2="22" stroke="#dc2626" stroke-dasharray="3 2"/>`);
  }
  if (metric.interval.low !== null) {
    parts.push(
      `<line x1="${x(metric.interval.low)}" y1="12" x2="${x(metric.interval.high)}" y2="12" stroke="#111827" stroke-width="2"/>`,
    );
  }
  if (metric.value !== null) parts.push(`<circle cx="${x(metric.value)}" cy="12" r="4" fill="#111827"/>`);
  const interval =
    metric.interval.low === null
      ? `<span class="muted">${esc(metric.interval.reason)}</span>`
      : `[${fmt(metric.interval.low)}, ${fmt(metric.interval.high)}]`;
  return `<tr><th scope="row">${esc(name.replaceAll('_', ' '))}</th>
    <td class="num">${metric.value === null ? `<span class="muted" title="${esc(metric.reason)}">n/a</span>` : fmt(metric.value)}</td>
    <td>${interval}</td>
    <td><svg data-chart="forest" role="img" aria-label="${esc(name)} with its interval" width="${width}" height="24"
      viewBox="0 0 ${width} 24">${parts.join('')}</svg><span class="scale">${lo} … ${fmt(hi, 2)}</span></td></tr>`;
}

/** The confusion matrix as a heat map: rows the human's label, columns the model's, darker = more items. */
function heatMap(matrix: { labels: LabelValue[]; counts: number[][] }): string {
  const cell = 34;
  const margin = 90;
  const n = matrix.labels.length;
  const max = Math.max(1, ...matrix.counts.flat());
  const rects: string[] = [];
  matrix.counts.forEach((row, i) =>
    row.forEach((count, j) => {
      const alpha = count / max;
      const x = margin + j * cell;
      const y = 30 + i * cell;
      rects.push(
        `<rect x="${x}" y="${y}" width="${cell - 2}" height="${cell - 2}" fill="rgba(37,99,235,${alpha.toFixed(3)})" stroke="#e4e4e7"><title>human ${esc(label(matrix.labels[i]!))}, model ${esc(label(matrix.labels[j]!))}: ${count}</title></rect>`,
        `<text x="${x + cell / 2 - 1}" y="${y + cell / 2 + 4}" text-anchor="middle" fill="${alpha > 0.55 ? '#fff' : '#111827'}">${count}</text>`,
      );
    }),
  );
  const axis = matrix.labels.map((l, k) => {
    const text = esc(label(l).slice(0, 12));
    return `<text x="${margin + k * cell + cell / 2 - 1}" y="24" text-anchor="middle">${text}</text>
      <text x="${margin - 6}" y="${30 + k * cell + cell / 2 + 4}" text-anchor="end">${text}</text>`;
  });
  const width = margin + n * cell + 10;
  const height = 30 + n * cell + 10;
  return `<svg data-chart="confusion" role="img" aria-label="confusion matrix" width="${width}" height="${height}"
    viewBox="0 0 ${width} ${height}"><text x="${margin}" y="10" class="axis">model →</text>
    <text x="4" y="${30 + (n * cell) / 2}" class="axis">human ↓</text>${axis.join('')}${rects.join('')}</svg>`;
}

/** Human and model distributions as paired bars: per label, or per bin for numeric scores. */
function distributions(report: CriterionReport): string {
  const { human, model } = report.distributions;
  let buckets: { name: string; h: number; m: number }[];
  if (report.confusion_matrix) {
    buckets = report.confusion_matrix.labels.map((l) => ({
      name: label(l),
      h: human.filter((v) => v === l).length,
      m: model.filter((v) => v === l).length,
    }));
  } else {
    // Loops rather than spreads: one value per scored item, unbounded as a set of arguments.
    let lo = Infinity;
    let hi = -Infinity;
    for (const v of [human, model].flat() as number[]) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    if (lo > hi) [lo, hi] = [0, 1];
    const bins = 10;
    const step = (hi - lo) / bins || 1;
    const bin = (v: number) => Math.min(bins - 1, Math.floor((v - lo) / step));
    buckets = Array.from({ length: bins }, (_, k) => ({
      name: (lo + k * step).toPrecision(3),
      h: (human as number[]).filter((v) => bin(v) === k).length,
      m: (model as number[]).filter((v) => bin(v) === k).length,
    }));
  }
  const height = 120;
  const band = 40;
  const max = Math.max(1, ...buckets.flatMap((b) => [b.h, b.m]));
  const bars = buckets.map((b, k) => {
    const x = 30 + k * band;
    const hh = (b.h / max) * height;
    const mh = (b.m / max) * height;
    return `<rect x="${x}" y="${10 + height - hh}" width="15" height="${hh}" fill="${HUMAN}"><title>human: ${b.h}</title></rect>
      <rect x="${x + 16}" y="${10 + height - mh}" width="15" height="${mh}" fill="${MODEL}"><title>model: ${b.m}</title></rect>
      <text x="${x + 15}" y="${height + 26}" text-anchor="middle">${esc(b.name.slice(0, 8))}</text>`;
  });
  const width = 40 + buckets.length * band;
  return `<svg data-chart="distribution" role="img" aria-label="human and model score distributions" width="${width}"
    height="${height + 34}" viewBox="0 0 ${width} ${height + 34}"><line x1="28" y1="${10 + height}" x2="${width}"
    y2="${10 + height}" stroke="#a1a1aa"/>${bars.join('')}</svg>
    <p class="legend"><span style="color:${HUMAN}">■</span> people (first rater) <span style="color:${MODEL}">■</span> model</p>`;
}

/**
 * Selective agreement as coverage against agreement: a point per threshold with a row
 * of data attributes (the chart's data, for a reader and a test alike), its interval as a whisker, the agreement
 * threshold dashed and the recommended threshold ringed; then the same rows as a table. Null rows are not drawn.
 */
function selectiveChart(report: CriterionReport, thresholds: Thresholds): string {
  if (report.selective === undefined) return '';
  const auroc = report.confidence_auroc;
  const aurocText = auroc
    ? auroc.value === null
      ? `<span class="muted">${esc(auroc.reason)}</span>`
      : fmt(auroc.value)
    : '—';
  if (report.selective === null) {
    return `<h3>Agreement by model confidence</h3><p class="muted" data-selective="none">${esc(auroc?.reason ?? '')}</p>`;
  }
  const rows = report.selective;
  const width = 360;
  const height = 200;
  const pad = { left: 40, right: 12, top: 10, bottom: 30 };
  const low = Math.min(0, ...rows.flatMap((r) => [r.value ?? 0, r.ci_low ?? 0]));
  const x = (coverage: number) => pad.left + coverage * (width - pad.left - pad.right);
  const y = (v: number) => pad.top + ((1 - v) / (1 - low || 1)) * (height - pad.top - pad.bottom);
  const drawn = rows.filter((r) => r.value !== null);
  const recommended = report.recommended_threshold?.threshold ?? null;
  const parts: string[] = [
    `<line x1="${x(0)}" y1="${y(low)}" x2="${x(1)}" y2="${y(low)}" stroke="#a1a1aa"/>`,
    `<line x1="${x(0)}" y1="${y(low)}" x2="${x(0)}" y2="${y(1)}" stroke="#a1a1aa"/>`,
    `<line data-threshold-line="${thresholds.min_agreement}" x1="${x(0)}" y1="${y(thresholds.min_agreement)}" x2="${x(1)}" y2="${y(thresholds.min_agreement)}" stroke="#dc2626" stroke-dasharray="4 3"/>`,
    `<text class="axis" x="${x(0) - 4}" y="${y(1) + 4}" text-anchor="end">1</text>`,
    `<text class="axis" x="${x(0) - 4}" y="${y(low) + 4}" text-anchor="end">${fmt(low, 1)}</text>`,
    `<text class="axis" x="${x(0)}" y="${height - 8}">0 %</text>`,
    `<text class="axis" x="${x(1)}" y="${height - 8}" text-anchor="end">100 % of items kept</text>`,
  ];
  if (drawn.length > 1) {
    const path = drawn.map((r) => `${x(r.coverage).toFixed(2)},${y(r.value!).toFixed(2)}`).join(' ');
    parts.push(`<polyline points="${path}" fill="none" stroke="${MODEL}" stroke-width="1.5"/>`);
  }
  for (const r of drawn) {
    if (r.ci_low !== null && r.ci_high !== null) {
      parts.push(
        `<line x1="${x(r.coverage)}" y1="${y(r.ci_low)}" x2="${x(r.coverage)}" y2="${y(r.ci_high)}" stroke="#111827"/>`,
      );
    }
    const ring = r.threshold === recommended ? ` stroke="#15803d" stroke-width="3"` : '';
    parts.push(
      `<circle data-threshold="${r.threshold}" data-coverage="${r.coverage}" data-value="${r.value}" cx="${x(r.coverage)}" cy="${y(r.value!)}" r="4" fill="${MODEL}"${ring}><title>confidence ≥ ${r.threshold}: ${fmt(r.value)} on ${(r.coverage * 100).toFixed(0)} % of items</title></circle>`,
    );
  }
  const table = rows
    .map(
      (r) =>
        `<tr><td class="num">≥ ${r.threshold.toFixed(1)}</td><td class="num">${(r.coverage * 100).toFixed(1)} %</td><td class="num">${r.n}</td><td class="num">${r.value === null ? `<span class="muted" title="${esc(r.reason)}">n/a</span>` : fmt(r.value)}</td><td>${r.ci_low === null ? '' : `[${fmt(r.ci_low)}, ${fmt(r.ci_high)}]`}</td></tr>`,
    )
    .join('');
  const recommendation = report.recommended_threshold
    ? `Recommended threshold: <strong>${report.recommended_threshold.threshold.toFixed(1)}</strong> — the items at or above it (${(report.recommended_threshold.coverage * 100).toFixed(1)} %) agree with people at least ${thresholds.min_agreement}; send the rest to review.`
    : `No threshold reaches agreement ${thresholds.min_agreement}.`;
  return `<h3>Agreement by model confidence</h3>
  <p>${recommendation} Confidence AUROC: ${aurocText}.</p>
  <div class="charts"><figure><figcaption>Coverage against agreement</figcaption><svg data-chart="selective" role="img"
    aria-label="agreement with people against the share of items kept, per confidence threshold" width="${width}"
    height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg></figure>
  <table class="selective"><tr><th>confidence</th><th>coverage</th><th>items</th><th>agreement</th><th>95 % interval</th></tr>${table}</table></div>`;
}

function criterionSection(report: CriterionReport, thresholds: Thresholds): string {
  const agreementName = Object.keys(report.metrics)[0]!;
  const status = report.verdict.status;
  const rows = Object.entries(report.metrics).map(([name, metric]) =>
    forestRow(name, metric, thresholdFor(name, thresholds, agreementName)),
  );
  const baseline = report.human_baseline.metrics[agreementName]!;
  const selfAgreement = report.self_agreement?.metrics[agreementName];
  const checks = report.verdict.checks
    .map(
      (c) =>
        `<li class="${c.passed === null ? 'muted' : c.passed ? 'ok' : 'bad'}">${esc(c.check)}: ${fmt(c.value)} (threshold ${c.threshold})${c.reason ? ` — ${esc(c.reason)}` : ''}</li>`,
    )
    .join('');
  const worst = report.worst_items.length
    ? `<table class="worst"><tr><th>item</th><th>external id</th><th>people</th><th>model</th><th>difference</th><th>runs</th></tr>${report.worst_items
        .map(
          (w) =>
            `<tr><td>${esc(w.item_id)}</td><td>${esc(w.external_id ?? '')}</td><td>${esc(label(w.human))}</td><td>${esc(label(w.model))}</td><td class="num">${fmt(w.difference, 2)}</td><td>${w.run_ids.map(esc).join(' ')}</td></tr>`,
        )
        .join('')}</table>`
    : '<p class="muted">The model agreed with people on every scored item.</p>';
  return `<section class="criterion" data-criterion="${esc(report.key)}">
  <h2>${esc(report.key)} <span class="kind">${esc(report.kind)}</span> <span class="verdict ${status}">${esc(status.replaceAll('_', ' '))}</span></h2>
  <p>${report.scored} of ${report.labelled} labelled items scored; ${report.unscorable} unscorable (no valid model value at the pointer, never guessed).
  People against people (${report.human_baseline.items} items with two raters): ${fmt(baseline.value)}${baseline.value === null ? ` <span class="muted">(${esc(baseline.reason)})</span>` : ''}.
  ${selfAgreement ? `Model against itself across repeats: ${fmt(selfAgreement.value)}.` : ''}</p>
  <ul class="checks">${checks}</ul>
  <table class="metrics"><tr><th>metric</th><th>value</th><th>95 % interval</th><th>on its scale (red: threshold)</th></tr>${rows.join('')}</table>
  <div class="charts">${report.confusion_matrix ? `<figure><figcaption>Confusion matrix</figcaption>${heatMap(report.confusion_matrix)}</figure>` : ''}
  <figure><figcaption>Score distributions</figcaption>${distributions(report)}</figure></div>
  ${selectiveChart(report, thresholds)}
  <h3>Items furthest from people</h3>${worst}
</section>`;
}

/** The whole report as one HTML document. */
export function renderCalibrationReport(input: CalibrationReportInput): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>Calibration ${esc(input.calibration_id)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;color:#111827;margin:2rem auto;max-width:1100px;padding:0 1rem}
h1{font-size:1.5rem}h2{font-size:1.2rem;border-top:1px solid #e4e4e7;padding-top:1rem}
.kind{font-size:.8rem;color:#52525b;font-weight:400}.muted{color:#71717a}
.verdict{font-size:.8rem;padding:.1rem .5rem;border-radius:1rem}.pass{background:#dcfce7}.fail{background:#fee2e2}
.insufficient_data{background:#f4f4f5}.ok{color:#15803d}.bad{color:#b91c1c}
table{border-collapse:collapse;margin:.5rem 0}th,td{padding:.2rem .6rem;text-align:left;border-bottom:1px solid #f4f4f5}
.num{text-align:right;font-variant-numeric:tabular-nums}.scale{font-size:.7rem;color:#a1a1aa;margin-left:.4rem}
.charts{display:flex;gap:2rem;flex-wrap:wrap}figure{margin:0}figcaption{font-weight:600}svg text{font-size:11px}
.axis{fill:#52525b}.legend{font-size:.8rem}
</style></head><body>
<h1>Calibration ${esc(input.calibration_id)}</h1>
<p>Workflow <strong>${esc(input.workflow_name)}</strong> against the labels of <strong>${esc(input.set_name)}</strong>:
${input.items} items × ${input.repeats} repeat${input.repeats === 1 ? '' : 's'}, ${esc(input.created_at)}.
${input.livemode ? '' : '<strong>Test mode: the model values are stubs, so these numbers say nothing about a model.</strong>'}</p>
<p class="muted">Thresholds: agreement ≥ ${input.thresholds.min_agreement}, at most ${input.thresholds.max_degradation} below
people's agreement with each other, |SMD| ≤ ${input.thresholds.max_abs_smd} (Williamson, Xi &amp; Breyer 2012).
Intervals: 95 % percentile bootstrap over items.</p>
${input.criteria.map((c) => criterionSection(c, input.thresholds)).join('\n')}
</body></html>
`;
}

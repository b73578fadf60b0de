/**
 * The calibration's HTML report in a real browser (Debian's chromium, driven by playwright-core): opened from a file
 * as a person would open the downloaded attachment, it draws per criterion the confusion heat map, the distributions
 * and a forest plot per metric, agreement against coverage by model confidence, runs no script (a label that tries is shown as text), loads nothing, and a screenshot
 * of it is a real picture.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { renderCalibrationReport } from '../../activities/rendering/calibration-report';
import {
  criterionReport,
  DEFAULT_THRESHOLDS,
  type Criterion,
  type ItemScores,
} from '../../domain/agreement-metrics/agreement';
import { selectiveAgreement } from '../../domain/agreement-metrics/selective';
import { CHROMIUM_MISSING, findChromium } from '../support/chromium';

let browser: Browser;
const dir = mkdtempSync(join(tmpdir(), 'assay-calibration-report-'));

beforeAll(async () => {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(`this test needs a browser: ${CHROMIUM_MISSING}`);
  browser = await chromium.launch({ executablePath, args: ['--disable-dev-shm-usage'] });
});

afterAll(async () => {
  await browser?.close();
});

const HOSTILE = '<img src=x onerror="window.__pwned=1">';

function report(): string {
  const scores = [1, 2, 3, 4, 5, 3, 2, 4, 5, 1, 3, 3, 4, 2, 5, 4, 3, 2, 1, 4];
  const ordinalItems: ItemScores[] = scores.map((s, i) => ({
    item_id: `csi_${i}`,
    external_id: i === 0 ? HOSTILE : `essay-${i}`,
    raters: [
      { rater: 'a', value: s },
      { rater: 'b', value: i % 5 === 0 ? Math.min(5, s + 1) : s },
    ],
    model: [i % 4 === 0 ? Math.max(1, s - 2) : s],
    run_ids: [`run_${i}`],
  }));
  const tones = ['formal', HOSTILE, 'mixed'];
  const toneItems: ItemScores[] = scores.map((s, i) => ({
    item_id: `csi_${i}`,
    external_id: null,
    raters: [{ rater: 'a', value: tones[s % 3]! }],
    model: [tones[(s + (i % 3 === 0 ? 1 : 0)) % 3]!],
    run_ids: [],
  }));
  const numericItems: ItemScores[] = scores.map((s, i) => ({
    item_id: `csi_${i}`,
    external_id: null,
    raters: [{ rater: 'a', value: s * 10.5 }],
    model: [s * 10.5 + ((i % 7) - 3)],
    run_ids: [],
  }));
  return renderCalibrationReport({
    calibration_id: 'cal_01TEST',
    workflow_name: `Essay grader ${HOSTILE}`,
    set_name: 'Spring essays',
    livemode: true,
    created_at: '2026-11-27T10:00:00Z',
    items: scores.length,
    repeats: 1,
    thresholds: DEFAULT_THRESHOLDS,
    criteria: [
      criterionReport({ key: 'clarity', pointer: '/clarity', kind: 'ordinal', min: 1, max: 5 }, ordinalItems, {
        seed: 1,
        resamples: 300,
      }),
      criterionReport({ key: 'tone', pointer: '/tone', kind: 'categorical', labels: tones }, toneItems, {
        seed: 1,
        resamples: 300,
      }),
      criterionReport({ key: 'score', pointer: '/score', kind: 'numeric' }, numericItems, { seed: 1, resamples: 300 }),
    ],
  });
}

it('renders every chart per criterion, runs no script, loads nothing, and screenshots as a picture', async () => {
  const file = join(dir, 'report.html');
  writeFileSync(file, report());
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const requested: string[] = [];
  context.on('request', (r) => requested.push(r.url()));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`file://${file}`, { waitUntil: 'load' });

  const charts = (await page.evaluate(`[...document.querySelectorAll('section.criterion')].map((s) => ({
    key: s.dataset.criterion,
    confusion: s.querySelectorAll('svg[data-chart="confusion"] rect').length,
    distribution: s.querySelectorAll('svg[data-chart="distribution"] rect').length,
    forest: [...s.querySelectorAll('svg[data-chart="forest"]')].filter((svg) => svg.getBoundingClientRect().width > 100).length,
    points: s.querySelectorAll('svg[data-chart="forest"] circle').length,
  }))`)) as { key: string; confusion: number; distribution: number; forest: number; points: number }[];
  expect(charts).toEqual([
    { key: 'clarity', confusion: 25, distribution: 10, forest: 6, points: 6 },
    { key: 'tone', confusion: 9, distribution: 6, forest: 2, points: 2 },
    { key: 'score', confusion: 0, distribution: 20, forest: 6, points: 6 },
  ]);
  // The hostile strings arrive as text: no element was made from them and nothing ran.
  expect(await page.evaluate('window.__pwned')).toBeUndefined();
  expect(await page.evaluate('document.querySelectorAll("img").length')).toBe(0);
  expect(await page.textContent('h1 + p')).toContain(HOSTILE);
  expect(requested.filter((u) => !u.startsWith('file://'))).toEqual([]);
  expect(errors).toEqual([]);

  const shot = join(dir, 'report.png');
  await page.screenshot({ path: shot, fullPage: true });
  const png = readFileSync(shot);
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  // A blank page compresses to a few KB; charts, tables and text make a picture many times that.
  expect(png.length).toBeGreaterThan(60_000);
  await context.close();
});

it('draws coverage against agreement per criterion, a point per defined selective row, and says why when none', async () => {
  const clarity: Criterion = { key: 'clarity', pointer: '/clarity', kind: 'ordinal', min: 1, max: 5 };
  const scores = [1, 2, 3, 4, 5, 3, 2, 4, 5, 1, 3, 3, 4, 2, 5, 4, 3, 2, 1, 4];
  const confidence = scores.map((_, i) => [1, 0.8, 0.6, 1, 0.4][i % 5]!);
  // Less confident items disagree more: agreement rises as coverage falls.
  const model = scores.map((s, i) => (confidence[i]! < 0.7 && i % 2 === 0 ? Math.max(1, s - 2) : s));
  const items: ItemScores[] = scores.map((s, i) => ({
    item_id: `csi_${i}`,
    external_id: null,
    raters: [{ rater: 'a', value: s }],
    model: [model[i]!],
    run_ids: [],
  }));
  const selective = selectiveAgreement(
    clarity,
    scores.map((s, i) => ({ human: s, model: model[i]!, confidence: confidence[i]! })),
    { seed: 1, resamples: 300 },
  );
  const once: Criterion = { key: 'once', pointer: '/once', kind: 'boolean' };
  const html = renderCalibrationReport({
    calibration_id: 'cal_01SELECTIVE',
    workflow_name: 'Essay grader',
    set_name: 'Spring essays',
    livemode: true,
    created_at: '2026-11-29T08:00:00Z',
    items: scores.length,
    repeats: 1,
    thresholds: DEFAULT_THRESHOLDS,
    criteria: [
      { ...criterionReport(clarity, items, { seed: 1, resamples: 300 }), ...selective },
      {
        ...criterionReport(
          once,
          items.map((i, k) => ({ ...i, raters: [{ rater: 'a', value: k % 2 === 0 }], model: [k % 3 === 0] })),
          { seed: 1, resamples: 300 },
        ),
        selective: null,
        confidence_auroc: { value: null, reason: 'the runs carry no confidence' },
        recommended_threshold: null,
      },
    ],
  });
  const file = join(dir, 'selective.html');
  writeFileSync(file, html);
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  await page.goto(`file://${file}`, { waitUntil: 'load' });

  const points =
    (await page.evaluate(`[...document.querySelectorAll('section[data-criterion="clarity"] svg[data-chart="selective"] circle')]
    .map((c) => ({ threshold: Number(c.dataset.threshold), coverage: Number(c.dataset.coverage), value: Number(c.dataset.value),
      cx: Number(c.getAttribute('cx')), cy: Number(c.getAttribute('cy')), ringed: c.getAttribute('stroke') !== null }))`)) as {
      threshold: number;
      coverage: number;
      value: number;
      cx: number;
      cy: number;
      ringed: boolean;
    }[];
  const defined = selective.selective.filter((r) => r.value !== null);
  expect(defined.length).toBeGreaterThanOrEqual(3);
  expect(points.map(({ threshold, coverage, value }) => ({ threshold, coverage, value }))).toEqual(
    defined.map((r) => ({ threshold: r.threshold, coverage: r.coverage, value: r.value })),
  );
  // Drawn where the data says: more coverage further right, more agreement higher up.
  for (const [p, q] of points.slice(1).map((q, k) => [points[k]!, q] as const)) {
    expect(Math.sign(q.cx - p.cx)).toBe(Math.sign(q.coverage - p.coverage));
    expect(Math.sign(p.cy - q.cy)).toBe(Math.sign(q.value - p.value));
  }
  expect(points.filter((p) => p.ringed).map((p) => p.threshold)).toEqual(
    selective.recommended_threshold ? [selective.recommended_threshold.threshold] : [],
  );
  const box = (await page.evaluate(
    `(() => { const r = document.querySelector('svg[data-chart="selective"]').getBoundingClientRect(); return [r.width, r.height]; })()`,
  )) as number[];
  expect(box[0]).toBeGreaterThan(200);
  expect(box[1]).toBeGreaterThan(100);
  expect(await page.locator('section[data-criterion="clarity"] table.selective tr').count()).toBe(7);
  // Without confidence: no chart, the reason instead.
  expect(await page.locator('section[data-criterion="once"] svg[data-chart="selective"]').count()).toBe(0);
  expect(await page.textContent('section[data-criterion="once"] [data-selective="none"]')).toBe(
    'the runs carry no confidence',
  );

  const shot = join(dir, 'selective.png');
  await page.locator('section[data-criterion="clarity"] svg[data-chart="selective"]').screenshot({ path: shot });
  const png = readFileSync(shot);
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  // A blank 360×200 picture compresses to well under a kilobyte; axes, points and labels make several.
  expect(png.length).toBeGreaterThan(3_000);
  await context.close();
});

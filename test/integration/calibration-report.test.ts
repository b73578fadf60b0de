/**
 * The calibration's HTML report in a real browser (Debian's chromium, driven by playwright-core): opened from a file
 * as a person would open the downloaded attachment, it draws per criterion the confusion heat map, the distributions
 * and a forest plot per metric, runs no script (a label that tries is shown as text), loads nothing, and a screenshot
 * of it is a real picture.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { renderCalibrationReport } from '../../activities/rendering/calibration-report';
import { criterionReport, DEFAULT_THRESHOLDS, type ItemScores } from '../../domain/calibration/agreement';
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

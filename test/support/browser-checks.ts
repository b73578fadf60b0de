/** What every console test checks of a view in Chromium: axe-core's serious findings, a screenshot, a wait. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** axe-core's serious and critical findings on the page as it is now (evaluated, so the page's CSP does not apply). */
export async function axeViolations(page: Page): Promise<string[]> {
  const source = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  const result = (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) })))`,
  )) as { id: string; impact: string; nodes: string[] }[];
  return result
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).join(', ')}`);
}

/** No serious or critical axe finding on the view, and its full-page screenshot saved in `dir` as a PNG. */
export async function checkView(page: Page, dir: string, view: string, size: string): Promise<void> {
  expect({ view, size, violations: await axeViolations(page) }).toEqual({ view, size, violations: [] });
  const file = join(dir, `${view}-${size}.png`);
  await page.screenshot({ path: file, fullPage: true });
  expect(readFileSync(file).subarray(1, 4).toString()).toBe('PNG');
}

/**
 * Waits until `expression` (page JavaScript, as text: the project compiles without the DOM's types) is true.
 * Playwright's waitForFunction compiles its predicate with `new Function`, which the console's policy forbids.
 */
export async function until(page: Page, expression: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

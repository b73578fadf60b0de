/**
 * The docs page in a real browser (Debian's chromium, driven by playwright-core): the API listens on a loopback
 * port, the page renders Swagger UI from the API's own OpenAPI document, lists every operation of that document,
 * and the browser sends no request to any other host — nor tries to (a request the Content-Security-Policy blocks
 * never leaves the browser, so blocked attempts are recorded from the page as well).
 */
import { createServer, type Server } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { createTestContext, type TestContext } from '../support/app';
import { CHROMIUM_MISSING, findChromium } from '../support/chromium';
import { freePort } from '../support/ports';

let t: TestContext;
let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  // globalSetup installs Debian's chromium when it can (test/support/chromium.ts).
  const executablePath = findChromium();
  if (!executablePath) throw new Error(`this test needs a browser: ${CHROMIUM_MISSING}`);
  // Known before the app is built, so the document's `servers` entry is the address the browser really uses.
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await createTestContext({ HOST: '127.0.0.1', PORT: String(port), PUBLIC_BASE_URL: origin });
  server = createServer(t.app.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  browser = await chromium.launch({ executablePath, args: ['--disable-dev-shm-usage'] });
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await t?.close();
});

it('renders every operation of the OpenAPI document and talks to no other host', async () => {
  const context = await browser.newContext();
  const requested: string[] = [];
  context.on('request', (request) => requested.push(request.url()));
  const page = await context.newPage();
  // Runs in the page (as text: this project compiles without the DOM's types).
  await page.addInitScript({
    content: `window.__blocked = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__blocked.push(e.violatedDirective + ' ' + e.blockedURI));`,
  });
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));

  await page.goto(`${origin}/docs`, { waitUntil: 'networkidle' });
  await page.locator('.information-container .title').filter({ hasText: 'Assay API' }).waitFor({ timeout: 30_000 });
  await page.locator('.opblock').first().waitFor({ timeout: 30_000 });

  const openapi = (await t.api.get('/v1/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
  const expected = Object.entries(openapi.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
  const listed = (
    await page
      .locator('.opblock')
      .evaluateAll((blocks) =>
        blocks.map(
          (b) =>
            `${b.querySelector('.opblock-summary-method')?.textContent?.trim()} ${b.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
        ),
      )
  ).sort();
  expect(expected.length).toBeGreaterThan(20);
  expect(listed).toEqual(expected);

  const foreign = requested.filter((url) => new URL(url).origin !== origin && !url.startsWith('data:'));
  const blocked = (await page.evaluate('window.__blocked')) as string[];
  expect({ foreign, blocked, pageErrors }).toEqual({ foreign: [], blocked: [], pageErrors: [] });
  // The page did load through the API: the document and Swagger UI's own assets.
  expect(requested).toEqual(
    expect.arrayContaining([
      `${origin}/docs`,
      `${origin}/v1/openapi.json`,
      `${origin}/docs/assets/swagger-ui-bundle.js`,
    ]),
  );
  await context.close();
});

/**
 * The web console in a real browser (Debian's chromium, driven by playwright-core) against the real stack: a person
 * signs in with a key, reads a run's evidence, watches a batch finish, uploads a document — at a desktop's and a
 * phone's size, with axe-core on every view and a screenshot of each (kept in CONSOLE_SCREENSHOTS, a temporary
 * folder unless set). The key stays in the tab's sessionStorage: never in a URL, localStorage or a cookie.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildConsole } from '../../scripts/build-console';
import { createTestContext, type TestContext } from '../support/app';
import { checkView, until } from '../support/browser-checks';
import { CHROMIUM_MISSING, findChromium } from '../support/chromium';
import { makeDocument } from '../support/files';
import { pdfOfPages, scannedPage } from '../support/scanned-page';
import { newAccount } from '../support/identity';
import { freePort } from '../support/ports';
import { makeWorkflow, waitForRun } from '../support/runs';
import { uploadDocument } from '../support/uploads';

jest.setTimeout(180_000);

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const SENTENCES = [
  'Cities that plant street trees measure cooler summer afternoons on the same blocks.',
  'Two studies from 2019 and 2021 found the effect held across climates.',
  'The essay argues that shade is cheaper than air conditioning for the poorest streets.',
];

let t: TestContext;
let server: Server;
let origin: string;
let browser: Browser;
let token: string;
let shots: string;
const requested: string[] = [];

beforeAll(async () => {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(`this test needs a browser: ${CHROMIUM_MISSING}`);
  await buildConsole();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await createTestContext({ HOST: '127.0.0.1', PORT: String(port), PUBLIC_BASE_URL: origin });
  server = createServer(t.app.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  browser = await chromium.launch({ executablePath, args: ['--disable-dev-shm-usage'] });
  token = await (await newAccount(t)).key({ mode: 'test' });
  shots = process.env.CONSOLE_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), 'assay-console-'));
  mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await t?.close();
});

async function open(
  size: (typeof SIZES)[number],
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, colorScheme });
  context.on('request', (request) => requested.push(request.url()));
  const page = await context.newPage();
  return { context, page };
}

async function signIn(page: Page, key = token): Promise<void> {
  await page.goto(`${origin}/console`);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (key === token) await page.getByRole('heading', { name: 'Runs' }).waitFor();
}

const check = (page: Page, view: string, size: string) => checkView(page, shots, view, size);

const auth = () => ({ Authorization: `Bearer ${token}` });

/** The same view at the phone's size: signed in afresh, at `path`, made ready by `ready`, checked and screenshotted. */
async function onPhone(path: string, view: string, ready: (page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await open(SIZES[1]);
  await signIn(page);
  await page.goto(`${origin}/console${path}`);
  await ready(page);
  await check(page, view, 'phone');
  await context.close();
}

it('refuses a wrong key at sign-in, and keeps the right one in the tab only', async () => {
  const { context, page } = await open(SIZES[0]);
  await signIn(page, 'ak_test_notARealKeyAtAll0000000000000');
  await expect(page.getByRole('alert').textContent()).resolves.toContain('refused');
  await check(page, 'sign-in', 'desktop');

  await page.getByLabel('API key').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Runs' }).waitFor();
  expect(page.url()).toBe(`${origin}/console/runs`);
  const storage = (await page.evaluate(
    '({ session: sessionStorage.getItem("assay.console.apiKey"), local: JSON.stringify(localStorage), cookie: document.cookie })',
  )) as { session: string; local: string; cookie: string };
  expect(storage.session).toBe(token);
  expect(storage.local).not.toContain(token);
  expect(storage.cookie).not.toContain(token);
  await context.close();
});

it('shows a run and marks the quoted words of a citation in a DOCX input, at both sizes', async () => {
  const file = await makeDocument('docx', { sentences: SENTENCES });
  const doc = await uploadDocument(t, token, file);
  expect(doc.status).toBe(200);
  const workflowId = await makeWorkflow(t, token);
  const created = await t.api
    .post(`/v1/workflows/${workflowId}/runs`)
    .set(auth())
    .set('Idempotency-Key', `console-${workflowId}`)
    .send({ input_documents: [doc.body.id] });
  expect(created.status).toBe(202);
  const run = await waitForRun(t, token, created.body.id);
  expect(run.status).toBe('succeeded');
  const cited = (run.citations as { quote: string | null; input: unknown }[]).filter((c) => c.quote && c.input);
  expect(cited.length).toBeGreaterThan(0);

  for (const size of SIZES) {
    const { context, page } = await open(size);
    await signIn(page);
    await page.getByRole('heading', { name: 'Runs' }).waitFor();
    await check(page, 'runs', size.name);
    await page.getByRole('link', { name: run.id }).click();
    await page.getByRole('heading', { name: `Run ${run.id}` }).waitFor();
    // The first citation is selected; its quote is marked in the section's text.
    const mark = page.locator('.evidence mark');
    await mark.waitFor();
    expect(await mark.textContent()).toBe(cited[0]!.quote);
    // j moves to the next quote: at the last one, its words are marked.
    const all = run.citations as { quote: string | null; input: unknown }[];
    for (let i = 1; i < all.length; i++) await page.keyboard.press('j');
    const last = all[all.length - 1]!;
    if (last.quote && last.input) await expect(mark.textContent()).resolves.toBe(last.quote);
    await check(page, 'run', size.name);
    await context.close();
  }
});

/** A succeeded test-mode run on `file`, and its citations that carry boxes on a page. */
async function runOn(file: { bytes: Buffer; filename: string; mimeType: string }) {
  const doc = await uploadDocument(t, token, file);
  expect(doc.status).toBe(200);
  const workflowId = await makeWorkflow(t, token);
  const created = await t.api
    .post(`/v1/workflows/${workflowId}/runs`)
    .set(auth())
    .set('Idempotency-Key', `console-boxes-${workflowId}`)
    .send({ input_documents: [doc.body.id] });
  const run = await waitForRun(t, token, created.body.id, 180_000);
  expect(run.status).toBe('succeeded');
  type Boxed = { quote: string; input: { boxes?: { page: number; x: number; y: number; w: number; h: number }[] } };
  const boxed = (run.citations as Boxed[]).filter((c) => c.input?.boxes?.length);
  expect(boxed.length).toBeGreaterThan(0);
  return { run, boxed };
}

for (const kind of ['text PDF', 'scanned PDF'] as const) {
  it(`draws a citation's boxes over the quoted words on the page image of a ${kind}`, async () => {
    const file =
      kind === 'text PDF'
        ? await makeDocument('pdf', { sentences: SENTENCES })
        : { bytes: await pdfOfPages([scannedPage()]), filename: 'scan.pdf', mimeType: 'application/pdf' };
    const { run, boxed } = await runOn(file);
    const { context, page } = await open(SIZES[0]);
    await signIn(page);
    await page.goto(`${origin}/console/runs/${run.id}`);
    const index = (run.citations as unknown[]).indexOf(boxed[0]);
    await page.locator('button.citation').nth(index).click();
    const image = page.locator('.page-view img');
    await image.waitFor({ timeout: 60_000 });
    await until(page, "document.querySelector('.page-view img')?.complete === true");
    const img = (await image.boundingBox())!;
    const drawn = page.locator('.page-view .box');
    const expected = boxed[0]!.input.boxes!.filter((b) => b.page === boxed[0]!.input.boxes![0]!.page);
    expect(await drawn.count()).toBe(expected.length);
    for (let i = 0; i < expected.length; i++) {
      const box = (await drawn.nth(i).boundingBox())!;
      const want = expected[i]!;
      // The drawn rectangle is the quote's box on the image as shown, to within a pixel or 1 % of the page.
      expect(Math.abs((box.x - img.x) / img.width - want.x)).toBeLessThan(0.01);
      expect(Math.abs((box.y - img.y) / img.height - want.y)).toBeLessThan(0.01);
      expect(Math.abs(box.width / img.width - want.w)).toBeLessThan(0.01);
      expect(Math.abs(box.height / img.height - want.h)).toBeLessThan(0.01);
    }
    await check(page, kind === 'text PDF' ? 'run-pdf' : 'run-scan', 'desktop');
    await context.close();
    await onPhone(`/runs/${run.id}`, kind === 'text PDF' ? 'run-pdf' : 'run-scan', async (phone) => {
      await phone.locator('button.citation').nth(index).click();
      await phone.locator('.page-view img').waitFor({ timeout: 60_000 });
      await until(phone, "document.querySelector('.page-view img')?.complete === true");
      expect(await phone.locator('.page-view .box').count()).toBe(expected.length);
    });
  });
}

it("shows a batch's progress reaching 100 % without a reload", async () => {
  const file = await makeDocument('txt', { sentences: SENTENCES });
  const doc = await uploadDocument(t, token, file);
  const workflowId = await makeWorkflow(t, token);
  const batch = await t.api
    .post(`/v1/workflows/${workflowId}/batches`)
    .set(auth())
    .set('Idempotency-Key', `console-batch-${workflowId}`)
    .send({ items: Array.from({ length: 6 }, (_, i) => ({ input_documents: [doc.body.id], external_id: `e${i}` })) });
  expect(batch.status).toBe(202);

  const { context, page } = await open(SIZES[0]);
  await signIn(page);
  await page.goto(`${origin}/console/batches/${batch.body.id}`);
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => navigations.push(frame.url()));
  const progress = page.locator('#batch-progress');
  await progress.waitFor();
  await until(
    page,
    "(() => { const bar = document.querySelector('#batch-progress'); return bar !== null && bar.max === 6 && bar.value === 6; })()",
    120_000,
  );
  expect(navigations).toEqual([]);
  await check(page, 'batch', 'desktop');
  await context.close();
  await onPhone(`/batches/${batch.body.id}`, 'batch', async (phone) => {
    await until(phone, "document.querySelector('#batch-progress')?.value === 6");
  });
});

it("draws a calibration's coverage–agreement chart from its selective rows, per criterion", async () => {
  const schema = {
    type: 'object',
    properties: { score: { type: 'integer', minimum: 1, maximum: 5 }, pass: { type: 'boolean' } },
    required: ['score', 'pass'],
    additionalProperties: false,
  };
  const criteria = [
    { key: 'score', pointer: '/score', kind: 'ordinal', min: 1, max: 5 },
    { key: 'pass', pointer: '/pass', kind: 'boolean' },
  ];
  const workflowId = await makeWorkflow(t, token, { output_schema: schema, criteria, confidence: { samples: 3 } });
  const set = await t.api.post('/v1/calibration-sets').set(auth()).send({ name: 'console', workflow_id: workflowId });
  expect(set.status).toBe(201);
  const docs: string[] = [];
  for (let i = 0; i < 3; i++) {
    const doc = await uploadDocument(t, token, await makeDocument('txt', { sentences: [`Essay ${i}.`, ...SENTENCES] }));
    docs.push(doc.body.id as string);
  }
  // The stub's k answers vary with the document: three documents, each labelled twice, differently.
  const items = Array.from({ length: 6 }, (_, i) => ({
    input_documents: [docs[i % 3]!],
    labels: { score: (i % 5) + 1, pass: i % 2 === 0 },
  }));
  expect((await t.api.post(`/v1/calibration-sets/${set.body.id}/items`).set(auth()).send({ items })).status).toBe(201);
  const created = await t.api
    .post(`/v1/workflows/${workflowId}/calibrations`)
    .set(auth())
    .send({ calibration_set_id: set.body.id });
  expect(created.status).toBe(202);
  let calibration = created.body;
  for (const deadline = Date.now() + 120_000; calibration.status === 'running';) {
    if (Date.now() > deadline) throw new Error(`calibration ${calibration.id} still running`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    calibration = (await t.api.get(`/v1/calibrations/${calibration.id}`).set(auth())).body;
  }
  expect(calibration.status).toBe('succeeded');

  const { context, page } = await open(SIZES[0]);
  await signIn(page);
  await page.goto(`${origin}/console/calibrations/${calibration.id}`);
  await page.getByRole('heading', { name: 'Agreement by model confidence' }).waitFor();
  let drawn = 0;
  for (const report of calibration.criteria as {
    key: string;
    selective: { threshold: number; coverage: number; value: number | null }[];
  }[]) {
    const points = (await page.evaluate(
      `[...document.querySelectorAll('svg[data-chart="selective"][data-criterion="${report.key}"] circle')].map((c) => ({ threshold: Number(c.dataset.threshold), coverage: Number(c.dataset.coverage), value: Number(c.dataset.value) }))`,
    )) as { threshold: number; coverage: number; value: number }[];
    const defined = report.selective.filter((r) => r.value !== null);
    expect(points).toEqual(defined.map(({ threshold, coverage, value }) => ({ threshold, coverage, value })));
    drawn += points.length;
  }
  expect(drawn).toBeGreaterThan(0);

  // Each criterion's row shows its scored count; its confusion matrix, opened, shows the report's counts.
  type Matrix = { labels: unknown[]; counts: number[][] } | null;
  let matrices = 0;
  for (const report of calibration.criteria as {
    key: string;
    scored: number;
    labelled: number;
    confusion_matrix: Matrix;
  }[]) {
    const row = page.locator('tr', { has: page.locator('th[scope="row"]', { hasText: report.key }) }).first();
    await expect(row.textContent()).resolves.toContain(`${report.scored} / ${report.labelled}`);
    if (!report.confusion_matrix) continue;
    await page.getByText(`${report.key}: confusion matrix and worst items`).click();
    // The opened table's body, as numbers (page JavaScript as text: the project compiles without the DOM's types).
    const cells = await page.evaluate(
      `(() => { const t = [...document.querySelectorAll('table.confusion')].find((t) => t.caption.textContent.startsWith(${JSON.stringify(`${report.key}:`)})); return t ? [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))) : null; })()`,
    );
    expect(cells).toEqual(report.confusion_matrix.counts);
    matrices++;
  }
  expect(matrices).toBe(2);
  await check(page, 'calibration-selective', 'desktop');
  await context.close();

  await onPhone(`/calibrations/${calibration.id}`, 'calibration-selective', async (phone) => {
    await phone.getByRole('heading', { name: 'Agreement by model confidence' }).waitFor();
  });
}, 300_000);

it('uploads a document and shows its extracted text', async () => {
  const file = await makeDocument('txt', { sentences: SENTENCES });
  for (const size of SIZES) {
    const { context, page } = await open(size);
    await signIn(page);
    await page.getByRole('link', { name: 'Documents' }).click();
    await page.getByLabel(/A document to evaluate/).setInputFiles({
      name: 'essay.txt',
      mimeType: 'text/plain',
      buffer: file.bytes,
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText(/Uploaded essay\.txt as doc_/).waitFor({ timeout: 60_000 });
    await page.getByText(SENTENCES[1]!, { exact: false }).first().waitFor();
    expect(page.url()).toMatch(/\/console\/documents\?document=doc_/);
    await check(page, 'documents', size.name);
    await context.close();
  }
});

it('passes axe on every other view, and a key without runs:read reads a clear message', async () => {
  const { context, page } = await open(SIZES[1]);
  await signIn(page);
  for (const [link, heading] of [
    ['Batches', 'Batches'],
    ['Calibrations', 'Calibrations'],
    ['Workflows', 'Workflows'],
    ['Usage', 'Usage'],
    ['Webhooks', 'Webhooks'],
  ] as const) {
    await page.getByRole('link', { name: link, exact: true }).click();
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await check(page, heading.toLowerCase(), 'phone');
  }
  await context.close();

  // The system asks for a dark scheme: the colours follow, and the contrast still passes.
  const dark = await open(SIZES[0], 'dark');
  await signIn(dark.page);
  const background = await dark.page.evaluate('getComputedStyle(document.body).backgroundColor');
  expect(background).toBe('rgb(13, 17, 23)');
  await check(dark.page, 'runs-dark', 'desktop');
  await dark.context.close();

  const narrow = await (await newAccount(t)).key({ mode: 'test', scopes: ['workflows:read'] });
  const second = await open(SIZES[0]);
  await signIn(second.page, narrow);
  await second.page.getByRole('alert').waitFor();
  expect(await second.page.getByRole('alert').textContent()).toContain('This key may not see this view.');
  expect(await second.page.getByRole('alert').textContent()).toContain('runs:read');
  await check(second.page, 'runs-without-scope', 'desktop');
  await second.context.close();
});

it('serves hashed assets compressed and cached for a year, under a strict policy, and no request carries the key', async () => {
  const page = await fetch(`${origin}/console`);
  const html = await page.text();
  const csp = page.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(html).not.toMatch(/<script>(?!<\/script>)|<style>/);
  const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  const asset = await fetch(`${origin}${script}`, { headers: { 'Accept-Encoding': 'br' } });
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(asset.headers.get('content-encoding')).toBe('br');
  expect(requested.length).toBeGreaterThan(0);
  for (const url of requested) expect(url).not.toContain(token);
  // Nothing but this origin and the object store (uploads) was asked for.
  const store = new URL(t.config.s3PublicEndpoint).origin;
  expect(requested.filter((u) => !u.startsWith(origin) && !u.startsWith(store))).toEqual([]);
});

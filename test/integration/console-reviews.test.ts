/**
 * The console's review queue in Chromium against the real stack: a reviewer works three reviews with the keyboard
 * alone (name, Enter to claim, type each value, Tab, Enter to submit and claim the next), one of them blind (the
 * model's values never on the page, an empty value refused); focus lands on the first field after each claim; at
 * 1280×800 and 390×844 with axe-core on each state; a key without `reviews:read` reads a clear message.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildConsole } from '../../scripts/build-console';
import { createTestContext, type TestContext } from '../support/app';
import { checkView, until } from '../support/browser-checks';
import { CHROMIUM_MISSING, findChromium } from '../support/chromium';
import { makeDocument } from '../support/files';
import { newAccount, type TestAccount } from '../support/identity';
import { freePort } from '../support/ports';
import { makeWorkflow, waitForRun } from '../support/runs';
import { uploadDocument } from '../support/uploads';

jest.setTimeout(240_000);

const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

const SCHEMA = {
  type: 'object',
  properties: {
    score: { type: 'integer', minimum: 1, maximum: 5 },
    label: { type: 'string', enum: ['weak', 'fair', 'strong'] },
    pass: { type: 'boolean' },
  },
  required: ['score', 'label', 'pass'],
};
const CRITERIA = [
  { key: 'score', pointer: '/score', kind: 'ordinal', min: 1, max: 5 },
  { key: 'label', pointer: '/label', kind: 'categorical', labels: ['weak', 'fair', 'strong'] },
  { key: 'pass', pointer: '/pass', kind: 'boolean' },
];

let t: TestContext;
let server: Server;
let origin: string;
let browser: Browser;
let shots: string;

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
  shots = process.env.CONSOLE_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), 'assay-console-'));
  mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await t?.close();
});

/** `runs` succeeded runs of a workflow that sends each to review (blind or open), oldest first. */
async function reviewedRuns(token: string, runs: number, blind: boolean): Promise<string[]> {
  const file = await makeDocument('docx', {
    sentences: ['Street trees cool cities in summer.', 'Shade is cheaper than air conditioning for poor streets.'],
  });
  const doc = await uploadDocument(t, token, file);
  expect(doc.status).toBe(200);
  const workflowId = await makeWorkflow(t, token, {
    output_schema: SCHEMA,
    criteria: CRITERIA,
    review: { mode: 'all', blind },
  });
  const ids: string[] = [];
  for (let i = 0; i < runs; i++) {
    const created = await t.api
      .post(`/v1/workflows/${workflowId}/runs`)
      .set('Authorization', `Bearer ${token}`)
      .set('Idempotency-Key', `console-review-${workflowId}-${i}`)
      .send({ input_documents: [doc.body.id] });
    const run = await waitForRun(t, token, created.body.id, 120_000);
    expect({ status: run.status, error: run.error }).toEqual({ status: 'succeeded', error: null });
    ids.push(run.id as string);
  }
  return ids;
}

const reviewOf = async (token: string, runId: string) => {
  const run = await t.api.get(`/v1/runs/${runId}`).set('Authorization', `Bearer ${token}`);
  const review = await t.api.get(`/v1/reviews/${run.body.review.id}`).set('Authorization', `Bearer ${token}`);
  return review.body as { id: string; status: string; reviewer: string; values: Record<string, unknown> };
};

/** Signs in on the review queue's address, by keyboard: the key, Enter. */
async function openQueue(account: TestAccount, size: keyof typeof SIZES, token?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: SIZES[size] });
  const page = await context.newPage();
  await page.goto(`${origin}/console/reviews`);
  await page.getByLabel('API key').focus();
  await page.keyboard.type(token ?? (await account.key({ mode: 'test' })));
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Review queue' }).waitFor();
  return page;
}

const focused = (page: Page) => page.evaluate('document.activeElement && document.activeElement.id') as Promise<string>;

/** Types one answer per field, Tab between them, Enter on the last: submit, and the next is claimed. */
async function answer(page: Page, values: string[]): Promise<void> {
  for (const [i, value] of values.entries()) {
    if (value) await page.keyboard.type(value);
    await page.keyboard.press(i === values.length - 1 ? 'Enter' : 'Tab');
  }
}

it('works three reviews by keyboard alone, one blind, with focus on the first field after each claim', async () => {
  const account = await newAccount(t);
  const token = await account.key({ mode: 'test' });
  const open = await reviewedRuns(token, 2, false);
  const [blind] = await reviewedRuns(token, 1, true);

  const page = await openQueue(account, 'desktop', token);
  await page.getByRole('cell', { name: blind! }).waitFor(); // the pending list shows all three
  expect(await focused(page)).toBe('reviewer'); // a reviewer starts typing their name
  await checkView(page, shots, 'reviews-queue', 'desktop');

  // The reviewer's name, Enter: the oldest (open) review is claimed and the first field has the focus.
  await page.keyboard.type('Ana Reviewer');
  await page.keyboard.press('Enter');
  await page.getByText(`run ${open[0]}`).waitFor();
  await until(page, "document.activeElement?.id === 'value-score'");
  expect(await page.locator('[data-model-value]').count()).toBe(3);
  await page.locator('.evidence mark').waitFor(); // the first citation's quote marked in the document's text
  await checkView(page, shots, 'review-open', 'desktop');
  const model = await page.locator('[data-model-value]').allTextContents();

  // Open: an empty score keeps the model's; label and pass typed.
  await answer(page, ['', 'fair', 'yes']);
  await page.getByText(`run ${open[1]}`).waitFor();
  await until(page, "document.activeElement?.id === 'value-score'");
  await answer(page, ['2', 'strong', 'no']);

  // Blind: no model value anywhere on the page; an empty value is refused and focused, then answered.
  await page.getByText(`run ${blind}`).waitFor();
  await until(page, "document.activeElement?.id === 'value-score'");
  expect(await page.locator('[data-model-value]').count()).toBe(0);
  await expect(page.getByText('Blind review').count()).resolves.toBe(1);
  await checkView(page, shots, 'review-blind', 'desktop');
  await page.keyboard.press('Enter');
  await page.getByRole('alert').first().waitFor();
  expect(await page.getByRole('alert').first().textContent()).toContain('a blind review needs a value');
  expect(await focused(page)).toBe('value-score');
  await answer(page, ['3', 'weak', 'yes']);
  await page.getByText('The queue is empty.').waitFor();

  expect(await reviewOf(token, open[0]!)).toMatchObject({
    status: 'completed',
    reviewer: 'Ana Reviewer',
    values: { score: JSON.parse(model[0]!), label: 'fair', pass: true },
  });
  expect((await reviewOf(token, open[1]!)).values).toEqual({ score: 2, label: 'strong', pass: false });
  expect((await reviewOf(token, blind!)).values).toEqual({ score: 3, label: 'weak', pass: true });
  await page.context().close();
});

it('fits a phone: claims by keyboard, passes axe, Escape releases the review back to the queue', async () => {
  const account = await newAccount(t);
  const token = await account.key({ mode: 'test' });
  const [runId] = await reviewedRuns(token, 1, false);
  const page = await openQueue(account, 'phone', token);
  await page.getByRole('cell', { name: runId! }).waitFor();
  await checkView(page, shots, 'reviews-queue', 'phone');
  await page.keyboard.type('Ben');
  await page.keyboard.press('Enter');
  await until(page, "document.activeElement?.id === 'value-score'");
  await checkView(page, shots, 'review-open', 'phone');
  await page.keyboard.press('Escape');
  await page.getByText(/^Released rev_/).waitFor();
  expect((await reviewOf(token, runId!)).status).toBe('pending');
  await page.context().close();
});

it('tells a key without reviews:read that it may not see the queue', async () => {
  const account = await newAccount(t);
  const token = await account.key({ mode: 'test', scopes: ['runs:read'] });
  const page = await openQueue(account, 'desktop', token);
  const alert = page.getByRole('alert');
  await alert.waitFor();
  expect(await alert.textContent()).toContain('reviews:read');
  await checkView(page, shots, 'reviews-without-scope', 'desktop');
  await page.context().close();
});

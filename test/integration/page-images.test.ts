/**
 * Page images on the real stack, with a worker of its own (own namespace) and a local
 * OpenAI-compatible model server so that each run quotes exactly the sentence the test chooses:
 *   - a quote on a text PDF page and on its scanned copy (the page's own image, read by OCR) has boxes over the same
 *     words within 2 % of the page, and on each page's image, drawn at the width asked, those boxes are ink;
 *   - a hostile PDF: a page of 100,000 × 100,000 points is drawn scaled down, a page too tall for the pixel cap is
 *     refused, and a drawing that would not finish answers 503 while it is tried, then 422, while the worker runs
 *     another account's run meanwhile;
 *   - 409 for a DOCX, 404 past the page count and for another account's document, 400 for a width outside 200–2000;
 *   - a reference's page images are deleted with it.
 */
import { PNG } from 'pngjs';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { listObjectKeys } from '../../domain/platform/storage';
import { createTestContext, type TestContext } from '../support/app';
import { testNamespaces } from '../support/env';
import { makeDocument } from '../support/files';
import { hostilePdf } from '../support/hostile-pages';
import { newAccount, type TestAccount } from '../support/identity';
import { ModelServer } from '../support/model-server';
import { startWorker, type Spawned } from '../support/processes';
import { makeWorkflow, waitForRun } from '../support/runs';
import { pdfOfPages, wordsFound } from '../support/scanned-page';
import { uploadDocument, uploadReference, waitForReference } from '../support/uploads';

// A scanned page is read by OCR (seconds, many times that under load), and the rendering bomb runs to its deadline.
jest.setTimeout(480_000);

const NAMESPACE = `${testNamespaces().main}-pages`;

let t: TestContext;
let model: ModelServer;
let worker: Spawned;
let a: TestAccount;
let key: string;
const auth = (token = key) => ({ Authorization: `Bearer ${token}` });

const LINES = [
  'Rubric for the final essay in History 204, spring term',
  'Thesis: the essay states a clear and arguable claim in its opening paragraph.',
  'Evidence: each claim is supported by at least two primary sources, cited in full.',
  'Analysis: sources are interpreted rather than summarised, and their bias is weighed.',
  'Structure: paragraphs follow from one another and each has a single purpose.',
];
const QUOTED = LINES[2]!;

const SCHEMA = {
  type: 'object',
  properties: { score: { type: 'integer', minimum: 0, maximum: 10 } },
  required: ['score'],
  additionalProperties: false,
};

beforeAll(async () => {
  model = new ModelServer();
  const url = await model.start();
  t = await createTestContext({ TEMPORAL_NAMESPACE: NAMESPACE });
  await ensureNamespace(t.config.temporalAddress, NAMESPACE);
  worker = await startWorker({
    TEMPORAL_NAMESPACE: NAMESPACE,
    MODEL_A_PROVIDER: 'openai',
    MODEL_A_BASE_URL: url,
    MODEL_A_API_KEY: 'test-key',
    MODEL_A_MODEL: 'test-model-1',
    MODEL_MAX_RETRIES: '1',
    MODEL_RETRY_BASE_MS: '50',
    // The rendering bomb runs to this deadline: a third of the default minute keeps the suite short, and is still
    // several times what OCR of the scanned page takes.
    OCR_PAGE_TIMEOUT_S: '20',
  });
  a = await newAccount(t);
  key = await a.key({ mode: 'live' });
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await model?.stop();
});

type Box = { page: number; x: number; y: number; w: number; h: number };

/** Uploads and completes, calling `complete` again while it answers 202 (pages still being read). */
async function upload(bytes: Buffer, filename: string, mimeType: string, token = key) {
  let res = await uploadDocument(t, token, { bytes, filename, mimeType });
  const deadline = Date.now() + 300_000;
  while (res.status === 202 && Date.now() < deadline) {
    res = await t.api.post(`/v1/documents/${res.body.id}/complete`).set(auth(token));
  }
  expect(res.status).toBe(200);
  expect(res.body.extracted).toBe(true);
  return res.body as { id: string; page_count: number; ocr_pages: number };
}

/** GET a page image, asking again while it answers 503 (still being drawn), up to `untilMs`. */
async function page(path: string, token = key, untilMs = 180_000) {
  const deadline = Date.now() + untilMs;
  for (;;) {
    const res = await t.api.get(`/v1${path}`).set(auth(token));
    if (res.status !== 503 || Date.now() > deadline) return res;
    expect(res.headers['retry-after']).toBeDefined();
  }
}

async function png(url: string): Promise<PNG> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return PNG.sync.read(Buffer.from(await res.arrayBuffer()));
}

/** Share of dark pixels (grey below 128) in a rectangle given in fractions of the image. */
function ink(image: PNG, box: Omit<Box, 'page'>): number {
  const x0 = Math.max(0, Math.floor(box.x * image.width));
  const y0 = Math.max(0, Math.floor(box.y * image.height));
  const x1 = Math.min(image.width, Math.ceil((box.x + box.w) * image.width));
  const y1 = Math.min(image.height, Math.ceil((box.y + box.h) * image.height));
  let dark = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * image.width + x) * 4;
      if (image.data[i]! + image.data[i + 1]! + image.data[i + 2]! < 3 * 128) dark++;
    }
  }
  return dark / Math.max(1, (x1 - x0) * (y1 - y0));
}

/** The rectangle every box covers. */
function hull(boxes: Box[]) {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  return {
    x,
    y,
    right: Math.max(...boxes.map((b) => b.x + b.w)),
    bottom: Math.max(...boxes.map((b) => b.y + b.h)),
  };
}

/** A live run over `docId` whose model cites `quote`; answers the supported citation's boxes. */
async function boxesOfQuote(workflowId: string, docId: string, quote: string): Promise<Box[]> {
  model.enqueue({
    content: JSON.stringify({
      output: { score: 7 },
      evidence: [
        { criterion: 'Evidence', quote, document_id: docId, reference_chunk_id: null, insufficient_evidence: false },
      ],
    }),
    usage: { prompt_tokens: 400, completion_tokens: 60 },
  });
  const created = await t.api
    .post(`/v1/workflows/${workflowId}/runs`)
    .set(auth())
    .send({ input_documents: [docId] });
  expect(created.status).toBe(202);
  const run = await waitForRun(t, key, created.body.id, 120_000);
  expect(run.status).toBe('succeeded');
  const [cited] = (run.citations as { status: string; quote: string; input: { boxes: Box[] } }[]).filter(
    (c) => c.status === 'supported',
  );
  expect(cited?.quote.replace(/\s+/g, ' ')).toBe(quote.replace(/\s+/g, ' '));
  expect(cited!.input.boxes.length).toBeGreaterThan(0);
  return cited!.input.boxes;
}

/** Checks the page image's answer and its PNG, and that every box is ink on it while blank paper is not. */
async function expectInkUnder(docId: string, boxes: Box[], width: number) {
  const res = await page(`/documents/${docId}/pages/1?width=${width}`);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ object: 'page_image', page: 1, mime_type: 'image/png', width });
  const image = await png(res.body.url);
  expect([image.width, image.height]).toEqual([res.body.width, res.body.height]);
  for (const box of boxes) {
    expect(box.page).toBe(1);
    expect(ink(image, box)).toBeGreaterThan(0.05);
    // The same rectangle low on the page, where nothing is written: paper, so the check above can fail.
    expect(ink(image, { ...box, y: 0.85 })).toBe(0);
  }
}

it('draws boxes of a quote over the same words on a text PDF page and on its scanned copy, on ink in both images', async () => {
  const text = await upload(await pdfOfPages([LINES.join('\n')]), 'rubric.pdf', 'application/pdf');
  expect(text.ocr_pages).toBe(0);

  // The scanned copy: the text page's own image at 200 dpi (A4 is 1654 px across), as the only content of a page.
  const drawn = await page(`/documents/${text.id}/pages/1?width=1654`);
  expect(drawn.status).toBe(200);
  const pixels = await png(drawn.body.url);
  const scanPng = PNG.sync.write(pixels);
  const scanPdf = await pdfOfPages([
    { png: scanPng, grey: new Uint8Array(0), width: pixels.width, height: pixels.height, words: [] },
  ]);
  const scan = await upload(scanPdf, 'rubric-scan.pdf', 'application/pdf');
  expect(scan.ocr_pages).toBe(1);

  // The scan's quote is the same sentence as OCR wrote it (its own text, so the run can verify it).
  const ocrText = (await t.api.get(`/v1/documents/${scan.id}/text`).set(auth())).body.sections[0].text as string;
  const start = ocrText.indexOf('Evidence');
  const end = ocrText.indexOf('full.', start) + 'full.'.length;
  expect(start).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  const scanQuote = ocrText.slice(start, end);
  expect(wordsFound(QUOTED, scanQuote)).toBeGreaterThanOrEqual(0.9);

  const wf = await makeWorkflow(t, key, {
    default_model_policy: 'auto',
    output_schema: SCHEMA,
    user_prompt: 'Score the rubric.',
  });
  const onText = await boxesOfQuote(wf, text.id, QUOTED);
  const onScan = await boxesOfQuote(wf, scan.id, scanQuote);
  const [h1, h2] = [hull(onText), hull(onScan)];
  for (const edge of ['x', 'y', 'right', 'bottom'] as const) {
    expect([edge, Math.abs(h1[edge] - h2[edge]) <= 0.02]).toEqual([edge, true]);
  }

  await expectInkUnder(text.id, onText, 1200);
  await expectInkUnder(scan.id, onScan, 800);
});

it('draws a huge page scaled down, refuses one past the pixel cap and a rendering bomb, while the worker serves another account', async () => {
  const pdf = await hostilePdf([
    { kind: 'text', text: 'An ordinary first page of the hostile file.' },
    { kind: 'size', width: 100_000, height: 100_000 },
    { kind: 'size', width: 200, height: 100_000 },
    { kind: 'bomb', levels: 9 },
  ]);
  const doc = await upload(pdf, 'hostile.pdf', 'application/pdf');
  expect(doc.page_count).toBe(4);

  // Another account's document, read before the bomb takes the worker's sandbox.
  const other = await newAccount(t);
  const otherKey = await other.key({ mode: 'test' });
  const essay = (await makeDocument('md', { sentences: ['A short essay.'] })).bytes;
  const otherDoc = await upload(essay, 'e.md', 'text/markdown', otherKey);
  const otherWf = await makeWorkflow(t, otherKey);
  const otherRun = async () => {
    const run = await t.api
      .post(`/v1/workflows/${otherWf}/runs`)
      .set(auth(otherKey))
      .send({ input_documents: [otherDoc.id] });
    expect(run.status).toBe(202);
    expect((await waitForRun(t, otherKey, run.body.id, 120_000)).status).toBe('succeeded');
  };

  // The bomb: its drawing runs to its deadline (OCR_PAGE_TIMEOUT_S, above) in the worker's sandbox; the other account's
  // run goes through meanwhile, and another after.
  const bomb = t.api
    .get(`/v1/documents/${doc.id}/pages/4`)
    .set(auth())
    .then((res) => res);
  await otherRun();
  const first = await bomb;
  expect([first.status, first.body.error?.code]).toEqual([503, 'service_unavailable']);
  expect(first.headers['retry-after']).toBeDefined();
  const refused = await page(`/documents/${doc.id}/pages/4`);
  expect(refused.status).toBe(422);
  expect(refused.body.error).toMatchObject({
    code: 'page_unrenderable',
    message: expect.stringMatching(/^Page 4 cannot be shown: drawing page 4 (did not finish|needed more)/),
  });
  // Kept as refused: asked again, it answers at once without drawing.
  const again = await t.api.get(`/v1/documents/${doc.id}/pages/4`).set(auth());
  expect([again.status, again.body.error?.code]).toEqual([422, 'page_unrenderable']);
  await otherRun();

  const square = await page(`/documents/${doc.id}/pages/2`);
  expect(square.status).toBe(200);
  expect([square.body.width, square.body.height]).toEqual([1200, 1200]);
  const tall = await page(`/documents/${doc.id}/pages/3`);
  expect([tall.status, tall.body.error?.code]).toEqual([422, 'page_unrenderable']);
  expect(tall.body.error.message).toMatch(/over the 50-megapixel limit/);
  const ordinary = await page(`/documents/${doc.id}/pages/1?width=400`);
  expect([ordinary.status, ordinary.body.width]).toEqual([200, 400]);
});

it('answers 409 for a format without pages, 404 past the last page and to another account, 400 for a width outside 200–2000', async () => {
  const docx = await upload(
    (await makeDocument('docx', { sentences: ['A paragraph of a word-processed essay.'] })).bytes,
    'essay.docx',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  );
  const none = await t.api.get(`/v1/documents/${docx.id}/pages/1`).set(auth());
  expect([none.status, none.body.error?.code]).toEqual([409, 'no_page_images']);

  const pdf = await upload(await pdfOfPages(['Page one.', 'Page two.']), 'two.pdf', 'application/pdf');
  const past = await t.api.get(`/v1/documents/${pdf.id}/pages/3`).set(auth());
  expect([past.status, past.body.error?.code]).toEqual([404, 'not_found']);
  const stranger = await (await newAccount(t)).key();
  const theirs = await t.api.get(`/v1/documents/${pdf.id}/pages/1`).set(auth(stranger));
  expect([theirs.status, theirs.body.error?.code]).toEqual([404, 'not_found']);
  for (const width of [199, 2001, 1.5]) {
    const bad = await t.api.get(`/v1/documents/${pdf.id}/pages/1?width=${width}`).set(auth());
    expect([width, bad.status, bad.body.error?.code]).toEqual([width, 400, 'invalid_request']);
  }
  const zero = await t.api.get(`/v1/documents/${pdf.id}/pages/0`).set(auth());
  expect(zero.status).toBe(400);
  // A key that only reads documents sees the pages; one that only reads runs does not.
  const reader = await a.key({ scopes: ['documents:read'] });
  expect((await page(`/documents/${pdf.id}/pages/2`, reader)).status).toBe(200);
  const runsOnly = await a.key({ scopes: ['runs:read'] });
  const refusedScope = await t.api.get(`/v1/documents/${pdf.id}/pages/2`).set(auth(runsOnly));
  expect([refusedScope.status, refusedScope.body.error?.code]).toEqual([403, 'insufficient_scope']);
});

it("deletes a reference's page images with it, and answers 404 for its pages after", async () => {
  const refId = await uploadReference(
    t,
    key,
    {
      bytes: await pdfOfPages(['Criterion one: a clear thesis.']),
      filename: 'rubric.pdf',
      mimeType: 'application/pdf',
    },
    'Rubric',
  );
  expect((await waitForReference(t, key, refId)).status).toBe('ready');
  const shown = await page(`/reference-documents/${refId}/pages/1?width=300`);
  expect([shown.status, shown.body.width]).toEqual([200, 300]);
  const prefix = `accounts/${a.accountId}/reference-documents/${refId}/pages/`;
  expect(await listObjectKeys(t.deps.storage, prefix)).toHaveLength(1);

  const deleted = await t.api.delete(`/v1/reference-documents/${refId}`).set(auth());
  expect(deleted.status).toBe(200);
  expect(await listObjectKeys(t.deps.storage, prefix)).toEqual([]);
  const gone = await t.api.get(`/v1/reference-documents/${refId}/pages/1?width=300`).set(auth());
  expect([gone.status, gone.body.error?.code]).toEqual([404, 'not_found']);
});

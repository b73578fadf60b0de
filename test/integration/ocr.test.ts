/**
 * OCR on the real stack: a scanned PNG and a PDF with a typed page and a scanned
 * page go through the upload flow, are read by OCR in the worker's parsing sandbox, report `ocr_pages`, and a
 * test-mode run over the scan cites its words with boxes where they were drawn, its manifest naming the engine and
 * its confidence, its quote pricing the OCR page; a mixed PDF is quoted for exactly its scanned page; a page fed
 * sideways reads as well as upright. Four pages are read in all (a few seconds each).
 */
import { createTestContext, type TestContext } from '../support/app';
import { newAccount, type TestAccount } from '../support/identity';
import { makeWorkflow, waitForRun } from '../support/runs';
import {
  knownText,
  normalizedWords,
  pdfOfPages,
  scannedPage,
  wordsFound,
  type ScannedPage,
} from '../support/scanned-page';
import { uploadDocument } from '../support/uploads';

// Generous: a page takes 3–5 s alone and many times that on this shared machine under load.
jest.setTimeout(360_000);

let t: TestContext;
let a: TestAccount;
let key: string;
let scan: ScannedPage;
const auth = () => ({ Authorization: `Bearer ${key}` });

beforeAll(async () => {
  t = await createTestContext();
  a = await newAccount(t);
  key = await a.key({ mode: 'test' });
  scan = scannedPage();
});
afterAll(async () => {
  await t?.close();
});

/** Uploads and completes, calling `complete` again while it answers 202 (pages still being read). */
async function upload(bytes: Buffer, filename: string, mimeType: string) {
  let res = await uploadDocument(t, key, { bytes, filename, mimeType });
  const deadline = Date.now() + 300_000;
  while (res.status === 202 && Date.now() < deadline) {
    res = await t.api.post(`/v1/documents/${res.body.id}/complete`).set(auth());
  }
  expect(res.status).toBe(200);
  return res.body as { id: string; extracted: boolean; page_count: number; ocr_pages: number; mime_type: string };
}

async function text(docId: string): Promise<string[]> {
  const res = await t.api.get(`/v1/documents/${docId}/text`).set(auth());
  expect(res.status).toBe(200);
  return (res.body.sections as { text: string }[]).map((s) => s.text);
}

it('reads a scanned PNG, and a run over it cites the words with boxes where they were drawn', async () => {
  const doc = await upload(scan.png, 'rubric-scan.png', 'image/png');
  expect(doc).toMatchObject({ extracted: true, mime_type: 'image/png', page_count: 1, ocr_pages: 1 });
  const [page] = await text(doc.id);
  expect(wordsFound(knownText(), page!)).toBeGreaterThanOrEqual(0.95);

  const wf = await makeWorkflow(t, key, { user_prompt: 'Assess the rubric.' });
  // The quote prices the page read by OCR on top of the page itself; a test key is charged nothing for either.
  const product = await t.api.get('/v1/products/general_evaluation').set(auth());
  const pricing = product.body.pricing as Record<string, number>;
  expect(pricing.credits_per_ocr_page).toBe(0.05);
  const quote = await t.api
    .post(`/v1/workflows/${wf}/runs/quote`)
    .set(auth())
    .send({ input_documents: [doc.id] });
  expect(quote.status).toBe(200);
  expect(quote.body.quoted_credits).toBeCloseTo(pricing.credits_per_run! + pricing.credits_per_page! + 0.05, 6);
  expect(quote.body.credits_due).toBe(0);
  const created = await t.api
    .post(`/v1/workflows/${wf}/runs`)
    .set(auth())
    .send({ input_documents: [doc.id] });
  expect(created.status).toBe(202);
  const run = await waitForRun(t, key, created.body.id);
  expect(run.status).toBe('succeeded');
  expect(run.manifest.inputs[0]).toMatchObject({
    document_id: doc.id,
    ocr: { engine: expect.stringMatching(/^tesseract\.js \d/), pages: 1 },
  });
  expect(run.manifest.inputs[0].ocr.mean_confidence).toBeGreaterThan(70);

  type Box = { page: number; x: number; y: number; w: number; h: number };
  const cited = (run.citations as { status: string; quote: string; input: { boxes: Box[] } }[]).filter(
    (c) => c.status === 'supported',
  );
  expect(cited.length).toBeGreaterThan(0);
  for (const c of cited) {
    expect(c.input.boxes.length).toBeGreaterThan(0);
    const quoted = new Set(normalizedWords(c.quote));
    const drawn = scan.words.filter((w) => quoted.has(normalizedWords(w.text)[0] ?? ''));
    for (const box of c.input.boxes) {
      expect(box.page).toBe(1);
      // Some quoted word was drawn inside the box (2 % of the page's size to spare): the highlight is on the words.
      const inside = drawn.filter(
        (w) =>
          w.cx >= box.x - 0.02 && w.cx <= box.x + box.w + 0.02 && w.cy >= box.y - 0.02 && w.cy <= box.y + box.h + 0.02,
      );
      expect(inside.length).toBeGreaterThan(0);
    }
  }
});

it('reads a PDF of typed and scanned pages page by page, and its quote prices exactly the scanned one', async () => {
  const pdf = await pdfOfPages([
    'Cover sheet of the marking scheme for History 204',
    scan,
    'Appendix: the marking scale, from excellent to revise',
  ]);
  const doc = await upload(pdf, 'marking-scheme.pdf', 'application/pdf');
  expect(doc).toMatchObject({ extracted: true, mime_type: 'application/pdf', page_count: 3, ocr_pages: 1 });
  const [typed, scanned, appendix] = await text(doc.id);
  expect(typed).toBe('Cover sheet of the marking scheme for History 204');
  expect(wordsFound(knownText(), scanned!)).toBeGreaterThanOrEqual(0.95);
  expect(appendix).toBe('Appendix: the marking scale, from excellent to revise');

  // Three pages priced as pages, and only the scanned one as read by OCR: the quote and the run it prices agree.
  const product = await t.api.get('/v1/products/general_evaluation').set(auth());
  const pricing = product.body.pricing as Record<string, number>;
  const expected = pricing.credits_per_run! + 3 * pricing.credits_per_page! + pricing.credits_per_ocr_page!;
  const wf = await makeWorkflow(t, key, { user_prompt: 'Assess the marking scheme.' });
  const quote = await t.api
    .post(`/v1/workflows/${wf}/runs/quote`)
    .set(auth())
    .send({ input_documents: [doc.id] });
  expect(quote.status).toBe(200);
  expect(quote.body.quoted_credits).toBeCloseTo(expected, 6);
  const created = await t.api
    .post(`/v1/workflows/${wf}/runs`)
    .set(auth())
    .send({ input_documents: [doc.id] });
  expect(created.status).toBe(202);
  expect(created.body.quoted_credits).toBeCloseTo(expected, 6);
  const run = await waitForRun(t, key, created.body.id);
  expect(run.status).toBe('succeeded');
  expect(run.manifest.inputs[0]).toMatchObject({ document_id: doc.id, ocr: { pages: 1 } });
});

it('reads a page fed sideways (turned 90°) as well as the same page upright', async () => {
  // One scanner PDF: the page upright, then the same page turned a quarter (a landscape page), each read by OCR.
  const sideways = scannedPage({ quarterTurns: 1 });
  const pdf = await pdfOfPages([scan, sideways]);
  const doc = await upload(pdf, 'rubric-both-ways.pdf', 'application/pdf');
  expect(doc).toMatchObject({ extracted: true, page_count: 2, ocr_pages: 2 });
  const [upright, turned] = await text(doc.id);
  const uprightScore = wordsFound(knownText(), upright!);
  const turnedScore = wordsFound(knownText(), turned!);
  expect(uprightScore).toBeGreaterThanOrEqual(0.95);
  // Within 2 % of the words (about four of the page's 180): the turn costs no more than noise does.
  expect(turnedScore).toBeGreaterThanOrEqual(uprightScore - 0.02);
  // In reading order, not merely the same words: the page's first line comes before its last.
  const words = normalizedWords(turned!);
  expect(words.indexOf('rubric')).toBeGreaterThanOrEqual(0);
  expect(words.indexOf('rubric')).toBeLessThan(words.indexOf('convenor'));
});

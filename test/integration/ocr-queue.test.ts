/**
 * Runs whose input is still being read, on the real
 * stack: a run created while its scan is being read by OCR waits in `queued`, quoted at creation as if every page it
 * could have were read by OCR, then charged what was read (live) and runs; a cancel
 * while it waits settles it at once and nothing is charged afterwards; a reading that ends without text fails it
 * `document_not_extracted` with nothing kept. While it waits its execution holds no activity, only timers between
 * looks.
 */
import { jobIds } from '../../domain/jobs';
import { COLLECTIONS } from '../../domain/platform/db';
import { createTestContext, type TestContext } from '../support/app';
import { newAccount } from '../support/identity';
import { balance, ledgerOf, makeWorkflow, waitForRun } from '../support/runs';
import { multiPageTiff, scannedPage } from '../support/scanned-page';
import { putToUploadUrl } from '../support/uploads';

jest.setTimeout(300_000);

let t: TestContext;
let twoPages: Buffer;
const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

beforeAll(async () => {
  t = await createTestContext();
  const scan = scannedPage();
  const frame = { width: scan.width, height: scan.height, grey: scan.grey };
  twoPages = multiPageTiff([frame, frame]);
});
afterAll(async () => {
  await t?.close();
});

const storedStatus = async (docId: string) =>
  (
    await t.database.db
      .collection<{ _id: string; status: string }>(COLLECTIONS.documents)
      .findOne({ _id: docId }, { projection: { status: 1 } })
  )?.status;

/**
 * Uploads a two-page scan and completes it without waiting for the answer: resolves once the document is being
 * read. `done` calls `complete` until it answers 200 (the reading finished).
 */
async function startReading(key: string) {
  const created = await t.api
    .post('/v1/documents')
    .set(auth(key))
    .send({ filename: 'two-pages.tiff', mime_type: 'image/tiff', size_bytes: twoPages.length });
  expect((await putToUploadUrl(created.body.upload_url, created.body.upload_headers, twoPages)).ok).toBe(true);
  const id = created.body.id as string;
  const first = t.api
    .post(`/v1/documents/${id}/complete`)
    .set(auth(key))
    .then((r) => r);
  const deadline = Date.now() + 30_000;
  while ((await storedStatus(id)) !== 'extracting' && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  expect(await storedStatus(id)).toBe('extracting');
  const done = async () => {
    let res = await first;
    const until = Date.now() + 240_000;
    while (res.status === 202 && Date.now() < until)
      res = await t.api.post(`/v1/documents/${id}/complete`).set(auth(key));
    return res;
  };
  return { id, done };
}

/**
 * A waiting run's execution once it has started a timer: how many it has started, and how many activities are
 * pending on it then (the earlier shape, one long activity, had one pending for the whole wait).
 */
async function waitsOnTimer(runId: string) {
  const handle = t.temporal.client.workflow.getHandle(jobIds.run(runId));
  // Its first look may come late on a busy machine (files run side by side); the scan takes longer still.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { events } = await handle.fetchHistory();
    const timers = (events ?? []).filter((e) => e.timerStartedEventAttributes).length;
    if (timers > 0 || Date.now() > deadline) {
      const described = await handle.describe();
      return { timers, pendingActivities: described.raw.pendingActivities?.length ?? 0 };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function pricing(key: string) {
  const product = await t.api.get('/v1/products/general_evaluation').set(auth(key));
  return product.body.pricing as { credits_per_run: number; credits_per_page: number; credits_per_ocr_page: number };
}

it('waits in queued while its scan is read, is quoted once the pages are known, then runs', async () => {
  const a = await newAccount(t);
  const live = await a.key({ mode: 'live' });
  const test = await a.key({ mode: 'test' });
  const wf = await makeWorkflow(t, live);
  const price = await pricing(live);
  const before = await balance(t, live);
  const doc = await startReading(live);

  // Pages not read yet are priced at the most they can cost: a TIFF's frames, up to OCR_MAX_PAGES, each by OCR.
  const bound = price.credits_per_run + t.config.OCR_MAX_PAGES * (price.credits_per_page + price.credits_per_ocr_page);
  const quote = await t.api
    .post(`/v1/workflows/${wf}/runs/quote`)
    .set(auth(live))
    .send({ input_documents: [doc.id] });
  expect(quote.status).toBe(200);
  expect(quote.body.quoted_credits).toBeCloseTo(bound, 6);

  // They wait, quoted as any run is at creation (a plain number, as v1 typed it), and nothing is charged meanwhile.
  const liveRun = await t.api
    .post(`/v1/workflows/${wf}/runs`)
    .set(auth(live))
    .send({ input_documents: [doc.id] });
  expect(liveRun.status).toBe(202);
  expect(liveRun.body).toMatchObject({ status: 'queued', charged_credits: null });
  expect(liveRun.body.quoted_credits).toBeCloseTo(bound, 6);
  const testRun = await t.api
    .post(`/v1/workflows/${wf}/runs`)
    .set(auth(test))
    .send({ input_documents: [doc.id] });
  expect(testRun.status).toBe(202);
  expect(testRun.body).toMatchObject({ status: 'queued' });
  expect(testRun.body.quoted_credits).toBeCloseTo(bound, 6);
  expect(await storedStatus(doc.id)).toBe('extracting');
  const waiting = await t.api.get(`/v1/runs/${liveRun.body.id}`).set(auth(live));
  expect(waiting.body).toMatchObject({ status: 'queued', started_at: null });
  expect(waiting.body.quoted_credits).toBeCloseTo(bound, 6);
  expect(await balance(t, live)).toEqual(before);
  expect(await ledgerOf(t, liveRun.body.id)).toEqual([]);
  // What an operator sees in the Temporal UI while it waits: a timer between looks, and no
  // activity held, so runs waiting on scans never take the runs queue's slots from runs that can go.
  const waitingJob = await waitsOnTimer(liveRun.body.id);
  expect(waitingJob).toEqual({ timers: expect.any(Number), pendingActivities: 0 });
  expect(waitingJob.timers).toBeGreaterThan(0);

  const read = await doc.done();
  expect(read.body).toMatchObject({ extracted: true, page_count: 2, ocr_pages: 2 });
  // Two pages, both read by OCR: each priced as a page and as an OCR page.
  const expected = price.credits_per_run + 2 * price.credits_per_page + 2 * price.credits_per_ocr_page;

  const tested = await waitForRun(t, test, testRun.body.id, 120_000);
  expect(tested.status).toBe('succeeded');
  // The quote stays what creation answered; a test run is charged nothing.
  expect(tested.quoted_credits).toBeCloseTo(bound, 6);
  expect(tested.charged_credits).toBe(0);

  // The live run was charged what was read, less than its quote, once; whatever its end, the ledger and the
  // balance agree with it (this stack's live runs have no model: it fails and is refunded in full).
  const lived = await waitForRun(t, live, liveRun.body.id, 120_000);
  expect(lived.quoted_credits).toBeCloseTo(bound, 6);
  expect(expected).toBeLessThan(bound);
  const ledger = await ledgerOf(t, liveRun.body.id);
  expect(ledger[0]).toMatchObject({ kind: 'charge', state: 'applied', amount_milli: Math.round(expected * 1000) });
  if (lived.status === 'succeeded') {
    expect(lived.charged_credits).toBeCloseTo(expected, 6);
    expect(ledger).toHaveLength(1);
    expect((await balance(t, live)).pro_credits).toBeCloseTo(before.pro_credits - expected, 6);
  } else {
    expect([lived.status, lived.charged_credits]).toEqual(['failed', 0]);
    expect(ledger.map((e) => [e.kind, e.state])).toEqual([
      ['charge', 'applied'],
      ['refund', 'applied'],
    ]);
    expect(await balance(t, live)).toEqual(before);
  }
});

it('is canceled while it waits, and nothing is charged once the reading ends', async () => {
  const a = await newAccount(t);
  const live = await a.key({ mode: 'live' });
  const wf = await makeWorkflow(t, live);
  const before = await balance(t, live);
  const doc = await startReading(live);
  const created = await t.api
    .post(`/v1/workflows/${wf}/runs`)
    .set(auth(live))
    .send({ input_documents: [doc.id] });
  expect([created.status, created.body.status]).toEqual([202, 'queued']);

  const canceled = await t.api.post(`/v1/runs/${created.body.id}/cancel`).set(auth(live));
  expect([canceled.status, canceled.body.status, canceled.body.charged_credits]).toEqual([200, 'canceled', 0]);
  expect(await storedStatus(doc.id)).toBe('extracting');

  // The run's job ends without hanging, and the reading's end charges nothing.
  const job = t.temporal.client.workflow.getHandle(created.body.id as string);
  expect(await job.result()).toEqual({ status: 'canceled' });
  expect((await doc.done()).body.extracted).toBe(true);
  const after = (await t.api.get(`/v1/runs/${created.body.id}`).set(auth(live))).body;
  expect([after.status, after.charged_credits]).toEqual(['canceled', 0]);
  expect(await ledgerOf(t, created.body.id)).toEqual([]);
  expect(await balance(t, live)).toEqual(before);
});

it('fails document_not_extracted, nothing kept, when the reading ends without text', async () => {
  const a = await newAccount(t);
  const live = await a.key({ mode: 'live' });
  const wf = await makeWorkflow(t, live);
  const before = await balance(t, live);
  const doc = await startReading(live);
  const created = await t.api
    .post(`/v1/workflows/${wf}/runs`)
    .set(auth(live))
    .send({ input_documents: [doc.id] });
  expect([created.status, created.body.status]).toEqual([202, 'queued']);

  // The extraction job ends without recording an outcome (an operator terminating it, or its retries spent).
  await t.temporal.client.workflow.getHandle(`extract-${doc.id}`).terminate('test: the reading ends');
  const run = await waitForRun(t, live, created.body.id, 120_000);
  expect([run.status, run.error?.code, run.charged_credits]).toEqual(['failed', 'document_not_extracted', 0]);
  expect(run.error.message).toContain(doc.id);
  expect(await ledgerOf(t, created.body.id)).toEqual([]);
  expect(await balance(t, live)).toEqual(before);
  // The document settles as not extracted (as `complete` answers for a job that ended).
  expect((await doc.done()).body.extracted).toBe(false);
});

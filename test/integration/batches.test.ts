/**
 * Batches against the real stack: creation and its refusals, reads, cancel,
 * `GET /runs?batch_id=`, the results file, and a 1,000-item test-mode batch whose counts sum to its total at every
 * read. Worker deaths and a terminated batch job: test/integration/batch-durability.test.ts.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import * as XLSX from '@e965/xlsx';
import { TASK_QUEUES } from '../../domain/jobs/contract';
import { createTestContext, type TestContext } from '../support/app';
import { makeDocument } from '../support/files';
import { newAccount, type TestAccount } from '../support/identity';
import { makeWorkflow } from '../support/runs';
import { uploadDocument } from '../support/uploads';

let t: TestContext;
let a: TestAccount;
let testKey: string;
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });

const FINAL = ['succeeded', 'completed_with_failures', 'canceled'];
type Counts = Record<'total' | 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled' | 'refunded', number>;
const sum = (c: Counts) => c.queued + c.running + c.succeeded + c.failed + c.canceled + c.refunded;

beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(async () => {
  a = await newAccount(t);
  testKey = await a.key({ mode: 'test' });
});
afterAll(async () => {
  await t.close();
});

async function documentFor(key: string, ctx: TestContext = t): Promise<string> {
  const res = await uploadDocument(ctx, key, await makeDocument('md', { sentences: ['An essay.', 'Its argument.'] }));
  if (res.status !== 200) throw new Error(`document: ${res.status} ${res.text}`);
  return res.body.id as string;
}

const items = (n: number, docs: string[]) =>
  Array.from({ length: n }, (_, i) => ({
    input_documents: [docs[i % docs.length]!],
    external_id: `ext-${i}`,
    metadata: { i },
  }));

/** Polls the batch until it is final; checks at every read that its counts sum to its total. */
async function waitForBatch(key: string, id: string, timeoutMs = 120_000, ctx: TestContext = t) {
  const deadline = Date.now() + timeoutMs;
  let reads = 0;
  for (;;) {
    const res = await ctx.api.get(`/v1/batches/${id}`).set(auth(key));
    expect(res.status).toBe(200);
    reads++;
    expect({ read: reads, sum: sum(res.body.counts) }).toEqual({ read: reads, sum: res.body.counts.total });
    if (FINAL.includes(res.body.status)) return { batch: res.body, reads };
    if (Date.now() > deadline) throw new Error(`batch ${id} not final: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function allRunsOf(key: string, batchId: string, ctx: TestContext = t) {
  const runs: Array<Record<string, unknown>> = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: { data: Array<Record<string, unknown>>; next_cursor: string | null } } =
      await ctx.api
        .get(`/v1/runs?batch_id=${batchId}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
        .set(auth(key));
    expect(res.status).toBe(200);
    runs.push(...res.body.data);
    cursor = res.body.next_cursor;
  } while (cursor);
  return runs;
}

describe('creating a batch', () => {
  it('runs every item as a run with batch_id and external_id, and ends succeeded', async () => {
    const doc = await documentFor(testKey);
    const wf = await makeWorkflow(t, testKey);
    const created = await t.api
      .post(`/v1/workflows/${wf}/batches`)
      .set(auth(testKey))
      .send({ items: items(5, [doc]), metadata: { class: '7B' }, max_concurrency: 2 });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({
      object: 'batch',
      workflow_id: wf,
      livemode: false,
      max_concurrency: 2,
      metadata: { class: '7B' },
      counts: { total: 5 },
    });
    expect(created.body.id).toMatch(/^bat_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(sum(created.body.counts)).toBe(5);
    const { batch } = await waitForBatch(testKey, created.body.id);
    expect(batch).toMatchObject({
      status: 'succeeded',
      counts: { total: 5, queued: 0, running: 0, succeeded: 5, failed: 0, canceled: 0, refunded: 0 },
      charged_credits: 0,
    });
    expect(batch.started_at).not.toBeNull();
    expect(batch.finished_at).not.toBeNull();

    const runs = await allRunsOf(testKey, created.body.id);
    expect(runs).toHaveLength(5);
    expect(runs.map((r) => r.external_id).sort()).toEqual(['ext-0', 'ext-1', 'ext-2', 'ext-3', 'ext-4']);
    for (const run of runs) expect(run).toMatchObject({ batch_id: created.body.id, status: 'succeeded' });
    // Runs of their own carry no batch.
    const single = await t.api
      .post(`/v1/workflows/${wf}/runs`)
      .set(auth(testKey))
      .send({ input_documents: [doc] });
    expect(single.body).toMatchObject({ batch_id: null, external_id: null });

    const listed = await t.api.get('/v1/batches').set(auth(testKey));
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((b: { id: string }) => b.id)).toEqual([created.body.id]);

    const event = await t.api.get('/v1/events?type=batch.completed').set(auth(testKey));
    expect(event.body.data).toHaveLength(1);
    expect(event.body.data[0].data.batch).toMatchObject({ id: created.body.id, status: 'succeeded' });

    // The results file, in each format, one row per item in item order.
    const csv = await t.api.get(`/v1/batches/${created.body.id}/results?format=csv`).set(auth(testKey));
    expect(csv.status).toBe(200);
    expect(csv.body.mime_type).toMatch(/^text\/csv/);
    const rows = parseCsv(Buffer.from(await (await fetch(csv.body.url)).arrayBuffer()), {
      columns: true,
      bom: true,
    }) as Array<Record<string, string>>;
    expect(rows.map((r) => r.external_id)).toEqual(['ext-0', 'ext-1', 'ext-2', 'ext-3', 'ext-4']);
    expect(new Set(rows.map((r) => r.run_id))).toEqual(new Set(runs.map((r) => r.id)));
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
    const xlsx = await t.api.get(`/v1/batches/${created.body.id}/results?format=xlsx`).set(auth(testKey));
    const book = XLSX.read(Buffer.from(await (await fetch(xlsx.body.url)).arrayBuffer()), { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!)).toHaveLength(5);
    const jsonl = await t.api.get(`/v1/batches/${created.body.id}/results?format=jsonl`).set(auth(testKey));
    const lines = (await (await fetch(jsonl.body.url)).text()).trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { external_id: string }).external_id)).toEqual(
      rows.map((r) => r.external_id),
    );
  }, 180_000);

  it('refuses the whole request when any item is invalid, naming each, and creates nothing', async () => {
    const doc = await documentFor(testKey);
    const wf = await makeWorkflow(t, testKey);
    const bad = items(4, [doc]);
    bad[1] = { ...bad[1]!, input_documents: ['doc_missing1'] };
    bad[3] = { ...bad[3]!, input_documents: ['doc_missing2'] };
    const res = await t.api.post(`/v1/workflows/${wf}/batches`).set(auth(testKey)).send({ items: bad });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'body.items[1].input_documents',
      'body.items[3].input_documents',
    ]);
    const shape = await t.api
      .post(`/v1/workflows/${wf}/batches`)
      .set(auth(testKey))
      .send({ items: [{ input_documents: [] }, { input_documents: [doc], extra: 1 }] });
    expect(shape.status).toBe(400);
    expect(shape.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'body.items.0.input_documents',
      'body.items.1',
    ]);
    expect((await t.api.post(`/v1/workflows/${wf}/batches`).set(auth(testKey)).send({ items: [] })).status).toBe(400);
    const tooMany = await t.api
      .post(`/v1/workflows/${wf}/batches`)
      .set(auth(testKey))
      .send({ items: items(10_001, [doc]) });
    expect(tooMany.status).toBe(400);
    expect(
      (
        await t.api
          .post(`/v1/workflows/${wf}/batches`)
          .set(auth(testKey))
          .send({ items: items(1, [doc]), max_concurrency: 51 })
      ).status,
    ).toBe(400);
    expect((await t.api.get('/v1/batches').set(auth(testKey))).body.data).toEqual([]);
    // Another account's workflow and batch are not found.
    const other = await (await newAccount(t)).key({ mode: 'test' });
    expect(
      (
        await t.api
          .post(`/v1/workflows/${wf}/batches`)
          .set(auth(other))
          .send({ items: items(1, [doc]) })
      ).status,
    ).toBe(404);
  });

  it('refuses a body over 8 MB while it streams', async () => {
    const wf = await makeWorkflow(t, testKey);
    const item = JSON.stringify({ input_documents: ['doc_x'], metadata: { pad: 'x'.repeat(8000) } });
    const body = `{"items":[${Array.from({ length: 1100 }, () => item).join(',')}]}`;
    expect(body.length).toBeGreaterThan(8 * 1024 * 1024);
    const res = await t.api
      .post(`/v1/workflows/${wf}/batches`)
      .set(auth(testKey))
      .set('Content-Type', 'application/json')
      .send(body);
    expect(res.status).toBe(413);
  });

  it('answers the same batch to a retry with the same Idempotency-Key', async () => {
    const doc = await documentFor(testKey);
    const wf = await makeWorkflow(t, testKey);
    const send = () =>
      t.api
        .post(`/v1/workflows/${wf}/batches`)
        .set(auth(testKey))
        .set('Idempotency-Key', 'batch-once')
        .send({ items: items(2, [doc]) });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.body.id).toBe(first.body.id);
    expect((await t.api.get('/v1/batches').set(auth(testKey))).body.data).toHaveLength(1);
    await waitForBatch(testKey, first.body.id);
  });

  it('answers 402 when a live balance is short of the whole quote, reserving nothing', async () => {
    const liveKey = await a.key({ mode: 'live' });
    const doc = await documentFor(liveKey);
    const wf = await makeWorkflow(t, liveKey);
    const before = (await t.api.get('/v1/usage/balance').set(auth(liveKey))).body.pro_credits as number;
    const quote = await t.api
      .post(`/v1/workflows/${wf}/runs/quote`)
      .set(auth(liveKey))
      .send({ input_documents: [doc] });
    const n = Math.floor(before / quote.body.quoted_credits) + 1;
    const res = await t.api
      .post(`/v1/workflows/${wf}/batches`)
      .set(auth(liveKey))
      .send({ items: items(n, [doc]) });
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('insufficient_credits');
    expect((await t.api.get('/v1/usage/balance').set(auth(liveKey))).body.pro_credits).toBe(before);
    expect((await t.api.get('/v1/batches').set(auth(liveKey))).body.data).toEqual([]);
  });

  it('allows 5 unfinished batches per account, then answers 409 limit_reached; cancel ends one', async () => {
    const doc = await documentFor(testKey);
    const wf = await makeWorkflow(t, testKey);
    // Paused: the batches stay unfinished only until their jobs see it, so pause after creating them.
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.api
        .post(`/v1/workflows/${wf}/batches`)
        .set(auth(testKey))
        .send({ items: items(200, [doc]), max_concurrency: 1 });
      expect(res.status).toBe(202);
      ids.push(res.body.id);
    }
    const sixth = await t.api
      .post(`/v1/workflows/${wf}/batches`)
      .set(auth(testKey))
      .send({ items: items(1, [doc]) });
    expect(sixth.status).toBe(409);
    expect(sixth.body.error.code).toBe('limit_reached');
    for (const id of ids) {
      const canceled = await t.api.post(`/v1/batches/${id}/cancel`).set(auth(testKey));
      expect(canceled.status).toBe(200);
    }
    for (const id of ids) {
      const { batch } = await waitForBatch(testKey, id);
      expect(batch.status).toBe('canceled');
      expect(batch.counts.canceled).toBeGreaterThan(0);
      expect(batch.counts.succeeded + batch.counts.canceled).toBe(200);
    }
    const again = await t.api.post(`/v1/batches/${ids[0]}/cancel`).set(auth(testKey));
    expect(again.status).toBe(200);
    const canceledRuns = (await allRunsOf(testKey, ids[0]!)).filter((r) => r.status === 'canceled');
    expect(canceledRuns.length).toBeGreaterThan(0);
    expect(canceledRuns.every((r) => (r.error as { code: string }).code === 'batch_canceled')).toBe(true);
    const after = await t.api
      .post(`/v1/workflows/${wf}/batches`)
      .set(auth(testKey))
      .send({ items: items(1, [doc]) });
    expect(after.status).toBe(202);
    await waitForBatch(testKey, after.body.id);
  }, 180_000);

  it('cancels the items not yet started when the workflow is paused (workflow_not_active)', async () => {
    const doc = await documentFor(testKey);
    const wf = await makeWorkflow(t, testKey);
    const res = await t.api
      .post(`/v1/workflows/${wf}/batches`)
      .set(auth(testKey))
      .send({ items: items(300, [doc]), max_concurrency: 1 });
    expect(res.status).toBe(202);
    expect((await t.api.patch(`/v1/workflows/${wf}`).set(auth(testKey)).send({ status: 'paused' })).status).toBe(200);
    const { batch } = await waitForBatch(testKey, res.body.id);
    expect(batch.status).toBe('completed_with_failures');
    expect(batch.counts.canceled).toBeGreaterThan(0);
    const runs = await allRunsOf(testKey, res.body.id);
    expect(runs).toHaveLength(300);
    for (const run of runs.filter((r) => r.status === 'canceled'))
      expect(run).toMatchObject({ error: { code: 'workflow_not_active' }, charged_credits: 0 });
  }, 120_000);
});

describe('a batch at scale', () => {
  it('runs 1,000 test-mode items: every item succeeded, counts summed to the total at every read, 1,000 result rows', async () => {
    const docs = [await documentFor(testKey), await documentFor(testKey)];
    const wf = await makeWorkflow(t, testKey);
    const startedAt = Date.now();
    const created = await t.api
      .post(`/v1/workflows/${wf}/batches`)
      .set(auth(testKey))
      .send({ items: items(1000, docs), max_concurrency: 50 });
    expect(created.status).toBe(202);
    const createMs = Date.now() - startedAt;
    // Halfway, interactive runs — 10 of this account, 10 of another — are not queued behind the batch's items
    // (items run on their own queue and Worker): each succeeds while the batch is still running. (How soon: the
    // batch section of `npm run bench`, bench/batches.ts, against its goal.)
    const otherKey = await (await newAccount(t)).key({ mode: 'test' });
    const otherDoc = await documentFor(otherKey);
    const otherWf = await makeWorkflow(t, otherKey);
    await (async () => {
      for (;;) {
        const b = await t.api.get(`/v1/batches/${created.body.id}`).set(auth(testKey));
        expect(sum(b.body.counts)).toBe(1000);
        if (b.body.counts.succeeded >= 400 || FINAL.includes(b.body.status)) return;
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const interactive = await Promise.all(
      [
        ...Array.from({ length: 10 }, () => [testKey, wf, docs[0]!]),
        ...Array.from({ length: 10 }, () => [otherKey, otherWf, otherDoc]),
      ].map(async ([key, workflow, doc]) => {
        const run = await t.api
          .post(`/v1/workflows/${workflow}/runs`)
          .set(auth(key!))
          .send({ input_documents: [doc], mode: 'async' });
        expect(run.status).toBe(202);
        for (;;) {
          const got = await t.api.get(`/v1/runs/${run.body.id}`).set(auth(key!));
          if (got.body.status !== 'queued' && got.body.status !== 'running') {
            expect(got.body.status).toBe('succeeded');
            return run.body.id as string;
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      }),
    );
    const midway = await t.api.get(`/v1/batches/${created.body.id}`).set(auth(testKey));
    expect(sum(midway.body.counts)).toBe(1000);
    expect(midway.body.status).toBe('running');
    expect(midway.body.counts.succeeded).toBeLessThan(1000); // items were still waiting when they had all finished
    const queueOf = async (runId: string) => (await t.temporal.client.workflow.getHandle(runId).describe()).taskQueue;
    expect(new Set(await Promise.all(interactive.map(queueOf)))).toEqual(new Set([TASK_QUEUES.runs]));
    const { batch, reads } = await waitForBatch(testKey, created.body.id, 300_000);
    const tookMs = Date.now() - startedAt;
    expect(batch).toMatchObject({ status: 'succeeded', counts: { total: 1000, succeeded: 1000 } });
    expect(reads).toBeGreaterThan(3);
    const runs = await allRunsOf(testKey, created.body.id);
    expect(runs).toHaveLength(1000);
    expect(runs.every((r) => r.status === 'succeeded')).toBe(true);
    const res = await t.api.get(`/v1/batches/${created.body.id}/results?format=csv`).set(auth(testKey));
    const rows = parseCsv(Buffer.from(await (await fetch(res.body.url)).arrayBuffer()), {
      columns: true,
      bom: true,
    }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(1000);
    expect(await queueOf(runs[0]!.id as string)).toBe(TASK_QUEUES.batches);
    const byId = new Map(runs.map((r) => [r.id as string, r]));
    for (const [i, row] of rows.entries()) {
      expect(row.external_id).toBe(`ext-${i}`);
      expect(byId.get(row.run_id!)).toMatchObject({ external_id: `ext-${i}`, status: row.status });
    }
    process.stdout.write(`1,000-item batch: created in ${createMs} ms, final after ${tookMs} ms\n`);
  }, 400_000);
});

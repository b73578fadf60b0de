/**
 * Reviews (issue 56) against the real stack: the policy on a workflow; a review created
 * when a run succeeds (scripted answers for low confidence; the seeded audit draw); the queue across two API
 * processes; a claim's expiry; submit and what it changes (the run, `review.completed`, the calibration set); every
 * bad submit's 4xx; a batch's review counts and results columns. Test-mode runs (the stub) wherever the model's answers do not matter, to keep the file fast.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { drawnForAudit } from '../../domain/reviews/reviews';
import { verifyWebhookSignature } from '../../domain/webhooks/signature';
import { createTestContext, type TestContext } from '../support/app';
import { ESSAY_CRITERIA, ESSAY_SCHEMA } from '../support/criteria';
import { testNamespaces } from '../support/env';
import { newAccount, type TestAccount } from '../support/identity';
import { ModelServer, type ScriptedReply } from '../support/model-server';
import { startWorker, type Spawned } from '../support/processes';
import { makeWorkflow, waitForRun } from '../support/runs';
import { useTwoApiProcesses } from '../support/two-apis';
import { uploadDocument } from '../support/uploads';
import { startWebhookReceiver } from '../support/webhook-receiver';

const NAMESPACE = `${testNamespaces().main}-reviews`;
const apis = useTwoApiProcesses();
let t: TestContext;
/** The same API with a one-second claim, for expiry. */
let short: TestContext;
let model: ModelServer;
let worker: Spawned;
let a: TestAccount;
let key: string;
let testKey: string;
const auth = (token = testKey) => ({ Authorization: `Bearer ${token}` });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const SCHEMA = ESSAY_SCHEMA;
const CRITERIA = ESSAY_CRITERIA;
const SENTENCE = 'The essay argues that congestion pricing reduces traffic in dense cities.';

let perSample: Map<number, ScriptedReply[]>;
const sampleOf = (headers: Record<string, string | string[] | undefined>) =>
  Number(String(headers['x-assay-sample'] ?? '-1').split('/')[0]);

beforeAll(async () => {
  model = new ModelServer();
  const url = await model.start();
  model.responder = (_body, headers) => perSample.get(sampleOf(headers))?.shift();
  t = await createTestContext({ TEMPORAL_NAMESPACE: NAMESPACE });
  short = await createTestContext({ TEMPORAL_NAMESPACE: NAMESPACE, REVIEW_CLAIM_S: '1' });
  await ensureNamespace(t.config.temporalAddress, NAMESPACE);
  worker = await startWorker({
    TEMPORAL_NAMESPACE: NAMESPACE,
    MODEL_A_PROVIDER: 'openai',
    MODEL_A_BASE_URL: url,
    MODEL_A_API_KEY: 'test-key',
    MODEL_A_MODEL: 'test-model-1',
  });
  a = await newAccount(t);
  key = await a.key({ mode: 'live' });
  testKey = await a.key({ mode: 'test' });
}, 120_000);
beforeEach(() => {
  model.reset();
  perSample = new Map();
});
afterAll(async () => {
  await worker?.stop();
  await short?.close();
  await t?.close();
  await model?.stop();
});

async function essay(token = testKey): Promise<string> {
  const res = await uploadDocument(t, token, {
    bytes: Buffer.from(SENTENCE),
    filename: 'essay.txt',
    mimeType: 'text/plain',
  });
  expect(res.body.extracted).toBe(true);
  return res.body.id as string;
}

function answer(output: Record<string, unknown>, doc: string): ScriptedReply {
  const evidence = [
    { criterion: 'score', quote: SENTENCE, document_id: doc, reference_chunk_id: null, insufficient_evidence: false },
  ];
  return { content: JSON.stringify({ output, evidence }), usage: { prompt_tokens: 100, completion_tokens: 10 } };
}

async function runs(workflowId: string, doc: string, n: number, token = testKey) {
  const created = await Promise.all(
    Array.from({ length: n }, () =>
      t.api
        .post(`/v1/workflows/${workflowId}/runs`)
        .set(auth(token))
        .send({ input_documents: [doc] }),
    ),
  );
  for (const c of created) expect(c.status).toBe(202);
  return Promise.all(created.map((c) => waitForRun(t, token, c.body.id as string)));
}

/** A workflow whose every run is reviewed (`review` merged in), of the test account unless `token`. */
const reviewed = (review: Record<string, unknown>, token = testKey, extra: Record<string, unknown> = {}) =>
  makeWorkflow(t, token, { output_schema: SCHEMA, criteria: CRITERIA, review, ...extra });

const claimNext = (reviewer: string, workflowId: string, api = t.api) =>
  api.post('/v1/reviews/claim-next').set(auth()).send({ reviewer, workflow_id: workflowId });
const submit = (id: string, body: Record<string, unknown>, api = t.api) =>
  api.post(`/v1/reviews/${id}/submit`).set(auth()).send(body);

describe('the review policy on a workflow', () => {
  it('needs criteria, k ≥ 2 for low_confidence, and a calibration set of the account with the same criteria', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const res = await t.api
        .post('/v1/workflows')
        .set(auth())
        .send({ product_code: 'general_evaluation', name: 'x', output_schema: SCHEMA, ...body });
      expect(res.status).toBe(400);
      return (res.body.error.details as Array<{ path: string }>)[0]!.path;
    };
    expect(await refused({ review: { mode: 'all' } })).toBe('body.review');
    expect(await refused({ criteria: CRITERIA, review: { mode: 'low_confidence' } })).toBe('body.review.mode');
    expect(await refused({ criteria: CRITERIA, review: { mode: 'all', threshold: 0 } })).toMatch(/^body\.review/);
    expect(
      await refused({
        criteria: CRITERIA,
        review: { mode: 'all', calibration_set_id: 'cset_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' },
      }),
    ).toBe('body.review.calibration_set_id');
    const other = await t.api
      .post('/v1/calibration-sets')
      .set(auth())
      .send({ name: 'other', criteria: [{ key: 'score', pointer: '/score', kind: 'ordinal', min: 0, max: 10 }] });
    expect(await refused({ criteria: CRITERIA, review: { mode: 'all', calibration_set_id: other.body.id } })).toBe(
      'body.review.calibration_set_id',
    );
    const wf = await reviewed({ mode: 'all', blind: true });
    const got = await t.api.get(`/v1/workflows/${wf}`).set(auth());
    expect(got.body.review).toEqual({
      mode: 'all',
      threshold: 0.8,
      audit_rate: 0,
      blind: true,
      calibration_set_id: null,
    });
  });
});

describe('a review when a run succeeds', () => {
  it('low_confidence: exactly the runs with a split criterion get one, naming each split criterion', async () => {
    const doc = await essay(key);
    const wf = await reviewed({ mode: 'low_confidence', threshold: 0.8 }, key, { confidence: { samples: 2 } });
    const base = { score: 4, label: 'fair', pass: true, note: 'n' };
    const scripts: Array<[Record<string, unknown>, Record<string, unknown>]> = [
      [base, base],
      [base, { ...base, score: 2 }],
      [base, { ...base, label: 'strong', pass: false }],
    ];
    const done: Array<Record<string, any>> = [];
    for (const [first, second] of scripts) {
      perSample.set(0, [answer(first, doc)]);
      perSample.set(1, [answer(second, doc)]);
      const [run] = await runs(wf, doc, 1, key);
      expect(run.status).toBe('succeeded');
      done.push(run);
    }
    expect(done.map((r) => r.review?.status ?? null)).toEqual([null, 'pending', 'pending']);
    const reasons = await Promise.all(
      done.slice(1).map(async (r) => {
        const review = await t.api.get(`/v1/reviews/${r.review.id}`).set(auth(key));
        expect(review.body).toMatchObject({ run_id: r.id, workflow_id: wf, status: 'pending', blind: false });
        return review.body.reasons;
      }),
    );
    expect(reasons).toEqual([
      [{ kind: 'low_confidence', criterion: 'score' }],
      [
        { kind: 'low_confidence', criterion: 'label' },
        { kind: 'low_confidence', criterion: 'pass' },
      ],
    ]);
    // Already in `run.succeeded`: a client knows to wait for `review.completed`.
    const events = await t.api.get('/v1/events?type=run.succeeded&limit=100').set(auth(key));
    const split = done[1]!;
    const succeeded = events.body.data.find((e: { data: { run: { id: string } } }) => e.data.run.id === split.id);
    expect(succeeded.data.run.review).toEqual({ id: split.review.id, status: 'pending' });
  });

  it('the audit draw: a quarter of 200 run ids, the same ones again; end to end, exactly the drawn runs, blind', async () => {
    const ids = Array.from({ length: 200 }, (_, i) => `run_01JD3Y6J6Y5M5Q2A7Z9X8W${String(i).padStart(4, '0')}`);
    const drawn = ids.filter((id) => drawnForAudit(id, 0.25));
    expect(drawn.length).toBeGreaterThanOrEqual(30);
    expect(drawn.length).toBeLessThanOrEqual(70);
    expect(ids.filter((id) => drawnForAudit(id, 0.25))).toEqual(drawn);

    const wf = await reviewed({ mode: 'off', audit_rate: 0.5 });
    const done = await runs(wf, await essay(), 8);
    for (const run of done) {
      expect([run.id, run.review?.status ?? null]).toEqual([run.id, drawnForAudit(run.id, 0.5) ? 'pending' : null]);
      if (!run.review) continue;
      const review = await t.api.get(`/v1/reviews/${run.review.id}`).set(auth());
      expect(review.body).toMatchObject({ reasons: [{ kind: 'audit' }], blind: true });
      expect(review.body.criteria[0]).not.toHaveProperty('model_value');
    }
  });
});

describe('the queue', () => {
  it('twenty claim-next at once on a queue of ten, over two API processes: ten distinct reviews and ten 204s', async () => {
    const wf = await reviewed({ mode: 'all' });
    const done = await runs(wf, await essay(), 10);
    const [one, two] = apis.origins;
    const calls = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${i % 2 ? two : one}/v1/reviews/claim-next`, {
          method: 'POST',
          headers: { ...auth(), 'Content-Type': 'application/json' },
          body: JSON.stringify({ reviewer: `r${i}`, workflow_id: wf }),
        }),
      ),
    );
    const statuses = calls.map((c) => c.status).sort();
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(10).fill(204)]);
    const claimed = (await Promise.all(calls.filter((c) => c.status === 200).map((c) => c.json()))) as Array<{
      id: string;
      run_id: string;
      status: string;
    }>;
    expect(new Set(claimed.map((r) => r.id)).size).toBe(10);
    expect(new Set(claimed.map((r) => r.run_id))).toEqual(new Set(done.map((r) => r.id)));
    for (const r of claimed) expect(r.status).toBe('claimed');
  }, 120_000);

  it('lists pending reviews oldest first, and claim-next takes the oldest', async () => {
    const wf = await reviewed({ mode: 'all' });
    const doc = await essay();
    const order = [];
    for (let i = 0; i < 3; i++) order.push(...(await runs(wf, doc, 1)));
    const pending = await t.api.get(`/v1/reviews?status=pending&workflow_id=${wf}&limit=2`).set(auth());
    expect(pending.body.data.map((r: { run_id: string }) => r.run_id)).toEqual([order[0].id, order[1].id]);
    const next = await t.api
      .get(
        `/v1/reviews?status=pending&workflow_id=${wf}&limit=2&cursor=${encodeURIComponent(pending.body.next_cursor)}`,
      )
      .set(auth());
    expect(next.body.data.map((r: { run_id: string }) => r.run_id)).toEqual([order[2].id]);
    const all = await t.api.get(`/v1/reviews?workflow_id=${wf}`).set(auth());
    expect(all.body.data.map((r: { run_id: string }) => r.run_id)).toEqual([order[2].id, order[1].id, order[0].id]);
    const claimed = await claimNext('ada', wf);
    expect(claimed.body.run_id).toBe(order[0].id);
  });

  it('an expired claim returns its review to the queue; a submit racing the expiry has one winner', async () => {
    const wf = await reviewed({ mode: 'all' });
    await runs(wf, await essay(), 1);
    const first = await claimNext('ada', wf, short.api);
    expect(first.status).toBe(200);
    expect((await claimNext('bob', wf, short.api)).status).toBe(204);
    const held = await submit(first.body.id, { reviewer: 'bob', values: { score: 2 } }, short.api);
    expect([held.status, held.body.error.code]).toEqual([409, 'review_claimed']);
    await sleep(1100);
    const listed = await t.api.get(`/v1/reviews?status=pending&workflow_id=${wf}`).set(auth());
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([first.body.id]);

    // Ada's late submit and Bob's claim of the expired claim race: exactly one wins.
    const [late, taken] = await Promise.all([
      submit(first.body.id, { reviewer: 'ada', values: { score: 3 } }, short.api),
      claimNext('bob', wf, short.api),
    ]);
    const after = await t.api.get(`/v1/reviews/${first.body.id}`).set(auth());
    if (late.status === 200) {
      expect(taken.status).toBe(204);
      expect(after.body).toMatchObject({ status: 'completed', reviewer: 'ada' });
    } else {
      expect([late.status, late.body.error.code, taken.status]).toEqual([409, 'review_claimed', 200]);
      expect(after.body).toMatchObject({ status: 'claimed', claimed_by: 'bob' });
    }
  });
});

describe('submitting', () => {
  it('answers every bad submit with its 4xx, then completes: reviewed_output, the run, the same values again', async () => {
    const wf = await reviewed({ mode: 'all' });
    const [run] = await runs(wf, await essay(), 1);
    const id = run.review.id as string;
    const bad = async (body: Record<string, unknown>, status: number, code: string, path?: string) => {
      const res = await submit(id, body);
      expect([res.status, res.body.error.code]).toEqual([status, code]);
      if (path) expect(res.body.error.details[0].path).toBe(path);
    };
    await bad({ reviewer: 'ada', values: { tone: 1 } }, 400, 'invalid_request', 'body.values.tone');
    await bad({ reviewer: 'ada', values: { score: 9 } }, 400, 'invalid_request', 'body.values.score');
    await bad({ reviewer: 'ada', values: { label: 'great' } }, 400, 'invalid_request', 'body.values.label');
    expect((await t.api.post(`/v1/reviews/${id}/claim`).set(auth()).send({ reviewer: 'bob' })).status).toBe(200);
    await bad({ reviewer: 'ada', values: { score: 2 } }, 409, 'review_claimed');
    const claimAgain = await t.api.post(`/v1/reviews/${id}/claim`).set(auth()).send({ reviewer: 'ada' });
    expect([claimAgain.status, claimAgain.body.error.code]).toEqual([409, 'review_claimed']);

    const done = await t.api
      .post(`/v1/reviews/${id}/submit`)
      .set(auth())
      .set('Idempotency-Key', `submit-${id}`)
      .send({ reviewer: 'bob', values: { score: 2 }, note: 'too generous' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', reviewer: 'bob', note: 'too generous' });
    // Open review: the criteria left out keep the model's values.
    expect(done.body.values).toEqual({ score: 2, label: run.output.label, pass: run.output.pass });
    const after = await t.api.get(`/v1/runs/${run.id}`).set(auth());
    expect(after.body.review).toEqual({
      id,
      status: 'completed',
      reviewer: 'bob',
      values: done.body.values,
      completed_at: done.body.completed_at,
    });
    expect(after.body.output).toEqual(run.output);
    expect(after.body.reviewed_output).toEqual({ ...run.output, score: 2 });

    expect((await submit(id, { reviewer: 'bob', values: { score: 2 } })).status).toBe(200);
    await bad({ reviewer: 'bob', values: { score: 5 } }, 409, 'review_completed');
  });

  it('a blind review needs every criterion', async () => {
    const wf = await reviewed({ mode: 'all', blind: true });
    const [run] = await runs(wf, await essay(), 1);
    const review = await t.api.get(`/v1/reviews/${run.review.id}`).set(auth());
    expect(review.body.criteria.map((c: Record<string, unknown>) => 'model_value' in c)).toEqual([false, false, false]);
    const res = await submit(run.review.id, { reviewer: 'ada', values: { score: 2, label: 'weak' } });
    expect([res.status, res.body.error.details[0].path]).toEqual([400, 'body.values.pass']);
  });

  it('publishes review.completed, signed and delivered, listed only for keys with reviews:read', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const endpoint = await t.api
        .post('/v1/webhook-endpoints')
        .set(auth())
        .send({ url: receiver.url('/hook'), events: ['review.completed'] });
      expect(endpoint.status).toBe(201);
      const wf = await reviewed({ mode: 'all' });
      const [run] = await runs(wf, await essay(), 1);
      expect((await submit(run.review.id, { reviewer: 'ada', values: { score: 1 } })).status).toBe(200);
      const [req] = await receiver.waitFor(1);
      expect(req!.headers['x-service-event']).toBe('review.completed');
      const signature = req!.headers['x-service-signature'] as string;
      expect(
        verifyWebhookSignature({
          payload: req!.rawBody,
          header: signature,
          secrets: endpoint.body.secret as string,
          now: new Date(req!.at),
        }),
      ).toBe(true);
      const body = JSON.parse(req!.rawBody.toString());
      expect(body.data.review).toMatchObject({ id: run.review.id, status: 'completed', values: { score: 1 } });

      const readers = await a.key({ mode: 'test', scopes: ['reviews:read'] });
      const runReaders = await a.key({ mode: 'test', scopes: ['runs:read'] });
      const seen = async (token: string) =>
        ((await t.api.get('/v1/events?limit=100').set(auth(token))).body.data as Array<{ id: string }>).some(
          (e) => e.id === body.id,
        );
      expect(await seen(readers)).toBe(true);
      expect(await seen(runReaders)).toBe(false);
    } finally {
      await receiver.close();
    }
  });

  it('20 blind reviews add 20 items to the calibration set, and a calibration on it reports against them', async () => {
    const set = await t.api
      .post('/v1/calibration-sets')
      .set(auth())
      .send({ name: 'grown by reviews', criteria: CRITERIA });
    const wf = await reviewed({ mode: 'all', blind: true, calibration_set_id: set.body.id });
    const done = await runs(wf, await essay(), 20);
    await Promise.all(
      done.map(async (run, i) => {
        const res = await submit(run.review.id, {
          reviewer: `rater${i % 3}`,
          values: { score: (i % 5) + 1, label: 'fair', pass: i % 2 === 0 },
        });
        expect(res.status).toBe(200);
      }),
    );
    const got = await t.api.get(`/v1/calibration-sets/${set.body.id}`).set(auth());
    expect(got.body.item_count).toBe(20);
    const items = await t.api.get(`/v1/calibration-sets/${set.body.id}/items?limit=100`).set(auth());
    const byRun = new Map(items.body.data.map((it: { external_id: string }) => [it.external_id, it]));
    done.forEach((run, i) =>
      expect(byRun.get(run.id)).toMatchObject({
        input_documents: run.input_documents,
        labels: { score: [{ rater: `rater${i % 3}`, value: (i % 5) + 1 }] },
      }),
    );

    const calibration = await t.api
      .post(`/v1/workflows/${wf}/calibrations`)
      .set(auth())
      .send({ calibration_set_id: set.body.id });
    expect(calibration.status).toBe(202);
    let report = calibration.body;
    for (let i = 0; i < 300 && report.status === 'running'; i++) {
      await sleep(200);
      report = (await t.api.get(`/v1/calibrations/${calibration.body.id}`).set(auth())).body;
    }
    expect(report.status).toBe('succeeded');
    const score = report.criteria.find((c: { key: string }) => c.key === 'score');
    expect(score).toMatchObject({ labelled: 20, scored: 20 });
  }, 180_000);
});

describe('a batch', () => {
  it('reports its reviews, and its results file carries each review’s status and values', async () => {
    const wf = await reviewed({ mode: 'all' });
    const doc = await essay();
    const created = await t.api
      .post(`/v1/workflows/${wf}/batches`)
      .set(auth())
      .send({ items: [0, 1, 2].map((i) => ({ input_documents: [doc], external_id: `e${i}` })) });
    expect(created.status).toBe(202);
    const batchId = created.body.id as string;
    let batch = created.body;
    for (let i = 0; i < 300 && batch.status !== 'succeeded'; i++) {
      await sleep(200);
      batch = (await t.api.get(`/v1/batches/${batchId}`).set(auth())).body;
    }
    expect(batch.status).toBe('succeeded');
    const listed = await t.api.get(`/v1/reviews?batch_id=${batchId}`).set(auth());
    expect(listed.body.data).toHaveLength(3);
    expect(batch.reviews).toEqual({ pending: 3, completed: 0 });
    const first = listed.body.data[0] as { id: string; run_id: string };
    expect((await submit(first.id, { reviewer: 'ada', values: { score: 1 } })).status).toBe(200);
    const after = await t.api.get(`/v1/batches/${batchId}`).set(auth());
    expect(after.body.reviews).toEqual({ pending: 2, completed: 1 });

    const results = await t.api.get(`/v1/batches/${batchId}/results?format=csv`).set(auth());
    expect(results.status).toBe(200);
    const file = await fetch(results.body.url as string);
    const rows = parseCsv(Buffer.from(await file.arrayBuffer()), { columns: true, bom: true }) as Array<
      Record<string, string>
    >;
    const reviewedRow = rows.find((r) => r.run_id === first.run_id)!;
    expect(reviewedRow).toMatchObject({ review_status: 'completed', 'review.score': '1' });
    expect(rows.filter((r) => r.review_status === 'pending')).toHaveLength(2);
  }, 120_000);
});

/**
 * A calibration end to end: a live calibration set of 12 items, two raters on half
 * of them, run twice each against a workflow whose model (the local model server) answers a known score per
 * document and repeat; the reported κ, exact agreement, SMD and their intervals equal scikit-learn's and NumPy's on
 * the same pairs and the same resample indices (1e-9); the report and items files are served; compare and its
 * refusals; test mode is free and says so. Its own namespace and worker, the model a local server.
 */
import { grant, toMilli } from '../../domain/billing/credits';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { parseConfig } from '../../domain/platform/config';
import { resampleIndices } from '../../domain/agreement-metrics/bootstrap';
import { testNamespaces } from '../support/env';
import { createTestContext, type TestContext } from '../support/app';
import { waitForEvents } from '../support/events';
import { makeDocument } from '../support/files';
import { newAccount, type TestAccount } from '../support/identity';
import { ModelServer } from '../support/model-server';
import { startWorker, type Spawned } from '../support/processes';
import { makeWorkflow } from '../support/runs';
import { uploadDocument } from '../support/uploads';
import { referenceAnswers, type ReferenceCase } from '../support/reference-metrics';
import { compareCriterion } from '../../domain/agreement-metrics/agreement';

const NS = `${testNamespaces().main}-cal`;
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });
const TOLERANCE = 1e-9;
const N = 12;
/** Per document: the first rater's score, the second rater's (every other item), the model's two repeats. */
const H1 = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 3, 4];
const H2 = H1.map((h, i) => (i % 2 === 0 ? (i % 4 === 0 ? h : Math.min(5, h + 1)) : null));
const REPEAT_1 = [1, 2, 3, 4, 5, 2, 2, 3, 5, 5, 1, 4];
const REPEAT_2 = [1, 3, 3, 4, 4, 2, 2, 3, 5, 5, 2, 4];
/** The workflow's output: the score the criterion points at (`/overall_score`). */
const SCHEMA = {
  type: 'object',
  properties: { overall_score: { type: 'integer', minimum: 1, maximum: 5 }, summary: { type: 'string' } },
  required: ['overall_score', 'summary'],
  additionalProperties: false,
};

let t: TestContext;
let model: ModelServer;
let worker: Spawned;
let a: TestAccount;
let key: string;
let workflowId: string;
let setId: string;
const asked = new Map<number, number>();

/**
 * The comparison of issue 48: 40 items labelled 1–5; judge A answers the label on 38 of them (two off by one), judge
 * B on 24 (16 far off). Each document names itself (`Sample N for comparison.`), each workflow its judge.
 */
const PAIRED = 40;
const LABELS = Array.from({ length: PAIRED }, (_, i) => (i % 5) + 1);
const JUDGE_A = LABELS.map((h, i) => (i === 7 || i === 23 ? (h === 5 ? 4 : h + 1) : h));
const JUDGE_B = LABELS.map((h, i) => (i < 16 ? (h <= 3 ? h + 2 : h - 3) : h));

beforeAll(async () => {
  await ensureNamespace(parseConfig(process.env).temporalAddress, NS);
  model = new ModelServer();
  // Each document says which it is; each repeat of it gets its own scripted score.
  model.responder = (body) => {
    const messages = JSON.stringify(body.messages);
    const sample = /Sample (\d+) for comparison\./.exec(messages);
    if (sample) {
      const judge = messages.includes('Grade as judge A.') ? JUDGE_A : JUDGE_B;
      const i = Number(sample[1]);
      return { content: JSON.stringify({ summary: `sample ${i}`, overall_score: judge[i] }) };
    }
    const match = /Essay number (\d+)\./.exec(JSON.stringify(body.messages));
    if (!match) return undefined;
    const i = Number(match[1]);
    const nth = asked.get(i) ?? 0;
    asked.set(i, nth + 1);
    const score = (nth % 2 === 0 ? REPEAT_1 : REPEAT_2)[i]!;
    return {
      content: JSON.stringify({ summary: `essay ${i}`, overall_score: score }),
    };
  };
  const url = await model.start();
  worker = await startWorker({
    TEMPORAL_NAMESPACE: NS,
    MODEL_A_PROVIDER: 'openai',
    MODEL_A_BASE_URL: url,
    MODEL_A_API_KEY: 'test-key',
    MODEL_A_MODEL: 'test-model-1',
  });
  t = await createTestContext({ TEMPORAL_NAMESPACE: NS });
  a = await newAccount(t);
  key = await a.key({ mode: 'live' });
  await grant(t.database.db, a.accountId, `grant_cal_${a.accountId}`, toMilli(10_000), 'regular');
  workflowId = await makeWorkflow(t, key, { output_schema: SCHEMA });
  const docs: string[] = [];
  for (let i = 0; i < N; i++) {
    const up = await uploadDocument(t, key, await makeDocument('md', { sentences: [`Essay number ${i}.`] }));
    expect(up.status).toBe(200);
    docs.push(up.body.id as string);
  }
  const set = await t.api
    .post('/v1/calibration-sets')
    .set(auth(key))
    .send({ name: 'Essays', criteria: [{ key: 'score', pointer: '/overall_score', kind: 'ordinal', min: 1, max: 5 }] });
  expect(set.status).toBe(201);
  setId = set.body.id as string;
  const items = docs.map((doc, i) => ({
    input_documents: [doc],
    external_id: `essay-${i}`,
    labels: {
      score:
        H2[i] === null
          ? H1[i]
          : [
              { rater: 'ann', value: H1[i] },
              { rater: 'bob', value: H2[i] },
            ],
    },
  }));
  const added = await t.api.post(`/v1/calibration-sets/${setId}/items`).set(auth(key)).send({ items });
  expect(added.status).toBe(201);
}, 180_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await model?.stop();
});

async function finished(token: string, id: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.api.get(`/v1/calibrations/${id}`).set(auth(token));
    expect(res.status).toBe(200);
    if (res.body.status !== 'running') return res.body;
    if (Date.now() > deadline) throw new Error(`calibration ${id} still running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Compare, asking again while the worker computes it (202 with Retry-After). */
async function compare(token: string, id: string, other: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.api.get(`/v1/calibrations/${id}/compare?with=${other}`).set(auth(token));
    if (res.status !== 202 || Date.now() > deadline) return res;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

interface Reported {
  value: number | null;
  interval: { low: number | null; high: number | null; skipped: number };
}

function expectClose(ours: number | null, theirs: unknown) {
  expect(ours).not.toBeNull();
  expect(Math.abs(ours! - (theirs as number))).toBeLessThanOrEqual(TOLERANCE);
}

describe('a live calibration with repeats', () => {
  let calibration: Record<string, any>;

  beforeAll(async () => {
    const created = await t.api
      .post(`/v1/workflows/${workflowId}/calibrations`)
      .set(auth(key))
      .set('Idempotency-Key', `cal-${a.accountId}`)
      .send({ calibration_set_id: setId, repeats: 2 });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({
      object: 'calibration',
      status: 'running',
      repeats: 2,
      livemode: true,
      items: N,
      criteria: null,
      report_file: null,
    });
    // The same Idempotency-Key answers the same calibration, with the same batch.
    const again = await t.api
      .post(`/v1/workflows/${workflowId}/calibrations`)
      .set(auth(key))
      .set('Idempotency-Key', `cal-${a.accountId}`)
      .send({ calibration_set_id: setId, repeats: 2 });
    expect([again.body.id, again.body.batch_id]).toEqual([created.body.id, created.body.batch_id]);
    calibration = await finished(key, created.body.id as string);
  }, 90_000);

  it('ran every item twice as one batch, and reports against scikit-learn and NumPy on the same pairs (1e-9)', async () => {
    expect(calibration.status).toBe('succeeded');
    expect(calibration.report_file.url).toMatch(/^https?:\/\//);
    const [score] = calibration.criteria;
    expect(score).toMatchObject({ key: 'score', labelled: N, scored: N, unscorable: 0 });
    // What each repeat's run answered (the two runs of a document reach the model in either order).
    const runs = await t.api.get(`/v1/runs?batch_id=${calibration.batch_id}&limit=100`).set(auth(key));
    expect(runs.body.data).toHaveLength(N * 2);
    const repeats: number[][] = [Array<number>(N), Array<number>(N)];
    for (const run of runs.body.data as {
      external_id: string;
      metadata: { repeat: number };
      output: { overall_score: number };
    }[]) {
      repeats[run.metadata.repeat - 1]![Number(run.external_id.slice('essay-'.length))] = run.output.overall_score;
    }
    const [first, second] = repeats as [number[], number[]];
    expect(first.map((v, i) => [v, second[i]].sort())).toEqual(REPEAT_1.map((v, i) => [v, REPEAT_2[i]].sort()));
    // Two repeats of an ordinal criterion: the lower middle value, i.e. the smaller.
    const modelValues = first.map((r, i) => Math.min(r, second[i]!));
    const labels = [1, 2, 3, 4, 5];
    const withTwo = H2.flatMap((h, i) => (h === null ? [] : [i]));
    const indices = resampleIndices(N, 2000, calibration.seed as number);
    const cases: ReferenceCase[] = [
      { metric: 'qwk', human: H1, model: modelValues, labels },
      { metric: 'exact', human: H1, model: modelValues },
      { metric: 'smd', human: H1, model: modelValues },
      { metric: 'bootstrap', inner: 'qwk', human: H1, model: modelValues, labels, indices },
      { metric: 'bootstrap', inner: 'exact', human: H1, model: modelValues, indices },
      { metric: 'bootstrap', inner: 'smd', human: H1, model: modelValues, indices },
      {
        metric: 'qwk',
        human: withTwo.map((i) => H1[i]),
        model: withTwo.map((i) => H2[i]),
        labels,
      },
      { metric: 'qwk', human: first, model: second, labels },
    ];
    const [qwk, exact, smd, qwkB, exactB, smdB, baseline, self] = referenceAnswers(cases) as any[];
    const metrics = score.metrics as Record<string, Reported>;
    expectClose(metrics.quadratic_weighted_kappa!.value, qwk);
    expectClose(metrics.exact_agreement!.value, exact);
    expectClose(metrics.smd!.value, smd);
    for (const [name, answer] of [
      ['quadratic_weighted_kappa', qwkB],
      ['exact_agreement', exactB],
      ['smd', smdB],
    ] as const) {
      expectClose(metrics[name]!.interval.low, answer.interval[0]);
      expectClose(metrics[name]!.interval.high, answer.interval[1]);
      expect(metrics[name]!.interval.skipped).toBe(answer.skipped);
    }
    expect(score.human_baseline.items).toBe(withTwo.length);
    expectClose(score.human_baseline.metrics.quadratic_weighted_kappa.value, baseline);
    expect(score.self_agreement.items).toBe(N);
    expectClose(score.self_agreement.metrics.quadratic_weighted_kappa.value, self);
    expect(['pass', 'fail', 'insufficient_data']).toContain(score.verdict.status);
    // The worst item: essay 10, labelled 3, answered 1 and 2 (the others are off by one at most).
    expect(score.worst_items[0]).toMatchObject({ external_id: 'essay-10', human: 3, model: 1, difference: 2 });
    expect(score.worst_items[0].run_ids).toHaveLength(2);
  });

  it('the runs are the batch’s, and calibration.completed carries the calibration', async () => {
    const batch = await t.api.get(`/v1/batches/${calibration.batch_id}`).set(auth(key));
    expect(batch.body.counts).toMatchObject({ total: N * 2, succeeded: N * 2 });
    const [event] = await waitForEvents(t.database.db, { dedupe_key: `calibration.completed:${calibration.id}` });
    const data = JSON.parse(String(event!.data_json)) as { calibration: Record<string, unknown> };
    expect(data.calibration).toMatchObject({ id: calibration.id, status: 'succeeded', report_file: null });
  });

  it('serves the HTML report and the XLSX items file by their signed URLs', async () => {
    const html = await fetch(calibration.report_file.url as string);
    expect(html.status).toBe(200);
    const text = await html.text();
    expect(text).toContain('<svg');
    expect(text).toContain(calibration.id);
    const xlsx = await fetch(calibration.items_file.url as string);
    expect(xlsx.status).toBe(200);
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('lists it, compares it with itself (no difference), and refuses to compare across sets or unfinished', async () => {
    const list = await t.api.get('/v1/calibrations').set(auth(key));
    expect(list.body.data.map((c: { id: string }) => c.id)).toContain(calibration.id);
    const same = await compare(key, calibration.id as string, calibration.id as string);
    expect(same.status).toBe(200);
    const kappa = same.body.criteria[0].metrics.quadratic_weighted_kappa;
    expect([same.body.criteria[0].items, kappa.difference, kappa.interval.low, kappa.interval.high]).toEqual([
      N,
      0,
      0,
      0,
    ]);

    // A test-mode calibration of another set: free, livemode false, its stub outputs unscorable at this pointer.
    const testKey = await a.key({ mode: 'test' });
    const other = await t.api
      .post('/v1/calibration-sets')
      .set(auth(testKey))
      .send({ name: 'Other', criteria: [{ key: 'grade', pointer: '/grade', kind: 'ordinal', min: 1, max: 3 }] });
    const doc = await uploadDocument(t, testKey, await makeDocument('md', { sentences: ['Essay number 0.'] }));
    await t.api
      .post(`/v1/calibration-sets/${other.body.id}/items`)
      .set(auth(testKey))
      .send({ items: [{ input_documents: [doc.body.id], labels: { grade: 2 } }] });
    const testWorkflow = await makeWorkflow(t, testKey);
    const created = await t.api
      .post(`/v1/workflows/${testWorkflow}/calibrations`)
      .set(auth(testKey))
      .send({ calibration_set_id: other.body.id });
    expect([created.status, created.body.livemode]).toEqual([202, false]);
    const notYet = await t.api.get(`/v1/calibrations/${calibration.id}/compare?with=${created.body.id}`).set(auth(key));
    expect([notYet.status, notYet.body.error.code]).toEqual([409, 'calibration_sets_differ']);
    const done = await finished(testKey, created.body.id as string);
    expect(done.criteria[0]).toMatchObject({ labelled: 1, scored: 0, unscorable: 1 });
    expect(done.criteria[0].verdict.status).toBe('insufficient_data');
    const batch = await t.api.get(`/v1/batches/${done.batch_id}`).set(auth(testKey));
    expect(batch.body.charged_credits).toBe(0);
  }, 60_000);

  it('needs runs:write as well as calibrations:write to create, and 400s an impossible request', async () => {
    const calibrationsOnly = await a.key({ mode: 'live', scopes: ['calibrations:write', 'calibrations:read'] });
    const refused = await t.api
      .post(`/v1/workflows/${workflowId}/calibrations`)
      .set(auth(calibrationsOnly))
      .send({ calibration_set_id: setId });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'insufficient_scope']);
    expect(refused.body.error.message).toContain('runs:write');
    const tooMany = await t.api
      .post(`/v1/workflows/${workflowId}/calibrations`)
      .set(auth(key))
      .send({ calibration_set_id: setId, repeats: 6 });
    expect(tooMany.status).toBe(400);
    const noSet = await t.api
      .post(`/v1/workflows/${workflowId}/calibrations`)
      .set(auth(key))
      .send({ calibration_set_id: 'cset_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' });
    expect([noSet.status, noSet.body.error.code]).toEqual([404, 'not_found']);
  });
});

describe('compare: a judge that agrees on 95 % of 40 items against one that agrees on 60 %', () => {
  it('runs both calibrations through the stack; the interval for the κ difference excludes 0, as the pure function gives', async () => {
    expect(JUDGE_A.filter((v, i) => v === LABELS[i])).toHaveLength(38);
    expect(JUDGE_B.filter((v, i) => v === LABELS[i])).toHaveLength(24);
    const docs: string[] = [];
    for (let i = 0; i < PAIRED; i++) {
      const up = await uploadDocument(t, key, await makeDocument('md', { sentences: [`Sample ${i} for comparison.`] }));
      expect(up.status).toBe(200);
      docs.push(up.body.id as string);
    }
    const set = await t.api
      .post('/v1/calibration-sets')
      .set(auth(key))
      .send({
        name: 'Paired',
        criteria: [{ key: 'score', pointer: '/overall_score', kind: 'ordinal', min: 1, max: 5 }],
      });
    expect(set.status).toBe(201);
    const added = await t.api
      .post(`/v1/calibration-sets/${set.body.id}/items`)
      .set(auth(key))
      .send({
        items: docs.map((doc, i) => ({
          input_documents: [doc],
          external_id: `sample-${i}`,
          labels: { score: LABELS[i] },
        })),
      });
    expect(added.status).toBe(201);
    const judges = await Promise.all(
      ['A', 'B'].map((j) => makeWorkflow(t, key, { output_schema: SCHEMA, user_prompt: `Grade as judge ${j}.` })),
    );
    const started = await Promise.all(
      judges.map((wf) =>
        t.api.post(`/v1/workflows/${wf}/calibrations`).set(auth(key)).send({ calibration_set_id: set.body.id }),
      ),
    );
    expect(started.map((r) => r.status)).toEqual([202, 202]);
    const [a, b] = await Promise.all(started.map((r) => finished(key, r.body.id as string, 240_000)));
    expect([a.status, b.status]).toEqual(['succeeded', 'succeeded']);
    expect(a.criteria[0]).toMatchObject({ scored: PAIRED, unscorable: 0 });
    expect(a.criteria[0].metrics.exact_agreement.value).toBe(38 / 40);
    expect(b.criteria[0].metrics.exact_agreement.value).toBe(24 / 40);

    const res = await compare(key, a.id as string, b.id as string);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ calibration_id: a.id, with: b.id, seed: a.seed });
    const [score] = res.body.criteria;
    expect(score.items).toBe(PAIRED);
    const kappa = score.metrics.quadratic_weighted_kappa;
    expect(kappa.difference).toBeGreaterThan(0);
    expect(kappa.interval.low).toBeGreaterThan(0);
    expect(kappa.interval.high).toBeGreaterThanOrEqual(kappa.difference);

    // The same pairs, in the set's order, through the pure function with the first calibration's seed.
    const pairs = (model: number[]) => LABELS.map((h, i) => ({ item_id: `sample-${i}`, human: h, model: model[i]! }));
    const pure = compareCriterion(
      { key: 'score', pointer: '/overall_score', kind: 'ordinal', min: 1, max: 5 },
      pairs(JUDGE_A),
      pairs(JUDGE_B),
      { seed: a.seed as number, resamples: 2000 },
    );
    expect(score.metrics).toEqual(JSON.parse(JSON.stringify(pure.metrics)));
  }, 420_000);
});

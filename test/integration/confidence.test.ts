/**
 * Criteria on a workflow and confidence from repeated judgments, against the real stack and a local model server
 * scripted per sample (the `X-Assay-Sample` header names it): consensus, confidence, the kept answer and its citations,
 * the quote (k × the model part) and the manifest; a run that loses answers but keeps a majority succeeds, one below it
 * fails and is refunded; test mode's stub splits some criteria for free.
 */
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { createTestContext, type TestContext } from '../support/app';
import { ESSAY_CRITERIA, ESSAY_SCHEMA } from '../support/criteria';
import { testNamespaces } from '../support/env';
import { newAccount, type TestAccount } from '../support/identity';
import { ModelServer, type ScriptedReply } from '../support/model-server';
import { startWorker, type Spawned } from '../support/processes';
import { balance, ledgerOf, makeWorkflow, waitForRun } from '../support/runs';
import { uploadDocument } from '../support/uploads';

const NAMESPACE = `${testNamespaces().main}-confidence`;
let t: TestContext;
let model: ModelServer;
let worker: Spawned;
let a: TestAccount;
let key: string;
let testKey: string;
const auth = (token = key) => ({ Authorization: `Bearer ${token}` });

const SCHEMA = ESSAY_SCHEMA;
const CRITERIA = ESSAY_CRITERIA;
const SENTENCES = [
  'The essay argues that congestion pricing reduces traffic in dense cities.',
  'It cites three peer-reviewed studies of London and Stockholm.',
  'The conclusion restates the thesis without new evidence.',
];

/** Replies per sample index, in order; a sample with none left answers the fallback. */
let perSample: Map<number, ScriptedReply[]>;
const sampleOf = (headers: Record<string, string | string[] | undefined>) =>
  Number(String(headers['x-assay-sample'] ?? '-1').split('/')[0]);

beforeAll(async () => {
  model = new ModelServer();
  const url = await model.start();
  model.responder = (_body, headers) => perSample.get(sampleOf(headers))?.shift();
  t = await createTestContext({ TEMPORAL_NAMESPACE: NAMESPACE });
  await ensureNamespace(t.config.temporalAddress, NAMESPACE);
  worker = await startWorker({
    TEMPORAL_NAMESPACE: NAMESPACE,
    MODEL_A_PROVIDER: 'openai',
    MODEL_A_BASE_URL: url,
    MODEL_A_API_KEY: 'test-key',
    MODEL_A_MODEL: 'test-model-1',
    MODEL_MAX_RETRIES: '2',
    MODEL_RETRY_BASE_MS: '20',
  });
  a = await newAccount(t);
  key = await a.key({ mode: 'live' });
  testKey = await a.key({ mode: 'test' });
});
beforeEach(() => {
  model.reset();
  perSample = new Map();
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await model?.stop();
});

async function essay(token = key): Promise<string> {
  const res = await uploadDocument(t, token, {
    bytes: Buffer.from(SENTENCES.join(' ')),
    filename: 'essay.txt',
    mimeType: 'text/plain',
  });
  expect(res.body.extracted).toBe(true);
  return res.body.id as string;
}

function answer(
  output: Record<string, unknown>,
  quote: string,
  doc: string,
  usage = { prompt_tokens: 100, completion_tokens: 10 },
): ScriptedReply {
  const evidence = [
    { criterion: 'score', quote, document_id: doc, reference_chunk_id: null, insufficient_evidence: false },
  ];
  return { content: JSON.stringify({ output, evidence }), usage };
}

async function runOn(workflowId: string, doc: string, token = key) {
  const created = await t.api
    .post(`/v1/workflows/${workflowId}/runs`)
    .set(auth(token))
    .send({ input_documents: [doc] });
  expect(created.status).toBe(202);
  return waitForRun(t, token, created.body.id);
}

async function quote(workflowId: string, doc: string): Promise<number> {
  const res = await t.api
    .post(`/v1/workflows/${workflowId}/runs/quote`)
    .set(auth())
    .send({ input_documents: [doc] });
  expect(res.status).toBe(200);
  return res.body.quoted_credits as number;
}

describe('criteria on a workflow', () => {
  it('refuses a pointer the output schema does not declare, or of a type that does not fit, naming criteria[i]', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await t.api
        .post('/v1/workflows')
        .set(auth())
        .send({ product_code: 'general_evaluation', name: 'x', output_schema: SCHEMA, ...body });
      expect(res.status).toBe(400);
      return res.body.error as { message: string; details: { path: string; message: string }[] };
    };
    const missing = await bad({ criteria: [CRITERIA[0], { key: 'tone', pointer: '/tone', kind: 'boolean' }] });
    expect(missing.details).toEqual([
      { path: 'body.criteria.1.pointer', message: expect.stringMatching(/criteria\[1\].*\/tone/) },
    ]);
    const wrongType = await bad({ criteria: [{ key: 'note', pointer: '/note', kind: 'ordinal', min: 1, max: 3 }] });
    expect(wrongType.details[0]).toMatchObject({
      path: 'body.criteria.0.pointer',
      message: expect.stringMatching(/string/),
    });
    const noCriteria = await bad({ confidence: { samples: 3 } });
    expect(noCriteria.details[0]!.path).toBe('body.confidence');
    const tooMany = await bad({ criteria: CRITERIA, confidence: { samples: 6 } });
    expect(tooMany.details[0]!.path).toMatch(/^body\.confidence\.samples/);
  });

  it('shows and patches criteria and confidence, and copies the criteria into a calibration set', async () => {
    const wf = await makeWorkflow(t, key, { output_schema: SCHEMA, criteria: CRITERIA.slice(0, 1) });
    const got = await t.api.get(`/v1/workflows/${wf}`).set(auth());
    expect(got.body.criteria).toEqual([{ ...CRITERIA[0], labels: null }]);
    expect(got.body.confidence).toEqual({ samples: 1 });

    const patched = await t.api
      .patch(`/v1/workflows/${wf}`)
      .set(auth())
      .send({ criteria: CRITERIA, confidence: { samples: 3 } });
    expect(patched.status).toBe(200);
    expect(patched.body.criteria.map((c: { key: string }) => c.key)).toEqual(['score', 'label', 'pass']);
    expect(patched.body.confidence).toEqual({ samples: 3 });
    const refused = await t.api.patch(`/v1/workflows/${wf}`).set(auth()).send({ criteria: [] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].path).toBe('body.confidence');

    const set = await t.api.post('/v1/calibration-sets').set(auth()).send({ name: 'copied', workflow_id: wf });
    expect(set.status).toBe(201);
    expect(set.body.criteria).toEqual(patched.body.criteria);
    const none = await makeWorkflow(t, key, {});
    const noneSet = await t.api.post('/v1/calibration-sets').set(auth()).send({ name: 'x', workflow_id: none });
    expect(noneSet.status).toBe(400);
    expect(noneSet.body.error.details[0].path).toBe('body.workflow_id');
  });
});

describe('confidence from repeated judgments', () => {
  it('takes the consensus of k answers, keeps the closest answer and its citations, quotes k × the model part', async () => {
    const doc = await essay();
    const single = await makeWorkflow(t, key, { output_schema: SCHEMA, criteria: CRITERIA });
    const wf = await makeWorkflow(t, key, { output_schema: SCHEMA, criteria: CRITERIA, confidence: { samples: 3 } });
    const one = await quote(single, doc);
    expect(await quote(wf, doc)).toBeCloseTo(3 * one, 9);

    perSample.set(0, [
      answer({ score: 4, label: 'fair', pass: true, note: 'zero' }, SENTENCES[0]!, doc, {
        prompt_tokens: 100,
        completion_tokens: 10,
      }),
    ]);
    perSample.set(1, [
      answer({ score: 2, label: 'strong', pass: true, note: 'one' }, SENTENCES[1]!, doc, {
        prompt_tokens: 200,
        completion_tokens: 20,
      }),
    ]);
    perSample.set(2, [
      answer({ score: 3, label: 'strong', pass: true, note: 'two' }, SENTENCES[2]!, doc, {
        prompt_tokens: 300,
        completion_tokens: 30,
      }),
    ]);
    const before = await balance(t, key);
    const run = await runOn(wf, doc);
    expect(run.status).toBe('succeeded');
    // Sample 2 differs from the consensus on no criterion: it is kept, with its note and its citation.
    expect(run.output).toEqual({ score: 3, label: 'strong', pass: true, note: 'two' });
    expect(run.citations.map((c: { quote: string }) => c.quote)).toEqual([SENTENCES[2]]);
    expect(run.confidence).toEqual({
      score: { value: 1 / 3, consensus: 3, samples: [4, 2, 3] },
      label: { value: 2 / 3, consensus: 'strong', samples: ['fair', 'strong', 'strong'] },
      pass: { value: 1, consensus: true, samples: [true, true, true] },
    });
    expect(run.confidence_min).toBe(1 / 3);
    expect(run.quoted_credits).toBeCloseTo(3 * one, 9);
    expect(run.charged_credits).toBe(run.quoted_credits);
    expect(before.pro_credits - (await balance(t, key)).pro_credits).toBeCloseTo(run.charged_credits, 6);
    expect(run.usage).toMatchObject({ input_tokens: 600, output_tokens: 60 });
    expect(run.manifest.samples).toEqual([
      { index: 0, input_tokens: 100, output_tokens: 10, valid: true },
      { index: 1, input_tokens: 200, output_tokens: 20, valid: true },
      { index: 2, input_tokens: 300, output_tokens: 30, valid: true },
    ]);
    // The same context three times: only the sample header differs.
    expect(model.received).toHaveLength(3);
    expect(model.received.map((r) => r.headers['x-assay-sample']).sort()).toEqual(['0/3', '1/3', '2/3']);
    expect(new Set(model.received.map((r) => JSON.stringify(r.body.messages))).size).toBe(1);
  });

  it('succeeds on a majority when one sample fails validation twice and one answers 500s, retrying a 429 per sample', async () => {
    const doc = await essay();
    const wf = await makeWorkflow(t, key, { output_schema: SCHEMA, criteria: CRITERIA, confidence: { samples: 5 } });
    const good = (score: number, note: string) =>
      answer({ score, label: 'fair', pass: false, note }, SENTENCES[0]!, doc);
    const invalid = { content: JSON.stringify({ output: { score: 'high' }, evidence: [] }) };
    perSample.set(0, [good(4, 'a')]);
    perSample.set(1, [invalid, invalid]);
    perSample.set(2, [{ status: 429, headers: { 'retry-after-ms': '10' } }, good(5, 'c')]);
    perSample.set(3, [{ status: 500 }, { status: 500 }, { status: 500 }]);
    perSample.set(4, [good(4, 'e')]);
    const run = await runOn(wf, doc);
    expect(run.status).toBe('succeeded');
    expect(run.output).toEqual({ score: 4, label: 'fair', pass: false, note: 'a' });
    expect(run.confidence.score).toEqual({ value: 2 / 3, consensus: 4, samples: [4, 5, 4] });
    expect(run.manifest.samples.map((s: { valid: boolean }) => s.valid)).toEqual([true, false, true, false, true]);
    const requests = (i: number) => model.received.filter((r) => sampleOf(r.headers) === i).length;
    expect([0, 1, 2, 3, 4].map(requests)).toEqual([1, 2, 2, 3, 1]);
  });

  it('fails output_invalid and refunds the run below a majority', async () => {
    const doc = await essay();
    const wf = await makeWorkflow(t, key, { output_schema: SCHEMA, criteria: CRITERIA, confidence: { samples: 3 } });
    const invalid = { content: JSON.stringify({ output: { score: 'high' }, evidence: [] }) };
    perSample.set(0, [answer({ score: 4, label: 'fair', pass: true, note: 'a' }, SENTENCES[0]!, doc)]);
    perSample.set(1, [invalid, invalid]);
    perSample.set(2, [{ status: 500 }, { status: 500 }, { status: 500 }]);
    const before = await balance(t, key);
    const run = await runOn(wf, doc);
    expect(run.status).toBe('failed');
    expect(run.error.code).toBe('output_invalid');
    expect(run.error.message).toMatch(/Only 1 of the 3 judgments/);
    expect(run.confidence).toBeNull();
    expect(await balance(t, key)).toEqual(before);
    expect((await ledgerOf(t, run.id)).map((e) => e.kind)).toEqual(['charge', 'refund']);
  });

  it('test mode: the stub’s k answers split some criteria, deterministically, for free', async () => {
    const wf = await makeWorkflow(t, testKey, {
      output_schema: SCHEMA,
      criteria: CRITERIA,
      confidence: { samples: 3 },
    });
    const runs = [];
    for (let i = 0; i < 6; i++) {
      const doc = await essay(testKey);
      runs.push(await runOn(wf, doc, testKey));
    }
    expect(model.received).toHaveLength(0);
    const values = runs.flatMap((run) => {
      expect(run.status).toBe('succeeded');
      expect(run.charged_credits).toBe(0);
      expect(run.manifest.samples).toHaveLength(3);
      for (const c of CRITERIA) expect(run.output[c.key]).toEqual(run.confidence[c.key].consensus);
      return Object.values(run.confidence as Record<string, { value: number }>).map((c) => c.value);
    });
    expect(values).toContain(1);
    expect(values.some((v) => v < 1)).toBe(true);
    // The same run read again is the same judgment.
    const again = await waitForRun(t, testKey, runs[0].id);
    expect(again.confidence).toEqual(runs[0].confidence);
  });
});

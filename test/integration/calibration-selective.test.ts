/**
 * Selective agreement in a calibration end to end (issue 55): a workflow judging k = 5
 * times, the local model server scripted per document and per sample (`X-Assay-Sample`), so every item's consensus
 * and confidence are known; each criterion's `selective` rows, `confidence_auroc` and `recommended_threshold` equal
 * scikit-learn's `cohen_kappa_score` and `roc_auc_score` on the same subsets (test/support/metrics/
 * selective_reference.py) to 1e-9; undefined cases are null with a reason, as is everything for a k = 1 workflow.
 * The calibration's batch results file carries each run's confidences. Its own namespace and worker.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { grant, toMilli } from '../../domain/billing/credits';
import type { SelectiveRow } from '../../domain/agreement-metrics/selective';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { parseConfig } from '../../domain/platform/config';
import { createTestContext, type TestContext } from '../support/app';
import { testNamespaces } from '../support/env';
import { makeDocument } from '../support/files';
import { newAccount, type TestAccount } from '../support/identity';
import { ModelServer } from '../support/model-server';
import { startWorker, type Spawned } from '../support/processes';
import { ensureReferenceMetrics } from '../support/reference-metrics';
import { makeWorkflow } from '../support/runs';
import { uploadDocument } from '../support/uploads';

const NS = `${testNamespaces().main}-calsel`;
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });
const SCRIPT = join(__dirname, '..', 'support', 'metrics', 'selective_reference.py');
const THRESHOLDS = [0.5, 0.6, 0.7, 0.8, 0.9, 1.0];
const K = 5;

/** Per document: the first rater's score and the model's five sampled scores. */
const H1 = [3, 4, 2, 5, 1, 3, 2, 4, 5, 1, 3, 2];
const SAMPLES = [
  [3, 3, 3, 3, 3],
  [4, 4, 4, 4, 5],
  [2, 2, 2, 3, 3],
  [4, 4, 4, 4, 4],
  [1, 1, 1, 1, 1],
  [2, 2, 3, 4, 4],
  [3, 3, 3, 4, 2],
  [4, 4, 4, 4, 4],
  [5, 5, 5, 5, 3],
  [2, 2, 1, 3, 2],
  [3, 3, 3, 3, 3],
  [2, 1, 3, 2, 4],
];
/** What the consensus makes of five answers: the (lower) median, and the share of answers equal to it. */
const CONSENSUS = SAMPLES.map((s) => [...s].sort((a, b) => a - b)[Math.floor((s.length - 1) / 2)]!);
const CONFIDENCE = SAMPLES.map((s, i) => s.filter((v) => v === CONSENSUS[i]).length / s.length);
/** `pass` is unanimous and always the rater's: κ is defined, the AUROC is not (nothing disagrees). */
const PASS = H1.map((h) => h >= 3);

const SCHEMA = {
  type: 'object',
  properties: {
    score: { type: 'integer', minimum: 1, maximum: 5 },
    pass: { type: 'boolean' },
    summary: { type: 'string' },
  },
  required: ['score', 'pass', 'summary'],
  additionalProperties: false,
};
const CRITERIA = [
  { key: 'score', pointer: '/score', kind: 'ordinal', min: 1, max: 5 },
  { key: 'pass', pointer: '/pass', kind: 'boolean' },
];

let t: TestContext;
let model: ModelServer;
let worker: Spawned;
let a: TestAccount;
let key: string;
const docs: string[] = [];

beforeAll(async () => {
  await ensureNamespace(parseConfig(process.env).temporalAddress, NS);
  model = new ModelServer();
  model.responder = (body, headers) => {
    const match = /Essay number (\d+)\./.exec(JSON.stringify(body.messages));
    if (!match) return undefined;
    const i = Number(match[1]);
    // A k = 1 run names no sample: it answers sample 0's score.
    const sample = Math.max(0, Number(String(headers['x-assay-sample'] ?? '0').split('/')[0]));
    return { content: JSON.stringify({ score: SAMPLES[i]![sample], pass: PASS[i], summary: `essay ${i}` }) };
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
  await grant(t.database.db, a.accountId, `grant_calsel_${a.accountId}`, toMilli(10_000), 'regular');
  for (let i = 0; i < H1.length; i++) {
    const up = await uploadDocument(t, key, await makeDocument('md', { sentences: [`Essay number ${i}.`] }));
    expect(up.status).toBe(200);
    docs.push(up.body.id as string);
  }
}, 180_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await model?.stop();
});

/** A calibration of a new workflow (with `confidence.samples`) over a set copying its criteria, once finished. */
async function calibrate(samples: number): Promise<Record<string, any>> {
  const workflowId = await makeWorkflow(t, key, {
    output_schema: SCHEMA,
    criteria: CRITERIA,
    confidence: { samples },
  });
  const set = await t.api
    .post('/v1/calibration-sets')
    .set(auth(key))
    .send({ name: `k=${samples}`, workflow_id: workflowId });
  expect(set.status).toBe(201);
  const items = docs.map((doc, i) => ({
    input_documents: [doc],
    external_id: `essay-${i}`,
    labels: { score: H1[i], pass: PASS[i] },
  }));
  expect((await t.api.post(`/v1/calibration-sets/${set.body.id}/items`).set(auth(key)).send({ items })).status).toBe(
    201,
  );
  const created = await t.api
    .post(`/v1/workflows/${workflowId}/calibrations`)
    .set(auth(key))
    .send({ calibration_set_id: set.body.id });
  expect(created.status).toBe(202);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await t.api.get(`/v1/calibrations/${created.body.id}`).set(auth(key));
    expect(res.status).toBe(200);
    if (res.body.status !== 'running') return res.body;
    if (Date.now() > deadline) throw new Error(`calibration ${created.body.id} still running`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

type Row = SelectiveRow;

function expectClose(ours: number | null, theirs: number) {
  expect(ours).not.toBeNull();
  expect(Math.abs(ours! - theirs)).toBeLessThanOrEqual(1e-9);
}

describe('a calibration of a workflow judging k = 5 times', () => {
  let calibration: Record<string, any>;
  let reference: { rows: (number | null)[]; auroc: number | null }[];

  beforeAll(async () => {
    calibration = await calibrate(K);
    expect(calibration.status).toBe('succeeded');
    const cases = [
      { kind: 'ordinal', labels: [1, 2, 3, 4, 5], human: H1, model: CONSENSUS, confidence: CONFIDENCE },
      { kind: 'boolean', labels: [false, true], human: PASS, model: PASS, confidence: PASS.map(() => 1) },
    ];
    const out = execFileSync(ensureReferenceMetrics(), [SCRIPT], { input: JSON.stringify(cases), encoding: 'utf8' });
    reference = JSON.parse(out) as typeof reference;
  }, 600_000);

  it('reports each threshold’s κ and coverage, the AUROC and the recommended threshold as scikit-learn does', () => {
    const score = calibration.criteria.find((c: { key: string }) => c.key === 'score');
    const rows = score.selective as Row[];
    expect(rows.map((r) => r.threshold)).toEqual(THRESHOLDS);
    rows.forEach((row, t) => {
      const kept = CONFIDENCE.filter((c) => c >= THRESHOLDS[t]! - 1e-9).length;
      expect(row.n).toBe(kept);
      expect(row.coverage).toBeCloseTo(kept / H1.length, 12);
      expectClose(row.value, reference[0]!.rows[t]!);
      expect(row.ci_low).not.toBeNull();
      expect(row.ci_low!).toBeLessThanOrEqual(row.ci_high!);
      expect(row.reason).toBeNull();
    });
    // The thresholds 0.6 and 0.8 keep the items at exactly 3/5 and 4/5: shares meet a threshold they equal.
    expect(rows.map((r) => r.n)).toEqual([10, 10, 7, 7, 5, 5]);
    expectClose(score.confidence_auroc.value, reference[0]!.auroc!);
    expect(score.confidence_auroc.reason).toBeNull();
    const first = reference[0]!.rows.findIndex((v) => v !== null && v >= 0.7);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(score.recommended_threshold).toEqual({ threshold: THRESHOLDS[first], coverage: rows[first]!.coverage });
  });

  it('answers null with a reason where the AUROC is undefined: every item agrees with the rater', () => {
    const pass = calibration.criteria.find((c: { key: string }) => c.key === 'pass');
    expect(reference[1]!.auroc).toBeNull();
    expect(pass.confidence_auroc).toEqual({ value: null, reason: expect.stringMatching(/every item agrees/) });
    (pass.selective as Row[]).forEach((row, t) => {
      expect(row.coverage).toBe(1);
      expectClose(row.value, reference[1]!.rows[t]!);
    });
    expect(pass.recommended_threshold).toEqual({ threshold: 0.5, coverage: 1 });
  });

  it('puts each run’s confidences in the batch’s results file', async () => {
    const res = await t.api.get(`/v1/batches/${calibration.batch_id}/results?format=jsonl`).set(auth(key));
    expect(res.status).toBe(200);
    const lines = (await (await fetch(res.body.url)).text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { output: { summary: string }; confidence_min: number; confidence: object });
    expect(lines).toHaveLength(H1.length);
    for (const line of lines) {
      const i = Number(line.output.summary.replace('essay ', ''));
      expect(line.confidence).toEqual({ score: CONFIDENCE[i], pass: 1 });
      expect(line.confidence_min).toBe(CONFIDENCE[i]);
    }
  });
});

it('a k = 1 workflow’s calibration has no selective agreement, and says why', async () => {
  const calibration = await calibrate(1);
  expect(calibration.status).toBe('succeeded');
  for (const criterion of calibration.criteria) {
    expect(criterion.selective).toBeNull();
    expect(criterion.confidence_auroc).toEqual({ value: null, reason: expect.stringMatching(/samples is 1/) });
    expect(criterion.recommended_threshold).toBeNull();
  }
}, 180_000);

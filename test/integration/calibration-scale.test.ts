/**
 * Calibrations at scale (issue 53 items 1–3): a test-mode calibration of 1,000 items and its compare complete while
 * another account's `GET /runs?limit=1` keeps being answered and its test-mode runs finish; compare is work the
 * worker does (202 with Retry-After while it goes on, then the stored answer); cancel ends a running calibration; a
 * calibration whose report cannot be produced ends `failed` within its attempt limit. Its own namespace and worker.
 */
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { COLLECTIONS } from '../../domain/platform/db';
import { parseConfig } from '../../domain/platform/config';
import { testNamespaces } from '../support/env';
import { createTestContext, ownDatabase, type TestContext } from '../support/app';
import { makeDocument } from '../support/files';
import { newAccount } from '../support/identity';
import { startWorker, type Spawned } from '../support/processes';
import { makeWorkflow, waitForRun } from '../support/runs';
import { uploadDocument } from '../support/uploads';

const NS = `${testNamespaces().main}-calscale`;
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });
const ITEMS = 1_000;
const SCHEMA = {
  type: 'object',
  properties: {
    accuracy: { type: 'number', minimum: 0, maximum: 10 },
    depth: { type: 'number', minimum: 0, maximum: 10 },
  },
  required: ['accuracy', 'depth'],
  additionalProperties: false,
};
const CRITERIA = ['accuracy', 'depth'].map((key) => ({ key, pointer: `/${key}`, kind: 'numeric', min: 0, max: 10 }));

let t: TestContext;
let worker: Spawned | undefined;
/** Its own namespace and worker, and its own database: a thousand items make ten thousand records. */
let env: NodeJS.ProcessEnv;
let key: string;
let other: string;
let workflowId: string;
let otherWorkflow: string;
let otherDoc: string;
let bigSet: string;
let smallSet: string;

async function set(name: string, items: number, doc: string): Promise<string> {
  const created = await t.api.post('/v1/calibration-sets').set(auth(key)).send({ name, criteria: CRITERIA });
  expect(created.status).toBe(201);
  const labels = (i: number) =>
    Object.fromEntries(
      CRITERIA.map((c, k) => [
        c.key,
        [
          { rater: 'ann', value: (i * (k + 3)) % 11 },
          { rater: 'bob', value: (i * (k + 5)) % 11 },
        ],
      ]),
    );
  const added = await t.api
    .post(`/v1/calibration-sets/${created.body.id}/items`)
    .set(auth(key))
    .send({
      items: Array.from({ length: items }, (_, i) => ({
        input_documents: [doc],
        external_id: `item-${i}`,
        labels: labels(i),
      })),
    });
  expect(added.status).toBe(201);
  return created.body.id as string;
}

beforeAll(async () => {
  await ensureNamespace(parseConfig(process.env).temporalAddress, NS);
  env = { TEMPORAL_NAMESPACE: NS, ...(await ownDatabase('calscale')) };
  worker = await startWorker(env, 180_000);
  t = await createTestContext(env);
  key = await (await newAccount(t)).key({ mode: 'test' });
  other = await (await newAccount(t)).key({ mode: 'test' });
  workflowId = await makeWorkflow(t, key, { output_schema: SCHEMA });
  otherWorkflow = await makeWorkflow(t, other);
  const doc = await uploadDocument(t, key, await makeDocument('md', { sentences: ['An essay to score.'] }));
  otherDoc = (await uploadDocument(t, other, await makeDocument('md', { sentences: ['Another essay.'] }))).body
    .id as string;
  bigSet = await set('Big', ITEMS, doc.body.id as string);
  smallSet = await set('Small', 4, doc.body.id as string);
}, 180_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

async function create(setId: string): Promise<string> {
  const res = await t.api
    .post(`/v1/workflows/${workflowId}/calibrations`)
    .set(auth(key))
    .send({ calibration_set_id: setId });
  expect(res.status).toBe(202);
  return res.body.id as string;
}

async function finished(id: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.api.get(`/v1/calibrations/${id}`).set(auth(key));
    expect(res.status).toBe(200);
    if (res.body.status !== 'running') return res.body;
    if (Date.now() > deadline) throw new Error(`calibration ${id} still running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Compare until it answers 200 (a 202 says the worker is still at it). */
async function compared(id: string, withId: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.api.get(`/v1/calibrations/${id}/compare?with=${withId}`).set(auth(key));
    if (res.status !== 202) return res;
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    if (Date.now() > deadline) throw new Error(`compare of ${id} still running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Another account meanwhile: `GET /runs?limit=1` every 250 ms (each must be answered, within a request timeout far
 * past any normal answer) and a test-mode run every 2 s (each must finish).
 */
function neighbour() {
  const answers: number[] = [];
  const runs: string[] = [];
  let stop = false;
  const polling = (async () => {
    for (let k = 0; !stop; k++) {
      const res = await t.api.get('/v1/runs?limit=1').set(auth(other)).timeout(30_000);
      answers.push(res.status);
      if (k % 8 === 0) {
        const run = await t.api
          .post(`/v1/workflows/${otherWorkflow}/runs`)
          .set(auth(other))
          .send({ input_documents: [otherDoc], mode: 'async' })
          .timeout(30_000);
        expect(run.status).toBe(202);
        runs.push(run.body.id as string);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return {
    async end() {
      stop = true;
      await polling;
      return { answers, runs };
    },
  };
}

it('a 1,000-item calibration and its compare complete while another account is answered and its runs finish', async () => {
  const watch = neighbour();
  const id = await create(bigSet);
  const calibration = await finished(id, 900_000);
  expect(calibration.status).toBe('succeeded');
  expect(calibration.criteria.map((c: { labelled: number }) => c.labelled)).toEqual([ITEMS, ITEMS]);
  const compare = await compared(id, id, 300_000);
  expect(compare.status).toBe(200);
  expect(compare.body.criteria.map((c: { key: string }) => c.key)).toEqual(['accuracy', 'depth']);
  const { answers, runs } = await watch.end();
  expect(answers.length).toBeGreaterThan(0);
  expect(answers.every((s) => s === 200)).toBe(true);
  expect(runs.length).toBeGreaterThan(0);
  for (const run of runs) expect((await waitForRun(t, other, run, 120_000)).status).toBe('succeeded');
}, 1_500_000);

describe('with the worker away', () => {
  let small: string;
  let canceled: string;
  let broken: string;

  beforeAll(async () => {
    small = await create(smallSet);
    expect((await finished(small, 120_000)).status).toBe('succeeded');
    await worker!.stop();
    worker = undefined;
    canceled = await create(smallSet);
    broken = await create(smallSet);
    // A record the report cannot be produced from: a criterion whose pointer is no pointer.
    await t.database.db
      .collection(COLLECTIONS.calibrations)
      .updateOne({ _id: broken as never }, { $set: { 'criteria_def.0.pointer': 5 } });
  }, 240_000);

  it('cancel ends a running calibration canceled at once; a final one answers 409', async () => {
    const res = await t.api.post(`/v1/calibrations/${canceled}/cancel`).set(auth(key));
    expect([res.status, res.body.status]).toEqual([200, 'canceled']);
    const again = await t.api.post(`/v1/calibrations/${canceled}/cancel`).set(auth(key));
    expect([again.status, again.body.error.code]).toEqual([409, 'calibration_not_cancelable']);
  });

  it('compare answers 202 with Retry-After while the work waits, then the stored comparison', async () => {
    const waiting = await t.api.get(`/v1/calibrations/${small}/compare?with=${small}`).set(auth(key));
    expect(waiting.status).toBe(202);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    worker = await startWorker(env, 180_000);
    const done = await compared(small, small, 120_000);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ object: 'calibration_comparison', calibration_id: small, with: small });
    const again = await t.api.get(`/v1/calibrations/${small}/compare?with=${small}`).set(auth(key));
    expect([again.status, again.body]).toEqual([200, done.body]);
  }, 180_000);

  it('a calibration whose report cannot be produced ends failed with a reason within its attempt limit', async () => {
    const calibration = await finished(broken, 180_000);
    expect(calibration).toMatchObject({ status: 'failed', criteria: null, error: { code: 'report_failed' } });
  }, 200_000);

  it('the canceled calibration stays canceled, its batch canceled', async () => {
    const calibration = (await t.api.get(`/v1/calibrations/${canceled}`).set(auth(key))).body;
    expect(calibration.status).toBe('canceled');
    const deadline = Date.now() + 120_000;
    let batch = await t.api.get(`/v1/batches/${calibration.batch_id}`).set(auth(key));
    while (batch.body.status !== 'canceled' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      batch = await t.api.get(`/v1/batches/${calibration.batch_id}`).set(auth(key));
    }
    expect(batch.body.status).toBe('canceled');
  }, 180_000);
});

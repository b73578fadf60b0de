/**
 * The review queue from the TypeScript SDK and the `assay review` CLI against the real stack through a listening API:
 * the iterator, claimNext (null on 204), claim/release, submit under an Idempotency-Key; and a reviewer working the
 * queue in the CLI with piped answers, one open review (empty answers keep the model's values) and one blind (the
 * model's values never shown, every criterion asked for), quitting with `q` releases the claim.
 * The Python SDK's methods are tested by clients/python/tests/test_reviews.py (test/integration/sdk-python.test.ts).
 */
import { spawn } from 'node:child_process';
import { Assay, ConflictError, type Review } from '../../clients/typescript/src';
import { ASSAY_BIN, ROOT, type Finished } from '../support/cli';
import { newAccount } from '../support/identity';
import { startListeningApi, type ListeningApi } from '../support/listening-api';

jest.setTimeout(180_000);

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
] as const;

let api: ListeningApi;

beforeAll(async () => {
  api = await startListeningApi();
});
afterAll(async () => {
  await api?.close();
});

async function client(): Promise<{ assay: Assay; key: string }> {
  const key = await (await newAccount(api.t)).key({ mode: 'test' });
  return { assay: new Assay({ apiKey: key, baseUrl: api.baseUrl }), key };
}

/** A workflow that sends every succeeded run to review, and `runs` succeeded runs of it on one essay. */
async function reviewedRuns(assay: Assay, runs: number, blind: boolean) {
  const doc = await assay.documents.upload(
    new TextEncoder().encode('Street trees cool cities. Shade is cheaper than air conditioning for poor streets.'),
    { filename: 'essay.txt' },
  );
  const workflow = await assay.workflows.create({
    product_code: 'general_evaluation',
    name: blind ? 'blind review' : 'open review',
    output_schema: SCHEMA,
    criteria: [...CRITERIA],
    review: { mode: 'all', blind },
  } as Parameters<Assay['workflows']['create']>[0]);
  const ids: string[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await assay.runs.wait((await assay.runs.create(workflow.id, { input_documents: [doc.id] })).id);
    expect({ status: run.status, error: run.error }).toEqual({ status: 'succeeded', error: null });
    ids.push(run.id);
  }
  return { workflow, doc, runIds: ids };
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** `assay review …` with `input` piped to its stdin, to the end. */
function review(args: string[], key: string, input: string): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ASSAY_BIN, 'review', ...args], {
      cwd: ROOT,
      env: { ...process.env, ASSAY_API_KEY: key, ASSAY_BASE_URL: api.baseUrl },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(input);
  });
}

it('pages the queue, claims the next until none (null), refuses another claim, releases, submits once per key', async () => {
  const { assay } = await client();
  const { workflow, runIds } = await reviewedRuns(assay, 3, false);

  const pending: Review[] = await all(assay.reviews.list({ status: 'pending', workflowId: workflow.id, limit: 2 }));
  expect(pending.map((r) => r.run_id).sort()).toEqual([...runIds].sort());
  expect(pending[0]!.criteria.map((c) => c.key)).toEqual(['score', 'label', 'pass']);
  expect(pending[0]!.criteria[0]).toHaveProperty('model_value');

  const first = (await assay.reviews.claimNext({ reviewer: 'ana', workflow_id: workflow.id }))!;
  expect(first).toMatchObject({ id: pending[0]!.id, status: 'claimed', claimed_by: 'ana' });
  const second = (await assay.reviews.claimNext({ reviewer: 'ben', workflow_id: workflow.id }))!;
  const third = (await assay.reviews.claimNext({ reviewer: 'ben', workflow_id: workflow.id }))!;
  expect(new Set([first.id, second.id, third.id]).size).toBe(3);
  await expect(assay.reviews.claimNext({ reviewer: 'cy', workflow_id: workflow.id })).resolves.toBeNull();

  const taken = await assay.reviews.claim(first.id, { reviewer: 'ben' }).catch((e: unknown) => e);
  expect(taken).toBeInstanceOf(ConflictError);
  expect(taken).toMatchObject({ status: 409, code: 'review_claimed' });
  expect((await assay.reviews.release(third.id, { reviewer: 'ben' })).status).toBe('pending');
  expect((await assay.reviews.retrieve(third.id)).status).toBe('pending');
  expect((await assay.reviews.claim(third.id, { reviewer: 'cy' })).claimed_by).toBe('cy');

  const once = await assay.reviews.submit(
    first.id,
    { reviewer: 'ana', values: { score: 2, label: 'weak' } },
    { idempotencyKey: `ts-${first.id}` },
  );
  const again = await assay.reviews.submit(
    first.id,
    { reviewer: 'ana', values: { score: 2, label: 'weak' } },
    { idempotencyKey: `ts-${first.id}` },
  );
  expect(once).toMatchObject({ status: 'completed', reviewer: 'ana' });
  expect(once.values).toMatchObject({ score: 2, label: 'weak' });
  expect(again).toEqual(once);
  const run = await assay.runs.get(first.run_id);
  expect(run).toMatchObject({ review: { id: first.id, status: 'completed' } });
  expect((run as { reviewed_output?: Record<string, unknown> }).reviewed_output).toMatchObject({
    score: 2,
    label: 'weak',
  });
});

it("`assay review` works an open review from piped input: empty answers keep the model's values", async () => {
  const { assay, key } = await client();
  const { workflow, runIds } = await reviewedRuns(assay, 1, false);
  const [queued] = await all(assay.reviews.list({ workflowId: workflow.id }));
  const model = Object.fromEntries(queued!.criteria.map((c) => [c.key, c.model_value]));

  const done = await review(['--reviewer', 'ana', '--workflow', workflow.id], key, '\nfair\n\n');
  expect(done.stderr).toBe('');
  expect(done.code).toBe(0);
  expect(done.stdout).toContain(`Review ${queued!.id}`);
  expect(done.stdout).toContain('open');
  expect(done.stdout).toContain(`[model: ${String(model.score)}`);
  expect(done.stdout).toMatch(/»[^«]+«\[1\]/); // the first citation's quote marked in the document's text
  expect(done.stdout).toContain(`Submitted ${queued!.id} (completed).`);
  expect(done.stdout).toContain('The queue is empty: 1 reviewed.');

  const completed = await assay.reviews.retrieve(queued!.id);
  expect(completed).toMatchObject({ status: 'completed', reviewer: 'ana', run_id: runIds[0] });
  expect((await assay.runs.get(runIds[0]!)) as unknown).toMatchObject({
    reviewed_output: { score: model.score, label: 'fair', pass: model.pass },
  });
});

it('`assay review` works a blind review without showing the model, asks again for a missing value, q releases', async () => {
  const { assay, key } = await client();
  const { workflow } = await reviewedRuns(assay, 2, true);
  const [oldest, next] = await all(assay.reviews.list({ status: 'pending', workflowId: workflow.id }));

  // Blind: an empty score is refused and asked again; then the second review is claimed and q gives it back.
  const done = await review(['--reviewer', 'ben', '--workflow', workflow.id], key, '\n4\nWEAK\nno\nq\n');
  expect(done.stderr).toBe('');
  expect(done.code).toBe(0);
  expect(done.stdout).toContain('blind');
  expect(done.stdout).not.toContain('[model:');
  expect(done.stdout).not.toContain('confidence');
  expect(done.stdout).toContain('a blind review needs a value for every criterion');
  expect(done.stdout).toContain(`Submitted ${oldest!.id} (completed).`);
  expect(done.stdout).toContain(`Released ${next!.id}; 1 reviewed.`);

  expect(await assay.reviews.retrieve(oldest!.id)).toMatchObject({
    status: 'completed',
    blind: true,
    reviewer: 'ben',
    values: { score: 4, label: 'weak', pass: false },
  });
  expect((await assay.reviews.retrieve(next!.id)).status).toBe('pending');
});

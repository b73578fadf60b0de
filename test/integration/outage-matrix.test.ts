/**
 * The outage matrix: each dependency (the database, the Temporal server, the object store) is stopped in turn with
 * the stack script, and one route of every family that touches it is called. While it is down no answer is a 500
 * and none hangs: each is a 503 with `Retry-After`, or the correct non-5xx answer of a route that does not need the
 * stopped service. Once it is back, the same routes answer as before and a new run succeeds, without restarting the
 * API or the worker.
 *
 * It stops only services this checkout started (through their pid files, as test/integration/chaos.test.ts does)
 * and refuses to go on when the service is still up afterwards: a stack started elsewhere is never touched.
 *
 * @exclusive — runs alone (scripts/test.ts): it stops the services one by one.
 */
import { TEMPORAL_CALL_DEADLINE_MS } from '../../domain/jobs';
import { parseConfig } from '../../domain/platform/config';
import { stackStatus, startStack, stopStack, type ServiceName } from '../../scripts/stack/services';
import { createTestContext, type TestContext } from '../support/app';
import { testNamespaces } from '../support/env';
import { makeDocument } from '../support/files';
import { newAccount } from '../support/identity';
import { makeWorkflow, waitForRun } from '../support/runs';
import { putToUploadUrl, uploadDocument } from '../support/uploads';

/** The longest any one request may take while a dependency is down (its own deadlines are 3–5 s). */
const REQUEST_BOUND_MS = 15_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestContext;
let idle: TestContext; // a namespace with no worker: its runs stay queued, so cancel has something to cancel
let key = '';
let session = '';
let workflowId = '';
let succeededRun = '';
let extractedDoc = '';
let readyRef = '';
/** Uploaded (bytes in the store) but not completed: one per complete call the matrix makes. */
const pendingDocs: string[] = [];
const pendingRefs: string[] = [];
const queuedRuns: string[] = [];

const auth = () => ({ Authorization: `Bearer ${key}` });

beforeAll(async () => {
  t = await createTestContext();
  idle = await createTestContext({ TEMPORAL_NAMESPACE: testNamespaces().idle });
  const account = await newAccount(t);
  session = account.session;
  key = await account.key({ mode: 'test' });
  workflowId = await makeWorkflow(t, key, { output_format: 'markdown' });
  // Subscribers, so a run that fails to start has deliveries to record while Temporal is away: a request that
  // waited on Temporal once per endpoint would then outlast the bound.
  for (let i = 0; i < 2; i++) {
    expect(
      (
        await t.api
          .post('/v1/webhook-endpoints')
          .set(auth())
          .send({ url: `http://127.0.0.1:9/subscriber-${i}` })
      ).status,
    ).toBe(201);
  }
  const file = await makeDocument('txt', {
    sentences: ['The essay cites three peer-reviewed sources.', 'Its thesis is clear.'],
  });
  const done = await uploadDocument(t, key, file);
  expect(done.status).toBe(200);
  extractedDoc = done.body.id as string;
  const run = await t.api
    .post(`/v1/workflows/${workflowId}/runs`)
    .set(auth())
    .send({ input_documents: [extractedDoc] });
  expect(run.status).toBe(202);
  succeededRun = run.body.id as string;
  expect((await waitForRun(t, key, succeededRun)).status).toBe('succeeded');
  for (let i = 0; i < 4; i++) {
    pendingDocs.push(await uploadedDocument(file.bytes, file.filename, file.mimeType));
    pendingRefs.push(await uploadedReference(file.bytes, file.filename, file.mimeType));
    const queued = await idle.api.post(`/v1/workflows/${workflowId}/runs`).set(auth()).send({});
    expect(queued.status).toBe(202);
    queuedRuns.push(queued.body.id as string);
  }
  readyRef = pendingRefs.pop()!;
  const completed = await t.api.post(`/v1/reference-documents/${readyRef}/complete`).set(auth());
  expect(completed.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await idle?.close();
  await t?.close();
});

async function uploadedDocument(bytes: Buffer, filename: string, mimeType: string): Promise<string> {
  const created = await t.api
    .post('/v1/documents')
    .set(auth())
    .send({ filename, mime_type: mimeType, size_bytes: bytes.length });
  expect(created.status).toBe(200);
  expect((await putToUploadUrl(created.body.upload_url, created.body.upload_headers, bytes)).ok).toBe(true);
  return created.body.id as string;
}

async function uploadedReference(bytes: Buffer, filename: string, mimeType: string): Promise<string> {
  const created = await t.api
    .post('/v1/reference-documents')
    .set(auth())
    .send({ name: 'Rubric', filename, mime_type: mimeType, size_bytes: bytes.length });
  expect(created.status).toBe(201);
  expect((await putToUploadUrl(created.body.upload_url, created.body.upload_headers, bytes)).ok).toBe(true);
  return created.body.id as string;
}

interface Answer {
  route: string;
  status: number | 'hang' | 'network';
  retryAfter?: string;
  ms: number;
}

/** One call of every route family, all at once (each bounded on its own), in a fixed order of routes. */
async function callEveryFamily(round: number): Promise<Answer[]> {
  const bearer = auth();
  const calls: Array<[string, () => PromiseLike<{ status: number; headers: Record<string, string> }>]> = [
    ['GET /v1/health', () => t.api.get('/v1/health')],
    ['GET /v1/keys', () => t.api.get('/v1/keys').set({ Authorization: `Bearer ${session}` })],
    ['GET /v1/workflows', () => t.api.get('/v1/workflows').set(bearer)],
    [
      'POST /v1/workflows',
      () =>
        t.api.post('/v1/workflows').set(bearer).send({ product_code: 'general_evaluation', name: 'During an outage' }),
    ],
    [
      'POST /v1/documents',
      () =>
        t.api.post('/v1/documents').set(bearer).send({ filename: 'a.txt', mime_type: 'text/plain', size_bytes: 10 }),
    ],
    ['POST /v1/documents/{id}/complete', () => t.api.post(`/v1/documents/${pendingDocs[round]}/complete`).set(bearer)],
    ['GET /v1/documents/{id}/text', () => t.api.get(`/v1/documents/${extractedDoc}/text`).set(bearer)],
    ['GET /v1/reference-documents', () => t.api.get('/v1/reference-documents').set(bearer)],
    ['GET /v1/reference-documents/{id}', () => t.api.get(`/v1/reference-documents/${readyRef}`).set(bearer)],
    [
      'POST /v1/reference-documents',
      () =>
        t.api
          .post('/v1/reference-documents')
          .set(bearer)
          .send({ name: 'R', filename: 'r.txt', mime_type: 'text/plain', size_bytes: 10 }),
    ],
    [
      'POST /v1/reference-documents/{id}/complete',
      () => t.api.post(`/v1/reference-documents/${pendingRefs[round]}/complete`).set(bearer),
    ],
    [
      'POST /v1/workflows/{id}/runs',
      () =>
        t.api
          .post(`/v1/workflows/${workflowId}/runs`)
          .set(bearer)
          .send({ input_documents: [extractedDoc] }),
    ],
    ['GET /v1/runs/{id}', () => t.api.get(`/v1/runs/${succeededRun}`).set(bearer)],
    ['GET /v1/runs', () => t.api.get('/v1/runs?limit=5').set(bearer)],
    ['POST /v1/runs/{id}/cancel', () => idle.api.post(`/v1/runs/${queuedRuns[round]}/cancel`).set(bearer)],
    ['GET /v1/runs/{id}/output', () => t.api.get(`/v1/runs/${succeededRun}/output`).set(bearer)],
    ['GET /v1/webhook-endpoints', () => t.api.get('/v1/webhook-endpoints').set(bearer)],
    [
      'POST /v1/webhook-endpoints',
      () => t.api.post('/v1/webhook-endpoints').set(bearer).send({ url: 'http://127.0.0.1:9/hooks' }),
    ],
    ['GET /v1/events', () => t.api.get('/v1/events').set(bearer)],
    ['GET /v1/usage', () => t.api.get('/v1/usage').set(bearer)],
    ['GET /v1/usage/balance', () => t.api.get('/v1/usage/balance').set(bearer)],
    ['GET /v1/products', () => t.api.get('/v1/products').set(bearer)],
  ];
  return Promise.all(
    calls.map(async ([route, call]): Promise<Answer> => {
      const started = Date.now();
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<'hang'>((r) => (timer = setTimeout(() => r('hang'), REQUEST_BOUND_MS)));
      const outcome = await Promise.race([
        Promise.resolve(call()).then(
          (res) => ({ status: res.status, retryAfter: res.headers['retry-after'] }),
          () => ({ status: 'network' as const }),
        ),
        bound.then((status) => ({ status })),
      ]);
      clearTimeout(timer);
      return { route, ...outcome, ms: Date.now() - started };
    }),
  );
}

/** Every answer that breaks the rule: a 5xx other than 503, a 503 without Retry-After, a hang, a dropped request. */
function broken(answers: Answer[]): string[] {
  return answers
    .filter((a) => typeof a.status !== 'number' || (a.status >= 500 && !(a.status === 503 && a.retryAfter)))
    .map((a) => `${a.route} → ${a.status}${a.status === 503 ? ' without Retry-After' : ''} after ${a.ms} ms`);
}

const statusOf = (answers: Answer[], route: string) => answers.find((a) => a.route === route)?.status;

/** What must be refused (503) while each service is down: proof that the outage was real and was seen. */
const MUST_BE_UNAVAILABLE: Record<ServiceName, string[]> = {
  mongodb: ['GET /v1/runs/{id}', 'GET /v1/runs', 'GET /v1/keys', 'GET /v1/usage', 'GET /v1/events'],
  temporal: ['POST /v1/reference-documents/{id}/complete'],
  minio: ['GET /v1/documents/{id}/text', 'POST /v1/documents/{id}/complete'],
};

it('answers 2xx/4xx for every family while everything is up', async () => {
  const answers = await callEveryFamily(3);
  expect(broken(answers)).toEqual([]);
  expect(answers.filter((a) => typeof a.status !== 'number' || a.status >= 500)).toEqual([]);
  // The round-3 document and reference are completed here, and its queued run canceled.
  expect(statusOf(answers, 'POST /v1/documents/{id}/complete')).toBe(200);
  expect(statusOf(answers, 'POST /v1/runs/{id}/cancel')).toBe(200);
}, 60_000);

describe.each([
  ['mongodb', 0],
  ['temporal', 1],
  ['minio', 2],
] as Array<[ServiceName, number]>)('while %s is down', (service, round) => {
  it('answers no 500 and no hang, refuses what needs it with 503 + Retry-After, and recovers when it returns', async () => {
    const config = parseConfig(process.env);
    const local = {
      mongodb: config.localServices.mongodb,
      temporal: config.localServices.temporal,
      minio: config.localServices.s3,
    }[service];
    if (!local) throw new Error(`${service} is external (set by env): this test stops and starts only the local one`);
    await stopStack(config, () => undefined, [service]);
    let answers: Answer[];
    try {
      // stopStack stops only what this checkout started (its pid files); one started elsewhere keeps running and
      // must never be stopped by a test.
      if ((await stackStatus(config))[service].startsWith('up')) {
        throw new Error(
          `${service} is still up: it was not started from this checkout's DATA_DIR, so the test will not stop it`,
        );
      }
      answers = await callEveryFamily(round);
    } finally {
      await startStack(config, () => undefined, [service]);
    }
    expect(broken(answers)).toEqual([]);
    for (const route of MUST_BE_UNAVAILABLE[service]) expect([route, statusOf(answers, route)]).toEqual([route, 503]);
    if (service === 'temporal') {
      // A run that cannot start is settled (refunded, failed, its deliveries recorded for the reconciler) without
      // waiting on the absent Temporal again, once per subscribed endpoint: one call deadline, not one per endpoint.
      const creation = answers.find((a) => a.route === 'POST /v1/workflows/{id}/runs')!;
      expect([creation.status, creation.ms < 2 * TEMPORAL_CALL_DEADLINE_MS]).toEqual([503, true]);
    }
    const health = answers.find((a) => a.route === 'GET /v1/health')!;
    expect(health.status).toBe(200);

    // Back: every read answers as it did, without restarting anything, and a new run goes all the way through.
    const deadline = Date.now() + 60_000;
    let after = await callEveryFamily(3);
    const reads = (as: Answer[]) => as.filter((a) => a.route.startsWith('GET') && a.status !== 200);
    while (reads(after).length > 0 && Date.now() < deadline) {
      await sleep(1000);
      after = await callEveryFamily(3);
    }
    expect(reads(after)).toEqual([]);
    expect(broken(after)).toEqual([]);
    const run = await t.api
      .post(`/v1/workflows/${workflowId}/runs`)
      .set(auth())
      .send({ input_documents: [extractedDoc] });
    expect(run.status).toBe(202);
    expect((await waitForRun(t, key, run.body.id as string, 90_000)).status).toBe('succeeded');
  }, 240_000);
});

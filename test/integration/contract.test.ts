/**
 * What a client written from the reference (or generated from /v1/openapi.json) relies on: `output_file` on every
 * answer carrying a run, idempotency keys that never cross modes, the documented refusals of a workflow PATCH, and
 * a client generated with openapi-typescript + openapi-fetch that type-checks and runs a real flow.
 * Every answer here is also checked against the document by the conformance gate (test/support/conformance.ts),
 * which fails on a succeeded run without `output_file`.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { COLLECTIONS } from '../../domain/platform/db';
import { newId } from '../../domain/platform/ids';
import { operatorRefundRun } from '../../domain/runs/lifecycle';
import { testNamespaces } from '../support/env';
import { createTestContext, type TestContext } from '../support/app';
import { newAccount, type TestAccount } from '../support/identity';
import { makeWorkflow, waitForRun } from '../support/runs';
import { putToUploadUrl } from '../support/uploads';

let t: TestContext;
/** No worker polls this namespace: runs stay queued (for cancel). */
let idle: TestContext;
let a: TestAccount;
let testKey: string;
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });
const ROOT = join(__dirname, '..', '..');
const execFileAsync = promisify(execFile);

beforeAll(async () => {
  t = await createTestContext();
  idle = await createTestContext({ TEMPORAL_NAMESPACE: testNamespaces().idle });
});
beforeEach(async () => {
  a = await newAccount(t);
  testKey = await a.key({ mode: 'test' });
});
afterAll(async () => {
  await idle.close();
  await t.close();
});

type OutputFile = { url: string; expires_at: string; mime_type: string } | null;

/** A signed output file that is fresh (a full TTL ahead) and downloads. */
async function expectFreshFile(file: OutputFile, mime: string) {
  expect(file).not.toBeNull();
  expect(file!.mime_type).toBe(mime);
  expect(Date.parse(file!.expires_at)).toBeGreaterThan(Date.now() + (t.config.OUTPUT_URL_TTL_S - 60) * 1000);
  const download = await fetch(file!.url);
  expect(download.status).toBe(200);
  expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(0);
}

describe('Run.output_file', () => {
  it('is signed afresh on the sync POST, GET, list and events of a succeeded run, and null after a refund', async () => {
    const wf = await makeWorkflow(t, testKey, { output_format: 'markdown' });
    const created = await t.api.post(`/v1/workflows/${wf}/runs`).set(auth(testKey)).send({ mode: 'sync' });
    expect(created.status).toBe(200);
    expect(created.body.status).toBe('succeeded');
    await expectFreshFile(created.body.output_file, 'text/markdown; charset=utf-8');

    await new Promise((r) => setTimeout(r, 1100)); // a later view signs again: a later expiry
    const read = await t.api.get(`/v1/runs/${created.body.id}`).set(auth(testKey));
    await expectFreshFile(read.body.output_file, 'text/markdown; charset=utf-8');
    expect(Date.parse(read.body.output_file.expires_at)).toBeGreaterThan(
      Date.parse(created.body.output_file.expires_at),
    );
    const listed = await t.api.get('/v1/runs').set(auth(testKey));
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([created.body.id]);
    await expectFreshFile(listed.body.data[0].output_file, 'text/markdown; charset=utf-8');

    // The run.succeeded event, read back: the run as it was, its output signed at this read.
    let event: { id: string; data: { run: { output_file: OutputFile } } } | undefined;
    for (let i = 0; i < 100 && !event; i++) {
      const events = await t.api.get('/v1/events?type=run.succeeded').set(auth(testKey));
      event = events.body.data[0];
      if (!event) await new Promise((r) => setTimeout(r, 100));
    }
    expect(event).toBeDefined();
    await expectFreshFile(event!.data.run.output_file, 'text/markdown; charset=utf-8');
    const one = await t.api.get(`/v1/events/${event!.id}`).set(auth(testKey));
    await expectFreshFile(one.body.data.run.output_file, 'text/markdown; charset=utf-8');

    const refund = await operatorRefundRun(
      { db: t.database.db, config: t.config, temporal: t.temporal },
      created.body.id,
    );
    expect(refund.outcome).toBe('refunded');
    const after = await t.api.get(`/v1/runs/${created.body.id}`).set(auth(testKey));
    expect(after.body.status).toBe('refunded');
    expect(after.body.output_file).toBeNull();
    expect(after.body).not.toHaveProperty('output');
    expect((await t.api.get(`/v1/runs/${created.body.id}/output`).set(auth(testKey))).body.error.code).toBe(
      'output_not_ready',
    );
  });

  it('is null (present, not omitted) on a queued run, an async creation and a cancel', async () => {
    const wf = await makeWorkflow(idle, testKey);
    const created = await idle.api.post(`/v1/workflows/${wf}/runs`).set(auth(testKey)).send({ mode: 'async' });
    expect(created.status).toBe(202);
    expect(created.body).toHaveProperty('output_file', null);
    const canceled = await idle.api.post(`/v1/runs/${created.body.id}/cancel`).set(auth(testKey));
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'canceled', output_file: null });
  });
});

describe('Idempotency-Key', () => {
  it('is scoped to the key mode: a live request reusing a test request’s key and body creates a new live run', async () => {
    const liveKey = await a.key({ mode: 'live' });
    const wf = await makeWorkflow(idle, testKey);
    const send = (key: string) =>
      idle.api
        .post(`/v1/workflows/${wf}/runs`)
        .set(auth(key))
        .set('Idempotency-Key', 'shared-key')
        .send({ metadata: { n: 1 } });
    const asTest = await send(testKey);
    expect(asTest.status).toBe(202);
    expect(asTest.body.livemode).toBe(false);

    const asLive = await send(liveKey);
    expect(asLive.status).toBe(202);
    expect(asLive.headers['idempotent-replayed']).toBeUndefined();
    expect(asLive.body.livemode).toBe(true);
    expect(asLive.body.id).not.toBe(asTest.body.id);

    // Within each mode the key still replays.
    const liveAgain = await send(liveKey);
    expect(liveAgain.headers['idempotent-replayed']).toBe('true');
    expect(liveAgain.body.id).toBe(asLive.body.id);
    const testAgain = await send(testKey);
    expect(testAgain.body.id).toBe(asTest.body.id);
    const listed = await idle.api.get('/v1/runs').set(auth(liveKey));
    expect(listed.body.data.map((r: { id: string }) => r.id).sort()).toEqual([asTest.body.id, asLive.body.id].sort());
  });
});

describe('mime_type with parameters', () => {
  it('accepts text/csv; charset=utf-8, binds the upload to it as declared and detects the csv', async () => {
    const bytes = Buffer.from('name,score\nAda,5\nGrace,4\n');
    const created = await t.api
      .post('/v1/documents')
      .set(auth(testKey))
      .send({ filename: 'scores', mime_type: 'text/csv; charset=utf-8', size_bytes: bytes.length });
    expect(created.status).toBe(200);
    expect(created.body.upload_headers['Content-Type']).toBe('text/csv; charset=utf-8');
    expect((await putToUploadUrl(created.body.upload_url, created.body.upload_headers, bytes)).status).toBe(200);
    const done = await t.api.post(`/v1/documents/${created.body.id}/complete`).set(auth(testKey));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ extracted: true, mime_type: 'text/csv' });
    const bad = await t.api
      .post('/v1/documents')
      .set(auth(testKey))
      .send({ filename: 'x.csv', mime_type: 'text/csv; charset' });
    expect(bad.status).toBe(400);
  });
});

describe('workflow status', () => {
  it('documents exactly the refusals PATCH can answer', async () => {
    const doc = (await t.api.get('/v1/openapi.json')).body;
    const conflict = doc.paths['/workflows/{workflowId}'].patch.responses['409'].content['application/json'].schema;
    expect(conflict.properties.error.properties.code.enum).toEqual(['workflow_archived']);
    const wf = await makeWorkflow(t, testKey);
    const patch = (body: object) => t.api.patch(`/v1/workflows/${wf}`).set(auth(testKey)).send(body);
    expect((await patch({ status: 'active' })).status).toBe(200); // the current status: a no-op, not a refusal
    expect((await patch({ status: 'archived' })).status).toBe(200);
    const out = await patch({ status: 'active' });
    expect(out.status).toBe(409);
    expect(out.body.error.code).toBe('workflow_archived');
  });
});

describe('the OpenAPI document', () => {
  type Op = { parameters?: Array<{ name: string; in: string }>; responses: Record<string, any> };
  const op = (doc: { paths: Record<string, Record<string, Op>> }, path: string, method: string) =>
    doc.paths[path]![method]!;

  it('names Idempotency-Key, the response headers, error codes per response and the formats', async () => {
    const doc = (await t.api.get('/v1/openapi.json')).body;
    const create = op(doc, '/workflows/{workflowId}/runs', 'post');
    expect(create.parameters!.filter((p) => p.in === 'header').map((p) => p.name)).toEqual(['Idempotency-Key']);
    const accepted = create.responses['202'];
    expect(Object.keys(accepted.headers)).toEqual(
      expect.arrayContaining([
        'X-Request-Id',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'Idempotent-Replayed',
        'Deprecation',
        'Sunset',
      ]),
    );
    const codes = (status: string) =>
      create.responses[status].content['application/json'].schema.properties.error.properties.code.enum;
    expect(codes('400')).toEqual(['invalid_request', 'invalid_json']);
    expect(codes('401')).toEqual(['unauthorized', 'api_key_revoked', 'api_key_expired']);
    expect(codes('409')).toEqual(
      expect.arrayContaining(['workflow_not_active', 'use_async', 'idempotency_key_reused', 'idempotency_key_in_use']),
    );
    expect(codes('429')).toEqual(['rate_limited']);
    expect(codes('500')).toEqual(['internal_error']);
    expect(codes('503')).toEqual(['service_unavailable']);
    expect(create.responses['429'].headers).toHaveProperty('Retry-After');
    const run = doc.components.schemas.Run;
    expect(run.required).toContain('output_file');
    expect(run.properties.output_file.type).toEqual(['object', 'null']);
    expect(run.properties.created_at.format).toBe('date-time');
    expect(run.properties.result_url.format).toBe('uri');
    expect(run.properties.output_file.properties.url.format).toBe('uri');
    // Routes without Idempotency-Key do not advertise it.
    expect(op(doc, '/runs', 'get').parameters!.some((p) => p.name === 'Idempotency-Key')).toBe(false);
  });
});

describe('a client generated from /v1/openapi.json', () => {
  let dir: string;
  let server: Server;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'assay-client-'));
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  const FLOW = `
import createClient from 'openapi-fetch';
import type { paths } from './api.js';

type CreateRun = paths['/workflows/{workflowId}/runs']['post'];
type RunHeaders = CreateRun['responses'][202]['headers'];

/** A documented response header, typed by the document: an undocumented name is a type error. */
function header<H, K extends keyof H & string>(res: Response, name: K, parse: (raw: string) => H[K]): H[K] {
  const raw = res.headers.get(name);
  if (raw === null) throw new Error('missing header ' + name);
  return parse(raw);
}

const client = createClient<paths>({ baseUrl: process.env.BASE_URL!, headers: { Authorization: 'Bearer ' + process.env.API_KEY } });
const wf = await client.POST('/workflows', { body: { product_code: 'general_evaluation', name: 'Generated client' } });
if (!wf.data) throw new Error('workflow: ' + JSON.stringify(wf.error));
const create = () =>
  client.POST('/workflows/{workflowId}/runs', {
    params: { path: { workflowId: wf.data.id }, header: { 'Idempotency-Key': 'generated-client-1' } },
    body: { mode: 'async', metadata: { from: 'generated client' } },
  });
const first = await create();
if (first.error) {
  // Typed error codes: an enum, not a bare string.
  const code: NonNullable<typeof first.error>['error']['code'] = first.error.error.code;
  const isEnum: string extends typeof code ? false : true = true;
  throw new Error('run: ' + code + String(isEnum));
}
const remaining: number = header<RunHeaders, 'X-RateLimit-Remaining'>(first.response, 'X-RateLimit-Remaining', Number);
const limit: number = header<RunHeaders, 'X-RateLimit-Limit'>(first.response, 'X-RateLimit-Limit', Number);
const file: { url: string; expires_at: string; mime_type: string } | null = first.data.output_file;
const createdAt: string = first.data.created_at;
const again = await create();
const replayed: string | undefined = again.response.headers.get('Idempotent-Replayed') ?? undefined;
console.log(JSON.stringify({ runId: first.data.id, status: first.response.status, remaining, limit, file, createdAt, replayedId: again.data?.id, replayed }));
`;

  function generate(document: unknown, name: string) {
    writeFileSync(join(dir, `${name}.json`), JSON.stringify(document));
    const gen = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js'), `${name}.json`, '-o', `${name}.d.ts`],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    expect(gen.status).toBe(0);
  }

  function typecheck(apiName: string) {
    writeFileSync(join(dir, 'flow.mts'), FLOW.replace("'./api.js'", `'./${apiName}.js'`));
    const tsconfig = {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
      },
      files: ['flow.mts', `${apiName}.d.ts`],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    return spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'],
      { cwd: dir, encoding: 'utf8' },
    );
  }

  it('type-checks a flow with a typed Idempotency-Key and X-RateLimit-Remaining, and runs it against the API', async () => {
    const document = (await t.api.get('/v1/openapi.json')).body;
    generate(document, 'api');
    const checked = typecheck('api');
    expect(checked.stdout + checked.stderr).toBe('');
    expect(checked.status).toBe(0);

    // The same flow against a document without the header parameter and the rate-limit header does not compile:
    // the check above is what those declarations buy.
    const stripped = structuredClone(document);
    const createOp = stripped.paths['/workflows/{workflowId}/runs'].post;
    createOp.parameters = createOp.parameters.filter((p: { name: string }) => p.name !== 'Idempotency-Key');
    delete createOp.responses['202'].headers['X-RateLimit-Remaining'];
    generate(stripped, 'stripped');
    const broken = typecheck('stripped');
    expect(broken.status).not.toBe(0);
    const lineOf = (text: string) => FLOW.split('\n').findIndex((l) => l.includes(text)) + 1;
    expect(broken.stdout).toContain(`flow.mts(${lineOf("header: { 'Idempotency-Key'")},`);
    expect(broken.stdout).toContain(`flow.mts(${lineOf("'X-RateLimit-Remaining'>")},`);

    const { port } = server.address() as AddressInfo;
    writeFileSync(join(dir, 'flow.mts'), FLOW);
    // Not spawnSync: the API answering the flow runs in this process.
    const ran = await execFileAsync(process.execPath, ['--import', 'tsx', 'flow.mts'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, BASE_URL: `http://127.0.0.1:${port}/v1`, API_KEY: testKey },
      timeout: 60_000,
    });
    expect(ran.stderr).toBe('');
    const out = JSON.parse(ran.stdout.trim().split('\n').pop()!);
    expect(out.status).toBe(202);
    expect(out.runId).toMatch(/^run_/);
    expect(out.limit).toBeGreaterThan(0);
    expect(out.remaining).toBeGreaterThanOrEqual(0);
    expect(out.remaining).toBeLessThan(out.limit);
    expect(out.file).toBeNull();
    expect(out.replayed).toBe('true');
    expect(out.replayedId).toBe(out.runId);
    await waitForRun(t, testKey, out.runId);
  });
});

/**
 * The run lifecycle against the real stack, in test mode (the model step is the deterministic stub) and in live
 * mode without a configured model (fails with model_unavailable, fully refunded).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import mammoth from 'mammoth';
import * as XLSX from '@e965/xlsx';
import { parse as parseCsv } from 'csv-parse/sync';
import { runActivities } from '../../activities/runs';
import { COLLECTIONS } from '../../domain/platform/db';
import { newId } from '../../domain/platform/ids';
import { startRunJob } from '../../domain/jobs';
import { validateAgainstSchema } from '../../domain/json-schema/validate';
import { testNamespaces } from '../support/env';
import { createTestContext, type TestContext } from '../support/app';
import { makeDocument } from '../support/files';
import { newAccount, type TestAccount } from '../support/identity';
import { startWorker } from '../support/processes';
import { balance, ledgerOf, makeWorkflow, waitForRun } from '../support/runs';
import { uploadDocument, uploadReference, waitForReference } from '../support/uploads';
import { commandsDuring, scans } from '../support/db-commands';
import { activityAttempts } from '../support/attempts';
import supertest from 'supertest';
import { createApp } from '../../api/app';

let t: TestContext;
/** The same stack, but a Temporal namespace where no worker polls unless a test starts one: runs stay queued. */
let idle: TestContext;
let a: TestAccount;
let testKey: string;
let liveKey: string;
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });

const SCHEMA = {
  type: 'object',
  properties: {
    overall_score: { type: 'integer', minimum: 0, maximum: 100 },
    verdict: { enum: ['pass', 'fail'] },
    criteria: {
      type: 'array',
      minItems: 2,
      items: {
        type: 'object',
        properties: { name: { type: 'string', minLength: 1 }, score: { type: 'number', minimum: 0, maximum: 5 } },
        required: ['name', 'score'],
      },
    },
  },
  required: ['overall_score', 'verdict', 'criteria'],
};

beforeAll(async () => {
  t = await createTestContext();
  idle = await createTestContext({ TEMPORAL_NAMESPACE: testNamespaces().idle, SYNC_RUN_TIMEOUT_S: '1' });
});
beforeEach(async () => {
  a = await newAccount(t);
  testKey = await a.key({ mode: 'test' });
  liveKey = await a.key({ mode: 'live' });
});
afterAll(async () => {
  await idle.close();
  await t.close();
});

async function openOutput(url: string, format: string): Promise<string> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  switch (format) {
    case 'docx':
      return (await mammoth.extractRawText({ buffer: bytes })).value;
    case 'xlsx': {
      const book = XLSX.read(bytes, { type: 'buffer' });
      return book.SheetNames.map((n) => XLSX.utils.sheet_to_csv(book.Sheets[n]!)).join('\n');
    }
    case 'csv':
      return JSON.stringify(parseCsv(bytes, { bom: true }));
    default:
      return bytes.toString('utf8');
  }
}

describe('a test-mode run', () => {
  it.each(['json', 'markdown', 'docx', 'xlsx', 'csv'])(
    'goes queued → running → succeeded with a %s output that downloads and opens, and leaves the balance alone',
    async (format) => {
      const before = await balance(t, testKey);
      const wf = await makeWorkflow(t, testKey, {
        output_format: format,
        output_schema: format === 'markdown' ? null : SCHEMA,
      });
      const created = await t.api
        .post(`/v1/workflows/${wf}/runs`)
        .set(auth(testKey))
        .send({ metadata: { student: 's-1' } });
      expect(created.status).toBe(202);
      expect(created.body).toMatchObject({
        object: 'run',
        status: 'queued',
        workflow_id: wf,
        livemode: false,
        mode: 'async',
      });
      expect(created.body.result_url).toContain(`/v1/runs/${created.body.id}`);

      const run = await waitForRun(t, testKey, created.body.id);
      expect(run.status).toBe('succeeded');
      expect(run.charged_credits).toBe(0);
      expect(run.quoted_credits).toBeGreaterThan(0);
      expect(run.usage.model).toBe('stub');
      expect(run.metadata).toEqual({ student: 's-1' });
      expect(Date.parse(run.started_at)).toBeGreaterThanOrEqual(Date.parse(run.created_at));
      expect(Date.parse(run.finished_at)).toBeGreaterThanOrEqual(Date.parse(run.started_at));
      if (format === 'markdown') expect(typeof run.output.markdown).toBe('string');
      else expect(validateAgainstSchema(SCHEMA, run.output)).toEqual({ valid: true, errors: [] });

      const file = await t.api.get(`/v1/runs/${run.id}/output`).set(auth(testKey));
      expect(file.status).toBe(200);
      expect(Date.parse(file.body.expires_at)).toBeGreaterThan(Date.now() + 3000 * 1000);
      const text = await openOutput(file.body.url, format);
      if (format === 'markdown') expect(text).toBe(run.output.markdown);
      else expect(text).toContain(String(run.output.criteria[0].name).slice(0, 20));

      expect(await balance(t, testKey)).toEqual(before);
      expect(await ledgerOf(t, run.id)).toEqual([]);
    },
  );

  it('is one workflow task with one marker in Temporal, and operators find it by its final status', async () => {
    const wf = await makeWorkflow(t, testKey);
    const created = await t.api.post(`/v1/workflows/${wf}/runs`).set(auth(testKey)).send({});
    expect((await waitForRun(t, testKey, created.body.id)).status).toBe('succeeded');
    const job = t.temporal.client.workflow.getHandle(created.body.id);
    await job.result();
    // Admission to completion in one local activity: no patch markers, no `running` upsert.
    const events = (await job.fetchHistory()).events ?? [];
    expect(events.filter((e) => e.workflowTaskCompletedEventAttributes).length).toBe(1);
    expect(
      events.filter((e) => e.markerRecordedEventAttributes).map((e) => e.markerRecordedEventAttributes!.markerName),
    ).toEqual(['core_local_activity']);
    expect(events.filter((e) => e.upsertWorkflowSearchAttributesEventAttributes).length).toBe(1);
    expect(events.length).toBeLessThanOrEqual(8);
    // The Temporal UI's filter by account and status finds it (visibility follows the history within moments).
    const query = `AssayAccountId = '${a.accountId}' AND AssayRunStatus = 'succeeded' AND WorkflowId = '${created.body.id}'`;
    let found: string[] = [];
    for (
      const until = Date.now() + 15_000;
      found.length === 0 && Date.now() < until;
      await new Promise((r) => setTimeout(r, 250))
    ) {
      found = [];
      for await (const execution of t.temporal.client.workflow.list({ query })) found.push(execution.workflowId);
    }
    expect(found).toEqual([created.body.id]);
  });

  it('runs with input documents and quotes per page', async () => {
    const doc = await uploadDocument(
      t,
      testKey,
      await makeDocument('pdf', { sentences: ['One.', 'Two.', 'Three.'], pages: 3 }),
    );
    expect(doc.body.page_count).toBe(3);
    const wf = await makeWorkflow(t, testKey);
    const created = await t.api
      .post(`/v1/workflows/${wf}/runs`)
      .set(auth(testKey))
      .send({ input_documents: [doc.body.id] });
    // general_evaluation: 1 credit a run + 0.2 a page.
    expect(created.body.quoted_credits).toBe(1.6);
    expect(created.body.input_documents).toEqual([doc.body.id]);
    expect((await waitForRun(t, testKey, created.body.id)).status).toBe('succeeded');
  });

  it("reads the documents it names by _id, never by a query over every account's: workflow, run and usage by workflow", async () => {
    const doc = await uploadDocument(t, liveKey, await makeDocument('md', { sentences: ['One.', 'Two.'] }));
    const ref = await uploadReference(
      t,
      liveKey,
      await makeDocument('md', { sentences: ['Criterion one.', 'Criterion two.'] }),
    );
    expect((await waitForReference(t, liveKey, ref)).status).toBe('ready');
    const { result: runId, commands } = await commandsDuring(t.config.mongodbUri, t.config.MONGODB_DB, async (db) => {
      const api = supertest(createApp({ ...t.deps, db }).callback());
      const wf = await makeWorkflow({ ...t, api }, liveKey, { reference_document_ids: [ref] });
      const created = await api
        .post(`/v1/workflows/${wf}/runs`)
        .set(auth(liveKey))
        .send({ input_documents: [doc.body.id] });
      expect(created.status).toBe(202);
      // Live mode, so that usage counts it; no model is configured here, so it fails (model_unavailable), refunded.
      expect((await waitForRun(t, liveKey, created.body.id)).status).toBe('failed');
      const today = new Date().toISOString().slice(0, 10);
      const usage = await api.get(`/v1/usage?from=${today}&to=${today}&group_by=workflow`).set(auth(liveKey));
      expect(usage.body.by_workflow).toEqual([expect.objectContaining({ workflow_id: wf, name: 'Run test', runs: 1 })]);
      return created.body.id as string;
    });
    expect(runId).toMatch(/^run_/);
    const named = [COLLECTIONS.documents, COLLECTIONS.referenceDocuments, COLLECTIONS.workflows];
    expect(scans(commands).filter((s) => named.some((c) => s.startsWith(`find ${c} `)))).toEqual([]);
  });

  it('ends at once, output_invalid, when the stub cannot satisfy the output_schema', async () => {
    const wf = await makeWorkflow(t, testKey, {
      output_schema: {
        type: 'object',
        properties: { items: { type: 'array', minItems: 100000 } },
        required: ['items'],
      },
    });
    const created = await t.api.post(`/v1/workflows/${wf}/runs`).set(auth(testKey)).send({});
    const run = await waitForRun(t, testKey, created.body.id);
    expect([run.status, run.error?.code]).toEqual(['failed', 'output_invalid']);
    expect(run.error.message).toMatch(/minItems|100000/);
    // At once: its one attempt, not the minute of retries a transient fault gets (the same seed fails the same way).
    expect((await activityAttempts(t.temporal, created.body.id)).testRun).toBe(1);
  });
});

describe('a live run without a configured model', () => {
  it('fails with model_unavailable and returns the balance to exactly where it was', async () => {
    const before = await balance(t, liveKey);
    const wf = await makeWorkflow(t, liveKey);
    const created = await t.api.post(`/v1/workflows/${wf}/runs`).set(auth(liveKey)).send({});
    expect(created.status).toBe(202);
    expect(created.body.livemode).toBe(true);
    const run = await waitForRun(t, liveKey, created.body.id);
    expect(run.status).toBe('failed');
    expect(run.error.code).toBe('model_unavailable');
    expect(run.charged_credits).toBe(0);
    expect(await balance(t, liveKey)).toEqual(before);
    const ledger = await ledgerOf(t, run.id);
    expect(ledger.map((e) => [e.kind, e.state])).toEqual([
      ['charge', 'applied'],
      ['refund', 'applied'],
    ]);
    expect(ledger[0]!.amount_milli).toBe(-ledger[1]!.amount_milli);
  });

  it('debits with insufficient credits create nothing', async () => {
    await t.database.db
      .collection(COLLECTIONS.accounts)
      .updateOne({ _id: a.accountId as never }, { $set: { bonus_milli: 500 } });
    const wf = await makeWorkflow(t, liveKey);
    const res = await t.api.post(`/v1/workflows/${wf}/runs`).set(auth(liveKey)).send({});
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('insufficient_credits');
    expect((await t.api.get('/v1/runs').set(auth(liveKey))).body.data).toEqual([]);
    expect((await balance(t, liveKey)).pro_credits).toBe(0.5);
  });
});

describe('cancel', () => {
  it('cancels a queued run with a full refund, and the run never executes', async () => {
    const before = await balance(idle, liveKey);
    const wf = await makeWorkflow(idle, liveKey);
    const created = await idle.api.post(`/v1/workflows/${wf}/runs`).set(auth(liveKey)).send({});
    expect(created.status).toBe(202);
    expect((await balance(idle, liveKey)).pro_credits).toBeLessThan(before.pro_credits);

    const canceled = await idle.api.post(`/v1/runs/${created.body.id}/cancel`).set(auth(liveKey));
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'canceled', charged_credits: 0 });
    expect(await balance(idle, liveKey)).toEqual(before);
    const again = await idle.api.post(`/v1/runs/${created.body.id}/cancel`).set(auth(liveKey));
    expect(again.body.status).toBe('canceled');

    // Now let a worker take the workflow: it must find the run canceled and not execute it.
    const worker = await startWorker({ TEMPORAL_NAMESPACE: testNamespaces().idle });
    try {
      const result = await idle.temporal.client.workflow.getHandle(created.body.id).result();
      expect(result).toEqual({ status: 'canceled' });
    } finally {
      await worker.stop();
    }
    const run = (await idle.api.get(`/v1/runs/${created.body.id}`).set(auth(liveKey))).body;
    expect(run).toMatchObject({ status: 'canceled', started_at: null });
    expect(run.output).toBeUndefined();
    expect(await balance(idle, liveKey)).toEqual(before);
    expect((await ledgerOf(idle, run.id)).map((e) => e.kind)).toEqual(['charge', 'refund']);
    const events = await idle.database.db
      .collection(COLLECTIONS.events)
      .find({ dedupe_key: `run.canceled:${run.id}` })
      .toArray();
    expect(events).toHaveLength(1);
  });

  it('never lets both win in 20 concurrent cancel/start races', async () => {
    const wf = await makeWorkflow(idle, liveKey);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++)
      ids.push((await idle.api.post(`/v1/workflows/${wf}/runs`).set(auth(liveKey)).send({})).body.id);
    const activities = runActivities({ ...idle.deps, models: { provider: () => null } });
    const outcomes = await Promise.all(
      ids.map(async (runId) => {
        const [cancel, start] = await Promise.all([
          idle.api.post(`/v1/runs/${runId}/cancel`).set(auth(liveKey)),
          activities.beginRun({ accountId: a.accountId, runId }),
        ]);
        return { runId, canceled: cancel.status === 200, started: start.started, cancelStatus: cancel.status };
      }),
    );
    for (const o of outcomes) {
      expect([o.runId, o.canceled !== o.started]).toEqual([o.runId, true]);
      if (!o.canceled) expect(o.cancelStatus).toBe(409);
      const run = await idle.database.db.collection(COLLECTIONS.runs).findOne({ _id: o.runId as never });
      expect(run!.status).toBe(o.canceled ? 'canceled' : 'running');
      const refunds = (await ledgerOf(idle, o.runId)).filter((e) => e.kind === 'refund');
      expect(refunds).toHaveLength(o.canceled ? 1 : 0);
    }
    for (const id of ids) await idle.temporal.client.workflow.getHandle(id).terminate('test cleanup');
  });

  it('answers 409 run_not_cancelable for a finished run', async () => {
    const wf = await makeWorkflow(t, testKey);
    const created = await t.api.post(`/v1/workflows/${wf}/runs`).set(auth(testKey)).send({});
    await waitForRun(t, testKey, created.body.id);
    const res = await t.api.post(`/v1/runs/${created.body.id}/cancel`).set(auth(testKey));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('run_not_cancelable');
  });
});

describe('idempotency', () => {
  it('creates one run for the same key and body sent 10 times at once', async () => {
    const wf = await makeWorkflow(idle, testKey);
    const send = () =>
      idle.api
        .post(`/v1/workflows/${wf}/runs`)
        .set(auth(testKey))
        .set('Idempotency-Key', 'same-key-1')
        .send({ metadata: { n: 1 } });
    const answers = await Promise.all(Array.from({ length: 10 }, send));
    const created = answers.filter((r) => r.status === 202);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of answers) expect([202, 409]).toContain(r.status);
    for (const r of answers.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('idempotency_key_in_use');
    expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
    const list = await idle.api.get(`/v1/runs?workflow_id=${wf}`).set(auth(testKey));
    expect(list.body.data).toHaveLength(1);

    const replay = await send();
    expect(replay.status).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.id).toBe(created[0]!.body.id);

    const reordered = await idle.api
      .post(`/v1/workflows/${wf}/runs`)
      .set(auth(testKey))
      .set('Idempotency-Key', 'same-key-1')
      .send({ metadata: { n: 1 }, mode: undefined });
    expect(reordered.body.id).toBe(created[0]!.body.id);

    const different = await idle.api
      .post(`/v1/workflows/${wf}/runs`)
      .set(auth(testKey))
      .set('Idempotency-Key', 'same-key-1')
      .send({ metadata: { n: 2 } });
    expect(different.status).toBe(409);
    expect(different.body.error.code).toBe('idempotency_key_reused');
    await idle.temporal.client.workflow.getHandle(created[0]!.body.id).terminate('test cleanup');
  });
});

describe('sync mode', () => {
  it('answers 200 with the output when the run finishes in time', async () => {
    const wf = await makeWorkflow(t, testKey, { output_format: 'json' });
    const res = await t.api.post(`/v1/workflows/${wf}/runs`).set(auth(testKey)).send({ mode: 'sync' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'succeeded', mode: 'sync' });
    expect(res.body.output).toBeDefined();
  });

  it('answers 202 when it does not finish in time, and the run finishes later', async () => {
    const wf = await makeWorkflow(idle, testKey);
    const res = await idle.api.post(`/v1/workflows/${wf}/runs`).set(auth(testKey)).send({ mode: 'sync' });
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('queued');
    const worker = await startWorker({ TEMPORAL_NAMESPACE: testNamespaces().idle });
    try {
      const run = await waitForRun(idle, testKey, res.body.id);
      expect(run.status).toBe('succeeded');
    } finally {
      await worker.stop();
    }
  });

  it('answers 409 use_async when sync runs are disabled', async () => {
    const off = await createTestContext({ SYNC_RUNS: 'disabled' });
    try {
      const wf = await makeWorkflow(off, testKey);
      const res = await off.api.post(`/v1/workflows/${wf}/runs`).set(auth(testKey)).send({ mode: 'sync' });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('use_async');
    } finally {
      await off.close();
    }
  });
});

describe('refusals before any charge', () => {
  it('refuses a paused workflow, unknown and unextracted documents, too many documents', async () => {
    const before = await balance(t, liveKey);
    const wf = await makeWorkflow(t, liveKey);
    await t.api.patch(`/v1/workflows/${wf}`).set(auth(liveKey)).send({ status: 'paused' });
    const paused = await t.api.post(`/v1/workflows/${wf}/runs`).set(auth(liveKey)).send({});
    expect([paused.status, paused.body.error.code]).toEqual([409, 'workflow_not_active']);

    const wf2 = await makeWorkflow(t, liveKey);
    const unknown = await t.api
      .post(`/v1/workflows/${wf2}/runs`)
      .set(auth(liveKey))
      .send({ input_documents: ['doc_nope'] });
    expect([unknown.status, unknown.body.error.details[0].path]).toEqual([400, 'body.input_documents']);

    const pending = await t.api.post('/v1/documents').set(auth(liveKey)).send({ filename: 'x.pdf' });
    const unextracted = await t.api
      .post(`/v1/workflows/${wf2}/runs`)
      .set(auth(liveKey))
      .send({ input_documents: [pending.body.id] });
    expect([unextracted.status, unextracted.body.error.code]).toEqual([409, 'document_not_extracted']);

    const many = await t.api
      .post(`/v1/workflows/${wf2}/runs`)
      .set(auth(liveKey))
      .send({ input_documents: Array.from({ length: 21 }, (_, i) => `doc_${i}`) });
    expect(many.status).toBe(400);

    const ref = await t.api.post('/v1/reference-documents').set(auth(liveKey)).send({ name: 'R', filename: 'r.pdf' });
    const wf3 = await makeWorkflow(t, liveKey, { reference_document_ids: [ref.body.id] });
    const notReady = await t.api.post(`/v1/workflows/${wf3}/runs`).set(auth(liveKey)).send({});
    expect([notReady.status, notReady.body.error.code]).toEqual([409, 'reference_document_not_ready']);
    await t.api.delete(`/v1/reference-documents/${ref.body.id}`).set(auth(liveKey));
    const gone = await t.api.post(`/v1/workflows/${wf3}/runs`).set(auth(liveKey)).send({});
    expect([gone.status, gone.body.error.code]).toEqual([409, 'reference_document_unavailable']);

    expect(await balance(t, liveKey)).toEqual(before);
    expect((await t.api.get('/v1/runs').set(auth(liveKey))).body.data).toEqual([]);
  });

  it('answers a body with thousands of problems with the first 20, each cut short, not all of them', async () => {
    const wf = await makeWorkflow(t, testKey);
    const badKeys = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`${i}:`.padEnd(100, 'k'), 1]));
    const unknown = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`field_${i}`, 1]));
    const res = await t.api
      .post(`/v1/workflows/${wf}/runs`)
      .set(auth(testKey))
      .send({ ...unknown, metadata: badKeys });
    expect([res.status, res.body.error.code]).toEqual([400, 'invalid_request']);
    // The 5,000 keys over 40 characters, then the 2,000 unknown fields in one problem: 5,001 in all.
    expect(res.body.error.details).toHaveLength(20);
    expect(res.body.error.details[0]).toEqual({
      path: `body.metadata.${'0:'.padEnd(64, 'k')}…`,
      message: expect.any(String),
    });
    expect(res.body.error.message).toMatch(/; and 4981 more$/);
    expect(res.text.length).toBeLessThan(20_000);
    // The unknown fields alone: one problem, whose message named all 2,000 (31 KB).
    const fields = await t.api.post(`/v1/workflows/${wf}/runs`).set(auth(testKey)).send(unknown);
    expect(fields.body.error.details).toEqual([
      { path: 'body', message: expect.stringMatching(/^Unrecognized keys: .{150,}…$/) },
    ]);
    expect(fields.body.error.details[0].message.length).toBe(201);
    expect((await t.api.get('/v1/runs').set(auth(testKey))).body.data).toEqual([]);
  });

  it('refuses metadata nested past 100 levels with 400, as JSON or in a multipart form, and charges nothing', async () => {
    // 8,000 levels fit the 8 KB metadata limit; JSON.stringify overflowed on them and the API answered 500.
    const deep = '['.repeat(8000) + ']'.repeat(8000);
    const before = await balance(t, liveKey);
    const wf = await makeWorkflow(t, liveKey);
    const json = await t.api
      .post(`/v1/workflows/${wf}/runs`)
      .set(auth(liveKey))
      .set('Content-Type', 'application/json')
      .send(`{"metadata": {"k": ${deep}}}`);
    expect([json.status, json.body.error.code, json.body.error.details]).toEqual([
      400,
      'invalid_request',
      [{ path: 'body', message: 'nests deeper than 100 levels' }],
    ]);
    const form = await t.api
      .post(`/v1/workflows/${wf}/runs`)
      .set(auth(liveKey))
      .field('metadata', `{"k": ${deep}}`)
      .attach('files[]', Buffer.from('An essay.'), { filename: 'one.txt', contentType: 'text/plain' });
    expect([form.status, form.body.error.code]).toEqual([400, 'invalid_request']);
    expect(await balance(t, liveKey)).toEqual(before);
    expect((await t.api.get('/v1/runs').set(auth(liveKey))).body.data).toEqual([]);
    // 100 levels in all (the body, metadata and 98 arrays) make a run like any other, the metadata kept as sent.
    const deepest = '['.repeat(98) + ']'.repeat(98);
    const ok = await t.api
      .post(`/v1/workflows/${wf}/runs`)
      .set(auth(testKey))
      .set('Content-Type', 'application/json')
      .send(`{"metadata": {"k": ${deepest}}}`);
    expect(ok.status).toBe(202);
    expect(JSON.stringify(ok.body.metadata)).toBe(`{"k":${deepest}}`);
  });

  it('refuses a __proto__ key with 400 invalid_request, as JSON or in a multipart form, rather than dropping it', async () => {
    const wf = await makeWorkflow(t, testKey);
    const expected = [400, 'invalid_request'];
    // Valid JSON: the refusal names the key, not "not valid JSON" (the parser's refusal, answered as such before).
    for (const body of [
      '{"metadata": {"__proto__": "x", "student": "s-1"}}',
      '{"metadata": {"student": {"__proto__": {"admin": true}}}}',
    ]) {
      const res = await t.api
        .post(`/v1/workflows/${wf}/runs`)
        .set(auth(testKey))
        .set('Content-Type', 'application/json')
        .send(body);
      expect([res.status, res.body.error.code]).toEqual(expected);
      expect(res.body.error.details).toEqual([
        { path: 'body', message: 'uses "__proto__" as a key, which no request may' },
      ]);
    }
    // In a form, metadata's key was dropped and the run created without it. The router's one check of every body
    // refuses it there too.
    const form = await t.api
      .post(`/v1/workflows/${wf}/runs`)
      .set(auth(testKey))
      .field('metadata', '{"__proto__": "x", "student": "s-1"}')
      .attach('files[]', Buffer.from('An essay.'), { filename: 'one.txt', contentType: 'text/plain' });
    expect([form.status, form.body.error.code]).toEqual(expected);
    expect(form.body.error.details).toEqual([
      { path: 'body', message: 'uses "__proto__" as a key, which no request may' },
    ]);
    expect((await t.api.get('/v1/runs').set(auth(testKey))).body.data).toEqual([]);
  });

  it('answers 409 output_not_ready before success', async () => {
    const wf = await makeWorkflow(idle, testKey);
    const created = await idle.api.post(`/v1/workflows/${wf}/runs`).set(auth(testKey)).send({});
    const res = await idle.api.get(`/v1/runs/${created.body.id}/output`).set(auth(testKey));
    expect([res.status, res.body.error.code]).toEqual([409, 'output_not_ready']);
    await idle.temporal.client.workflow.getHandle(created.body.id).terminate('test cleanup');
  });
});

describe('listing', () => {
  it('filters by workflow and status, newest first', async () => {
    const wf1 = await makeWorkflow(t, testKey);
    const wf2 = await makeWorkflow(t, testKey);
    const r1 = (await t.api.post(`/v1/workflows/${wf1}/runs`).set(auth(testKey)).send({})).body.id;
    const r2 = (await t.api.post(`/v1/workflows/${wf2}/runs`).set(auth(testKey)).send({})).body.id;
    const r3 = (await t.api.post(`/v1/workflows/${wf1}/runs`).set(auth(testKey)).send({})).body.id;
    for (const id of [r1, r2, r3]) await waitForRun(t, testKey, id);
    const byWf = await t.api.get(`/v1/runs?workflow_id=${wf1}`).set(auth(testKey));
    expect(byWf.body.data.map((r: { id: string }) => r.id)).toEqual([r3, r1]);
    const succeeded = await t.api.get('/v1/runs?status=succeeded&limit=2').set(auth(testKey));
    expect(succeeded.body.data.map((r: { id: string }) => r.id)).toEqual([r3, r2]);
    expect(succeeded.body.next_cursor).not.toBeNull();
    expect((await t.api.get('/v1/runs?status=exploded').set(auth(testKey))).status).toBe(400);
  });

  it('refuses a query parameter it does not take, rather than answering unfiltered', async () => {
    const wf = await makeWorkflow(t, testKey);
    await waitForRun(t, testKey, (await t.api.post(`/v1/workflows/${wf}/runs`).set(auth(testKey)).send({})).body.id);
    // A typo of `status`: every run, unfiltered, would look like an answer.
    const typo = await t.api.get('/v1/runs?statuss=failed').set(auth(testKey));
    expect([typo.status, typo.body.error.code, typo.body.error.details]).toEqual([
      400,
      'invalid_request',
      [{ path: 'query', message: 'Unrecognized key: "statuss"' }],
    ]);
    const other = await t.api.get('/v1/workflows?limit=5&expand=runs').set(auth(testKey));
    expect([other.status, other.body.error.details[0].message]).toEqual([400, 'Unrecognized key: "expand"']);
    expect((await t.api.get('/v1/runs?status=failed').set(auth(testKey))).body.data).toEqual([]);
  });
});

describe('operator refund', () => {
  it('refunds a succeeded run once, however often it is run', async () => {
    const wf = await makeWorkflow(t, testKey);
    const created = await t.api.post(`/v1/workflows/${wf}/runs`).set(auth(testKey)).send({});
    await waitForRun(t, testKey, created.body.id);
    const ops = (runId: string) =>
      spawnSync(
        process.execPath,
        ['--import', 'tsx', join(__dirname, '..', '..', 'scripts', 'ops.ts'), 'refund-run', runId],
        {
          env: process.env,
          encoding: 'utf8',
        },
      );
    const first = ops(created.body.id);
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('refunded run');
    const second = ops(created.body.id);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('already refunded');
    const run = (await t.api.get(`/v1/runs/${created.body.id}`).set(auth(testKey))).body;
    expect(run).toMatchObject({ status: 'refunded', charged_credits: 0 });
    expect(ops('run_nope').status).toBe(1);
  });
});

describe('multipart (legacy)', () => {
  it('turns files[] into input documents, runs, and marks the form deprecated', async () => {
    const wf = await makeWorkflow(t, testKey);
    const res = await t.api
      .post(`/v1/workflows/${wf}/runs`)
      .set(auth(testKey))
      .field('metadata', JSON.stringify({ batch: 7 }))
      .attach('files[]', Buffer.from('First essay: the thesis is clear.'), {
        filename: 'one.txt',
        contentType: 'text/plain',
      })
      .attach('files[]', Buffer.from('Second essay: sources are cited.'), {
        filename: 'two.txt',
        contentType: 'text/plain',
      });
    expect(res.status).toBe(202);
    expect(res.headers.deprecation).toBe('true');
    expect(res.headers.sunset).toMatch(/GMT$/);
    expect(res.body.metadata).toEqual({ batch: 7 });
    expect(res.body.input_documents).toHaveLength(2);
    const docs = await t.database.db
      .collection(COLLECTIONS.documents)
      .find({ _id: { $in: res.body.input_documents } })
      .toArray();
    expect(docs.map((d) => [d.filename, d.extracted]).sort()).toEqual([
      ['one.txt', true],
      ['two.txt', true],
    ]);
    expect((await waitForRun(t, testKey, res.body.id)).status).toBe('succeeded');
  });

  it('answers 413 when the files exceed 4 MB combined, and creates nothing', async () => {
    const wf = await makeWorkflow(t, testKey);
    const before = await t.database.db.collection(COLLECTIONS.documents).countDocuments({ account_id: a.accountId });
    const res = await t.api
      .post(`/v1/workflows/${wf}/runs`)
      .set(auth(testKey))
      .attach('files[]', Buffer.alloc(2_500_000, 'a'), { filename: 'a.txt', contentType: 'text/plain' })
      .attach('files[]', Buffer.alloc(2_500_000, 'b'), { filename: 'b.txt', contentType: 'text/plain' });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    expect((await t.api.get(`/v1/runs?workflow_id=${wf}`).set(auth(testKey))).body.data).toEqual([]);
    expect(await t.database.db.collection(COLLECTIONS.documents).countDocuments({ account_id: a.accountId })).toBe(
      before,
    );
  });

  it('refuses files for a workflow that cannot run before storing any of them', async () => {
    const before = await t.database.db.collection(COLLECTIONS.documents).countDocuments({ account_id: a.accountId });
    const send = (wf: string) =>
      Array.from({ length: 10 }, (_, i) => i).reduce(
        (req, i) =>
          req.attach('files[]', Buffer.from(`file ${i}`), { filename: `f${i}.txt`, contentType: 'text/plain' }),
        t.api.post(`/v1/workflows/${wf}/runs`).set(auth(testKey)),
      );
    const unknown = await send('wf_nope');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found']);
    const paused = await makeWorkflow(t, testKey);
    await t.api.patch(`/v1/workflows/${paused}`).set(auth(testKey)).send({ status: 'paused' }).expect(200);
    const inactive = await send(paused);
    expect([inactive.status, inactive.body.error.code]).toEqual([409, 'workflow_not_active']);
    // Refused before any file was stored (no clock: the count below is what "before" means).
    expect(await t.database.db.collection(COLLECTIONS.documents).countDocuments({ account_id: a.accountId })).toBe(
      before,
    );
  });

  it('hashes each file (bytes and name) for Idempotency-Key', async () => {
    const wf = await makeWorkflow(t, testKey);
    const send = (text: string, filename = 'e.txt') =>
      t.api
        .post(`/v1/workflows/${wf}/runs`)
        .set(auth(testKey))
        .set('Idempotency-Key', 'multipart-1')
        .attach('files[]', Buffer.from(text), { filename, contentType: 'text/plain' });
    const first = await send('Essay version one.');
    expect(first.status).toBe(202);
    const replay = await send('Essay version one.');
    expect(replay.body.id).toBe(first.body.id);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const changed = await send('Essay version two.');
    expect([changed.status, changed.body.error.code]).toEqual([409, 'idempotency_key_reused']);
    const renamed = await send('Essay version one.', 'other-name.txt');
    expect([renamed.status, renamed.body.error.code]).toEqual([409, 'idempotency_key_reused']);
  });
});

describe('a run job without its run', () => {
  it('ends at once, failed, instead of retrying for ever (its database dropped or restored under it)', async () => {
    const runId = newId('run');
    const job = await startRunJob(t.temporal, {
      accountId: a.accountId,
      runId,
      workflowId: 'wf_gone',
      workflowName: 'gone',
      productCode: 'general_evaluation',
      livemode: false,
    });
    await expect(job.result()).resolves.toEqual({ status: 'failed' });
    const history = await job.fetchHistory();
    expect(history.events?.length ?? 0).toBeLessThanOrEqual(20);
    expect(await t.database.db.collection(COLLECTIONS.runs).countDocuments({ _id: runId } as never)).toBe(0);
  });
});

/**
 * The TypeScript SDK and the `assay` CLI against the real stack through a listening API: the README's quickstart as
 * a user runs it, paging, idempotency and typed errors, a real webhook delivery through `webhooks.verify`, batches
 * (create, wait with progress, list, runs by batch, results, cancel), and the CLI's `run --wait --out`, `batch --wait
 * --out results.xlsx` (read back with a spreadsheet library), `runs`, `workflows` and `listen` commands.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import {
  Assay,
  ConflictError,
  InvalidRequestError,
  NotFoundError,
  WebhookVerificationError,
  webhooks,
  type Batch,
} from '../../clients/typescript/src';
import { ROOT, runCli, runProcess, startCli } from '../support/cli';
import { newAccount } from '../support/identity';
import { startListeningApi, type ListeningApi } from '../support/listening-api';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

jest.setTimeout(180_000);

let api: ListeningApi;
let tmp: string;
const receivers: WebhookReceiver[] = [];

async function client(): Promise<{ assay: Assay; key: string }> {
  const key = await (await newAccount(api.t)).key({ mode: 'test' });
  return { assay: new Assay({ apiKey: key, baseUrl: api.baseUrl }), key };
}

const essayWorkflow = (assay: Assay) =>
  assay.workflows.create({ product_code: 'essay_grading', name: 'SDK test', prompt_template_id: 'tpl_rubric_scoring' });

beforeAll(async () => {
  api = await startListeningApi();
  tmp = mkdtempSync(join(tmpdir(), 'assay-sdk-'));
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  rmSync(tmp, { recursive: true, force: true });
  await api?.close();
});

it("the README's TypeScript quickstart uploads a file, runs a test-mode workflow, waits and prints the output", async () => {
  const { assay, key } = await client();
  const result = await runProcess(process.execPath, ['--import', 'tsx', join(ROOT, 'examples', 'quickstart.ts')], {
    ASSAY_API_KEY: key,
    ASSAY_BASE_URL: api.baseUrl,
  });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const [first, ...rest] = result.stdout.trimEnd().split('\n');
  const match = /^(run_\w+) succeeded \(application\/json(; charset=utf-8)?\)$/.exec(first ?? '');
  expect(match).not.toBeNull();
  const run = await assay.runs.get(match![1]!);
  expect(run.status).toBe('succeeded');
  expect(JSON.parse(rest.join('\n'))).toEqual(run.output);
});

it('pages through every run, replays a run for a repeated idempotency key, and throws typed errors', async () => {
  const { assay } = await client();
  const doc = await assay.documents.upload(new TextEncoder().encode('A short essay that cites one source.'), {
    filename: 'short.txt',
  });
  expect(doc).toMatchObject({ object: 'document', filename: 'short.txt', mime_type: 'text/plain', extracted: true });
  const wf = await essayWorkflow(assay);

  const first = await assay.runs.create(wf.id, { input_documents: [doc.id] }, { idempotencyKey: 'same-key' });
  const replay = await assay.runs.create(wf.id, { input_documents: [doc.id] }, { idempotencyKey: 'same-key' });
  expect(replay.id).toBe(first.id);
  const other = await assay.runs.create(wf.id, { input_documents: [doc.id] }); // a generated key: a new run
  const third = await assay.runs.create(wf.id, { input_documents: [doc.id] });
  expect(new Set([first.id, other.id, third.id]).size).toBe(3);

  const listed: string[] = [];
  for await (const run of assay.runs.list({ workflowId: wf.id, limit: 1 })) listed.push(run.id);
  expect(listed.sort()).toEqual([first.id, other.id, third.id].sort());

  const settled = await assay.runs.wait(first.id, { timeoutMs: 60_000 });
  expect(settled.status).toBe('succeeded');
  const output = await assay.runs.output(first.id);
  expect(output.mimeType).toMatch(/^application\/json/);
  expect(JSON.parse(output.text())).toEqual(settled.output);

  const missing = await assay.runs.get('run_00000000000000000000000000').catch((e: unknown) => e);
  expect(missing).toBeInstanceOf(NotFoundError);
  expect(missing).toMatchObject({ status: 404, code: 'not_found', requestId: expect.stringMatching(/^req_/) });
  const notCancelable = await assay.runs.cancel(first.id).catch((e: unknown) => e);
  expect(notCancelable).toBeInstanceOf(ConflictError);
  expect(notCancelable).toMatchObject({ status: 409, code: 'run_not_cancelable' });
});

it('referenceDocuments.upload requests a URL, PUTs and completes; the document is indexed and listed', async () => {
  const { assay } = await client();
  const rubric =
    'Criterion 1: the essay cites peer-reviewed sources.\nCriterion 2: the essay weighs a counter-argument.\n';
  const ref = await assay.referenceDocuments.upload(new TextEncoder().encode(rubric), {
    filename: 'rubric.txt',
    name: 'Rubric',
  });
  expect(ref).toMatchObject({ name: 'Rubric', status: 'processing' });
  const deadline = Date.now() + 60_000;
  let current = await assay.referenceDocuments.get(ref.id);
  while (current.status === 'processing' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    current = await assay.referenceDocuments.get(ref.id);
  }
  expect(current.status).toBe('ready');
  const listed: string[] = [];
  for await (const r of assay.referenceDocuments.list({ limit: 1 })) listed.push(r.id);
  expect(listed).toEqual([ref.id]);
});

it('calibrationSets: create once per key, add items all or none, page them, refuse a bad label by path, delete', async () => {
  const { assay } = await client();
  const doc = await assay.documents.upload(new TextEncoder().encode('An essay about rivers.'), { filename: 'r.txt' });
  const criteria: Parameters<Assay['calibrationSets']['create']>[0]['criteria'] = [
    { key: 'score', pointer: '/score', kind: 'ordinal', min: 1, max: 6 },
    { key: 'on_topic', pointer: '/on_topic', kind: 'boolean' },
  ];
  const set = await assay.calibrationSets.create({ name: 'Essays', criteria }, { idempotencyKey: `ts-${doc.id}` });
  expect(set).toMatchObject({ object: 'calibration_set', item_count: 0 });
  expect(
    (await assay.calibrationSets.create({ name: 'Essays', criteria }, { idempotencyKey: `ts-${doc.id}` })).id,
  ).toBe(set.id);
  const added = await assay.calibrationSets.addItems(set.id, [
    { input_documents: [doc.id], external_id: 'e1', labels: { score: 4, on_topic: true } },
    {
      input_documents: [doc.id],
      labels: {
        score: [
          { rater: 'ana', value: 5 },
          { rater: 'ben', value: 6 },
        ],
      },
    },
    { input_documents: [doc.id], labels: { on_topic: false } },
  ]);
  expect(added.item_count).toBe(3);
  const listed: string[] = [];
  for await (const item of assay.calibrationSets.listItems(set.id, { limit: 2 })) listed.push(item.id);
  expect(listed).toEqual(added.data.map((i) => i.id).reverse());
  const sets: string[] = [];
  for await (const s of assay.calibrationSets.list({ limit: 1 })) sets.push(s.id);
  expect(sets).toEqual([set.id]);

  const refused = await assay.calibrationSets
    .addItems(set.id, [{ input_documents: [doc.id], labels: { score: 9 } }])
    .catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(InvalidRequestError);
  expect(refused).toMatchObject({ status: 400, details: [{ path: 'body.items.0.labels.score' }] });
  expect((await assay.calibrationSets.get(set.id)).item_count).toBe(3);

  expect(await assay.calibrationSets.delete(set.id)).toEqual({ id: set.id, object: 'calibration_set', deleted: true });
  expect(await assay.calibrationSets.get(set.id).catch((e: unknown) => e)).toBeInstanceOf(NotFoundError);
});

it('calibrations: create once per key, wait for the report, list, compare, 404 for an unknown id', async () => {
  const { assay } = await client();
  const doc = await assay.documents.upload(new TextEncoder().encode('An essay about rivers.'), { filename: 'r.txt' });
  const workflow = await essayWorkflow(assay);
  const set = await assay.calibrationSets.create({
    name: 'Essays',
    criteria: [{ key: 'score', pointer: '/overall_score', kind: 'ordinal', min: 1, max: 5 }],
  });
  await assay.calibrationSets.addItems(set.id, [{ input_documents: [doc.id], labels: { score: 3 } }]);
  const created = await assay.calibrations.create(
    workflow.id,
    { calibration_set_id: set.id },
    { idempotencyKey: `ts-${set.id}` },
  );
  expect(created).toMatchObject({ object: 'calibration', status: 'running', livemode: false, criteria: null });
  expect(
    (await assay.calibrations.create(workflow.id, { calibration_set_id: set.id }, { idempotencyKey: `ts-${set.id}` }))
      .id,
  ).toBe(created.id);
  const done = await assay.calibrations.wait(created.id, { timeoutMs: 60_000 });
  expect(done.status).toBe('succeeded');
  expect(done.criteria![0]).toMatchObject({ key: 'score', labelled: 1 });
  expect(done.report_file!.url).toMatch(/^https?:\/\//);
  const listed: string[] = [];
  for await (const c of assay.calibrations.list({ limit: 1 })) listed.push(c.id);
  expect(listed).toEqual([created.id]);
  expect((await assay.calibrations.compare(created.id, created.id)).criteria[0]!.key).toBe('score');
  expect(await assay.calibrations.get('cal_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T').catch((e: unknown) => e)).toBeInstanceOf(
    NotFoundError,
  );
});

it('webhooks.verify accepts a real delivery and refuses it tampered or checked six minutes later', async () => {
  const { assay } = await client();
  const receiver = await startWebhookReceiver();
  receivers.push(receiver);
  const endpoint = await assay.webhookEndpoints.create({ url: receiver.url(), events: ['run.succeeded'] });
  const wf = await essayWorkflow(assay);
  const doc = await assay.documents.upload(join(ROOT, 'examples', 'essay.txt'));
  const run = await assay.runs.create(wf.id, { input_documents: [doc.id] });
  const [delivery] = await receiver.waitFor(1, 60_000);
  const header = delivery!.headers['x-service-signature'] as string;

  const event = webhooks.verify(delivery!.rawBody, header, endpoint.secret);
  expect(event).toMatchObject({ type: 'run.succeeded', data: { run: { id: run.id, status: 'succeeded' } } });
  expect(Assay.webhooks.verify(delivery!.rawBody, header, endpoint.secret).id).toBe(event.id);

  const tampered = Buffer.from(delivery!.rawBody.toString('utf8').replace('"succeeded"', '"failed"'));
  expect(tampered.equals(delivery!.rawBody)).toBe(false);
  expect(() => webhooks.verify(tampered, header, endpoint.secret)).toThrow(WebhookVerificationError);
  const sixMinutesLater = new Date(delivery!.at + 6 * 60_000);
  expect(() => webhooks.verify(delivery!.rawBody, header, endpoint.secret, { now: sixMinutesLater })).toThrow(
    /tolerance 300/,
  );
  expect(() => webhooks.verify(delivery!.rawBody, header, 'whsec_not_the_secret')).toThrow(WebhookVerificationError);
  await assay.webhookEndpoints.delete(endpoint.id);
});

it('webhookEndpoints.rotateSecret answers a new secret, the replaced one signing for 24 h unless told otherwise', async () => {
  const { assay } = await client();
  const receiver = await startWebhookReceiver();
  receivers.push(receiver);
  const endpoint = await assay.webhookEndpoints.create({ url: receiver.url(), events: ['run.succeeded'] });
  const rotated = await assay.webhookEndpoints.rotateSecret(endpoint.id);
  expect(rotated.secret).toMatch(/^whsec_/);
  expect(rotated.secret).not.toBe(endpoint.secret);
  expect(Date.parse(rotated.previous_secret_expires_at!) - Date.now()).toBeGreaterThan(86_000_000);
  const leaked = await assay.webhookEndpoints.rotateSecret(endpoint.id, { previous_secret_expires_in_s: 0 });
  expect([leaked.id, leaked.previous_secret_expires_at]).toEqual([endpoint.id, null]);
  await expect(assay.webhookEndpoints.rotateSecret('whk_nope')).rejects.toBeInstanceOf(NotFoundError);
  await assay.webhookEndpoints.delete(endpoint.id);
});

it('`assay calibrate` on examples/calibration builds the set from the CSV, runs it and prints the per-criterion table', async () => {
  const { assay, key } = await client();
  const env = { ASSAY_API_KEY: key, ASSAY_BASE_URL: api.baseUrl };
  const body = JSON.parse(readFileSync(join(ROOT, 'examples', 'calibration', 'workflow.json'), 'utf8'));
  const wf = await assay.workflows.create(body);
  const ran = await runCli(
    [
      'calibrate',
      wf.id,
      '--labels',
      'examples/calibration/labels.csv',
      '--files',
      'examples/calibration/essays',
      '--wait',
    ],
    env,
  );
  expect(ran.code).toBe(0);
  const lines = ran.stdout.trimEnd().split('\n');
  expect(lines[0]).toMatch(/^criterion +kind +scored\/labelled +agreement/);
  // A test key's stub outputs follow the workflow's output schema, so every item is scored (on stub values).
  expect(lines.slice(1).map((l) => l.split(/ +/).slice(0, 3))).toEqual([
    ['score', 'ordinal', '12/12'],
    ['on_topic', 'boolean', '12/12'],
  ]);
  for (const line of lines.slice(1)) expect(line).toMatch(/ (pass|fail|insufficient_data)$/);
  expect(ran.stderr).toMatch(/calibration cal_\w+ running/);
  const [calibration] = await (async () => {
    const all = [];
    for await (const c of assay.calibrations.list({ limit: 1 })) all.push(c);
    return all;
  })();
  expect(calibration).toMatchObject({ workflow_id: wf.id, items: 12, status: 'succeeded' });
  const set = await assay.calibrationSets.get(calibration!.calibration_set_id);
  expect(set.criteria.map((c) => [c.key, c.kind, c.min, c.max])).toEqual([
    ['score', 'ordinal', 1, 5],
    ['on_topic', 'boolean', null, null],
  ]);
});

it('`assay run … --wait --out` runs a workflow on a file and saves its output; runs and workflows list it', async () => {
  const { assay, key } = await client();
  const env = { ASSAY_API_KEY: key, ASSAY_BASE_URL: api.baseUrl };
  const wf = await essayWorkflow(assay);
  const out = join(tmp, 'output.json');

  const ran = await runCli(['run', wf.id, 'examples/essay.txt', '--wait', '--out', out], env);
  expect(ran.code).toBe(0);
  const runId = /^(run_\w+)\s+succeeded\s+/m.exec(ran.stdout)?.[1];
  expect(runId).toBeDefined();
  expect(ran.stderr).toContain(`wrote ${out} (application/json`);
  const run = await assay.runs.get(runId!);
  expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(run.output);
  expect(run.input_documents).toHaveLength(1);

  const got = await runCli(['runs', 'get', runId!, '--json'], env);
  expect(JSON.parse(got.stdout)).toMatchObject({ id: runId, status: 'succeeded', workflow_id: wf.id });
  const listed = await runCli(['runs', 'list', '--workflow', wf.id], env);
  expect(listed.stdout).toMatch(new RegExp(`^${runId}\\s+succeeded\\s+${wf.id}`, 'm'));
  const workflows = await runCli(['workflows', 'list'], env);
  expect(workflows.stdout).toContain(`${wf.id}  active`);
  const uploaded = await runCli(['upload', 'examples/essay.txt', '--json'], env);
  expect(JSON.parse(uploaded.stdout)).toMatchObject({ object: 'document', filename: 'essay.txt', extracted: true });

  const refused = await runCli(['runs', 'cancel', runId!], env);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/409 run_not_cancelable/);
  const noKey = await runCli(['workflows', 'list'], { ASSAY_API_KEY: 'ak_test_wrong', ASSAY_BASE_URL: api.baseUrl });
  expect(noKey.code).toBe(1);
  expect(noKey.stderr).toMatch(/^error: 401 /);
  const unset = await runCli(['workflows', 'list'], { ASSAY_API_KEY: '', ASSAY_BASE_URL: api.baseUrl });
  expect(unset).toMatchObject({
    code: 1,
    stderr: 'error: an API key is required: pass { apiKey } or set ASSAY_API_KEY\n',
  });
});

it('`assay listen` registers an endpoint, verifies and forwards a run.succeeded, and removes the endpoint on exit', async () => {
  const { assay, key } = await client();
  const forward = await startWebhookReceiver();
  receivers.push(forward);
  const cli = startCli(['listen', '--forward-to', forward.url('/local-app')], {
    ASSAY_API_KEY: key,
    ASSAY_BASE_URL: api.baseUrl,
  });
  try {
    const endpointId = (await cli.waitForOutput(/Endpoint (whk_\w+)/))[1]!;
    const secret = (await cli.waitForOutput(/Webhook signing secret: (whsec_\S+)/))[1]!;
    expect((await assay.webhookEndpoints.get(endpointId)).status).toBe('active');

    const wf = await essayWorkflow(assay);
    const doc = await assay.documents.upload(join(ROOT, 'examples', 'essay.txt'));
    const run = await assay.runs.create(wf.id, { input_documents: [doc.id] });
    const line = await cli.waitForOutput(
      /run\.succeeded\s+(evt_\w+)\s+(whd_\w+)\s+verified\s+--> POST \S+ \[200\]/,
      90_000,
    );

    const [forwarded] = await forward.waitFor(1);
    expect(forwarded!.path).toBe('/local-app');
    expect(forwarded!.headers['x-service-delivery']).toBe(line[2]);
    const event = webhooks.verify(forwarded!.rawBody, forwarded!.headers['x-service-signature'] as string, secret);
    expect(event).toMatchObject({ id: line[1], type: 'run.succeeded', data: { run: { id: run.id } } });
    const recorded: string[] = [];
    for await (const e of assay.events.list({ type: 'run.succeeded', limit: 1 })) recorded.push(e.id);
    expect(recorded).toContain(line[1]);
  } finally {
    cli.child.kill('SIGINT');
  }
  expect(await cli.exited).toBe(0);
  const removed = /Removed endpoint (whk_\w+)/.exec(cli.stdout())?.[1];
  expect(removed).toBeDefined();
  await expect(assay.webhookEndpoints.get(removed!)).rejects.toBeInstanceOf(NotFoundError);
});

/** Three short essays as files named as a user would, in the test's temporary folder. */
function essays(prefix: string): string[] {
  return ['alpha', 'beta', 'gamma'].map((name, i) => {
    const path = join(tmp, `${prefix}-${name}.txt`);
    writeFileSync(path, `Essay ${name}. ${'A paragraph that cites one peer-reviewed source. '.repeat(i + 1)}`);
    return path;
  });
}

const countsSum = (b: Batch) =>
  b.counts.queued + b.counts.running + b.counts.succeeded + b.counts.failed + b.counts.canceled + b.counts.refunded;

it('batches: create (idempotent), wait with progress, list, runs by batch and a JSONL results file matching the runs', async () => {
  const { assay } = await client();
  const wf = await essayWorkflow(assay);
  const docs = await Promise.all(essays('sdk').map((path) => assay.documents.upload(path)));
  const body = {
    items: docs.map((d) => ({ input_documents: [d.id], external_id: d.filename, metadata: { file: d.filename } })),
    metadata: { term: 'autumn' },
    max_concurrency: 2,
  };
  const created = await assay.batches.create(wf.id, body, { idempotencyKey: 'batch-once' });
  expect(created).toMatchObject({
    object: 'batch',
    workflow_id: wf.id,
    livemode: false,
    max_concurrency: 2,
    metadata: { term: 'autumn' },
    counts: { total: 3 },
  });
  expect((await assay.batches.create(wf.id, body, { idempotencyKey: 'batch-once' })).id).toBe(created.id);

  const reads: Batch[] = [];
  const done = await assay.batches.wait(created.id, { intervalMs: 100, onProgress: (b) => void reads.push(b) });
  expect(done).toMatchObject({ id: created.id, status: 'succeeded', counts: { total: 3, succeeded: 3 } });
  expect(reads.at(-1)).toEqual(done);
  for (const read of reads) expect(countsSum(read)).toBe(3);
  expect(await assay.batches.get(created.id)).toEqual(done);

  const listed: string[] = [];
  for await (const b of assay.batches.list({ limit: 1 })) listed.push(b.id);
  expect(listed).toEqual([created.id]);

  const runs: Array<{ id: string; status: string; external_id?: string | null; output?: unknown }> = [];
  for await (const run of assay.runs.list({ batchId: created.id, limit: 2 })) runs.push(run);
  expect(runs.map((r) => r.external_id).sort()).toEqual(docs.map((d) => d.filename).sort());
  expect(runs.every((r) => r.status === 'succeeded')).toBe(true);

  const link = await assay.batches.results(created.id, { format: 'jsonl' });
  expect(link.url).toMatch(/^https?:\/\//);
  const results = await assay.batches.downloadResults(created.id, { format: 'jsonl' });
  expect(results.mimeType).toMatch(/json/);
  const rows = results
    .text()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { external_id: string; run_id: string; status: string });
  expect(rows.map((r) => [r.external_id, r.run_id, r.status]).sort()).toEqual(
    runs.map((r) => [r.external_id, r.id, 'succeeded']).sort(),
  );

  const missing = await assay.batches.get('bat_00000000000000000000000000').catch((e: unknown) => e);
  expect(missing).toBeInstanceOf(NotFoundError);
});

it('batches.cancel stops the items not yet started, and the batch ends canceled with every count settled', async () => {
  const { assay } = await client();
  const wf = await essayWorkflow(assay);
  const doc = await assay.documents.upload(join(ROOT, 'examples', 'essay.txt'));
  const created = await assay.batches.create(wf.id, {
    items: Array.from({ length: 8 }, (_, i) => ({ input_documents: [doc.id], external_id: `copy-${i}` })),
    max_concurrency: 1,
  });
  const canceled = await assay.batches.cancel(created.id);
  expect(canceled.id).toBe(created.id);
  const done = await assay.batches.wait(created.id, { intervalMs: 100, timeoutMs: 120_000 });
  expect(done.status).toBe('canceled');
  expect(done.counts.canceled).toBeGreaterThan(0);
  expect(done.counts.queued + done.counts.running).toBe(0);
  expect(countsSum(done)).toBe(8);
});

it('`assay batch … --wait --out results.xlsx` uploads each file, prints progress and writes a spreadsheet of the runs', async () => {
  const { assay, key } = await client();
  const env = { ASSAY_API_KEY: key, ASSAY_BASE_URL: api.baseUrl };
  const wf = await essayWorkflow(assay);
  const files = essays('cli');
  const out = join(tmp, 'results.xlsx');

  const ran = await runCli(['batch', wf.id, ...files, '--wait', '--out', out, '--max-concurrency', '2'], env);
  expect(ran.code).toBe(0);
  const batchId = /^(bat_\w+)\s+succeeded\s+/m.exec(ran.stdout)?.[1];
  expect(batchId).toBeDefined();
  const progress = ran.stderr.split('\n').filter((l) => l.startsWith(`${batchId}  `));
  expect(progress.length).toBeGreaterThan(0);
  expect(progress.at(-1)).toBe(
    `${batchId}  succeeded  3/3 done: 3 succeeded, 0 failed, 0 canceled, 0 refunded; 0 running, 0 queued`,
  );
  expect(ran.stderr).toContain(`wrote ${out} (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet`);

  const batch = await assay.batches.get(batchId!);
  expect(batch).toMatchObject({ workflow_id: wf.id, status: 'succeeded', max_concurrency: 2, counts: { total: 3 } });
  const runs = new Map<string, string>();
  for await (const run of assay.runs.list({ batchId: batchId! }))
    runs.set((run as { external_id?: string }).external_id ?? '', run.id);
  const names = files.map((f) => f.slice(tmp.length + 1));
  expect([...runs.keys()].sort()).toEqual(names.sort());

  const sheet = XLSX.read(readFileSync(out));
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet.Sheets[sheet.SheetNames[0]!]!);
  expect(rows).toHaveLength(3);
  expect(rows.map((r) => [r.external_id, r.run_id, r.status]).sort()).toEqual(
    names.map((name) => [name, runs.get(name), 'succeeded']).sort(),
  );

  const listed = await runCli(['batches', 'list'], env);
  expect(listed.stdout).toMatch(new RegExp(`^${batchId}\\s+succeeded\\s+${wf.id}\\s+3 items`, 'm'));
  const csv = join(tmp, 'again.csv');
  const again = await runCli(['batches', 'results', batchId!, '--out', csv], env);
  expect(again.code).toBe(0);
  expect(readFileSync(csv, 'utf8').split(/\r?\n/)[0]).toMatch(/external_id/);
  const unstarted = await runCli(['batch', 'wf_00000000000000000000000000', files[0]!], env);
  expect(unstarted.code).toBe(1);
  expect(unstarted.stderr).toMatch(/^error: 404 /);
});

/**
 * The TypeScript SDK's batch methods and the CLI's `batch` checks against a scripted loopback server (no stack):
 * a generated Idempotency-Key kept across a retried creation, `wait` polling with growing pauses and reporting every
 * read, its timeout, paging, the results download from the signed URL without the API key, and the CLI refusing a
 * results file it cannot name before uploading or creating anything. The same flows against the real API are in
 * test/integration/sdk-typescript.test.ts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Assay, ConflictError, WaitTimeoutError, type Batch } from '../../clients/typescript/src';
import { main } from '../../clients/typescript/src/cli';
import { externalIds, progressLine } from '../../clients/typescript/src/cli/batches';

interface Seen {
  at: number;
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}
type Handler = (req: Seen) => { status: number; headers?: Record<string, string>; body?: unknown; raw?: Buffer };

let server: Server;
let origin: string;
let baseUrl: string;
let handle: Handler;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request: Seen = {
        at: Date.now(),
        method: req.method ?? '',
        url: new URL(req.url ?? '/', origin),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(request);
      const a = handle(request);
      if (a.raw) {
        res.writeHead(a.status, a.headers).end(a.raw);
        return;
      }
      res.writeHead(a.status, { 'Content-Type': 'application/json', ...a.headers }).end(JSON.stringify(a.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  baseUrl = `${origin}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  handle = () => ({ status: 500, body: envelope('script_exhausted') });
});

const envelope = (code: string) => ({ error: { code, message: `${code} happened`, request_id: 'req_01TEST' } });

function batch(status: Batch['status'], counts: Partial<Batch['counts']> = {}): Batch {
  const c = { queued: 0, running: 0, succeeded: 0, failed: 0, canceled: 0, refunded: 0, ...counts };
  const total = c.queued + c.running + c.succeeded + c.failed + c.canceled + c.refunded;
  return {
    id: 'bat_1',
    object: 'batch',
    workflow_id: 'wf_1',
    status,
    livemode: false,
    max_concurrency: 10,
    counts: { total, ...c },
    quoted_credits: total,
    charged_credits: c.succeeded,
    metadata: {},
    created_at: '2026-01-01T00:00:00Z',
    started_at: status === 'queued' ? null : '2026-01-01T00:00:01Z',
    finished_at: ['queued', 'running'].includes(status) ? null : '2026-01-01T00:00:09Z',
    economy: false,
    provider_batches: [],
  };
}

const client = (extra: Partial<ConstructorParameters<typeof Assay>[0]> = {}) =>
  new Assay({ apiKey: 'ak_test_x', baseUrl, baseDelayMs: 5, ...extra });

it('creates a batch with a generated Idempotency-Key that a retry repeats, and a new key for the next batch', async () => {
  let calls = 0;
  handle = () =>
    ++calls === 1
      ? { status: 503, body: envelope('service_unavailable') }
      : { status: 202, body: batch('queued', { queued: 2 }) };
  const assay = client();
  const body = {
    items: [
      { input_documents: ['doc_a'], external_id: 'a.txt' },
      { input_documents: ['doc_b'], external_id: 'b.txt', metadata: { row: 2 } },
    ],
    max_concurrency: 5,
  };
  const created = await assay.batches.create('wf_1', body);
  expect(created).toMatchObject({ id: 'bat_1', status: 'queued', counts: { total: 2, queued: 2 } });
  expect(seen.map((s) => `${s.method} ${s.url.pathname}`)).toEqual([
    'POST /v1/workflows/wf_1/batches',
    'POST /v1/workflows/wf_1/batches',
  ]);
  expect(JSON.parse(seen[1]!.body)).toEqual(body);
  expect(seen[1]!.headers['content-type']).toBe('application/json');
  expect(seen[1]!.headers.authorization).toBe('Bearer ak_test_x');
  const keys = seen.map((s) => s.headers['idempotency-key']);
  expect(keys[0]).toMatch(/^sdk-[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);

  await assay.batches.create('wf_1', body);
  expect(seen[2]!.headers['idempotency-key']).not.toBe(keys[0]);
  await assay.batches.create('wf_1', body, { idempotencyKey: 'my-key' });
  expect(seen[3]!.headers['idempotency-key']).toBe('my-key');
});

it('throws the typed error of a refused batch, with its code and request id', async () => {
  handle = () => ({ status: 409, body: envelope('limit_reached') });
  const err = await client()
    .batches.create('wf_1', { items: [{ input_documents: ['doc_a'] }] })
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ConflictError);
  expect(err).toMatchObject({ status: 409, code: 'limit_reached', requestId: 'req_01TEST' });
  expect(seen).toHaveLength(1); // a 409 is not retried
});

it('wait polls until a final status, pausing longer each time, and reports every read to onProgress', async () => {
  const script = [
    batch('queued', { queued: 3 }),
    batch('running', { queued: 1, running: 2 }),
    batch('running', { running: 1, succeeded: 1, failed: 1 }),
    batch('completed_with_failures', { succeeded: 2, failed: 1 }),
  ];
  handle = (req) => {
    expect(`${req.method} ${req.url.pathname}`).toBe('GET /v1/batches/bat_1');
    return { status: 200, body: script.shift() };
  };
  const progress: Array<Batch['counts']> = [];
  const done = await client().batches.wait('bat_1', {
    intervalMs: 40,
    onProgress: (b) => void progress.push(b.counts),
  });
  expect(done.status).toBe('completed_with_failures');
  expect(progress.map((c) => [c.queued, c.running, c.succeeded, c.failed])).toEqual([
    [3, 0, 0, 0],
    [1, 2, 0, 0],
    [0, 1, 1, 1],
    [0, 0, 2, 1],
  ]);
  expect(seen).toHaveLength(4);
  const gaps = seen.slice(1).map((s, i) => s.at - seen[i]!.at);
  expect(gaps[0]).toBeGreaterThanOrEqual(38);
  expect(gaps[1]).toBeGreaterThanOrEqual(58); // 40 × 1.5
  expect(gaps[2]).toBeGreaterThanOrEqual(88); // 40 × 1.5²
});

it('wait gives up after timeoutMs with a WaitTimeoutError naming the batch; the batch is left running', async () => {
  handle = () => ({ status: 200, body: batch('running', { running: 1 }) });
  const err = await client()
    .batches.wait('bat_1', { timeoutMs: 150, intervalMs: 40 })
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(WaitTimeoutError);
  expect(err).toMatchObject({ id: 'bat_1', resource: 'batch', lastStatus: 'running' });
  expect((err as Error).message).toBe('batch bat_1 still running after 150 ms');
  expect(seen.every((s) => s.method === 'GET')).toBe(true); // waiting never cancels
});

it('lists batches across pages and filters runs by batch', async () => {
  handle = (req) => {
    if (req.url.pathname === '/v1/runs') return { status: 200, body: { data: [], next_cursor: null } };
    return req.url.searchParams.get('cursor') === 'c2'
      ? { status: 200, body: { object: 'list', data: [{ ...batch('queued'), id: 'bat_2' }], next_cursor: null } }
      : { status: 200, body: { object: 'list', data: [batch('queued')], next_cursor: 'c2' } };
  };
  const assay = client();
  const ids: string[] = [];
  for await (const b of assay.batches.list({ limit: 1 })) ids.push(b.id);
  expect(ids).toEqual(['bat_1', 'bat_2']);
  expect(seen.map((s) => s.url.search)).toEqual(['?limit=1', '?limit=1&cursor=c2']);

  for await (const run of assay.runs.list({ batchId: 'bat_1', status: 'failed' })) void run;
  expect(seen[2]!.url.pathname).toBe('/v1/runs');
  expect(Object.fromEntries(seen[2]!.url.searchParams)).toEqual({ batch_id: 'bat_1', status: 'failed' });
});

it('results answers the signed link; downloadResults fetches it without the API key', async () => {
  const file = Buffer.from('\uFEFFexternal_id,run_id,status\na.txt,run_1,succeeded\n'); // a BOM, as the API's CSV
  handle = (req) => {
    if (req.url.pathname === '/v1/batches/bat_1/results')
      return {
        status: 200,
        body: {
          url: `${origin}/signed/results.${req.url.searchParams.get('format')}?sig=1`,
          expires_at: '2026-01-01T01:00:00Z',
          mime_type: 'text/csv; charset=utf-8',
        },
      };
    if (req.url.pathname === '/signed/results.csv')
      return { status: 200, raw: file, headers: { 'Content-Type': 'text/csv' } };
    return { status: 404, body: envelope('not_found') };
  };
  const assay = client();
  const link = await assay.batches.results('bat_1', { format: 'jsonl' });
  expect(link.url).toBe(`${origin}/signed/results.jsonl?sig=1`);
  const results = await assay.batches.downloadResults('bat_1'); // csv unless told
  expect(results).toMatchObject({ format: 'csv', mimeType: 'text/csv; charset=utf-8' });
  expect(results.text()).toBe('external_id,run_id,status\na.txt,run_1,succeeded\n');
  expect(Buffer.from(results.bytes).equals(file)).toBe(true);
  const signed = seen.find((s) => s.url.pathname === '/signed/results.csv')!;
  expect(signed.headers.authorization).toBeUndefined();
  expect(seen.filter((s) => s.url.pathname.endsWith('/results')).map((s) => s.url.search)).toEqual([
    '?format=jsonl',
    '?format=csv',
  ]);

  handle = (req) =>
    req.url.pathname === '/v1/batches/bat_1/results'
      ? { status: 200, body: { url: `${origin}/expired`, expires_at: '2026-01-01T01:00:00Z', mime_type: 'text/csv' } }
      : { status: 403, raw: Buffer.from('<Error>Request has expired</Error>') };
  await expect(assay.batches.downloadResults('bat_1')).rejects.toMatchObject({
    code: 'download_failed',
    status: 403,
    message: expect.stringContaining('Request has expired'),
  });
});

describe('assay batch', () => {
  const cli = async (args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main([...args, '--api-key', 'ak_test_x', '--base-url', baseUrl], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    return { code, out, err };
  };

  it('refuses, before uploading anything, a results file whose format it cannot tell or that contradicts --format', async () => {
    const pdf = await cli(['batch', 'wf_1', 'examples/essay.txt', '--out', 'results.pdf']);
    expect(pdf.code).toBe(2);
    expect(pdf.err[0]).toMatch(/name the results file \.csv, \.xlsx or \.jsonl, or give --format/);
    const clash = await cli(['batch', 'wf_1', 'examples/essay.txt', '--out', 'r.csv', '--format', 'xlsx']);
    expect(clash).toMatchObject({ code: 2, err: [expect.stringMatching(/^--out r\.csv is not a \.xlsx file/)] });
    const bad = await cli(['batch', 'wf_1', 'examples/essay.txt', '--format', 'xls', '--out', 'r']);
    expect(bad.err[0]).toMatch(/^--format must be one of csv, xlsx, jsonl/);
    const concurrency = await cli(['batch', 'wf_1', 'examples/essay.txt', '--max-concurrency', '0']);
    expect(concurrency.err[0]).toMatch(/^--max-concurrency must be a whole number/);
    expect((await cli(['batch', 'wf_1'])).err[0]).toMatch(/^batch needs at least one FILE/);
    expect(seen).toEqual([]);
  });

  it('names each item after its file, and by its path where two files share a name', () => {
    expect(externalIds(['a/essay.txt', 'b/essay.txt', 'c/notes.pdf'])).toEqual([
      'a/essay.txt',
      'b/essay.txt',
      'notes.pdf',
    ]);
  });

  it('prints progress as done/total with every count', () => {
    expect(progressLine(batch('running', { queued: 5, running: 2, succeeded: 2, failed: 1 }))).toBe(
      'bat_1  running  3/10 done: 2 succeeded, 1 failed, 0 canceled, 0 refunded; 2 running, 5 queued',
    );
  });
});

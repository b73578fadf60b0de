/**
 * The TypeScript SDK's own behaviour that needs no stack: retries against a scripted loopback server (429 with
 * Retry-After, 503 until the retries run out), typed errors, and webhook verification's refusals.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Assay,
  NotFoundError,
  RateLimitError,
  ServiceUnavailableError,
  WebhookVerificationError,
  retryAfterMs,
  webhooks,
} from '../../clients/typescript/src';

interface Seen {
  at: number;
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}
type Answer = { status: number; headers?: Record<string, string>; body?: unknown };

let server: Server;
let baseUrl: string;
let answers: Answer[] = [];
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ at: Date.now(), method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      const a = answers.shift() ?? {
        status: 500,
        body: { error: { code: 'script_exhausted', message: 'no answer left', request_id: 'req_x' } },
      };
      res.writeHead(a.status, { 'Content-Type': 'application/json', ...a.headers });
      res.end(JSON.stringify(a.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  answers = [];
  seen.length = 0;
});

const RUN = {
  id: 'run_1',
  object: 'run',
  workflow_id: 'wf_1',
  status: 'queued',
  mode: 'async',
  livemode: false,
  quoted_credits: 1,
  charged_credits: null,
  input_documents: [],
  metadata: {},
  result_url: 'x',
  output_format: 'json',
  usage: { input_tokens: null, output_tokens: null, model: null, rag_strategy: null },
  citations: null,
  error: null,
  created_at: '2026-01-01T00:00:00Z',
  started_at: null,
  finished_at: null,
};
const envelope = (code: string) => ({ error: { code, message: `${code} happened`, request_id: 'req_01TEST' } });

it('waits as long as Retry-After says on a 429, then answers the retried request', async () => {
  answers = [
    { status: 429, headers: { 'Retry-After': '1' }, body: envelope('rate_limited') },
    { status: 200, body: RUN },
  ];
  const assay = new Assay({ apiKey: 'ak_test_x', baseUrl, baseDelayMs: 1 });
  const run = await assay.runs.get('run_1');
  expect(run.id).toBe('run_1');
  expect(seen).toHaveLength(2);
  expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
});

it('sends a retried run creation with the same generated Idempotency-Key, so it cannot start two runs', async () => {
  answers = [
    { status: 503, body: envelope('service_unavailable') },
    { status: 202, body: RUN },
  ];
  const assay = new Assay({ apiKey: 'ak_test_x', baseUrl, baseDelayMs: 5 });
  await assay.runs.create('wf_1', { input_documents: ['doc_1'] });
  expect(seen.map((s) => s.method)).toEqual(['POST', 'POST']);
  const keys = seen.map((s) => s.headers['idempotency-key']);
  expect(keys[0]).toMatch(/^sdk-[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  // A second call is another run: a new key.
  answers = [{ status: 202, body: RUN }];
  await assay.runs.create('wf_1', {});
  expect(seen[2]!.headers['idempotency-key']).not.toBe(keys[0]);
});

it('gives up after maxRetries and throws the typed error with code, status and request id', async () => {
  answers = [0, 1, 2].map(() => ({ status: 503, body: envelope('service_unavailable') }));
  const assay = new Assay({ apiKey: 'ak_test_x', baseUrl, maxRetries: 2, baseDelayMs: 5 });
  const err = await assay.runs.get('run_1').catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ServiceUnavailableError);
  expect(err).toMatchObject({ code: 'service_unavailable', status: 503, requestId: 'req_01TEST' });
  expect(seen).toHaveLength(3);

  answers = [{ status: 404, body: envelope('not_found') }];
  const notFound = await assay.runs.get('run_404').catch((e: unknown) => e);
  expect(notFound).toBeInstanceOf(NotFoundError);
  expect(notFound).toMatchObject({ code: 'not_found', status: 404 });
  expect(seen).toHaveLength(4); // a 404 is not retried

  answers = [{ status: 429, headers: { 'Retry-After': '0' }, body: envelope('rate_limited') }];
  const limited = await new Assay({ apiKey: 'ak_test_x', baseUrl, maxRetries: 0 }).runs
    .get('run_1')
    .catch((e: unknown) => e);
  expect(limited).toBeInstanceOf(RateLimitError);
});

it('reads Retry-After as seconds or as an HTTP date', () => {
  expect(retryAfterMs('3')).toBe(3000);
  expect(retryAfterMs(new Date(Date.now() + 10_000).toUTCString())).toBeGreaterThan(8000);
  expect(retryAfterMs('soon')).toBeNull();
  expect(retryAfterMs(null)).toBeNull();
});

it('webhooks.verify accepts a fresh signature and refuses a tampered body, an old timestamp, a wrong secret', () => {
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'run.succeeded',
    created_at: '2026-01-01T00:00:00Z',
    data: { run: RUN },
  });
  const now = Math.floor(Date.now() / 1000);
  const header = webhooks.sign(body, 'whsec_a', now);
  expect(webhooks.verify(body, header, 'whsec_a').id).toBe('evt_1');
  expect(webhooks.verify(Buffer.from(body), header, ['whsec_old', 'whsec_a']).type).toBe('run.succeeded');
  expect(() => webhooks.verify(body.replace('evt_1', 'evt_2'), header, 'whsec_a')).toThrow(WebhookVerificationError);
  expect(() => webhooks.verify(body, header, 'whsec_b')).toThrow(WebhookVerificationError);
  expect(() => webhooks.verify(body, webhooks.sign(body, 'whsec_a', now - 360), 'whsec_a')).toThrow(/tolerance 300/);
  expect(webhooks.verify(body, webhooks.sign(body, 'whsec_a', now - 360), 'whsec_a', { toleranceS: 400 }).id).toBe(
    'evt_1',
  );
  expect(() => webhooks.verify(body, undefined, 'whsec_a')).toThrow(/missing/);
  expect(() => webhooks.verify(body, 't=abc,v1=zz', 'whsec_a')).toThrow(/malformed/);
});

/**
 * The economy batch clients (activities/models/openai-batch.ts, anthropic-batch.ts) over HTTP against a local
 * server speaking each provider's batch protocol (test/support/provider-batch-server.ts): submit, poll, results with
 * a failed request, an expiry with half done, cancel, and a server without a batch API.
 */
import { anthropicBatchClient } from '../../../activities/models/anthropic-batch';
import { ANSWER_TOOL, anthropicProvider } from '../../../activities/models/anthropic';
import { openAiProvider } from '../../../activities/models/openai';
import { openAiBatchClient } from '../../../activities/models/openai-batch';
import {
  EconomyUnavailableError,
  PROVIDER_BATCH_MAX,
  type ProviderBatchClient,
  type ProviderBatchRequest,
} from '../../../activities/models/provider-batch';
import { ModelServer } from '../../support/model-server';
import { ProviderBatchServer, type LineReply } from '../../support/provider-batch-server';

const SCHEMA = {
  type: 'object',
  properties: { score: { type: 'integer' } },
  required: ['score'],
  additionalProperties: false,
};

function requests(n: number): ProviderBatchRequest[] {
  return Array.from({ length: n }, (_, i) => ({
    customId: `run_${i}-s0`,
    request: {
      messages: [
        { role: 'system' as const, content: 'Grade the document.' },
        { role: 'user' as const, content: `document ${i}` },
      ],
      jsonSchema: SCHEMA,
      maxOutputTokens: 500,
    },
  }));
}

/** Each request's answer carries its own index, in the shape each protocol returns structured output. */
function answerOf(customId: string): LineReply {
  const score = Number(/run_(\d+)/.exec(customId)![1]);
  return { content: JSON.stringify({ score }), toolInput: { score }, usage: { input: 300 + score, output: 7 } };
}

const RETRY = { maxRetries: 0, baseMs: 1 };

/** The ordinary adapter of the same slot, pointed at a recording server (`url` ends in /v1). */
function ordinaryAdapter(name: 'openai' | 'anthropic', url: string) {
  return name === 'openai'
    ? openAiProvider({ model: 'gpt-economy', apiKey: 'k', baseUrl: url, timeoutMs: 10_000, retry: RETRY })
    : anthropicProvider({
        model: 'claude-economy',
        apiKey: 'k',
        baseUrl: url.replace(/\/v1$/, ''),
        timeoutMs: 10_000,
        retry: RETRY,
      });
}

const protocols = [
  {
    name: 'openai',
    client: (origin: string) =>
      openAiBatchClient({
        model: 'gpt-economy',
        apiKey: 'sk-test-openai',
        baseUrl: `${origin}/v1`,
        timeoutMs: 10_000,
        retry: RETRY,
      }),
    /** Requests that create a provider batch (the file upload is a separate request). */
    creates: /^\/v1\/batches$/,
  },
  {
    name: 'anthropic',
    client: (origin: string) =>
      anthropicBatchClient({
        model: 'claude-economy',
        apiKey: 'sk-test-anthropic',
        baseUrl: origin,
        timeoutMs: 10_000,
        retry: RETRY,
      }),
    creates: /^\/v1\/messages\/batches$/,
  },
] as const;

let server: ProviderBatchServer;
let origin: string;

beforeEach(async () => {
  server = new ProviderBatchServer();
  server.answer = (customId) => answerOf(customId);
  origin = await server.start();
});

afterEach(() => server.stop());

describe.each(protocols)('$name batch client', ({ name, client: make, creates }) => {
  let client: ProviderBatchClient;
  beforeEach(() => {
    client = make(origin);
  });

  test('submits every request in one provider batch, each exactly as the ordinary adapter sends it', async () => {
    const id = await client.submit(requests(3));
    expect(server.count('POST', creates)).toBe(1);
    const batch = server.batches.get(id)!;
    expect(batch.lines.map((l) => l.customId)).toEqual(['run_0-s0', 'run_1-s0', 'run_2-s0']);
    // The same request made the ordinary way, to a server that records it.
    const ordinary = new ModelServer();
    const url = await ordinary.start();
    try {
      await ordinaryAdapter(name, url).complete(requests(3)[1]!.request);
      expect(batch.lines[1]!.body).toEqual(ordinary.received[0]!.body);
    } finally {
      await ordinary.stop();
    }
  });

  test('polls in progress until the provider ends the batch, then reads every answer by custom id', async () => {
    server.plans.push({ pollsBeforeEnd: 3 });
    const id = await client.submit(requests(4));
    const first = await client.poll(id);
    expect(first).toMatchObject({ id, provider: name, status: 'in_progress', outcome: null });
    expect(first.counts.total === 0 || first.counts.pending === 4).toBe(true);
    expect((await client.poll(id)).status).toBe('in_progress');
    const ended = await client.poll(id);
    expect(ended).toMatchObject({ status: 'ended', outcome: 'completed' });
    expect(ended.counts).toEqual({ total: 4, succeeded: 4, failed: 0, pending: 0 });

    const results = await client.results(id);
    expect(results.map((r) => r.customId).sort()).toEqual(['run_0-s0', 'run_1-s0', 'run_2-s0', 'run_3-s0']);
    const third = results.find((r) => r.customId === 'run_2-s0')!;
    expect(third).toMatchObject({ ok: true, answer: { stop: 'complete', inputTokens: 302, outputTokens: 7 } });
    if (third.ok) expect(JSON.parse(third.answer.text)).toEqual({ score: 2 });
  });

  test('a request the provider failed comes back as an error beside the answers of the others', async () => {
    server.answer = (customId) =>
      customId === 'run_1-s0' ? { error: { status: 500, message: 'upstream broke' } } : answerOf(customId);
    const id = await client.submit(requests(3));
    expect((await client.poll(id)).counts).toEqual({ total: 3, succeeded: 2, failed: 1, pending: 0 });
    const results = await client.results(id);
    expect(results.filter((r) => r.ok).map((r) => r.customId)).toEqual(['run_0-s0', 'run_2-s0']);
    expect(results.find((r) => r.customId === 'run_1-s0')).toMatchObject({
      ok: false,
      reason: 'errored',
      message: 'upstream broke',
    });
  });

  test('a batch that expires with half done: the answered half is read, the rest reported expired', async () => {
    server.plans.push({ expire: true, done: 2 });
    const id = await client.submit(requests(4));
    const state = await client.poll(id);
    expect(state).toMatchObject({ status: 'ended', outcome: 'expired' });
    expect(state.counts.succeeded).toBe(2);
    const results = await client.results(id);
    expect(results.filter((r) => r.ok).map((r) => r.customId)).toEqual(['run_0-s0', 'run_1-s0']);
    expect(
      results
        .filter((r) => !r.ok && r.reason === 'expired')
        .map((r) => r.customId)
        .sort(),
    ).toEqual(['run_2-s0', 'run_3-s0']);
  });

  test('cancel reaches the provider while it works; what it finished is kept, the rest reported canceled', async () => {
    server.plans.push({ pollsBeforeEnd: 10, done: 1 });
    const id = await client.submit(requests(3));
    expect((await client.poll(id)).status).toBe('in_progress');
    expect((await client.cancel(id)).status).toBe('canceling');
    expect(server.count('POST', new RegExp(`/${id}/cancel$`))).toBe(1);
    const ended = await client.poll(id);
    expect(ended).toMatchObject({ status: 'ended', outcome: 'canceled' });
    const results = await client.results(id);
    expect(results.filter((r) => r.ok).map((r) => r.customId)).toEqual(['run_0-s0']);
    expect(results.filter((r) => !r.ok && r.reason === 'canceled')).toHaveLength(2);
    // A second cancel of an ended batch does not reach the provider again.
    expect((await client.cancel(id)).status).toBe('ended');
    expect(server.count('POST', new RegExp(`/${id}/cancel$`))).toBe(1);
  });

  test('a server without a batch API is detected before and at submission, and nothing is created', async () => {
    expect(await client.available()).toBe(true);
    server.batchApi = false;
    expect(await client.available()).toBe(false);
    await expect(client.submit(requests(2))).rejects.toBeInstanceOf(EconomyUnavailableError);
    await expect(client.submit(requests(2))).rejects.toMatchObject({ code: 'economy_unavailable' });
    expect(server.batches.size).toBe(0);
  });

  test('more than the limit, or a custom id the providers refuse, never reaches the server', async () => {
    await expect(client.submit(requests(PROVIDER_BATCH_MAX + 1))).rejects.toThrow(/at most 1000/);
    await expect(
      client.submit([{ customId: 'run 1', request: { messages: [{ role: 'user', content: 'x' }] } }]),
    ).rejects.toThrow(/Custom id/);
    expect(server.received).toHaveLength(0);
  });

  test('the slot key is sent on every batch request', async () => {
    const id = await client.submit(requests(1));
    await client.poll(id);
    await client.results(id);
    const keys = server.received.map((r) => r.headers.authorization);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(new Set(keys)).toEqual(new Set([`Bearer sk-test-${name}`]));
  });
});

test('openai: the structured answer is asked for as a json_schema response format on every line', async () => {
  const id = await protocols[0].client(origin).submit(requests(2));
  for (const line of server.batches.get(id)!.lines)
    expect(line.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'output', schema: SCHEMA, strict: false },
    });
  expect(server.count('POST', '/v1/files')).toBe(1);
});

test('openai: a batch whose input fails validation ends failed with the reason, and has no results', async () => {
  server.plans.push({ fail: 'model gpt-economy is not available for batch' });
  const client = protocols[0].client(origin);
  const id = await client.submit(requests(2));
  const state = await client.poll(id);
  expect(state).toMatchObject({ status: 'ended', outcome: 'failed' });
  expect(state.error).toMatch(/not available for batch/);
  expect(await client.results(id)).toEqual([]);
});

test('anthropic: the structured answer is the forced tool call, read back as its input', async () => {
  const client = protocols[1].client(origin);
  const id = await client.submit(requests(1));
  expect(server.batches.get(id)!.lines[0]!.body.tool_choice).toEqual({ type: 'tool', name: ANSWER_TOOL });
  await client.poll(id);
  const [result] = await client.results(id);
  expect(result).toMatchObject({ ok: true, answer: { text: '{"score":0}', stop: 'complete' } });
});

test('anthropic: a create whose answer was lost is found by its request count and creation time, page after page', async () => {
  const client = protocols[1].client(origin);
  const from = new Date(Date.now() - 5_000);
  const to = new Date(Date.now() + 5_000);
  // More than one page of the listing (100 a page) before the lost one.
  const earlier: string[] = [];
  for (let i = 0; i < 101; i++) earlier.push(await client.submit(requests(1)));
  server.loseCreateAnswers = 1;
  await expect(client.submit(requests(2))).rejects.toThrow();
  await client.submit(requests(3));
  const lost = [...server.batches.values()].find((b) => b.lines.length === 2)!.id;
  expect(await client.createdBetween!(from, to, 2)).toEqual([{ id: lost, createdAt: expect.any(Date) }]);
  const lists = server.count('GET', '/v1/messages/batches');
  expect((await client.createdBetween!(from, to, 1)).map((b) => b.id)).toEqual(earlier);
  expect(server.count('GET', '/v1/messages/batches') - lists).toBe(2);
  expect(await client.createdBetween!(to, new Date(to.getTime() + 60_000), 2)).toEqual([]);
  expect(await client.createdBetween!(new Date(from.getTime() - 60_000), new Date(from.getTime() - 1), 2)).toEqual([]);
});

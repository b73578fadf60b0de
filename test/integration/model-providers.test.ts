/**
 * Both model adapters against a real gateway: LiteLLM's proxy (test/support/litellm.ts), a third-party
 * implementation of OpenAI Chat Completions and Anthropic Messages, answering through its mock responses — and, in
 * front of the local fake, forwarding what an upstream provider does (its `retry-after`, its 401). What LiteLLM's
 * mocks cannot produce over the Anthropic protocol (tool calls, stop reasons, 529 overloaded) is played by the local
 * fake. Every run goes end to end: the API, Temporal, a worker configured like a deployment, the DB and the ledger.
 */
import { testNamespaces } from '../support/env';
import { createTestContext, type TestContext } from '../support/app';
import { newAccount, type TestAccount } from '../support/identity';
import { startGateway, type Gateway } from '../support/litellm';
import { ModelServer } from '../support/model-server';
import { startWorker, type Spawned } from '../support/processes';
import { balance, ledgerOf, makeWorkflow, waitForRun } from '../support/runs';
import { activityAttempts } from '../support/attempts';

const NAMESPACE = testNamespaces().live;
const UPSTREAM_KEY = 'sk-upstream-provider-secret-0123456789';

const SCHEMA = {
  type: 'object',
  properties: { score: { type: 'integer', minimum: 0, maximum: 10 }, verdict: { type: 'string' } },
  required: ['score', 'verdict'],
  additionalProperties: false,
};
const GOOD = { score: 7, verdict: 'Sources are cited well.' };
const ENVELOPE = JSON.stringify({ output: GOOD, evidence: [] });

/** An OpenAI-shaped mock answer LiteLLM returns as given (finish reason, refusal and usage included). */
function completion(message: Record<string, unknown>, finish_reason = 'stop') {
  return {
    id: 'chatcmpl-mock',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'gw-openai-2026',
    choices: [{ index: 0, finish_reason, message: { role: 'assistant', ...message } }],
    usage: { prompt_tokens: 321, completion_tokens: 45, total_tokens: 366 },
  };
}

let gateway: Gateway;
let fake: ModelServer;
let fakeUrl: string;
let t: TestContext;
let worker: Spawned | undefined;
let a: TestAccount;
let key: string;
const auth = () => ({ Authorization: `Bearer ${key}` });

beforeAll(async () => {
  fake = new ModelServer();
  fakeUrl = await fake.start();
  gateway = await startGateway([
    { name: 'gw-openai', params: { model: 'openai/gw-openai', mock_response: completion({ content: ENVELOPE }) } },
    { name: 'gw-claude', params: { model: 'anthropic/gw-claude', mock_response: ENVELOPE } },
    { name: 'gw-context', params: { model: 'openai/gw-context', mock_response: 'litellm.ContextWindowExceededError' } },
    {
      name: 'gw-claude-context',
      params: { model: 'anthropic/gw-claude-context', mock_response: 'litellm.ContextWindowExceededError' },
    },
    { name: 'gw-claude-429', params: { model: 'anthropic/gw-claude-429', mock_response: 'litellm.RateLimitError' } },
    {
      name: 'gw-truncated',
      params: {
        model: 'openai/gw-truncated',
        mock_response: completion({ content: '{"output": {"score": 7, "ver' }, 'length'),
      },
    },
    {
      name: 'gw-refusal',
      params: {
        model: 'openai/gw-refusal',
        mock_response: completion({ content: null, refusal: 'I cannot help with evaluating this.' }),
      },
    },
    {
      name: 'gw-content-filter',
      params: { model: 'openai/gw-content-filter', mock_response: 'Exception: content_filter_policy' },
    },
    { name: 'gw-upstream', params: { model: 'openai/upstream-model', api_base: fakeUrl, api_key: UPSTREAM_KEY } },
  ]);
  t = await createTestContext({ TEMPORAL_NAMESPACE: NAMESPACE });
}, 15 * 60_000);
beforeEach(async () => {
  fake.reset();
  a = await newAccount(t);
  key = await a.key({ mode: 'live' });
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await gateway?.stop();
  await fake?.stop();
});

/** (Re)starts the live worker with these model slots; B unset falls back to A. */
async function useWorker(slots: NodeJS.ProcessEnv): Promise<void> {
  await worker?.stop();
  worker = undefined;
  worker = await startWorker({
    TEMPORAL_NAMESPACE: NAMESPACE,
    MODEL_A_PROVIDER: undefined,
    MODEL_A_BASE_URL: undefined,
    MODEL_A_API_KEY: undefined,
    MODEL_A_MODEL: undefined,
    MODEL_B_PROVIDER: undefined,
    MODEL_B_BASE_URL: undefined,
    MODEL_B_API_KEY: undefined,
    MODEL_B_MODEL: undefined,
    MODEL_MAX_RETRIES: '2',
    MODEL_RETRY_BASE_MS: '50',
    ...slots,
  });
}

function viaGateway(slot: 'A' | 'B', provider: 'openai' | 'anthropic', model: string): NodeJS.ProcessEnv {
  return {
    [`MODEL_${slot}_PROVIDER`]: provider,
    [`MODEL_${slot}_BASE_URL`]: provider === 'openai' ? gateway.openAiUrl : gateway.anthropicUrl,
    [`MODEL_${slot}_API_KEY`]: gateway.key,
    [`MODEL_${slot}_MODEL`]: model,
  };
}

/** Slot A serves file search, slot B full text: the policy picks which configured provider a run uses. */
async function runOn(slot: 'A' | 'B') {
  const wf = await makeWorkflow(t, key, {
    default_model_policy: slot === 'A' ? 'provider-a-file-search' : 'provider-b-1m-fulltext',
    output_schema: SCHEMA,
  });
  const created = await t.api.post(`/v1/workflows/${wf}/runs`).set(auth()).send({});
  expect(created.status).toBe(202);
  return waitForRun(t, key, created.body.id, 90_000);
}

/** A failed run: the stated code, the balance as before, and a charge with its refund in the ledger. */
async function expectRefundedFailure(slot: 'A' | 'B', code: string) {
  const before = await balance(t, key);
  const run = await runOn(slot);
  expect(run.status).toBe('failed');
  expect(run.error.code).toBe(code);
  expect(await balance(t, key)).toEqual(before);
  expect((await ledgerOf(t, run.id)).map((e) => e.kind)).toEqual(['charge', 'refund']);
  return run;
}

async function expectCharged(
  run: { id: string; charged_credits: number; quoted_credits: number },
  before: { pro_credits: number },
) {
  expect(run.charged_credits).toBe(run.quoted_credits);
  expect(run.charged_credits).toBeGreaterThan(0);
  const after = await balance(t, key);
  expect(Math.round((before.pro_credits - after.pro_credits) * 1000)).toBe(Math.round(run.charged_credits * 1000));
  expect((await ledgerOf(t, run.id)).map((e) => e.kind)).toEqual(['charge']);
}

describe('through LiteLLM: live runs end to end', () => {
  beforeAll(
    () => useWorker({ ...viaGateway('A', 'openai', 'gw-openai'), ...viaGateway('B', 'anthropic', 'gw-claude') }),
    120_000,
  );

  it('MODEL_A_PROVIDER=openai: succeeded, charged, usage recorded', async () => {
    const before = await balance(t, key);
    const run = await runOn('A');
    expect(run.status).toBe('succeeded');
    expect(run.output).toEqual(GOOD);
    // The tokens are the provider's, passed on by the gateway; the model is named as the gateway calls it.
    expect(run.usage).toMatchObject({
      input_tokens: 321,
      output_tokens: 45,
      model: 'gw-openai',
      rag_strategy: 'file_search',
    });
    expect(run.manifest.provider).toBe('openai');
    await expectCharged(run, before);
    expect(gateway.requests('/v1/chat/completions')).toEqual([200]);
  });

  it('MODEL_B_PROVIDER=anthropic over /v1/messages: succeeded, charged, usage recorded', async () => {
    const before = await balance(t, key);
    const run = await runOn('B');
    expect(run.status).toBe('succeeded');
    expect(run.output).toEqual(GOOD);
    expect(run.usage.model).toBe('gw-claude');
    expect(run.usage.rag_strategy).toBe('fulltext');
    // LiteLLM counts the tokens of its mock itself: whatever it reports is what the run records.
    expect(Number.isInteger(run.usage.input_tokens) && run.usage.input_tokens > 0).toBe(true);
    expect(Number.isInteger(run.usage.output_tokens) && run.usage.output_tokens > 0).toBe(true);
    expect(run.manifest.provider).toBe('anthropic');
    await expectCharged(run, before);
    expect(gateway.requests('/v1/messages')).toEqual([200]);
  });
});

describe('through LiteLLM: what providers fail with', () => {
  describe('context window', () => {
    beforeAll(
      () =>
        useWorker({ ...viaGateway('A', 'openai', 'gw-context'), ...viaGateway('B', 'anthropic', 'gw-claude-context') }),
      120_000,
    );

    it('a context-window error ends context_too_large without a retry, over both protocols, refunded', async () => {
      const openai = await expectRefundedFailure('A', 'context_too_large');
      expect(openai.error.message).toMatch(/context window/);
      const anthropic = await expectRefundedFailure('B', 'context_too_large');
      expect(anthropic.error.message).toMatch(/context window/);
      expect(gateway.requests('/v1/chat/completions').slice(-1)).toEqual([400]);
      expect(gateway.requests('/v1/messages').slice(-1)).toEqual([400]);
    });
  });

  describe('rate limits', () => {
    beforeAll(
      () =>
        useWorker({ ...viaGateway('A', 'anthropic', 'gw-claude-429'), ...viaGateway('B', 'openai', 'gw-upstream') }),
      120_000,
    );

    it('a 429 from the Anthropic protocol is retried with backoff, then ends model_error, refunded', async () => {
      const seen = gateway.requests('/v1/messages').length;
      await expectRefundedFailure('A', 'model_error');
      // MODEL_MAX_RETRIES=2: the first attempt and two retries, each a 429; the error is final for the activity.
      expect(gateway.requests('/v1/messages').slice(seen)).toEqual([429, 429, 429]);
    });

    it("honours the upstream's retry-after that the gateway passes on, then succeeds", async () => {
      fake.enqueue({ status: 429, headers: { 'Retry-After': '2' } }, { content: ENVELOPE });
      const before = await balance(t, key);
      const run = await runOn('B');
      expect(run.status).toBe('succeeded');
      expect(run.output).toEqual(GOOD);
      await expectCharged(run, before);
      const calls = fake.received.filter((r) => r.path.endsWith('/chat/completions'));
      expect(calls).toHaveLength(2);
      expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(1_900);
      // The gateway held the provider's key; Assay only ever had the gateway's.
      expect(calls[0]!.headers.authorization).toBe(`Bearer ${UPSTREAM_KEY}`);
    });
  });

  describe('answers that are no answer', () => {
    beforeAll(
      () => useWorker({ ...viaGateway('A', 'openai', 'gw-truncated'), ...viaGateway('B', 'openai', 'gw-refusal') }),
      120_000,
    );

    it('a truncated answer gets one repair attempt, then ends output_invalid, refunded', async () => {
      const seen = gateway.requests('/v1/chat/completions').length;
      await expectRefundedFailure('A', 'output_invalid');
      expect(gateway.requests('/v1/chat/completions').slice(seen)).toEqual([200, 200]);
    });

    it('a refusal ends model_refused with what the model said, without a repair attempt, refunded', async () => {
      const seen = gateway.requests('/v1/chat/completions').length;
      const run = await expectRefundedFailure('B', 'model_refused');
      expect(run.error.message).toContain('I cannot help with evaluating this.');
      expect(gateway.requests('/v1/chat/completions').slice(seen)).toEqual([200]);
    });
  });

  describe('requests the provider will not take', () => {
    beforeAll(
      () =>
        useWorker({ ...viaGateway('A', 'openai', 'gw-upstream'), ...viaGateway('B', 'openai', 'gw-content-filter') }),
      120_000,
    );

    it("a request the provider's content filter stops (400) ends model_refused without a retry, refunded", async () => {
      const seen = gateway.requests('/v1/chat/completions').length;
      const run = await expectRefundedFailure('B', 'model_refused');
      expect(run.error.message).toMatch(/content filter/);
      expect(gateway.requests('/v1/chat/completions').slice(seen)).toEqual([400]);
    });

    it('credentials the provider rejects end model_unavailable with an operator log line that holds no key', async () => {
      fake.enqueue({ status: 401 });
      const run = await expectRefundedFailure('A', 'model_unavailable');
      expect(run.error.message).not.toMatch(/key|sk-/i);
      expect(fake.received.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(1); // never retried
      await waitFor(() => worker!.output().includes('rejected its credentials'));
      const line = worker!
        .output()
        .split('\n')
        .find((l) => l.includes('rejected its credentials'))!;
      expect(JSON.parse(line)).toMatchObject({
        level: 50,
        slot: 'A',
        provider: 'openai',
        status: 401,
        variable: 'MODEL_A_API_KEY',
      });
      expect(worker!.output()).not.toContain(gateway.key);
      expect(worker!.output()).not.toContain(UPSTREAM_KEY);
    });
  });
});

describe('Anthropic protocol specifics (local fake)', () => {
  const ANTHROPIC_KEY = 'sk-ant-test-0123456789abcdef';
  beforeAll(
    () =>
      useWorker({
        MODEL_A_PROVIDER: 'anthropic',
        MODEL_A_BASE_URL: fakeUrl.replace(/\/v1$/, ''),
        MODEL_A_API_KEY: ANTHROPIC_KEY,
        MODEL_A_MODEL: 'claude-test-1',
      }),
    120_000,
  );
  const messages = () => fake.received.filter((r) => r.path === '/v1/messages');

  it('enforces the schema through a forced tool, reads the tool input, and maps usage', async () => {
    fake.enqueue({
      toolInput: { output: GOOD, evidence: [] },
      usage: { prompt_tokens: 1234, completion_tokens: 56 },
      model: 'claude-test-1-20260101',
    });
    const before = await balance(t, key);
    const run = await runOn('A');
    expect(run.status).toBe('succeeded');
    expect(run.output).toEqual(GOOD);
    expect(run.usage).toMatchObject({ input_tokens: 1234, output_tokens: 56, model: 'claude-test-1-20260101' });
    await expectCharged(run, before);
    const [request] = messages();
    // The SDK sends the key as x-api-key or as a bearer token, depending on its version.
    expect(String(request!.headers['x-api-key'] ?? request!.headers.authorization)).toContain(ANTHROPIC_KEY);
    expect(request!.body.tools).toHaveLength(1);
    expect(request!.body.tool_choice).toEqual({ type: 'tool', name: request!.body.tools![0]!.name });
    expect((request!.body.tools![0]!.input_schema as { properties: { output: unknown } }).properties.output).toEqual(
      SCHEMA,
    );
    expect(request!.body.system).toMatch(/Output contract/);
    expect(request!.body.messages.every((m) => m.role !== 'system')).toBe(true);
  });

  it('a tool input that breaks the schema is repaired once, then output_invalid', async () => {
    fake.enqueue(
      { toolInput: { output: { score: 'high' }, evidence: [] } },
      { toolInput: { output: { score: 11, verdict: 'x' }, evidence: [] } },
    );
    await expectRefundedFailure('A', 'output_invalid');
    expect(messages()).toHaveLength(2);
    expect(messages()[1]!.body.messages.at(-1)!.content).toMatch(/does not meet the output contract/);
  });

  it('an answer cut off at max_tokens is repaired once, and the repair can succeed', async () => {
    fake.enqueue(
      { content: '{"output": {"score": 7, "ver', stopReason: 'max_tokens' },
      { toolInput: { output: GOOD, evidence: [] } },
    );
    const run = await runOn('A');
    expect(run.status).toBe('succeeded');
    expect(run.output).toEqual(GOOD);
    expect(messages()[1]!.body.messages.at(-1)!.content).toMatch(/cut off/);
  });

  it('529 overloaded is retried after its retry-after, then succeeds', async () => {
    fake.enqueue({ status: 529, headers: { 'retry-after': '2' } }, { toolInput: { output: GOOD, evidence: [] } });
    const run = await runOn('A');
    expect(run.status).toBe('succeeded');
    expect(messages()).toHaveLength(2);
    expect(messages()[1]!.at - messages()[0]!.at).toBeGreaterThanOrEqual(1_900);
  });

  it('a retry-after beyond the call budget fails the run at once instead of outliving its time bound', async () => {
    fake.enqueue({ status: 529, headers: { 'retry-after': '3600' } });
    const run = await expectRefundedFailure('A', 'model_error');
    // Asked once, and its work not retried: the hour's wait was neither taken (the run would still be waiting) nor
    // replaced by Temporal's retries. That no part of it is slept is test/unit/models/retry.test.ts's, on its clock.
    expect(messages()).toHaveLength(1);
    expect((await activityAttempts(t.temporal, run.id)).produceOutput).toBe(1);
  });

  it('stop_reason refusal ends model_refused, refunded', async () => {
    fake.enqueue({ content: 'I will not evaluate this document.', stopReason: 'refusal' });
    const run = await expectRefundedFailure('A', 'model_refused');
    expect(run.error.message).toContain('I will not evaluate this document.');
    expect(messages()).toHaveLength(1);
  });

  it('a rejected API key ends model_unavailable, logged for the operator without the key', async () => {
    fake.enqueue({ status: 401, content: 'invalid x-api-key' });
    await expectRefundedFailure('A', 'model_unavailable');
    expect(messages()).toHaveLength(1);
    await waitFor(() => worker!.output().includes('rejected its credentials'));
    const line = worker!
      .output()
      .split('\n')
      .find((l) => l.includes('rejected its credentials'))!;
    expect(JSON.parse(line)).toMatchObject({
      level: 50,
      slot: 'A',
      provider: 'anthropic',
      status: 401,
      variable: 'MODEL_A_API_KEY',
    });
    expect(worker!.output()).not.toContain(ANTHROPIC_KEY);
  });
});

async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

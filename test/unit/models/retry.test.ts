import { classifyFailure, ModelCallError, retryDelayFromHeaders, withRetries } from '../../../activities/models/retry';

function failing(errors: ModelCallError[], answer = 'ok') {
  let calls = 0;
  return {
    call: async () => {
      const err = errors[calls++];
      if (err) throw err;
      return answer;
    },
    calls: () => calls,
  };
}

function clock() {
  let now = 1_000_000;
  const waits: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
    waits,
  };
}

describe('withRetries', () => {
  it('waits exactly what the server asked for, then answers', async () => {
    const c = clock();
    const f = failing([new ModelCallError('429', 429, 2_000, true), new ModelCallError('529', 529, 5_000, true)]);
    await expect(
      withRetries(f.call, { maxRetries: 3, baseMs: 100, budgetMs: 60_000, sleep: c.sleep, now: c.now }),
    ).resolves.toBe('ok');
    expect(c.waits).toEqual([2_000, 5_000]);
    expect(f.calls()).toBe(3);
  });

  it('backs off exponentially when the server names no delay', async () => {
    const c = clock();
    const f = failing([
      new ModelCallError('503', 503, null, true),
      new ModelCallError('503', 503, null, true),
      new ModelCallError('503', 503, null, true),
    ]);
    await withRetries(f.call, { maxRetries: 3, baseMs: 100, sleep: c.sleep, now: c.now });
    expect(c.waits).toHaveLength(3);
    c.waits.forEach((w, i) => {
      expect(w).toBeGreaterThanOrEqual(100 * 2 ** i * 0.8);
      expect(w).toBeLessThanOrEqual(100 * 2 ** i * 1.2);
    });
  });

  it('gives up at once when the requested delay does not fit the budget', async () => {
    const c = clock();
    const err = new ModelCallError('529', 529, 3_600_000, true);
    const f = failing([err]);
    await expect(
      withRetries(f.call, { maxRetries: 4, baseMs: 100, budgetMs: 8 * 60_000, sleep: c.sleep, now: c.now }),
    ).rejects.toBe(err);
    expect(c.waits).toEqual([]);
    expect(f.calls()).toBe(1);
  });

  it('stops when the waits so far leave no room for the next', async () => {
    const c = clock();
    const f = failing([new ModelCallError('429', 429, 40_000, true), new ModelCallError('429', 429, 40_000, true)]);
    await expect(
      withRetries(f.call, { maxRetries: 4, baseMs: 100, budgetMs: 60_000, sleep: c.sleep, now: c.now }),
    ).rejects.toThrow('429');
    expect(c.waits).toEqual([40_000]);
  });

  it('never retries a final error', async () => {
    const c = clock();
    const f = failing([new ModelCallError('400', 400, null, false, 'context_length')]);
    await expect(withRetries(f.call, { maxRetries: 4, baseMs: 100, sleep: c.sleep, now: c.now })).rejects.toThrow(
      '400',
    );
    expect(f.calls()).toBe(1);
  });
});

describe('retryDelayFromHeaders', () => {
  const from = (headers: Record<string, string>) =>
    retryDelayFromHeaders((name) => headers[name] ?? null, Date.parse('2026-01-01T00:00:00Z'));
  it('reads retry-after-ms, retry-after (seconds or date) and a LiteLLM gateway’s llm_provider-retry-after', () => {
    expect(from({ 'retry-after-ms': '1500', 'retry-after': '9' })).toBe(1_500);
    expect(from({ 'retry-after': '3' })).toBe(3_000);
    expect(from({ 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' })).toBe(10_000);
    expect(from({ 'llm_provider-retry-after': '4' })).toBe(4_000);
    expect(from({})).toBeNull();
  });
});

describe('classifyFailure', () => {
  it.each([
    [
      400,
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 200000 tokens.",
      'context_length',
    ],
    [400, '{"error":{"code":"context_length_exceeded"}}', 'context_length'],
    [400, 'prompt is too long: 250000 tokens > 200000 maximum', 'context_length'],
    [400, 'litellm.ContextWindowExceededError: this is a mock context window exceeded error', 'context_length'],
    [413, 'Request exceeds the maximum context size', 'context_length'],
    [400, 'messages: field required', 'other'],
    [401, 'invalid x-api-key', 'auth'],
    [403, 'permission denied', 'auth'],
    [429, 'too many tokens per minute', 'other'],
    [
      400,
      '{"error":{"code":"content_filter","message":"The response was filtered due to the prompt triggering Azure OpenAI\'s content management policy."}}',
      'refused',
    ],
    [400, 'litellm.MockException: Exception: content_filter_policy', 'refused'],
    [400, 'Your request was rejected as a result of our safety system (content_policy_violation)', 'refused'],
  ] as const)('%i %s → %s', (status, text, kind) => {
    expect(classifyFailure(status, text)).toBe(kind);
  });
});

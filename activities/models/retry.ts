/**
 * When to retry a model call, and how long to wait: 429, 5xx (Anthropic's 529 "overloaded" included) and network
 * failures are retried with exponential backoff and jitter, honouring the server's delay (`retry-after-ms`,
 * `retry-after` in seconds or as an HTTP date, or LiteLLM's `llm_provider-retry-after`, which is how a LiteLLM
 * gateway passes the upstream's header on); any other 4xx is final — retrying a bad request only burns money and
 * time. Every wait must end within the call's time budget, so a long `retry-after` fails the call at once instead
 * of outliving the run's time bound.
 */
export type ModelFailureKind = 'context_length' | 'auth' | 'refused' | 'other';

export class ModelCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterMs: number | null,
    readonly retryable: boolean,
    readonly kind: ModelFailureKind = 'other',
  ) {
    super(message);
    this.name = 'ModelCallError';
  }
}

export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

/** The server's requested delay from response headers, most precise first. */
export function retryDelayFromHeaders(
  get: (name: string) => string | null | undefined,
  now = Date.now(),
): number | null {
  const ms = Number(get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  return retryAfterMs(get('retry-after') ?? get('llm_provider-retry-after'), now);
}

export function isRetryableStatus(status: number | null): boolean {
  return status === null || status === 408 || status === 429 || status >= 500;
}

/**
 * What a provider's error means for the run. Context-length errors come as a 400 (413 from some servers) whose
 * message or code names the limit: OpenAI `context_length_exceeded`, Anthropic "prompt is too long", vLLM and
 * llama.cpp "maximum context length", LiteLLM `ContextWindowExceededError`. A request a content filter stops is
 * a 400 too: Azure `content_filter` ("…content management policy", `ResponsibleAIPolicyViolation`), OpenAI
 * `content_policy_violation`.
 */
export function classifyFailure(status: number | null, text: string): ModelFailureKind {
  if (status === 401 || status === 403) return 'auth';
  if ((status === 400 || status === 413) && CONTEXT_LENGTH.test(text)) return 'context_length';
  if (status === 400 && CONTENT_FILTER.test(text)) return 'refused';
  return 'other';
}

const CONTENT_FILTER = /content[_ ]filter|content[_ ]policy|content management policy|ResponsibleAIPolicyViolation/i;

const CONTEXT_LENGTH =
  /context[_ ]length[_ ]exceeded|context ?window|maximum context length|prompt is too long|too many (input )?tokens|exceeds the (model's )?(context|maximum)/i;

/** One ModelCallError from an SDK's API error, with everything the retry loop and the run need. */
export function modelCallError(
  status: number | null,
  message: string,
  body: unknown,
  headers: (name: string) => string | null | undefined,
): ModelCallError {
  const detail = `${message} ${safeJson(body)}`;
  const kind = classifyFailure(status, detail);
  return new ModelCallError(
    `model server answered ${status ?? 'an error'}: ${message}`,
    status,
    retryDelayFromHeaders(headers),
    isRetryableStatus(status),
    kind,
  );
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

export interface RetryOptions {
  maxRetries: number;
  baseMs: number;
  /** The longest backoff of our own between two attempts (a server's Retry-After is bounded by the budget only). */
  capMs?: number;
  /** The call and its retries end within this long: a wait that would outlast it fails the call instead. */
  budgetMs?: number;
  signal?: AbortSignal;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export async function withRetries<T>(call: () => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  const cap = options.capMs ?? 60_000;
  const deadline = options.budgetMs === undefined ? Number.POSITIVE_INFINITY : now() + options.budgetMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (
        !(err instanceof ModelCallError) ||
        !err.retryable ||
        attempt >= options.maxRetries ||
        options.signal?.aborted
      )
        throw err;
      const backoff = options.baseMs * 2 ** attempt * (0.8 + Math.random() * 0.4);
      // The server's delay is honoured, never shortened: when it does not fit the budget, give up now.
      const wait = err.retryAfterMs ?? Math.min(cap, backoff);
      if (now() + wait > deadline) throw err;
      await sleep(wait);
    }
  }
}

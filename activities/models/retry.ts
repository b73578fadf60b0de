/**
 * When to retry a model call, and how long to wait: 429, 5xx and network failures are retried with exponential
 * backoff and jitter, honouring `Retry-After` (seconds or an HTTP date); any other 4xx is final — retrying a bad
 * request only burns money and time.
 */
export class ModelCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterMs: number | null,
    readonly retryable: boolean,
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

export function isRetryableStatus(status: number | null): boolean {
  return status === null || status === 408 || status === 429 || status >= 500;
}

export interface RetryOptions {
  maxRetries: number;
  baseMs: number;
  /** Never wait longer than this for one retry, whatever Retry-After says. */
  capMs?: number;
  signal?: AbortSignal;
  sleep?: (ms: number) => Promise<void>;
}

export async function withRetries<T>(call: () => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const cap = options.capMs ?? 60_000;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof ModelCallError) || !err.retryable || attempt >= options.maxRetries || options.signal?.aborted) throw err;
      const backoff = options.baseMs * 2 ** attempt * (0.8 + Math.random() * 0.4);
      await sleep(Math.min(cap, err.retryAfterMs ?? backoff));
    }
  }
}

/**
 * The fetch every SDK request goes through: retries 429 and 503 with exponential backoff, honouring `Retry-After`
 * (seconds or an HTTP date), and retries network failures of requests that are safe to repeat (GET, or carrying an
 * Idempotency-Key). Other statuses are answered as they are.
 */

export interface RetryOptions {
  /** Retries after the first attempt (default 3). */
  maxRetries?: number;
  /** First backoff when the answer names no Retry-After (default 500 ms; doubles, with jitter). */
  baseDelayMs?: number;
  /** The longest single wait, Retry-After included (default 30 s). */
  maxDelayMs?: number;
}

const RETRY_STATUSES = new Set([429, 503]);

/** Milliseconds a `Retry-After` value asks for, or null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function backoffMs(attempt: number, options: RetryOptions, retryAfter: string | null): number {
  const max = options.maxDelayMs ?? 30_000;
  const asked = retryAfterMs(retryAfter);
  if (asked !== null) return Math.min(asked, max);
  const base = (options.baseDelayMs ?? 500) * 2 ** attempt;
  return Math.min(max, base / 2 + Math.random() * (base / 2));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function retryingFetch(
  options: RetryOptions = {},
  inner: typeof fetch = globalThis.fetch,
): (request: Request) => Promise<Response> {
  const maxRetries = options.maxRetries ?? 3;
  return async (request: Request) => {
    const repeatable = request.method === 'GET' || request.method === 'HEAD' || request.headers.has('idempotency-key');
    for (let attempt = 0; ; attempt++) {
      // A body can be read once: every attempt sends a copy.
      const copy = request.clone();
      let response: Response;
      try {
        response = await inner(copy);
      } catch (err) {
        if (!repeatable || attempt >= maxRetries) throw err;
        await sleep(backoffMs(attempt, options, null));
        continue;
      }
      if (!RETRY_STATUSES.has(response.status) || attempt >= maxRetries) return response;
      const wait = backoffMs(attempt, options, response.headers.get('retry-after'));
      await response.body?.cancel();
      await sleep(wait);
    }
  };
}

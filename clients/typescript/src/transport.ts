/**
 * What every resource of the client goes through: the typed openapi-fetch client over a retrying fetch
 * (src/retry.ts), the signed-URL transfers, and reading answers. Every refusal becomes an AssayError.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/schema';
import { AssayError } from './errors';
import { retryingFetch, type RetryOptions } from './retry';
import { VERSION } from './version';

export interface PageParams {
  /** Page size, 1–100 (default 20); iteration continues across pages. */
  limit?: number;
}

export class Transport {
  /**
   * The typed openapi-fetch client the resources go through. The package bundles openapi-fetch, so its types are no
   * part of the SDK's public surface: `@internal` keeps this out of the declarations (tsconfig's stripInternal), so a
   * resource takes the transport whole and reads this inside (a signature that destructured it would name it).
   * @internal
   */
  readonly api: Client<paths>;

  constructor(
    apiKey: string,
    baseUrl: string,
    options: RetryOptions,
    private readonly fetchImpl: typeof fetch,
  ) {
    this.api = createClient<paths>({
      baseUrl,
      headers: { Authorization: `Bearer ${apiKey}`, 'User-Agent': `assay-typescript/${VERSION}` },
      fetch: retryingFetch(options, fetchImpl),
    });
  }

  /** GETs a signed URL (no API key: the signature is the authority). */
  async download(url: string, what: string): Promise<Uint8Array> {
    const res = await this.fetchImpl(url);
    if (!res.ok)
      throw new AssayError({
        status: res.status,
        code: 'download_failed',
        message: `the ${what} download failed: ${(await res.text()).slice(0, 300)}`,
      });
    return new Uint8Array(await res.arrayBuffer());
  }

  /** PUTs bytes where the API said, with exactly the headers it named. */
  async put(url: string, headers: Record<string, string>, bytes: Uint8Array): Promise<void> {
    const send = { ...headers };
    delete send['Content-Length']; // fetch derives it from the body
    // fetch takes bytes over an ArrayBuffer only (the DOM's types say so too): copy a view over a shared buffer.
    const body = bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
    const res = await this.fetchImpl(url, { method: 'PUT', headers: send, body });
    if (!res.ok)
      throw new AssayError({
        status: res.status,
        code: 'upload_failed',
        message: `the object store refused the upload: ${(await res.text()).slice(0, 300)}`,
      });
  }
}

interface Result<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

export function unwrap<T>(result: Result<T>): T {
  if (result.error !== undefined || !result.response.ok) throw AssayError.fromResponse(result.response, result.error);
  return result.data as T;
}

/** Every item of a paged list, fetching the next page only when the caller iterates that far. */
export async function* paginate<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ data: T[]; next_cursor: string | null }>,
): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    yield* page.data;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}

/**
 * The `Idempotency-Key` header of a create: the caller's key, or one generated (Web Crypto's UUID, global in browsers
 * and Node 20+), so the SDK's own retries never do the thing twice.
 */
export const idempotencyHeader = (options: { idempotencyKey?: string }) => ({
  'Idempotency-Key': options.idempotencyKey ?? `sdk-${globalThis.crypto.randomUUID()}`,
});

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

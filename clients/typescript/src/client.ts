/**
 * The hand-written layer over the generated types: `new Assay({ apiKey, baseUrl })` with one object per resource.
 * Requests go through openapi-fetch (typed by src/generated/schema.ts) and a retrying fetch (src/retry.ts); every
 * refusal becomes an AssayError. Kept to what the contract promises so fields the API adds later pass through.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './generated/schema';
import { AssayError, WaitTimeoutError } from './errors';
import { retryingFetch, type RetryOptions } from './retry';
import { VERSION } from './version';
import { verify } from './webhooks';
import {
  type Run,
  type Document,
  type PageImage,
  type ReferenceDocument,
  type Workflow,
  type WebhookEndpoint,
  type CreatedWebhookEndpoint,
  type RotatedWebhookEndpoint,
  type Event,
  type RunOutputFile,
  type CreateRunRequest,
  type CreateWorkflowRequest,
  type CreateWebhookEndpointRequest,
  type CalibrationSet,
  type CalibrationItem,
  type AddedCalibrationItems,
  type CreateCalibrationSetRequest,
  type AddCalibrationItemsRequest,
  type Calibration,
  type CalibrationComparison,
  type CreateCalibrationRequest,
  type RunStatus,
  type WebhookDelivery,
  type UsageReport,
  type Balance,
  type Review,
  type ReviewStatus,
  type SubmitReviewRequest,
  TERMINAL_RUN_STATUSES,
  type Batch,
  type CreateBatchRequest,
  type BatchResultsFile,
  FINAL_BATCH_STATUSES,
  type BatchResultsFormat,
  type BatchResults,
  type BatchWaitOptions,
} from './types';

export * from './types';

type Schemas = components['schemas'];

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080/v1';

export interface AssayOptions extends RetryOptions {
  /** An API key (`ak_live_…` / `ak_test_…`); defaults to the ASSAY_API_KEY environment variable. */
  apiKey?: string;
  /** The API's address including `/v1`; defaults to ASSAY_BASE_URL, then the local `npm start` address. */
  baseUrl?: string;
  /** The fetch to send with (tests, proxies); defaults to the global one. */
  fetch?: typeof fetch;
}

/** `path` (read from disk) or the bytes themselves, which then need a filename. */
export type UploadSource = string | Uint8Array;
export interface UploadOptions {
  filename?: string;
  mimeType?: string;
}

const MIME_BY_EXTENSION: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
};

/** The file's name after its last `/` (or `\\`): the SDK runs in browsers too, so no `node:path`. */
const basename = (path: string): string => path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);

export function guessMimeType(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return (dot > 0 && MIME_BY_EXTENSION[filename.slice(dot).toLowerCase()]) || 'application/octet-stream';
}

/** Reads a path from disk on Node; loaded only when a path is given, so a browser bundle never needs `node:fs`. */
async function readPath(path: string): Promise<Uint8Array> {
  const { readFile } = await import('node:fs/promises');
  return new Uint8Array(await readFile(path));
}

/** Web Crypto's UUID: global in browsers and in Node 20+. */
const randomUUID = (): string => globalThis.crypto.randomUUID();

/** An environment variable on Node; nothing in a browser. */
const envVar = (name: string): string | undefined =>
  typeof process === 'undefined' ? undefined : (process.env[name] ?? undefined);

async function readSource(
  source: UploadSource,
  options: UploadOptions,
): Promise<{ bytes: Uint8Array; filename: string; mimeType: string }> {
  const bytes = typeof source === 'string' ? await readPath(source) : source;
  const filename = options.filename ?? (typeof source === 'string' ? basename(source) : undefined);
  if (!filename) throw new TypeError('uploading bytes needs options.filename');
  return { bytes, filename, mimeType: options.mimeType ?? guessMimeType(filename) };
}

interface Result<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

function unwrap<T>(result: Result<T>): T {
  if (result.error !== undefined || !result.response.ok) throw AssayError.fromResponse(result.response, result.error);
  return result.data as T;
}

/** Every item of a paged list, fetching the next page only when the caller iterates that far. */
async function* paginate<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ data: T[]; next_cursor: string | null }>,
): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    yield* page.data;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}

export interface PageParams {
  /** Page size, 1–100 (default 20); iteration continues across pages. */
  limit?: number;
}

export interface RunOutput {
  bytes: Uint8Array;
  mimeType: string;
  /** The run, as read just before the download. */
  run: Run;
  /** The output as text (json, markdown, csv). */
  text(): string;
}

export class Assay {
  /**
   * The typed openapi-fetch client the methods below go through. Private: the package bundles openapi-fetch, so its
   * types are no part of the SDK's public surface.
   */
  private readonly api: Client<paths>;
  readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(options: AssayOptions = {}) {
    const apiKey = options.apiKey ?? envVar('ASSAY_API_KEY');
    if (!apiKey) throw new TypeError('an API key is required: pass { apiKey } or set ASSAY_API_KEY');
    this.baseUrl = (options.baseUrl ?? envVar('ASSAY_BASE_URL') ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    // Bound: a browser's fetch refuses to be called as a method of another object ("Illegal invocation").
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.api = createClient<paths>({
      baseUrl: this.baseUrl,
      headers: { Authorization: `Bearer ${apiKey}`, 'User-Agent': `assay-typescript/${VERSION}` },
      fetch: retryingFetch(options, this.fetchImpl),
    });
  }

  /** GETs a signed URL (no API key: the signature is the authority). */
  private async download(url: string, what: string): Promise<Uint8Array> {
    const res = await this.fetchImpl(url);
    if (!res.ok)
      throw new AssayError({
        status: res.status,
        code: 'download_failed',
        message: `the ${what} download failed: ${(await res.text()).slice(0, 300)}`,
      });
    return new Uint8Array(await res.arrayBuffer());
  }

  /** Verifies a webhook delivery (also exported as `webhooks.verify`). */
  static readonly webhooks = { verify };
  readonly webhooks = { verify };

  /** PUTs bytes where the API said, with exactly the headers it named. */
  private async put(url: string, headers: Record<string, string>, bytes: Uint8Array): Promise<void> {
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

  readonly documents = {
    /** Request an upload URL, PUT the bytes, complete: answers the extracted document. */
    upload: async (source: UploadSource, options: UploadOptions = {}): Promise<Document> => {
      const file = await readSource(source, options);
      const created = unwrap(
        await this.api.POST('/documents', {
          body: { filename: file.filename, mime_type: file.mimeType, size_bytes: file.bytes.byteLength },
        }),
      );
      await this.put(created.upload_url, created.upload_headers, file.bytes);
      // 202: extraction still running after the API's wait; completing again answers once it is done.
      for (;;) {
        const result = await this.api.POST('/documents/{docId}/complete', { params: { path: { docId: created.id } } });
        const doc = unwrap(result);
        if (result.response.status !== 202) return doc;
      }
    },
    text: async (docId: string) =>
      unwrap(await this.api.GET('/documents/{docId}/text', { params: { path: { docId } } })),
    /**
     * A page drawn as an image (PDF pages, scans, image frames), `width` 200–2000 px: citations' `input.boxes` are
     * fractions of it. 409 `no_page_images` for formats without pages; a first request may answer 503 with
     * Retry-After while the page is drawn (retried for you).
     */
    pageImage: async (docId: string, page: number, options: { width?: number } = {}): Promise<PageImage> =>
      unwrap(
        await this.api.GET('/documents/{docId}/pages/{page}', {
          params: { path: { docId, page }, query: { width: options.width } },
        }),
      ),
  };

  readonly referenceDocuments = {
    /** Request an upload URL, PUT the bytes, complete: answers the document, `processing` until indexed. */
    upload: async (
      source: UploadSource,
      options: UploadOptions & { name?: string } = {},
    ): Promise<ReferenceDocument> => {
      const file = await readSource(source, options);
      const created = unwrap(
        await this.api.POST('/reference-documents', {
          body: {
            name: options.name ?? file.filename,
            filename: file.filename,
            mime_type: file.mimeType,
            size_bytes: file.bytes.byteLength,
          },
        }),
      );
      await this.put(created.upload_url, created.upload_headers, file.bytes);
      return unwrap(
        await this.api.POST('/reference-documents/{refId}/complete', { params: { path: { refId: created.id } } }),
      );
    },
    get: async (refId: string) =>
      unwrap(await this.api.GET('/reference-documents/{refId}', { params: { path: { refId } } })),
    delete: async (refId: string) =>
      unwrap(await this.api.DELETE('/reference-documents/{refId}', { params: { path: { refId } } })),
    list: (params: PageParams = {}): AsyncGenerator<ReferenceDocument> =>
      paginate(async (cursor) =>
        unwrap(await this.api.GET('/reference-documents', { params: { query: { ...params, cursor } } })),
      ),
  };

  readonly workflows = {
    create: async (body: CreateWorkflowRequest) => unwrap(await this.api.POST('/workflows', { body })),
    get: async (workflowId: string) =>
      unwrap(await this.api.GET('/workflows/{workflowId}', { params: { path: { workflowId } } })),
    delete: async (workflowId: string) =>
      unwrap(await this.api.DELETE('/workflows/{workflowId}', { params: { path: { workflowId } } })),
    list: (params: PageParams = {}): AsyncGenerator<Workflow> =>
      paginate(async (cursor) =>
        unwrap(await this.api.GET('/workflows', { params: { query: { ...params, cursor } } })),
      ),
  };

  readonly runs = {
    /**
     * Starts a run. Without `idempotencyKey` one is generated, so the SDK's own retries (and a repeated call with
     * the same key) never start or charge a second run.
     */
    create: async (
      workflowId: string,
      body: CreateRunRequest = {},
      options: { idempotencyKey?: string } = {},
    ): Promise<Run> =>
      unwrap(
        await this.api.POST('/workflows/{workflowId}/runs', {
          params: { path: { workflowId } },
          body,
          headers: { 'Idempotency-Key': options.idempotencyKey ?? `sdk-${randomUUID()}` },
        }),
      ),
    get: async (runId: string): Promise<Run> =>
      unwrap(await this.api.GET('/runs/{runId}', { params: { path: { runId } } })),
    cancel: async (runId: string): Promise<Run> =>
      unwrap(await this.api.POST('/runs/{runId}/cancel', { params: { path: { runId } } })),
    /** `batchId`: the runs of one batch's items, each carrying its `external_id`. */
    list: (
      params: PageParams & { workflowId?: string; status?: RunStatus; batchId?: string } = {},
    ): AsyncGenerator<Run> =>
      paginate(async (cursor) =>
        unwrap(
          await this.api.GET('/runs', {
            params: {
              query: {
                limit: params.limit,
                workflow_id: params.workflowId,
                status: params.status,
                cursor,
                batch_id: params.batchId,
              },
            },
          }),
        ),
      ),
    /** Polls until the run is succeeded, failed, canceled or refunded; WaitTimeoutError after `timeoutMs`. */
    wait: async (runId: string, options: { timeoutMs?: number; intervalMs?: number } = {}): Promise<Run> => {
      const timeoutMs = options.timeoutMs ?? 300_000;
      const deadline = Date.now() + timeoutMs;
      let interval = options.intervalMs ?? 250;
      for (;;) {
        const run = await this.runs.get(runId);
        if (TERMINAL_RUN_STATUSES.includes(run.status)) return run;
        if (Date.now() + interval > deadline) throw new WaitTimeoutError(runId, run.status, timeoutMs);
        await new Promise((resolve) => setTimeout(resolve, interval));
        interval = Math.min(interval * 1.5, 5_000);
      }
    },
    /** A fresh signed URL for a succeeded run's output file. */
    outputUrl: async (runId: string): Promise<RunOutputFile> =>
      unwrap(await this.api.GET('/runs/{runId}/output', { params: { path: { runId } } })),
    /** Downloads a succeeded run's output file (the run's own `output_file` link when it carries one). */
    output: async (runId: string): Promise<RunOutput> => {
      const run = await this.runs.get(runId);
      const file = (run as { output_file?: RunOutputFile | null }).output_file ?? (await this.runs.outputUrl(runId));
      const bytes = await this.download(file.url, 'output');
      return { bytes, mimeType: file.mime_type, run, text: () => new TextDecoder().decode(bytes) };
    },
  };

  readonly batches = {
    /**
     * Creates a batch: one run per item, admitted `max_concurrency` at a time. Without `idempotencyKey` one is
     * generated, so the SDK's own retries (and a repeated call with the same key) never create a second batch.
     */
    create: async (
      workflowId: string,
      body: CreateBatchRequest,
      options: { idempotencyKey?: string } = {},
    ): Promise<Batch> =>
      unwrap(
        await this.api.POST('/workflows/{workflowId}/batches', {
          params: { path: { workflowId } },
          body,
          headers: { 'Idempotency-Key': options.idempotencyKey ?? `sdk-${randomUUID()}` },
        }),
      ),
    get: async (batchId: string): Promise<Batch> =>
      unwrap(await this.api.GET('/batches/{batchId}', { params: { path: { batchId } } })),
    /** Cancels the items not yet started; running items finish. Answers the batch. */
    cancel: async (batchId: string): Promise<Batch> =>
      unwrap(await this.api.POST('/batches/{batchId}/cancel', { params: { path: { batchId } } })),
    list: (params: PageParams = {}): AsyncGenerator<Batch> =>
      paginate(async (cursor) =>
        unwrap(await this.api.GET('/batches', { params: { query: { limit: params.limit, cursor } } })),
      ),
    /**
     * Polls until the batch is succeeded, completed_with_failures or canceled, pausing longer between reads as it
     * goes (`intervalMs` growing 1.5 times up to `maxIntervalMs`); `onProgress` sees every read.
     */
    wait: async (batchId: string, options: BatchWaitOptions = {}): Promise<Batch> => {
      const deadline = options.timeoutMs === undefined ? Infinity : Date.now() + options.timeoutMs;
      const maxInterval = options.maxIntervalMs ?? 10_000;
      let interval = Math.min(options.intervalMs ?? 1_000, maxInterval);
      for (;;) {
        const batch = await this.batches.get(batchId);
        await options.onProgress?.(batch);
        if (FINAL_BATCH_STATUSES.includes(batch.status)) return batch;
        if (Date.now() + interval > deadline)
          throw new WaitTimeoutError(batchId, batch.status, options.timeoutMs!, 'batch');
        await new Promise((resolve) => setTimeout(resolve, interval));
        interval = Math.min(interval * 1.5, maxInterval);
      }
    },
    /** A fresh signed URL for the batch's results file, at any time (unfinished items show their status). */
    results: async (batchId: string, options: { format?: BatchResultsFormat } = {}): Promise<BatchResultsFile> =>
      unwrap(
        await this.api.GET('/batches/{batchId}/results', {
          params: { path: { batchId }, query: { format: options.format ?? 'csv' } },
        }),
      ),
    /** Downloads the batch's results file (`format`: csv by default, xlsx or jsonl). */
    downloadResults: async (batchId: string, options: { format?: BatchResultsFormat } = {}): Promise<BatchResults> => {
      const format = options.format ?? 'csv';
      const file = await this.batches.results(batchId, { format });
      const bytes = await this.download(file.url, 'results');
      return { bytes, mimeType: file.mime_type, format, text: () => new TextDecoder().decode(bytes) };
    },
  };

  readonly webhookEndpoints = {
    create: async (body: CreateWebhookEndpointRequest): Promise<CreatedWebhookEndpoint> =>
      unwrap(await this.api.POST('/webhook-endpoints', { body })),
    get: async (whkId: string) =>
      unwrap(await this.api.GET('/webhook-endpoints/{whkId}', { params: { path: { whkId } } })),
    delete: async (whkId: string) =>
      unwrap(await this.api.DELETE('/webhook-endpoints/{whkId}', { params: { path: { whkId } } })),
    list: async (): Promise<WebhookEndpoint[]> => unwrap(await this.api.GET('/webhook-endpoints')).data,
    /** A new signing secret; the replaced one keeps signing for `previous_secret_expires_in_s` (24 h unless given). */
    rotateSecret: async (
      whkId: string,
      options: { previous_secret_expires_in_s?: number } = {},
    ): Promise<RotatedWebhookEndpoint> =>
      unwrap(
        await this.api.POST('/webhook-endpoints/{whkId}/rotate-secret', {
          params: { path: { whkId } },
          // The API fills in the default; the generated type lists defaulted fields as required.
          body: options as Schemas['RotateWebhookSecretRequest'],
        }),
      ),
  };

  /** An endpoint's deliveries, newest first, each with every attempt; `retry` sends one again now. */
  readonly webhookDeliveries = {
    list: (whkId: string, params: PageParams = {}): AsyncGenerator<WebhookDelivery> =>
      paginate(async (cursor) =>
        unwrap(
          await this.api.GET('/webhook-endpoints/{whkId}/deliveries', {
            params: { path: { whkId }, query: { limit: params.limit, cursor } },
          }),
        ),
      ),
    retry: async (whdId: string): Promise<WebhookDelivery> =>
      unwrap(await this.api.POST('/webhook-deliveries/{whdId}/retry', { params: { path: { whdId } } })),
  };

  readonly usage = {
    /** Credits spent and runs counted over a period (default: this UTC month to today); `groupBy` fills `by_workflow`. */
    get: async (params: { from?: string; to?: string; groupBy?: 'workflow' } = {}): Promise<UsageReport> =>
      unwrap(
        await this.api.GET('/usage', {
          params: { query: { from: params.from, to: params.to, group_by: params.groupBy } },
        }),
      ),
    balance: async (): Promise<Balance> => unwrap(await this.api.GET('/usage/balance')),
  };

  readonly calibrationSets = {
    /** Creates a set under an `Idempotency-Key` (generated when not given), so retries never create two. */
    create: async (
      body: CreateCalibrationSetRequest,
      options: { idempotencyKey?: string } = {},
    ): Promise<CalibrationSet> =>
      unwrap(
        await this.api.POST('/calibration-sets', {
          body,
          headers: { 'Idempotency-Key': options.idempotencyKey ?? `sdk-${randomUUID()}` },
        }),
      ),
    get: async (setId: string): Promise<CalibrationSet> =>
      unwrap(await this.api.GET('/calibration-sets/{setId}', { params: { path: { setId } } })),
    delete: async (setId: string) =>
      unwrap(await this.api.DELETE('/calibration-sets/{setId}', { params: { path: { setId } } })),
    list: (params: PageParams = {}): AsyncGenerator<CalibrationSet> =>
      paginate(async (cursor) =>
        unwrap(await this.api.GET('/calibration-sets', { params: { query: { ...params, cursor } } })),
      ),
    /**
     * Adds up to 1,000 items, all or none, under an `Idempotency-Key` (generated when not given), so a retried call
     * never adds its items twice.
     */
    addItems: async (
      setId: string,
      items: AddCalibrationItemsRequest['items'],
      options: { idempotencyKey?: string } = {},
    ): Promise<AddedCalibrationItems> =>
      unwrap(
        await this.api.POST('/calibration-sets/{setId}/items', {
          params: { path: { setId } },
          body: { items },
          headers: { 'Idempotency-Key': options.idempotencyKey ?? `sdk-${randomUUID()}` },
        }),
      ),
    /** Newest first, as the API pages them. */
    listItems: (setId: string, params: PageParams = {}): AsyncGenerator<CalibrationItem> =>
      paginate(async (cursor) =>
        unwrap(
          await this.api.GET('/calibration-sets/{setId}/items', {
            params: { path: { setId }, query: { ...params, cursor } },
          }),
        ),
      ),
  };

  readonly calibrations = {
    /**
     * Runs a calibration set on a workflow (its items × `repeats` as one batch) under an `Idempotency-Key` (generated
     * when not given), so a retried call never starts or charges a second one. Needs `calibrations:write` and
     * `runs:write`.
     */
    create: async (
      workflowId: string,
      body: CreateCalibrationRequest,
      options: { idempotencyKey?: string } = {},
    ): Promise<Calibration> =>
      unwrap(
        await this.api.POST('/workflows/{workflowId}/calibrations', {
          params: { path: { workflowId } },
          body,
          headers: { 'Idempotency-Key': options.idempotencyKey ?? `sdk-${randomUUID()}` },
        }),
      ),
    get: async (calibrationId: string): Promise<Calibration> =>
      unwrap(await this.api.GET('/calibrations/{calibrationId}', { params: { path: { calibrationId } } })),
    /** Newest first, as the API pages them. */
    list: (params: PageParams = {}): AsyncGenerator<Calibration> =>
      paginate(async (cursor) =>
        unwrap(await this.api.GET('/calibrations', { params: { query: { ...params, cursor } } })),
      ),
    /**
     * This calibration's metrics minus `other`'s, per criterion, with paired bootstrap intervals. A worker computes
     * it: while the API answers it pending (202), polls; WaitTimeoutError after `timeoutMs`.
     */
    compare: async (
      calibrationId: string,
      other: string,
      options: { timeoutMs?: number; intervalMs?: number } = {},
    ): Promise<CalibrationComparison> => {
      const timeoutMs = options.timeoutMs ?? 1_800_000;
      const interval = options.intervalMs ?? 5_000;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const answer = unwrap(
          await this.api.GET('/calibrations/{calibrationId}/compare', {
            params: { path: { calibrationId }, query: { with: other } },
          }),
        );
        if (answer.object === 'calibration_comparison') return answer;
        if (Date.now() + interval > deadline) throw new WaitTimeoutError(calibrationId, 'comparing', timeoutMs);
        await new Promise((resolve) => setTimeout(resolve, interval));
      }
    },
    /** Polls until the calibration has finished (its report is in); WaitTimeoutError after `timeoutMs`. */
    wait: async (
      calibrationId: string,
      options: { timeoutMs?: number; intervalMs?: number } = {},
    ): Promise<Calibration> => {
      const timeoutMs = options.timeoutMs ?? 1_800_000;
      const deadline = Date.now() + timeoutMs;
      let interval = options.intervalMs ?? 500;
      for (;;) {
        const calibration = await this.calibrations.get(calibrationId);
        if (calibration.status !== 'running') return calibration;
        if (Date.now() + interval > deadline) throw new WaitTimeoutError(calibrationId, calibration.status, timeoutMs);
        await new Promise((resolve) => setTimeout(resolve, interval));
        interval = Math.min(interval * 1.5, 5_000);
      }
    },
  };

  readonly reviews = {
    /** Pending reviews oldest first (the queue's order); filter by status, workflow or batch. */
    list: (
      params: PageParams & { status?: ReviewStatus; workflowId?: string; batchId?: string } = {},
    ): AsyncGenerator<Review> =>
      paginate(async (cursor) =>
        unwrap(
          await this.api.GET('/reviews', {
            params: {
              query: {
                limit: params.limit,
                cursor,
                status: params.status,
                workflow_id: params.workflowId,
                batch_id: params.batchId,
              },
            },
          }),
        ),
      ),
    retrieve: async (reviewId: string): Promise<Review> =>
      unwrap(await this.api.GET('/reviews/{reviewId}', { params: { path: { reviewId } } })),
    /**
     * Claims the oldest pending review for `reviewer` for 15 minutes; null when the queue is empty (204). Two callers
     * never get the same review.
     */
    claimNext: async (body: { reviewer: string; workflow_id?: string }): Promise<Review | null> => {
      const result = await this.api.POST('/reviews/claim-next', { body });
      if (result.response.status === 204) return null;
      return unwrap(result);
    },
    /** Claims this review (or renews `reviewer`'s own claim); ConflictError `review_claimed` while another holds it. */
    claim: async (reviewId: string, body: { reviewer: string }): Promise<Review> =>
      unwrap(await this.api.POST('/reviews/{reviewId}/claim', { params: { path: { reviewId } }, body })),
    /** Gives `reviewer`'s claim back to the queue. */
    release: async (reviewId: string, body: { reviewer: string }): Promise<Review> =>
      unwrap(await this.api.POST('/reviews/{reviewId}/release', { params: { path: { reviewId } }, body })),
    /**
     * Answers the review under an `Idempotency-Key` (generated when not given), so a retried call completes it once.
     * An open review takes a missing key as the model's value standing; a blind one needs every criterion.
     */
    submit: async (
      reviewId: string,
      body: SubmitReviewRequest,
      options: { idempotencyKey?: string } = {},
    ): Promise<Review> =>
      unwrap(
        await this.api.POST('/reviews/{reviewId}/submit', {
          params: { path: { reviewId } },
          body,
          headers: { 'Idempotency-Key': options.idempotencyKey ?? `sdk-${randomUUID()}` },
        }),
      ),
  };

  readonly events = {
    get: async (eventId: string) => unwrap(await this.api.GET('/events/{eventId}', { params: { path: { eventId } } })),
    /** Newest first, as the API pages them. */
    list: (params: PageParams & { type?: Event['type'] } = {}): AsyncGenerator<Event> =>
      paginate(async (cursor) => unwrap(await this.api.GET('/events', { params: { query: { ...params, cursor } } }))),
  };
}

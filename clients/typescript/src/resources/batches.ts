/** Batches: many runs of one workflow, one per item, waited for with progress, their results file downloaded. */
import { WaitTimeoutError } from '../errors';
import { idempotencyHeader, paginate, sleep, unwrap, type PageParams, type Transport } from '../transport';
import {
  FINAL_BATCH_STATUSES,
  type Batch,
  type BatchResults,
  type BatchResultsFile,
  type BatchResultsFormat,
  type BatchWaitOptions,
  type CreateBatchRequest,
} from '../types';

export function batchesResource(http: Transport) {
  const { api } = http;
  const batches = {
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
        await api.POST('/workflows/{workflowId}/batches', {
          params: { path: { workflowId } },
          body,
          headers: idempotencyHeader(options),
        }),
      ),
    get: async (batchId: string): Promise<Batch> =>
      unwrap(await api.GET('/batches/{batchId}', { params: { path: { batchId } } })),
    /** Cancels the items not yet started; running items finish. Answers the batch. */
    cancel: async (batchId: string): Promise<Batch> =>
      unwrap(await api.POST('/batches/{batchId}/cancel', { params: { path: { batchId } } })),
    list: (params: PageParams = {}): AsyncGenerator<Batch> =>
      paginate(async (cursor) =>
        unwrap(await api.GET('/batches', { params: { query: { limit: params.limit, cursor } } })),
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
        const batch = await batches.get(batchId);
        await options.onProgress?.(batch);
        if (FINAL_BATCH_STATUSES.includes(batch.status)) return batch;
        if (Date.now() + interval > deadline)
          throw new WaitTimeoutError(batchId, batch.status, options.timeoutMs!, 'batch');
        await sleep(interval);
        interval = Math.min(interval * 1.5, maxInterval);
      }
    },
    /** A fresh signed URL for the batch's results file, at any time (unfinished items show their status). */
    results: async (batchId: string, options: { format?: BatchResultsFormat } = {}): Promise<BatchResultsFile> =>
      unwrap(
        await api.GET('/batches/{batchId}/results', {
          params: { path: { batchId }, query: { format: options.format ?? 'csv' } },
        }),
      ),
    /** Downloads the batch's results file (`format`: csv by default, xlsx or jsonl). */
    downloadResults: async (batchId: string, options: { format?: BatchResultsFormat } = {}): Promise<BatchResults> => {
      const format = options.format ?? 'csv';
      const file = await batches.results(batchId, { format });
      const bytes = await http.download(file.url, 'results');
      return { bytes, mimeType: file.mime_type, format, text: () => new TextDecoder().decode(bytes) };
    },
  };
  return batches;
}

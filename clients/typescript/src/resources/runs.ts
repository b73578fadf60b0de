/** Runs: one evaluation of documents by a workflow, waited for, and its output file downloaded. */
import { WaitTimeoutError } from '../errors';
import { idempotencyHeader, paginate, sleep, unwrap, type PageParams, type Transport } from '../transport';
import { TERMINAL_RUN_STATUSES, type CreateRunRequest, type Run, type RunOutputFile, type RunStatus } from '../types';

export interface RunOutput {
  bytes: Uint8Array;
  mimeType: string;
  /** The run, as read just before the download. */
  run: Run;
  /** The output as text (json, markdown, csv). */
  text(): string;
}

export function runsResource(http: Transport) {
  const { api } = http;
  const runs = {
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
        await api.POST('/workflows/{workflowId}/runs', {
          params: { path: { workflowId } },
          body,
          headers: idempotencyHeader(options),
        }),
      ),
    get: async (runId: string): Promise<Run> => unwrap(await api.GET('/runs/{runId}', { params: { path: { runId } } })),
    cancel: async (runId: string): Promise<Run> =>
      unwrap(await api.POST('/runs/{runId}/cancel', { params: { path: { runId } } })),
    /** `batchId`: the runs of one batch's items, each carrying its `external_id`. */
    list: (
      params: PageParams & { workflowId?: string; status?: RunStatus; batchId?: string } = {},
    ): AsyncGenerator<Run> =>
      paginate(async (cursor) =>
        unwrap(
          await api.GET('/runs', {
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
        const run = await runs.get(runId);
        if (TERMINAL_RUN_STATUSES.includes(run.status)) return run;
        if (Date.now() + interval > deadline) throw new WaitTimeoutError(runId, run.status, timeoutMs);
        await sleep(interval);
        interval = Math.min(interval * 1.5, 5_000);
      }
    },
    /** A fresh signed URL for a succeeded run's output file. */
    outputUrl: async (runId: string): Promise<RunOutputFile> =>
      unwrap(await api.GET('/runs/{runId}/output', { params: { path: { runId } } })),
    /** Downloads a succeeded run's output file (the run's own `output_file` link when it carries one). */
    output: async (runId: string): Promise<RunOutput> => {
      const run = await runs.get(runId);
      const file = (run as { output_file?: RunOutputFile | null }).output_file ?? (await runs.outputUrl(runId));
      const bytes = await http.download(file.url, 'output');
      return { bytes, mimeType: file.mime_type, run, text: () => new TextDecoder().decode(bytes) };
    },
  };
  return runs;
}

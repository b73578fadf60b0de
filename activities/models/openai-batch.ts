/**
 * OpenAI's Batch API through the official SDK: the requests go up as a JSONL file (purpose `batch`), one line per
 * custom id, each line's body the Chat Completions request the ordinary adapter sends; the batch runs against
 * `/v1/chat/completions` within `24h`; its output file holds the answers (a request the provider failed with its
 * status code) and its error file the requests that never ran (`batch_expired`, `batch_cancelled`).
 */
import OpenAI, { NotFoundError, toFile } from 'openai';
import type { Batch } from 'openai/resources/batches';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { answerFromCompletion, chatCompletionParams, toModelError, type OpenAiOptions } from './openai';
import {
  batchReads,
  checkBatchRequests,
  EconomyUnavailableError,
  type ProviderBatchClient,
  type ProviderBatchRequest,
  type ProviderBatchResult,
  type ProviderBatchState,
} from './provider-batch';

/** One line of the input file (OpenAI's "request input object"). */
interface InputLine {
  custom_id: string;
  method: 'POST';
  url: '/v1/chat/completions';
  body: ChatCompletionCreateParamsNonStreaming;
}

/** One line of the output or error file (OpenAI's "request output object"). */
interface OutputLine {
  id: string;
  custom_id: string;
  response: { status_code: number; request_id: string; body: unknown } | null;
  error: { code: string; message: string } | null;
}

/** The metadata key naming a batch of ours (`find`). */
const MARKER = 'assay_marker';

export function openAiBatchClient(options: OpenAiOptions): ProviderBatchClient {
  const client = new OpenAI({
    apiKey: options.apiKey ?? 'not-needed-for-local-servers',
    baseURL: options.baseUrl,
    timeout: options.timeoutMs,
    maxRetries: 0,
  });
  const { read, available } = batchReads(toModelError, options.retry);
  const unavailable = (err: unknown, route: string): never => {
    if (err instanceof NotFoundError) throw new EconomyUnavailableError('openai', `404 on ${route}`);
    throw toModelError(err);
  };

  return {
    provider: 'openai',
    available: () => available(() => client.batches.list({ limit: 1 })),
    async find(marker: string) {
      // Newest first: a marker's batch was created moments before the attempt that looks for it.
      const page = await read(() => client.batches.list({ limit: 100 }));
      return page.data.find((b) => b.metadata?.[MARKER] === marker)?.id ?? null;
    },
    async submit(requests: ProviderBatchRequest[], marker?: string) {
      checkBatchRequests(requests);
      const jsonl = requests
        .map(({ customId, request }) =>
          JSON.stringify({
            custom_id: customId,
            method: 'POST',
            url: '/v1/chat/completions',
            body: chatCompletionParams(options.model, request),
          } satisfies InputLine),
        )
        .join('\n');
      const file = await client.files
        .create({ file: await toFile(Buffer.from(jsonl + '\n'), 'economy.jsonl'), purpose: 'batch' })
        .catch((err: unknown) => unavailable(err, 'POST /files'));
      // Not retried: a create whose answer was lost may have made a batch, and a second would be paid for twice.
      const batch = await client.batches
        .create({
          input_file_id: file.id,
          endpoint: '/v1/chat/completions',
          completion_window: '24h',
          ...(marker ? { metadata: { [MARKER]: marker } } : {}),
        })
        .catch((err: unknown) => unavailable(err, 'POST /batches'));
      return batch.id;
    },
    async poll(id) {
      return stateOf(await read(() => client.batches.retrieve(id)));
    },
    async results(id) {
      const batch = await read(() => client.batches.retrieve(id));
      const lines: OutputLine[] = [];
      for (const fileId of [batch.output_file_id, batch.error_file_id]) {
        if (!fileId) continue;
        const text = await read(async () => (await client.files.content(fileId)).text());
        for (const line of text.split('\n')) if (line.trim()) lines.push(JSON.parse(line) as OutputLine);
      }
      return lines.map((line) => resultOf(line, options.model));
    },
    async cancel(id) {
      const batch = await read(() => client.batches.retrieve(id));
      if (['completed', 'failed', 'expired', 'cancelled', 'cancelling'].includes(batch.status)) return stateOf(batch);
      return stateOf(await read(() => client.batches.cancel(id)));
    },
  };
}

function stateOf(batch: Batch): ProviderBatchState {
  const counts = batch.request_counts ?? { total: 0, completed: 0, failed: 0 };
  const outcome =
    batch.status === 'completed'
      ? 'completed'
      : batch.status === 'expired'
        ? 'expired'
        : batch.status === 'cancelled'
          ? 'canceled'
          : batch.status === 'failed'
            ? 'failed'
            : null;
  return {
    id: batch.id,
    provider: 'openai',
    status: outcome ? 'ended' : batch.status === 'cancelling' ? 'canceling' : 'in_progress',
    outcome,
    providerStatus: batch.status,
    counts: {
      total: counts.total,
      succeeded: counts.completed,
      failed: counts.failed,
      pending: Math.max(0, counts.total - counts.completed - counts.failed),
    },
    error: batch.errors?.data?.length
      ? batch.errors.data.map((e) => `${e.line ? `line ${e.line}: ` : ''}${e.message ?? e.code ?? ''}`).join('; ')
      : null,
  };
}

function resultOf(line: OutputLine, model: string): ProviderBatchResult {
  const customId = line.custom_id;
  if (line.error) {
    const reason =
      line.error.code === 'batch_expired' ? 'expired' : line.error.code === 'batch_cancelled' ? 'canceled' : 'errored';
    return { customId, ok: false, reason, status: null, message: line.error.message };
  }
  const status = line.response?.status_code ?? null;
  if (status !== 200) {
    const body = line.response?.body as { error?: { message?: string } } | undefined;
    return { customId, ok: false, reason: 'errored', status, message: body?.error?.message ?? `status ${status}` };
  }
  try {
    return { customId, ok: true, answer: answerFromCompletion(line.response!.body as ChatCompletion, model) };
  } catch (err) {
    return { customId, ok: false, reason: 'errored', status, message: (err as Error).message };
  }
}

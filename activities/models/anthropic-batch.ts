/**
 * Anthropic's Message Batches through the official SDK: one create call carries every request (`custom_id` and the
 * Messages request the ordinary adapter sends, structured answers through the same forced tool); the batch is
 * polled until `processing_status: ended`; its results are streamed as JSONL from `results_url`, each
 * `succeeded`, `errored`, `canceled` or `expired`.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { MessageBatch, MessageBatchIndividualResponse } from '@anthropic-ai/sdk/resources/messages/batches';
import { answerFromMessage, messageParams, toModelError, type AnthropicOptions } from './anthropic';
import {
  batchReads,
  checkBatchRequests,
  EconomyUnavailableError,
  type ProviderBatchClient,
  type ProviderBatchRequest,
  type ProviderBatchResult,
  type ProviderBatchState,
} from './provider-batch';

export function anthropicBatchClient(options: AnthropicOptions): ProviderBatchClient {
  const client = new Anthropic({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    timeout: options.timeoutMs,
    maxRetries: 0,
  });
  const { read, available } = batchReads(toModelError, options.retry);

  return {
    provider: 'anthropic',
    available: () => available(() => client.messages.batches.list({ limit: 1 })),
    // Message batches carry no metadata, and their requests cannot be read back before they end.
    find: () => Promise.resolve(undefined),
    createdBetween: (from, to, requests) =>
      read(async () => {
        const found: Array<{ id: string; createdAt: Date }> = [];
        // Newest first, page after page: the first one older than `from` ends the walk.
        for await (const batch of client.messages.batches.list({ limit: 100 })) {
          const createdAt = new Date(batch.created_at);
          if (createdAt < from) break;
          if (createdAt <= to && stateOf(batch).counts.total === requests) found.push({ id: batch.id, createdAt });
        }
        return found.reverse();
      }),
    async submit(requests: ProviderBatchRequest[]) {
      checkBatchRequests(requests);
      try {
        // Not retried: a create whose answer was lost may have made a batch, and a second would be paid for twice.
        const batch = await client.messages.batches.create({
          requests: requests.map(({ customId, request }) => ({
            custom_id: customId,
            params: messageParams(options.model, request),
          })),
        });
        return batch.id;
      } catch (err) {
        if (err instanceof Anthropic.NotFoundError)
          throw new EconomyUnavailableError('anthropic', '404 on POST /v1/messages/batches');
        throw toModelError(err);
      }
    },
    async poll(id) {
      return stateOf(await read(() => client.messages.batches.retrieve(id)));
    },
    async results(id) {
      return read(async () => {
        const out: ProviderBatchResult[] = [];
        for await (const line of await client.messages.batches.results(id)) out.push(resultOf(line, options.model));
        return out;
      });
    },
    async cancel(id) {
      const batch = await read(() => client.messages.batches.retrieve(id));
      if (batch.processing_status !== 'in_progress') return stateOf(batch);
      return stateOf(await read(() => client.messages.batches.cancel(id)));
    },
  };
}

function stateOf(batch: MessageBatch): ProviderBatchState {
  const c = batch.request_counts;
  const total = c.processing + c.succeeded + c.errored + c.canceled + c.expired;
  const ended = batch.processing_status === 'ended';
  // An ended batch's outcome is its worst part: any expiry means the window closed, a cancel that it was canceled.
  const outcome = !ended ? null : c.expired > 0 ? 'expired' : batch.cancel_initiated_at ? 'canceled' : 'completed';
  return {
    id: batch.id,
    provider: 'anthropic',
    status: ended ? 'ended' : batch.processing_status === 'canceling' ? 'canceling' : 'in_progress',
    outcome,
    providerStatus: batch.processing_status,
    counts: { total, succeeded: c.succeeded, failed: c.errored + c.canceled + c.expired, pending: c.processing },
    error: null,
  };
}

function resultOf(line: MessageBatchIndividualResponse, model: string): ProviderBatchResult {
  const customId = line.custom_id;
  const r = line.result;
  if (r.type === 'succeeded') return { customId, ok: true, answer: answerFromMessage(r.message, model) };
  if (r.type === 'errored')
    return { customId, ok: false, reason: 'errored', status: null, message: r.error.error.message };
  return {
    customId,
    ok: false,
    reason: r.type,
    status: null,
    message: r.type === 'expired' ? 'The batch expired before this request ran.' : 'The batch was canceled first.',
  };
}

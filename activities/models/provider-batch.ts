/**
 * Economy batches from the provider's side (issue 58): one small interface over OpenAI's
 * Batch API and Anthropic's Message Batches. A client submits up to PROVIDER_BATCH_MAX model requests, each under a
 * custom id of ours, and gets the provider batch's id; polls it (status and counts, the same words for both
 * providers); reads its results once it has ended (per custom id an answer or why there is none); cancels it. The
 * requests are the ones the ordinary adapters send (`chatCompletionParams`, `messageParams`), so an answer read from
 * a batch goes through the same validation as an ordinary one. Every method is safe to repeat except `submit`,
 * which creates a batch: callers record its id before anything else (a second batch would be paid for twice).
 */
import { CUSTOM_ID, PROVIDER_BATCH_MAX } from '../../domain/batches/economy';
import type { ModelAnswer, ModelRequest } from './gateway';
import { ModelCallError, withRetries, type RetryOptions } from './retry';

export { CUSTOM_ID, PROVIDER_BATCH_MAX };

export type BatchProvider = 'openai' | 'anthropic';

export interface ProviderBatchRequest {
  customId: string;
  request: Omit<ModelRequest, 'signal'>;
}

export interface ProviderBatchState {
  id: string;
  provider: BatchProvider;
  /** `ended` once no request will be answered any more: results can be read. */
  status: 'in_progress' | 'canceling' | 'ended';
  /** How it ended: every request ran (`completed`), the 24-hour window closed first, it was canceled, or it failed. */
  outcome: 'completed' | 'expired' | 'canceled' | 'failed' | null;
  /** The provider's own status word (`validating`, `finalizing`, `in_progress`, `ended`…), for the batch's record. */
  providerStatus: string;
  counts: { total: number; succeeded: number; failed: number; pending: number };
  /** Why a whole batch failed (OpenAI's validation errors), else null. */
  error: string | null;
}

export type ProviderBatchResult =
  | { customId: string; ok: true; answer: ModelAnswer }
  | {
      customId: string;
      ok: false;
      /** `errored`: the provider tried and failed (status when it said); `expired`/`canceled`: never ran. */
      reason: 'errored' | 'expired' | 'canceled';
      status: number | null;
      message: string;
    };

export interface ProviderBatchClient {
  readonly provider: BatchProvider;
  /** False when the slot's server has no batch API (404 on its batch route): economy is unavailable there. */
  available(): Promise<boolean>;
  /**
   * Creates one provider batch; throws EconomyUnavailableError on a 404 batch route. `marker` (ours, unique per
   * provider batch) goes with it where the protocol keeps metadata, so `find` can tell whether it was created.
   */
  submit(requests: ProviderBatchRequest[], marker?: string): Promise<string>;
  /**
   * The provider batch created with `marker`, or null; undefined where the protocol keeps no metadata (Anthropic):
   * the caller cannot tell.
   */
  find(marker: string): Promise<string | null | undefined>;
  /**
   * Where `find` cannot tell (Anthropic): the provider batches of exactly `requests` requests created between `from`
   * and `to` by the provider's clock, oldest first — what a retried submit may adopt (docs/decisions.md 793).
   */
  createdBetween?(from: Date, to: Date, requests: number): Promise<Array<{ id: string; createdAt: Date }>>;
  poll(id: string): Promise<ProviderBatchState>;
  /**
   * The results of an ended batch, one per custom id the provider reported. A custom id absent from them was not
   * answered (e.g. OpenAI's batch failed validation): the caller treats it like an expired one.
   */
  results(id: string): Promise<ProviderBatchResult[]>;
  /** Asks the provider to cancel; a batch already ended is left as it is. Returns the state after the request. */
  cancel(id: string): Promise<ProviderBatchState>;
}

/** The slot's server answers 404 on its batch route: the API answers it 409 `economy_unavailable`. */
export class EconomyUnavailableError extends Error {
  readonly code = 'economy_unavailable';
  constructor(
    readonly provider: BatchProvider,
    detail: string,
  ) {
    super(`The model server of this ${provider} slot has no batch API (${detail}).`);
    this.name = 'EconomyUnavailableError';
  }
}

/** Throws a plain Error naming the first problem with a set of requests, before anything reaches the provider. */
export function checkBatchRequests(requests: ProviderBatchRequest[]): void {
  if (requests.length === 0) throw new Error('A provider batch needs at least one request.');
  if (requests.length > PROVIDER_BATCH_MAX)
    throw new Error(`A provider batch holds at most ${PROVIDER_BATCH_MAX} requests (got ${requests.length}).`);
  const seen = new Set<string>();
  for (const { customId } of requests) {
    if (!CUSTOM_ID.test(customId)) throw new Error(`Custom id ${JSON.stringify(customId)} is not [A-Za-z0-9_-]{1,64}.`);
    if (seen.has(customId)) throw new Error(`Custom id ${customId} appears twice.`);
    seen.add(customId);
  }
}

/**
 * Runs reads of a provider batch (list, retrieve, results, cancel), which are safe to repeat, under the ordinary
 * retry policy, each SDK error turned into a ModelCallError by the adapter's own mapping.
 */
export function batchReads(toModelError: (err: unknown) => Error, retry: RetryOptions) {
  const read = <T>(call: () => Promise<T>): Promise<T> =>
    withRetries(async () => {
      try {
        return await call();
      } catch (err) {
        throw toModelError(err);
      }
    }, retry);
  /** False when listing batches answers 404: the server has no batch API. */
  const available = async (list: () => Promise<unknown>): Promise<boolean> => {
    try {
      await read(list);
      return true;
    } catch (err) {
      if (err instanceof ModelCallError && err.status === 404) return false;
      throw err;
    }
  };
  return { read, available };
}

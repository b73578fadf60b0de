/**
 * Economy batches' own records and arithmetic (issue 58): the discounted quote, the
 * custom id each model request carries through a provider batch, how a batch's live items are grouped into provider
 * batches, and the quote hook batch creation calls.
 */
import type { Db } from 'mongodb';
import { z } from 'zod';
import { DEFAULT_ECONOMY_DISCOUNT, economyQuoteMilli, findProduct } from '../catalog/catalog';
import type { EvaluationWorkflowDoc } from '../evaluation-workflows/evaluation-workflows';
import { errors } from '../http/errors';
import type { Config } from '../platform/config';
import type { Caller } from '../runs';

export { DEFAULT_ECONOMY_DISCOUNT, economyQuoteMilli };

/** Requests per provider batch: both providers allow more; this bounds what one expiry or failure costs. */
export const PROVIDER_BATCH_MAX = 1000;

/** What both providers accept as a custom id (Anthropic's pattern is the narrower one). */
export const CUSTOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The custom id of sample `sample` (0-based) of a run's model call; run ids are `run_` and 26 characters. */
export function customIdFor(runId: string, sample: number): string {
  const id = `${runId}-s${sample}`;
  if (!CUSTOM_ID.test(id)) throw new Error(`run id ${JSON.stringify(runId)} cannot carry a custom id`);
  return id;
}

/** The run and sample a custom id names, or null for one that is not ours (a provider never invents one, but…). */
export function parseCustomId(customId: string): { runId: string; sample: number } | null {
  const m = /^(.+)-s(\d+)$/.exec(customId);
  return m ? { runId: m[1]!, sample: Number(m[2]) } : null;
}

/**
 * Groups items, in order, into provider batches of at most `max` requests, each item's k samples kept in the same
 * provider batch (a run's samples are answered together or not at all, so a run never waits on two provider batches
 * and one expiry touches whole runs). An item asking for more than `max` requests is a programming error.
 */
export function planProviderBatches<T extends { samples: number }>(
  items: readonly T[],
  max = PROVIDER_BATCH_MAX,
): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    if (!Number.isInteger(item.samples) || item.samples < 1 || item.samples > max)
      throw new Error(`an item needs 1–${max} requests, not ${item.samples}`);
    if (size + item.samples > max) {
      groups.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += item.samples;
  }
  if (current.length) groups.push(current);
  return groups;
}

/** One provider batch as a batch lists it (`provider_batches`). */
export const ProviderBatch = z
  .object({
    id: z.string().meta({ description: "The provider's batch id.", example: 'msgbatch_013Zva2CMHLNnXjNJJKqJ2EF' }),
    provider: z.enum(['openai', 'anthropic']),
    status: z.enum(['in_progress', 'canceling', 'completed', 'expired', 'canceled', 'failed']),
    requests: z.number().int().meta({ description: 'Model requests in it (an item with k samples counts k).' }),
  })
  .meta({ id: 'ProviderBatch' });
export type ProviderBatch = z.infer<typeof ProviderBatch>;

/**
 * Whether the model servers a live run may use have a batch API: slot A, and slot B unless it falls back to A (which
 * slot a run uses is decided at run time, so both must serve it). Known from configuration (`MODEL_<slot>_BATCH_API`,
 * true unless a server without one is declared), never by calling the server from a request: a slot with no provider
 * at all has none either.
 */
export function economyAvailable(config: Config): boolean {
  const configured = (s: 'A' | 'B') => Boolean(config[`MODEL_${s}_PROVIDER`] && config[`MODEL_${s}_MODEL`]);
  if (!configured('A') || !config.MODEL_A_BATCH_API) return false;
  return !configured('B') || config.MODEL_B_BATCH_API;
}

/**
 * The quote of an economy batch's items: the product's `economy_discount` of each ordinary quote. Live keys are
 * refused 409 `economy_unavailable` where a slot's server has no batch API: the items would
 * otherwise run through the ordinary API at the discounted price. Test keys are stubbed like every test-mode run.
 */
export async function economyQuoter<T>(
  db: Db,
  config: Config,
  caller: Pick<Caller, 'livemode'>,
  workflow: Pick<EvaluationWorkflowDoc, 'product_code'>,
  ordinary: (input: T) => number,
): Promise<(input: T) => number> {
  if (caller.livemode && !economyAvailable(config))
    throw errors.conflict(
      'economy_unavailable',
      'This deployment’s model server has no batch API, so economy batches are not served; create the batch without `economy`.',
    );
  const product = await findProduct(db, workflow.product_code);
  const discount = product?.pricing.economy_discount ?? DEFAULT_ECONOMY_DISCOUNT;
  return (input) => economyQuoteMilli(ordinary(input), discount);
}

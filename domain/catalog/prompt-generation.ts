/**
 * Prompt generation for POST /prompt-templates/generate. A live key pays the catalog's
 * `credits_per_generation` through the credits ledger, keyed by the generation's id (`gen_…`), so the charge and
 * its refund each happen exactly once; the charge is counted in the usage rollup. Short of credits: 402, and no model
 * is called. The generation fails, times out, or no model wrote it (no provider configured, or the model failed and
 * the category template was used): the charge is refunded, since only a model-written prompt is what was paid for.
 * Test keys get the deterministic template for free. The drafting itself is a short workflow on the runs queue (the
 * API never calls a model).
 *
 * The charge is taken on the request path and settled there, so a request that never finished (its API process
 * died, or the refund failed with the database) would leave it charged for nothing: a live generation is on the
 * reconciler's watch list from before its charge until its outcome is settled, and one still there after
 * ABANDONED_GENERATION_MS is refunded by the reconciler (`settleAbandonedGeneration`).
 */
import type { Db } from 'mongodb';
import { GENERATION_PRICING, type OutputFormat, type TemplateCategory } from './catalog';
import { charge, ledgerEntry, refund, toCredits, toMilli } from '../billing/credits';
import { ApiError, errors } from '../http/errors';
import { newId } from '../platform/ids';
import { generatePromptJob, type TemporalHandle } from '../jobs';
import type { TenantDb } from '../store';
import { countGenerationUsage } from '../billing/usage-rollup';
import type { GeneratePromptInput } from '../jobs/contract';
import { defineDeadline } from '../store';

export const PROMPT_WAIT_MS = 30_000;

/** How long a watched generation may go unsettled before the reconciler takes it for abandoned: far past any wait. */
export const ABANDONED_GENERATION_MS = 5 * 60_000;

/**
 * Live generations charged and not yet settled, each set (at its start) before its charge and cleared once settled
 * either way: one never cleared (the process died, the database went away) is due to the reconciler, which refunds
 * it, ABANDONED_GENERATION_MS after its start.
 */
export const UNSETTLED_GENERATIONS = defineDeadline('generations');

export interface GenerationDeps {
  db: Db;
  temporal: TemporalHandle;
}

export interface GenerationRequest {
  goal: string;
  category: TemplateCategory;
  output_format?: OutputFormat | null;
}

export async function generatePrompt(
  deps: GenerationDeps,
  tenant: TenantDb,
  caller: { livemode: boolean },
  request: GenerationRequest,
  waitMs = PROMPT_WAIT_MS,
) {
  const id = newId('generation');
  const at = new Date();
  const priceMilli = caller.livemode ? toMilli(GENERATION_PRICING.credits_per_generation) : 0;
  if (priceMilli === 0) return draft(deps, id, request, caller, waitMs, async () => undefined);
  await UNSETTLED_GENERATIONS.set(deps.db, { id, accountId: tenant.accountId, namespace: deps.temporal.namespace, at });
  const charged = await charge(deps.db, tenant.accountId, id, priceMilli);
  if (!charged.ok) {
    await UNSETTLED_GENERATIONS.clear(deps.db, id);
    throw new ApiError(
      402,
      'insufficient_credits',
      `A prompt generation costs ${toCredits(priceMilli)} credits; the balance is lower.`,
    );
  }
  // Settled: delivered (charged, or refunded because no model wrote it), or refunded on failure. A refund that
  // failed leaves it unsettled, and watched.
  let settled = false;
  const giveBack = async (reason: string) => {
    await refund(deps.db, tenant.accountId, id, reason);
    await countGenerationUsage(deps.db, tenant.accountId, { id, at, chargedMilli: priceMilli }, 'refunded');
    settled = true;
  };
  try {
    await countGenerationUsage(deps.db, tenant.accountId, { id, at, chargedMilli: priceMilli }, 'charged');
    const answer = await draft(deps, id, request, caller, waitMs, giveBack);
    settled = true;
    return answer;
  } finally {
    if (settled) await UNSETTLED_GENERATIONS.clear(deps.db, id);
  }
}

/** Drafts the prompt and settles the charge by the outcome (`giveBack`: the refund, a no-op for a free generation). */
async function draft(
  deps: GenerationDeps,
  id: string,
  request: GenerationRequest,
  caller: { livemode: boolean },
  waitMs: number,
  giveBack: (reason: string) => Promise<void>,
) {
  const input: GeneratePromptInput = {
    goal: request.goal,
    category: request.category,
    outputFormat: request.output_format ?? null,
    livemode: caller.livemode,
  };
  let job: Awaited<ReturnType<typeof generatePromptJob>>;
  try {
    job = await generatePromptJob(deps.temporal, input, waitMs, id);
  } catch (err) {
    await giveBack('generation failed');
    throw err;
  }
  if (job.state === 'ended') {
    await giveBack('generation failed');
    throw errors.serviceUnavailable('Prompt generation failed; nothing was charged. Try again.');
  }
  if (job.state === 'waiting') {
    await giveBack('generation timed out');
    throw errors.serviceUnavailable('Prompt generation is taking too long; nothing was charged. Try again shortly.');
  }
  const result = job.value;
  if (result.generator !== 'model') await giveBack('no model wrote the prompt');
  return { user_prompt: result.user_prompt, recommended_output_format: result.recommended_output_format };
}

/**
 * The reconciler's settlement of a live generation whose request never settled it: refunded in full, and counted
 * in usage as charged and refunded (each count once, whichever of them the request made). A charge left pending
 * (the request died inside it) is completed first, so that it is refunded rather than left in the balance's limbo.
 * Answers whether there was a charge to refund (none: the request died before it, or it was refused).
 */
export async function settleAbandonedGeneration(db: Db, accountId: string, id: string, at: Date): Promise<boolean> {
  let entry = await ledgerEntry(db, `${id}:charge`);
  if (entry?.state === 'pending') {
    await charge(db, accountId, id, entry.amount_milli);
    entry = await ledgerEntry(db, `${id}:charge`);
  }
  const charged = entry?.state === 'applied' && entry.amount_milli > 0;
  if (charged) {
    const generation = { id, at, chargedMilli: entry!.amount_milli };
    await countGenerationUsage(db, accountId, generation, 'charged');
    await refund(db, accountId, id, 'the request ended before the generation was settled');
    await countGenerationUsage(db, accountId, generation, 'refunded');
  }
  await UNSETTLED_GENERATIONS.clear(db, id);
  return charged;
}

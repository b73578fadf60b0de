/**
 * Prompt generation for POST /prompt-templates/generate (DESIGN.md decision 26). A live key pays the catalog's
 * `credits_per_generation` through the credits ledger, keyed by the generation's id (`gen_…`), so the charge and
 * its refund each happen exactly once; the charge is counted in the usage rollup. Short of credits: 402, and no model
 * is called. The generation fails, times out, or no model wrote it (no provider configured, or the model failed and
 * the category template was used): the charge is refunded, since only a model-written prompt is what was paid for.
 * Test keys get the deterministic template for free. The drafting itself is a short workflow on the runs queue (the
 * API never calls a model).
 */
import type { Db } from 'mongodb';
import { GENERATION_PRICING, type OutputFormat, type TemplateCategory } from './catalog';
import { charge, refund, toCredits, toMilli } from '../billing/credits';
import { ApiError, errors } from '../http/errors';
import { newId } from '../platform/ids';
import { generatePrompt as generatePromptJob, type TemporalHandle } from '../jobs';
import type { TenantDb } from '../access/tenant';
import { countGenerationUsage } from '../billing/usage-rollup';
import type { GeneratePromptInput } from '../jobs/contract';

export const PROMPT_WAIT_MS = 30_000;

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
  if (priceMilli > 0) {
    const charged = await charge(deps.db, tenant.accountId, id, priceMilli);
    if (!charged.ok) {
      throw new ApiError(402, 'insufficient_credits', `A prompt generation costs ${toCredits(priceMilli)} credits; the balance is lower.`);
    }
    await countGenerationUsage(deps.db, tenant.accountId, { id, at, chargedMilli: priceMilli }, 'charged');
  }
  const giveBack = async (reason: string) => {
    if (priceMilli === 0) return;
    await refund(deps.db, tenant.accountId, id, reason);
    await countGenerationUsage(deps.db, tenant.accountId, { id, at, chargedMilli: priceMilli }, 'refunded');
  };

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

/** Builds the model gateway from configuration: provider slots A and B (B falls back to A), or none. */
import type { Config } from '../../domain/platform/config';
import { anthropicProvider } from './anthropic';
import type { ModelGateway, ModelProvider, ProviderSlot } from './gateway';
import { openAiProvider } from './openai';

/**
 * One model call with its retries ends within this long: a run makes at most two calls (the answer and one repair)
 * inside its 20-minute work step, so the retries of both fit, with room for the rest of the step.
 */
export const CALL_BUDGET_MS = 8 * 60_000;

export function createModelGateway(config: Config): ModelGateway {
  const build = (slot: ProviderSlot): ModelProvider | null => {
    const provider = config[`MODEL_${slot}_PROVIDER`];
    const model = config[`MODEL_${slot}_MODEL`];
    if (!provider || !model) return null;
    const options = {
      model,
      apiKey: config[`MODEL_${slot}_API_KEY`],
      baseUrl: config[`MODEL_${slot}_BASE_URL`],
      timeoutMs: config.MODEL_TIMEOUT_S * 1000,
      retry: { maxRetries: config.MODEL_MAX_RETRIES, baseMs: config.MODEL_RETRY_BASE_MS, budgetMs: CALL_BUDGET_MS },
    };
    return provider === 'anthropic' ? anthropicProvider(options) : openAiProvider(options);
  };
  const a = build('A');
  const b = build('B') ?? a;
  return { provider: (slot) => (slot === 'A' ? a : b) };
}

/** The economy batch client of a provider slot, from the same configuration as the slot's ordinary adapter. */
import type { Config } from '../../domain/platform/config';
import { anthropicBatchClient } from './anthropic-batch';
import { CALL_BUDGET_MS } from './configured';
import type { ProviderSlot } from './gateway';
import { openAiBatchClient } from './openai-batch';
import type { ProviderBatchClient } from './provider-batch';

/** Slot B falls back to slot A, as for ordinary calls; null when neither is configured. */
export function providerBatchClient(config: Config, slot: ProviderSlot): ProviderBatchClient | null {
  const configured = (s: ProviderSlot) => Boolean(config[`MODEL_${s}_PROVIDER`] && config[`MODEL_${s}_MODEL`]);
  const use = configured(slot) ? slot : configured('A') ? 'A' : null;
  if (!use) return null;
  const options = {
    model: config[`MODEL_${use}_MODEL`]!,
    apiKey: config[`MODEL_${use}_API_KEY`],
    baseUrl: config[`MODEL_${use}_BASE_URL`],
    timeoutMs: config.MODEL_TIMEOUT_S * 1000,
    retry: { maxRetries: config.MODEL_MAX_RETRIES, baseMs: config.MODEL_RETRY_BASE_MS, budgetMs: CALL_BUDGET_MS },
  };
  return config[`MODEL_${use}_PROVIDER`] === 'anthropic' ? anthropicBatchClient(options) : openAiBatchClient(options);
}

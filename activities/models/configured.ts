/** Builds the model gateway from configuration: provider slots A and B (B falls back to A), or none. */
import type { Config } from '../../domain/config';
import { anthropicProvider } from './anthropic';
import type { ModelGateway, ModelProvider, ProviderSlot } from './gateway';
import { openAiProvider } from './openai';

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
      retry: { maxRetries: config.MODEL_MAX_RETRIES, baseMs: config.MODEL_RETRY_BASE_MS },
    };
    return provider === 'anthropic' ? anthropicProvider(options) : openAiProvider(options);
  };
  const a = build('A');
  const b = build('B') ?? a;
  return { provider: (slot) => (slot === 'A' ? a : b) };
}

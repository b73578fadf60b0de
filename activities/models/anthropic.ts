/**
 * The Anthropic adapter (`@anthropic-ai/sdk`, Messages API). Anthropic has no JSON-Schema response format: the schema
 * travels in the instructions, and the caller validates the answer. System messages become the `system` field.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { ModelAnswer, ModelProvider, ModelRequest } from './gateway';
import { ModelCallError, isRetryableStatus, retryAfterMs, withRetries, type RetryOptions } from './retry';

export interface AnthropicOptions {
  model: string;
  apiKey?: string;
  baseUrl?: string;
  timeoutMs: number;
  retry: RetryOptions;
}

export function anthropicProvider(options: AnthropicOptions): ModelProvider {
  const client = new Anthropic({ apiKey: options.apiKey, baseURL: options.baseUrl, timeout: options.timeoutMs, maxRetries: 0 });
  return {
    name: 'anthropic',
    async complete(request: ModelRequest): Promise<ModelAnswer> {
      const system = request.messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n\n');
      const messages = request.messages
        .filter((m) => m.role !== 'system')
        .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
      const call = async () => {
        try {
          const res = await client.messages.create(
            { model: options.model, system, messages, max_tokens: request.maxOutputTokens ?? 4096 },
            { signal: request.signal },
          );
          const text = res.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
          return { text, model: res.model, inputTokens: res.usage.input_tokens, outputTokens: res.usage.output_tokens };
        } catch (err) {
          if (err instanceof Anthropic.APIConnectionError) throw new ModelCallError(`model server unreachable: ${err.message}`, null, null, true);
          if (err instanceof Anthropic.APIError) {
            const status = typeof err.status === 'number' ? err.status : null;
            const header = err.headers?.get?.('retry-after') ?? null;
            throw new ModelCallError(`model server answered ${status ?? 'an error'}: ${err.message}`, status, retryAfterMs(header), isRetryableStatus(status));
          }
          throw err;
        }
      };
      return withRetries(call, { ...options.retry, signal: request.signal });
    },
  };
}

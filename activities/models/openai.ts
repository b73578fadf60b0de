/**
 * The OpenAI-compatible adapter: the official `openai` SDK over Chat Completions, which OpenAI, Azure, vLLM, Ollama
 * and llama.cpp servers all implement, so `baseURL` picks the server. The SDK's own retries are off: retries follow
 * one policy for every provider (retry.ts). A JSON Schema, when given, is sent as a `json_schema` response format;
 * the answer is validated again by the caller whatever the server promised.
 */
import OpenAI, { APIError, APIConnectionError } from 'openai';
import type { ModelAnswer, ModelProvider, ModelRequest } from './gateway';
import { ModelCallError, isRetryableStatus, retryAfterMs, withRetries, type RetryOptions } from './retry';

export interface OpenAiOptions {
  model: string;
  apiKey?: string;
  baseUrl?: string;
  timeoutMs: number;
  retry: RetryOptions;
}

export function openAiProvider(options: OpenAiOptions): ModelProvider {
  const client = new OpenAI({
    apiKey: options.apiKey ?? 'not-needed-for-local-servers',
    baseURL: options.baseUrl,
    timeout: options.timeoutMs,
    maxRetries: 0,
  });
  return {
    name: 'openai',
    async complete(request: ModelRequest): Promise<ModelAnswer> {
      const call = async () => {
        try {
          const res = await client.chat.completions.create(
            {
              model: options.model,
              messages: request.messages,
              ...(request.maxOutputTokens ? { max_tokens: request.maxOutputTokens } : {}),
              ...(request.jsonSchema
                ? { response_format: { type: 'json_schema' as const, json_schema: { name: 'output', schema: request.jsonSchema, strict: false } } }
                : {}),
            },
            { signal: request.signal },
          );
          const text = res.choices[0]?.message?.content;
          if (typeof text !== 'string') throw new ModelCallError('The model answered without content.', null, null, true);
          return {
            text,
            model: res.model || options.model,
            inputTokens: res.usage?.prompt_tokens ?? null,
            outputTokens: res.usage?.completion_tokens ?? null,
          };
        } catch (err) {
          throw toModelError(err);
        }
      };
      return withRetries(call, { ...options.retry, signal: request.signal });
    },
  };
}

function toModelError(err: unknown): Error {
  if (err instanceof ModelCallError) return err;
  if (err instanceof APIConnectionError) return new ModelCallError(`model server unreachable: ${err.message}`, null, null, true);
  if (err instanceof APIError) {
    const status = typeof err.status === 'number' ? err.status : null;
    const header = err.headers?.get?.('retry-after') ?? null;
    return new ModelCallError(`model server answered ${status ?? 'an error'}: ${err.message}`, status, retryAfterMs(header), isRetryableStatus(status));
  }
  return err instanceof Error ? err : new Error(String(err));
}

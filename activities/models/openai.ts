/**
 * The OpenAI-compatible adapter: the official `openai` SDK over Chat Completions, which OpenAI, Azure, vLLM, Ollama,
 * llama.cpp servers and LiteLLM gateways all implement, so `baseURL` picks the server. The SDK's own retries are
 * off: retries follow one policy for every provider (retry.ts). A JSON Schema, when given, is sent as a
 * `json_schema` response format; the answer is validated again by the caller whatever the server promised.
 */
import OpenAI, { APIError, APIConnectionError } from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { sampleHeaders, type ModelAnswer, type ModelProvider, type ModelRequest } from './gateway';
import { ModelCallError, modelCallError, withRetries, type RetryOptions } from './retry';

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
      const call = async (): Promise<ModelAnswer> => {
        try {
          const res = await client.chat.completions.create(chatCompletionParams(options.model, request), {
            signal: request.signal,
            headers: sampleHeaders(request),
          });
          return answerFromCompletion(res, options.model);
        } catch (err) {
          throw toModelError(err);
        }
      };
      return withRetries(call, { ...options.retry, signal: request.signal });
    },
  };
}

/** The Chat Completions request for `request`: the ordinary call's body, and each line of an economy batch's file. */
export function chatCompletionParams(model: string, request: ModelRequest): ChatCompletionCreateParamsNonStreaming {
  return {
    model,
    messages: request.messages,
    ...(request.maxOutputTokens ? { max_tokens: request.maxOutputTokens } : {}),
    ...(request.jsonSchema
      ? {
          response_format: {
            type: 'json_schema' as const,
            json_schema: { name: 'output', schema: request.jsonSchema, strict: false },
          },
        }
      : {}),
  };
}

/** What a chat completion means for the run, whether it came from the ordinary call or an economy batch's output. */
export function answerFromCompletion(res: ChatCompletion, model: string): ModelAnswer {
  const choice = res.choices[0];
  const message = choice?.message;
  const usage = {
    model: res.model || model,
    inputTokens: res.usage?.prompt_tokens ?? null,
    outputTokens: res.usage?.completion_tokens ?? null,
  };
  // Structured outputs report a refusal in its own field, with no content; a content filter ends the choice.
  const refusal = typeof message?.refusal === 'string' && message.refusal ? message.refusal : null;
  if (refusal || choice?.finish_reason === 'content_filter') {
    return { text: refusal ?? message?.content ?? '', stop: 'refused', ...usage };
  }
  const text = message?.content;
  if (typeof text !== 'string') throw new ModelCallError('The model answered without content.', null, null, true);
  return { text, stop: choice?.finish_reason === 'length' ? 'truncated' : 'complete', ...usage };
}

export function toModelError(err: unknown): Error {
  if (err instanceof ModelCallError) return err;
  if (err instanceof APIConnectionError)
    return new ModelCallError(`model server unreachable: ${err.message}`, null, null, true);
  if (err instanceof APIError) {
    const status = typeof err.status === 'number' ? err.status : null;
    return modelCallError(status, err.message, err.error, (name) => err.headers?.get?.(name) ?? null);
  }
  return err instanceof Error ? err : new Error(String(err));
}

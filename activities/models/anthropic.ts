/**
 * The Anthropic adapter (`@anthropic-ai/sdk`, Messages API; a LiteLLM gateway serves the same `/v1/messages`).
 * System messages become the `system` field. Structured output the way Anthropic documents it: the JSON Schema is
 * the input schema of one tool, `tool_choice` forces that tool, and the answer is the tool call's input — validated
 * with ajv by the caller like any other provider's. A server that ignores the tool (some gateways do) still
 * answers in text, which goes through the same validation.
 */
import Anthropic from '@anthropic-ai/sdk';
import { sampleHeaders, type ModelAnswer, type ModelProvider, type ModelRequest } from './gateway';
import { ModelCallError, modelCallError, withRetries, type RetryOptions } from './retry';

export interface AnthropicOptions {
  model: string;
  apiKey?: string;
  baseUrl?: string;
  timeoutMs: number;
  retry: RetryOptions;
}

/** The tool whose input is the structured answer. */
export const ANSWER_TOOL = 'record_answer';

export function anthropicProvider(options: AnthropicOptions): ModelProvider {
  const client = new Anthropic({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    timeout: options.timeoutMs,
    maxRetries: 0,
  });
  return {
    name: 'anthropic',
    async complete(request: ModelRequest): Promise<ModelAnswer> {
      const call = async (): Promise<ModelAnswer> => {
        try {
          const res = await client.messages.create(messageParams(options.model, request), {
            signal: request.signal,
            headers: sampleHeaders(request),
          });
          return answerFromMessage(res, options.model);
        } catch (err) {
          throw toModelError(err);
        }
      };
      return withRetries(call, { ...options.retry, signal: request.signal });
    },
  };
}

/** The Messages request for `request`: the ordinary call's body, and each request of an economy message batch. */
export function messageParams(model: string, request: ModelRequest): Anthropic.MessageCreateParamsNonStreaming {
  const system = request.messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n\n');
  const messages = request.messages
    .filter((m) => m.role !== 'system')
    .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
  const structured = request.jsonSchema
    ? {
        tools: [
          {
            name: ANSWER_TOOL,
            description: 'Record the answer. Its input is the complete answer, valid against this schema.',
            input_schema: request.jsonSchema as Anthropic.Tool.InputSchema,
          },
        ],
        tool_choice: { type: 'tool' as const, name: ANSWER_TOOL },
      }
    : {};
  return { model, system, messages, max_tokens: request.maxOutputTokens ?? 4096, ...structured };
}

/** What a message means for the run, whether it came from the ordinary call or an economy batch's results. */
export function answerFromMessage(res: Anthropic.Message, model: string): ModelAnswer {
  const tool = res.content.find((block) => block.type === 'tool_use' && block.name === ANSWER_TOOL);
  const text =
    tool && tool.type === 'tool_use'
      ? JSON.stringify(tool.input)
      : res.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
  const stop =
    res.stop_reason === 'refusal'
      ? 'refused'
      : res.stop_reason === 'max_tokens' || res.stop_reason === 'model_context_window_exceeded'
        ? 'truncated'
        : 'complete';
  return {
    text,
    stop,
    model: res.model || model,
    inputTokens: res.usage?.input_tokens ?? null,
    outputTokens: res.usage?.output_tokens ?? null,
  };
}

export function toModelError(err: unknown): Error {
  if (err instanceof ModelCallError) return err;
  if (err instanceof Anthropic.APIConnectionError)
    return new ModelCallError(`model server unreachable: ${err.message}`, null, null, true);
  if (err instanceof Anthropic.APIError) {
    const status = typeof err.status === 'number' ? err.status : null;
    return modelCallError(status, err.message, err.error, (name) => err.headers?.get?.(name) ?? null);
  }
  return err instanceof Error ? err : new Error(String(err));
}

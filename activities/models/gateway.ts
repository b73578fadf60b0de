/**
 * The model step behind one interface: messages (and an optional JSON Schema) in; text or JSON, token usage and the
 * model name out. Test-mode runs never reach a provider; live runs use the provider of the policy's slot (A: file
 * search, B: full text; B falls back to A). A live run with no provider configured fails with `model_unavailable`.
 */
export interface ModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ModelRequest {
  messages: ModelMessage[];
  /** When set, the answer must be JSON valid against this schema. */
  jsonSchema?: Record<string, unknown> | null;
  maxOutputTokens?: number;
  signal?: AbortSignal;
  /**
   * One of a run's k judgments over the same context: sent as the `X-Assay-Sample: i/k` header only, so the prompt,
   * and a provider's prompt cache, stay the same for every sample.
   */
  sample?: { index: number; of: number };
}

/** The request header naming a judgment's sample (`0/3`…`2/3`), for gateways' logs and scripted test servers. */
export const SAMPLE_HEADER = 'X-Assay-Sample';

export function sampleHeaders(request: ModelRequest): Record<string, string> | undefined {
  return request.sample ? { [SAMPLE_HEADER]: `${request.sample.index}/${request.sample.of}` } : undefined;
}

export interface ModelAnswer {
  text: string;
  model: string;
  inputTokens: number | null;
  outputTokens: number | null;
  /**
   * How the answer ended: `truncated` when the output-token limit cut it off (OpenAI `finish_reason: length`,
   * Anthropic `stop_reason: max_tokens`), `refused` when the model declined (OpenAI `message.refusal` or a
   * `content_filter` finish, Anthropic `stop_reason: refusal`); `text` then holds what it said instead.
   */
  stop: 'complete' | 'truncated' | 'refused';
}

export interface ModelProvider {
  readonly name: string;
  complete(request: ModelRequest): Promise<ModelAnswer>;
}

export type ProviderSlot = 'A' | 'B';

export interface ModelGateway {
  /** The provider serving `slot`, or null when none is configured. */
  provider(slot: ProviderSlot): ModelProvider | null;
}

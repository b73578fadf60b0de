/**
 * The answers test/support/provider-batch-server.ts gives, as the providers shape them: an OpenAI chat completion
 * and an Anthropic message, for a batch's result line and for an ordinary call alike.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import type { LineReply } from './provider-batch-server';

interface Line {
  customId: string;
  body: Record<string, unknown>;
}

const now = () => Math.floor(Date.now() / 1000);

export function messageOf(line: Line, outcome: LineReply): Anthropic.Message {
  const toolChoice = line.body.tool_choice as { name?: string } | undefined;
  const content: Anthropic.ContentBlock[] =
    outcome.toolInput !== undefined
      ? [
          {
            type: 'tool_use',
            caller: { type: 'direct' },
            id: `toolu_${line.customId}`,
            name: toolChoice?.name ?? 'tool',
            input: outcome.toolInput,
          },
        ]
      : [{ type: 'text', text: outcome.content ?? '', citations: null }];
  return {
    id: `msg_${line.customId}`,
    type: 'message',
    role: 'assistant',
    model: String(line.body.model),
    content,
    stop_reason: outcome.stop ?? (outcome.toolInput !== undefined ? 'tool_use' : 'end_turn'),
    stop_sequence: null,
    usage: { input_tokens: outcome.usage?.input ?? 100, output_tokens: outcome.usage?.output ?? 20 },
  } as Anthropic.Message;
}

export function completionOf(line: Line, reply: LineReply): ChatCompletion {
  const usage = { prompt_tokens: reply.usage?.input ?? 100, completion_tokens: reply.usage?.output ?? 20 };
  return {
    id: `chatcmpl-${line.customId}`,
    object: 'chat.completion',
    created: now(),
    model: String(line.body.model),
    choices: [
      {
        index: 0,
        logprobs: null,
        message: { role: 'assistant', content: reply.content ?? '', refusal: null },
        finish_reason: (reply.stop ?? 'stop') as ChatCompletion.Choice['finish_reason'],
      },
    ],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

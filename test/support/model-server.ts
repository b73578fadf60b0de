/**
 * A local model server for tests on 127.0.0.1, speaking OpenAI Chat Completions (`/v1/chat/completions`) and
 * Anthropic Messages (`/v1/messages`): scripted answers, errors and latencies, and a record of every request it
 * received, so tests assert on what Assay actually sent. LiteLLM (test/support/litellm.ts) is the third-party
 * implementation the adapters are tested against; this fake stays for what its mocks cannot produce (scripted
 * sequences, `retry-after` headers, Anthropic tool calls, stop reasons and 529s).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  status?: number;
  /** The assistant's message content (for 200 answers). */
  content?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  usage?: { prompt_tokens: number; completion_tokens: number };
  model?: string;
  /** Anthropic: answer with a `tool_use` block of this input (the tool named in the request's tool_choice). */
  toolInput?: unknown;
  /** OpenAI `finish_reason` (default `stop`). */
  finishReason?: string;
  /** Anthropic `stop_reason` (default `end_turn`, or `tool_use` with toolInput). */
  stopReason?: string;
}

export interface ReceivedRequest {
  at: number;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    response_format?: { type: string; json_schema?: { schema: unknown } };
    /** Anthropic only. */
    system?: string;
    tools?: Array<{ name: string; input_schema: unknown }>;
    tool_choice?: { type: string; name?: string };
  };
}

export class ModelServer {
  readonly received: ReceivedRequest[] = [];
  private script: ScriptedReply[] = [];
  private server?: Server;
  /**
   * Answers by what was asked, when the script is empty: runs in flight at once reach the server in any order, so
   * a test that scripts an answer per document reads the document from the request (undefined: the fallback).
   */
  responder?: (body: ReceivedRequest['body'], headers: ReceivedRequest['headers']) => ScriptedReply | undefined;
  /** Answer used when the script is empty. */
  fallback: ScriptedReply = {
    content: JSON.stringify({ summary: 'ok', overall_score: 70, criteria: [], recommendations: [] }),
  };

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** Replies for the next requests, in order. */
  enqueue(...replies: ScriptedReply[]): void {
    this.script.push(...replies);
  }

  reset(): void {
    this.script = [];
    this.received.length = 0;
  }

  /** Resolves once `n` requests have arrived. */
  async waitForRequests(n: number, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < n) {
      if (Date.now() > deadline)
        throw new Error(`model server: ${this.received.length}/${n} requests after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  private async handle(req: IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? '').split('?')[0]!;
    const anthropic = path.endsWith('/messages');
    if (req.method !== 'POST' || !(anthropic || path.endsWith('/chat/completions'))) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedRequest['body'];
    this.received.push({ at: Date.now(), path, headers: req.headers, body });
    const reply = this.script.shift() ?? this.responder?.(body, req.headers) ?? this.fallback;
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    const status = reply.status ?? 200;
    if (anthropic) {
      this.answerAnthropic(res, reply, status, body);
      return;
    }
    if (status !== 200) {
      res
        .writeHead(status, { 'Content-Type': 'application/json', ...reply.headers })
        .end(JSON.stringify({ error: { message: `scripted ${status}`, type: 'test' } }));
      return;
    }
    const usage = reply.usage ?? { prompt_tokens: 100, completion_tokens: 20 };
    res.writeHead(200, { 'Content-Type': 'application/json', ...reply.headers }).end(
      JSON.stringify({
        id: `chatcmpl-${this.received.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: reply.model ?? 'test-model-1',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: reply.content ?? '' },
            finish_reason: reply.finishReason ?? 'stop',
          },
        ],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      }),
    );
  }

  private answerAnthropic(
    res: import('node:http').ServerResponse,
    reply: ScriptedReply,
    status: number,
    body: ReceivedRequest['body'],
  ): void {
    if (status !== 200) {
      const type =
        status === 529
          ? 'overloaded_error'
          : status === 429
            ? 'rate_limit_error'
            : status === 401
              ? 'authentication_error'
              : 'invalid_request_error';
      res
        .writeHead(status, { 'Content-Type': 'application/json', ...reply.headers })
        .end(JSON.stringify({ type: 'error', error: { type, message: reply.content ?? `scripted ${status}` } }));
      return;
    }
    const usage = reply.usage ?? { prompt_tokens: 100, completion_tokens: 20 };
    const content =
      reply.toolInput !== undefined
        ? [
            {
              type: 'tool_use',
              id: `toolu_${this.received.length}`,
              name: body.tool_choice?.name ?? 'tool',
              input: reply.toolInput,
            },
          ]
        : [{ type: 'text', text: reply.content ?? '' }];
    res.writeHead(200, { 'Content-Type': 'application/json', ...reply.headers }).end(
      JSON.stringify({
        id: `msg_${this.received.length}`,
        type: 'message',
        role: 'assistant',
        model: reply.model ?? 'claude-test-1',
        content,
        stop_reason: reply.stopReason ?? (reply.toolInput !== undefined ? 'tool_use' : 'end_turn'),
        stop_sequence: null,
        usage: { input_tokens: usage.prompt_tokens, output_tokens: usage.completion_tokens },
      }),
    );
  }
}

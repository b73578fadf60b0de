/**
 * A local OpenAI-compatible model server for tests (Chat Completions on 127.0.0.1): scripted answers, errors and
 * latencies, and a record of every request it received, so tests assert on what Assay actually sent.
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
}

export interface ReceivedRequest {
  at: number;
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    response_format?: { type: string; json_schema?: { schema: unknown } };
  };
}

export class ModelServer {
  readonly received: ReceivedRequest[] = [];
  private script: ScriptedReply[] = [];
  private server?: Server;
  /** Answer used when the script is empty. */
  fallback: ScriptedReply = { content: JSON.stringify({ summary: 'ok', overall_score: 70, criteria: [], recommendations: [] }) };

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
      if (Date.now() > deadline) throw new Error(`model server: ${this.received.length}/${n} requests after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  private async handle(req: IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    this.received.push({ at: Date.now(), body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
    const reply = this.script.shift() ?? this.fallback;
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    const status = reply.status ?? 200;
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
        choices: [{ index: 0, message: { role: 'assistant', content: reply.content ?? '' }, finish_reason: 'stop' }],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      }),
    );
  }
}

/**
 * A real HTTP receiver for webhook tests, on 127.0.0.1 and a free port: it answers from a script (status code and
 * delay per request, then a default) and records every request's arrival time, headers and raw body bytes.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedAnswer {
  status: number;
  /** Wait this long before answering (past the sender's timeout: the attempt fails). */
  delayMs?: number;
  body?: string;
}

export interface ReceivedRequest {
  at: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
}

export interface WebhookReceiver {
  url: (path?: string) => string;
  received: ReceivedRequest[];
  /** Answers for the next requests, in order; afterwards `fallback`. */
  script(answers: ScriptedAnswer[], fallback?: ScriptedAnswer): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let queue: ScriptedAnswer[] = [];
  let fallback: ScriptedAnswer = { status: 200 };
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        at: Date.now(),
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        rawBody: Buffer.concat(chunks),
      });
      const answer = queue.shift() ?? fallback;
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'Content-Type': 'text/plain' });
        res.end(answer.body ?? `answer ${answer.status}`);
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs).unref();
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    script(answers, next) {
      queue = [...answers];
      if (next) fallback = next;
    },
    async waitFor(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`receiver got ${received.length} of ${count} requests in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

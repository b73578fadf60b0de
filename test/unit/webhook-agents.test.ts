/**
 * Webhook POSTs over kept connections (activities/webhook-agents.ts, `postOnce`), against a real HTTP receiver on
 * loopback: consecutive POSTs to one address share a connection, concurrent ones never wait for one, an address
 * never shares another's, a connection the receiver dropped is replaced once without failing the attempt, and an
 * answer cut short is never reused.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { postOnce } from '../../activities/webhooks';
import { WebhookAgents } from '../../activities/webhook-agents';
import type { ResolvedTarget } from '../../domain/webhooks/url';

interface Receiver {
  server: Server;
  port: number;
  /** Connections accepted so far. */
  connections: () => number;
  /** Requests received, with the connection (1-based, in accept order) each came on. */
  requests: Array<{ body: string; connection: number }>;
}

async function receiver(
  answer: (req: IncomingMessage, res: ServerResponse, seenOnConnection: number) => void,
): Promise<Receiver> {
  const ids = new WeakMap<Socket, { id: number; seen: number }>();
  let accepted = 0;
  const requests: Receiver['requests'] = [];
  const server = createServer((req, res) => {
    const conn = ids.get(req.socket)!;
    conn.seen += 1;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ body: Buffer.concat(chunks).toString(), connection: conn.id });
      answer(req, res, conn.seen);
    });
  });
  server.on('connection', (socket) => ids.set(socket, { id: ++accepted, seen: 0 }));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port, connections: () => accepted, requests };
}

const target = (port: number, address = '127.0.0.1'): ResolvedTarget => ({
  url: new URL(`http://localhost:${port}/hook`),
  address,
  family: 4,
});
const post = (t: ResolvedTarget, body: string, agents?: WebhookAgents) =>
  postOnce(t, { 'Content-Type': 'application/json' }, Buffer.from(body), 5_000, agents);

const open: Server[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

describe('webhook POSTs over kept connections', () => {
  it('sends consecutive POSTs to one address over one connection', async () => {
    const r = await receiver((_req, res) => res.writeHead(200).end('ok'));
    open.push(r.server);
    const agents = new WebhookAgents();
    for (let i = 0; i < 3; i++)
      expect(await post(target(r.port), `{"n":${i}}`, agents)).toEqual({ statusCode: 200, body: 'ok', error: null });
    expect(r.requests.map((q) => q.body)).toEqual(['{"n":0}', '{"n":1}', '{"n":2}']);
    expect(r.connections()).toBe(1);
  });

  it('opens a connection per POST without agents, as before', async () => {
    const r = await receiver((_req, res) => res.writeHead(200).end('ok'));
    open.push(r.server);
    await post(target(r.port), '{}');
    await post(target(r.port), '{}');
    expect(r.connections()).toBe(2);
  });

  it('never queues a POST behind another: 24 slow answers to one address are all in flight together', async () => {
    // The receiver answers nothing until all 24 have arrived: any cap on open connections would stall here.
    const waiting: ServerResponse[] = [];
    const r = await receiver((_req, res) => {
      waiting.push(res);
      if (waiting.length === 24) for (const w of waiting) w.writeHead(200).end('ok');
    });
    open.push(r.server);
    const agents = new WebhookAgents();
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => post(target(r.port), `{"n":${i}}`, agents)));
    expect(results.every((x) => x.statusCode === 200)).toBe(true);
    expect(r.connections()).toBe(24);
  });

  it('keeps one agent per checked address: the same host at another address never reuses its sockets', () => {
    const agents = new WebhookAgents();
    const a = agents.for(target(443, '203.0.113.5'));
    expect(agents.for(target(443, '203.0.113.5'))).toBe(a);
    expect(agents.for(target(443, '203.0.113.6'))).not.toBe(a);
    expect(agents.for({ ...target(443, '203.0.113.5'), url: new URL('https://localhost:443/hook') })).not.toBe(a);
  });

  it('sends again, once, on a new connection when a kept one was dropped by the receiver', async () => {
    // The receiver drops every connection at its second request, unanswered: what a receiver's idle timeout does to
    // a POST that meets it.
    const r = await receiver((req, res, seen) => {
      if (seen === 2) req.socket.destroy();
      else res.writeHead(200).end('ok');
    });
    open.push(r.server);
    const agents = new WebhookAgents();
    expect((await post(target(r.port), '{"n":1}', agents)).statusCode).toBe(200);
    expect(await post(target(r.port), '{"n":2}', agents)).toEqual({ statusCode: 200, body: 'ok', error: null });
    expect(r.requests.map((q) => [q.body, q.connection])).toEqual([
      ['{"n":1}', 1],
      ['{"n":2}', 1],
      ['{"n":2}', 2],
    ]);
  });

  it('fails an attempt whose new connection is dropped, without sending a third time', async () => {
    const r = await receiver((req) => req.socket.destroy());
    open.push(r.server);
    const result = await post(target(r.port), '{}', new WebhookAgents());
    expect(result).toMatchObject({ statusCode: null, error: expect.stringMatching(/^connection failed: /) });
    expect(r.requests).toHaveLength(1);
  });

  it('does not keep a connection whose answer was not read to its end', async () => {
    const r = await receiver((_req, res) => res.writeHead(200).end('x'.repeat(64 * 1024)));
    open.push(r.server);
    const agents = new WebhookAgents();
    const first = await post(target(r.port), '{}', agents);
    expect(first.statusCode).toBe(200);
    expect(first.body!.length).toBeLessThanOrEqual(1024);
    await post(target(r.port), '{}', agents);
    expect(r.connections()).toBe(2);
  });
});

/**
 * `assay listen --forward-to URL`: works like `stripe listen`. It registers a temporary webhook endpoint pointing at
 * a local receiver, verifies each delivery's signature, prints the event, forwards the raw body and headers to
 * --forward-to, and deletes the endpoint when stopped (Ctrl-C).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Assay } from '../client';
import { WebhookVerificationError } from '../errors';
import { SIGNATURE_HEADER, verify } from '../webhooks';
import { UsageError, type Io, type Values } from './io';

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** Headers a forward repeats, so the local app can verify the signature itself with the printed secret. */
const FORWARDED = ['content-type', 'x-service-event', 'x-service-delivery', 'x-service-signature'];

export async function listen(client: Assay, values: Values, io: Io): Promise<number> {
  const forwardTo = values['forward-to'] as string | undefined;
  if (!forwardTo) throw new UsageError('listen needs --forward-to URL');
  const host = (values.host as string | undefined) ?? '127.0.0.1';
  let secret = '';
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const body = await readBody(req);
      const header = req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined;
      let event;
      try {
        event = verify(body, header, secret);
      } catch (err) {
        io.out(
          `${new Date().toISOString()}  refused  ${err instanceof WebhookVerificationError ? err.message : String(err)}`,
        );
        res.writeHead(400).end();
        return;
      }
      const delivery = req.headers['x-service-delivery'] ?? '';
      // Acknowledged once verified, whatever the forward target answers (as `stripe listen` does): the API's
      // retries are hours apart, and the local app's failures are printed here instead.
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
      const headers: Record<string, string> = {};
      for (const name of FORWARDED) {
        const v = req.headers[name];
        if (typeof v === 'string') headers[name] = v;
      }
      let forwarded: string;
      try {
        const answer = await fetch(forwardTo, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
        forwarded = `[${answer.status}]`;
      } catch (err) {
        forwarded = `[failed: ${err instanceof Error ? err.message : String(err)}]`;
      }
      io.out(
        `${new Date().toISOString()}  ${event.type}  ${event.id}  ${delivery}  verified  --> POST ${forwardTo} ${forwarded}`,
      );
      if (values.json) io.out(JSON.stringify(event));
    })().catch((err: unknown) => {
      io.err(`listen: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(Number(values.port ?? 0), host, resolve));
  const port = (server.address() as AddressInfo).port;
  const url = (values['public-url'] as string | undefined) ?? `http://${host}:${port}/`;
  const events = (values.events as string | undefined)
    ?.split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const endpoint = await client.webhookEndpoints.create({ url, ...(events ? { events: events as never } : {}) });
  secret = endpoint.secret;
  io.out(`Ready. Endpoint ${endpoint.id} → ${url} (forwarding to ${forwardTo})`);
  io.out(`Webhook signing secret: ${endpoint.secret}`);
  io.out(`Events: ${endpoint.events.join(', ')}`);

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      void (async () => {
        let code = 0;
        try {
          await client.webhookEndpoints.delete(endpoint.id);
          io.out(`Removed endpoint ${endpoint.id}`);
        } catch (err) {
          io.err(`could not remove endpoint ${endpoint.id}: ${err instanceof Error ? err.message : String(err)}`);
          code = 1;
        }
        server.closeAllConnections();
        server.close(() => resolve(code));
      })();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

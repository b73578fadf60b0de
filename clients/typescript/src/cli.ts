/**
 * `assay`: the command line over the SDK. Reads ASSAY_API_KEY and ASSAY_BASE_URL (or --api-key / --base-url).
 *
 *   assay upload FILE…                                  upload input documents, print their ids
 *   assay run WORKFLOW_ID FILE… [--wait] [--out PATH]   upload, start a run; --wait polls to the end, --out saves the file
 *   assay runs list [--workflow ID] [--status S] [--limit N] | runs get RUN_ID | runs cancel RUN_ID
 *   assay workflows list
 *   assay listen --forward-to URL [--events a,b] [--port N] [--public-url URL]
 *
 * `listen` works like `stripe listen`: it registers a temporary webhook endpoint pointing at a local receiver,
 * verifies each delivery's signature, prints the event, forwards the raw body and headers to --forward-to, and
 * deletes the endpoint when stopped (Ctrl-C).
 */
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { Assay, TERMINAL_RUN_STATUSES, type Run, type RunStatus } from './client';
import { AssayError, WebhookVerificationError } from './errors';
import { SIGNATURE_HEADER, verify } from './webhooks';

const USAGE = `usage: assay <command> [options]
  upload FILE…                                   upload input documents
  run WORKFLOW_ID FILE… [--wait] [--out PATH]    run a workflow on files
  runs list [--workflow ID] [--status S] [--limit N]
  runs get RUN_ID | runs cancel RUN_ID
  workflows list
  listen --forward-to URL [--events a,b] [--port N] [--public-url URL]
options: --api-key KEY (ASSAY_API_KEY), --base-url URL (ASSAY_BASE_URL), --json`;

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

class UsageError extends Error {}

const runLine = (r: Run) => `${r.id}  ${r.status.padEnd(9)}  ${r.workflow_id}  ${r.created_at}`;

export async function main(
  argv: string[],
  io: Io = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) },
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'api-key': { type: 'string' },
      'base-url': { type: 'string' },
      json: { type: 'boolean', default: false },
      wait: { type: 'boolean', default: false },
      out: { type: 'string' },
      mode: { type: 'string' },
      workflow: { type: 'string' },
      status: { type: 'string' },
      limit: { type: 'string' },
      'forward-to': { type: 'string' },
      events: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'public-url': { type: 'string' },
      'timeout-s': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    io.out(USAGE);
    return values.help ? 0 : 2;
  }
  const print = (value: unknown, human: string) => io.out(values.json ? JSON.stringify(value) : human);
  try {
    const client = new Assay({ apiKey: values['api-key'], baseUrl: values['base-url'] });
    switch (command) {
      case 'upload': {
        if (rest.length === 0) throw new UsageError('upload needs at least one FILE');
        for (const path of rest) {
          const doc = await client.documents.upload(path);
          print(
            doc,
            `${doc.id}  ${doc.filename}  ${doc.extracted ? 'extracted' : `not extracted (${doc.extraction_error?.code ?? 'unknown'})`}`,
          );
        }
        return 0;
      }
      case 'run': {
        const [workflowId, ...files] = rest;
        if (!workflowId) throw new UsageError('run needs WORKFLOW_ID');
        const inputDocuments: string[] = [];
        for (const path of files) inputDocuments.push((await client.documents.upload(path)).id);
        const mode = values.mode as 'sync' | 'async' | undefined;
        let run = await client.runs.create(workflowId, { input_documents: inputDocuments, ...(mode ? { mode } : {}) });
        if (!values.wait && !values.out) {
          print(run, runLine(run));
          return 0;
        }
        const timeoutS = Number(values['timeout-s'] ?? 600);
        run = await client.runs.wait(run.id, { timeoutMs: timeoutS * 1000 });
        print(run, runLine(run));
        if (run.status !== 'succeeded') {
          io.err(`run ${run.id} ${run.status}${run.error ? `: ${JSON.stringify(run.error)}` : ''}`);
          return 1;
        }
        if (values.out) {
          const output = await client.runs.output(run.id);
          await writeFile(values.out, output.bytes);
          io.err(`wrote ${values.out} (${output.mimeType}, ${output.bytes.byteLength} bytes)`);
        }
        return 0;
      }
      case 'runs': {
        const [sub, id] = rest;
        if (sub === 'list') {
          const limit = values.limit ? Number(values.limit) : 20;
          let n = 0;
          for await (const run of client.runs.list({
            workflowId: values.workflow,
            status: values.status as RunStatus | undefined,
            limit: Math.min(limit, 100),
          })) {
            print(run, runLine(run));
            if (++n >= limit) break;
          }
          return 0;
        }
        if ((sub === 'get' || sub === 'cancel') && id) {
          const run = sub === 'get' ? await client.runs.get(id) : await client.runs.cancel(id);
          io.out(values.json || sub === 'get' ? JSON.stringify(run, null, values.json ? undefined : 2) : runLine(run));
          return 0;
        }
        throw new UsageError('runs list | runs get RUN_ID | runs cancel RUN_ID');
      }
      case 'workflows': {
        if (rest[0] !== 'list') throw new UsageError('workflows list');
        for await (const wf of client.workflows.list({ limit: 100 }))
          print(wf, `${wf.id}  ${wf.status.padEnd(8)}  ${wf.product_code}  ${wf.name}`);
        return 0;
      }
      case 'listen':
        return await listen(client, values, io);
      default:
        throw new UsageError(`unknown command ${command}`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`${err.message}\n${USAGE}`);
      return 2;
    }
    io.err(
      err instanceof AssayError
        ? `error: ${err.message}`
        : `error: ${err instanceof Error ? err.message : String(err)}`,
    );
    return 1;
  }
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** Headers a forward repeats, so the local app can verify the signature itself with the printed secret. */
const FORWARDED = ['content-type', 'x-service-event', 'x-service-delivery', 'x-service-signature'];

async function listen(client: Assay, values: Record<string, string | boolean | undefined>, io: Io): Promise<number> {
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

/** Terminal run statuses, re-exported for scripts that drive the CLI. */
export { TERMINAL_RUN_STATUSES };

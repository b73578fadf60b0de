/**
 * `assay`: the command line over the SDK. Reads ASSAY_API_KEY and ASSAY_BASE_URL (or --api-key / --base-url).
 *
 *   assay upload FILE…                                  upload input documents, print their ids
 *   assay run WORKFLOW_ID FILE… [--wait] [--out PATH]   upload, start a run; --wait polls to the end, --out saves the file
 *   assay batch WORKFLOW_ID FILE… [--wait] [--out PATH] [--format csv|xlsx|jsonl] [--max-concurrency N]
 *                                                       upload, one batch item per file; --out saves the results file
 *   assay batches list [--limit N] | batches get ID | batches cancel ID | batches results ID --out PATH
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
import { basename, extname } from 'node:path';
import { parseArgs } from 'node:util';
import {
  Assay,
  BATCH_RESULTS_FORMATS,
  TERMINAL_RUN_STATUSES,
  type Batch,
  type BatchResultsFormat,
  type Run,
  type RunStatus,
} from './client';
import { AssayError, WebhookVerificationError } from './errors';
import { SIGNATURE_HEADER, verify } from './webhooks';

const USAGE = `usage: assay <command> [options]
  upload FILE…                                   upload input documents
  run WORKFLOW_ID FILE… [--wait] [--out PATH]    run a workflow on files
  batch WORKFLOW_ID FILE… [--wait] [--out PATH] [--format csv|xlsx|jsonl] [--max-concurrency N]
                                                 one run per file as a batch; --out saves its results file
  batches list [--limit N] | batches get ID | batches cancel ID
  batches results BATCH_ID --out PATH [--format csv|xlsx|jsonl]
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
const batchLine = (b: Batch) =>
  `${b.id}  ${b.status.padEnd(9)}  ${b.workflow_id}  ${b.counts.total} items  ${b.created_at}`;
/** The progress line `assay batch --wait` prints whenever the counts move. */
export const progressLine = (b: Batch) => {
  const c = b.counts;
  const done = c.succeeded + c.failed + c.canceled + c.refunded;
  return (
    `${b.id}  ${b.status}  ${done}/${c.total} done: ${c.succeeded} succeeded, ${c.failed} failed, ` +
    `${c.canceled} canceled, ${c.refunded} refunded; ${c.running} running, ${c.queued} queued`
  );
};

/** The results file's format: --format, else the extension of --out; both given must agree. */
function resultsFormat(format: string | undefined, out: string | undefined): BatchResultsFormat {
  const fromExtension = out
    ? extname(out)
        .slice(1)
        .toLowerCase()
        .replace(/^ndjson$/, 'jsonl')
    : '';
  if (format !== undefined && !BATCH_RESULTS_FORMATS.includes(format as BatchResultsFormat))
    throw new UsageError(`--format must be one of ${BATCH_RESULTS_FORMATS.join(', ')}`);
  if (format !== undefined && out && BATCH_RESULTS_FORMATS.includes(fromExtension as BatchResultsFormat)) {
    if (fromExtension !== format) throw new UsageError(`--out ${out} is not a .${format} file`);
  }
  if (format !== undefined) return format as BatchResultsFormat;
  if (BATCH_RESULTS_FORMATS.includes(fromExtension as BatchResultsFormat)) return fromExtension as BatchResultsFormat;
  throw new UsageError(`name the results file .csv, .xlsx or .jsonl, or give --format (--out ${out ?? ''})`);
}

/** Each file's external_id: its name, or the path as given where two files share a name. */
export function externalIds(files: string[]): string[] {
  const names = files.map((f) => basename(f));
  return files.map((f, i) => (names.indexOf(names[i]!) === names.lastIndexOf(names[i]!) ? names[i]! : f));
}

/** `fn` over `items`, at most `limit` at once, the answers in the items' order. */
async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

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
      format: { type: 'string' },
      'max-concurrency': { type: 'string' },
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
      case 'batch':
        return await batch(client, rest, values, io, print);
      case 'batches': {
        const [sub, id] = rest;
        if (sub === 'list') {
          const limit = values.limit ? Number(values.limit) : 20;
          let n = 0;
          for await (const b of client.batches.list({ limit: Math.min(limit, 100) })) {
            print(b, batchLine(b));
            if (++n >= limit) break;
          }
          return 0;
        }
        if ((sub === 'get' || sub === 'cancel') && id) {
          const b = sub === 'get' ? await client.batches.get(id) : await client.batches.cancel(id);
          io.out(values.json || sub === 'get' ? JSON.stringify(b, null, values.json ? undefined : 2) : batchLine(b));
          return 0;
        }
        if (sub === 'results' && id) {
          if (!values.out) throw new UsageError('batches results needs --out PATH');
          await saveResults(client, id, values.out, resultsFormat(values.format, values.out), io);
          return 0;
        }
        throw new UsageError('batches list | batches get ID | batches cancel ID | batches results ID --out PATH');
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

async function saveResults(client: Assay, batchId: string, out: string, format: BatchResultsFormat, io: Io) {
  const results = await client.batches.downloadResults(batchId, { format });
  await writeFile(out, results.bytes);
  io.err(`wrote ${out} (${results.mimeType}, ${results.bytes.byteLength} bytes)`);
}

/**
 * `assay batch WORKFLOW_ID FILE…`: uploads the files (four at a time), creates one batch item per file with the
 * file's name as its external_id, and with --wait or --out polls, printing a progress line to stderr whenever the
 * counts move, then saves the results file. Exits 0 when every item succeeded, 1 otherwise (the results file is
 * still written: it says which items failed and why).
 */
async function batch(
  client: Assay,
  args: string[],
  values: Record<string, string | boolean | undefined>,
  io: Io,
  print: (value: unknown, human: string) => void,
): Promise<number> {
  const [workflowId, ...files] = args;
  if (!workflowId) throw new UsageError('batch needs WORKFLOW_ID');
  if (files.length === 0) throw new UsageError('batch needs at least one FILE');
  const out = values.out as string | undefined;
  // Checked before anything is uploaded or charged.
  const format = out ? resultsFormat(values.format as string | undefined, out) : undefined;
  let maxConcurrency: number | undefined;
  if (values['max-concurrency'] !== undefined) {
    maxConcurrency = Number(values['max-concurrency']);
    if (!Number.isInteger(maxConcurrency) || maxConcurrency < 1)
      throw new UsageError('--max-concurrency must be a whole number from 1');
  }
  const ids = externalIds(files);
  const documents = await mapLimited(files, 4, (path) => client.documents.upload(path));
  let current = await client.batches.create(workflowId, {
    items: documents.map((doc, i) => ({ input_documents: [doc.id], external_id: ids[i] })),
    ...(maxConcurrency === undefined ? {} : { max_concurrency: maxConcurrency }),
  });
  if (!values.wait && !out) {
    print(current, batchLine(current));
    return 0;
  }
  let last = '';
  const timeoutS = values['timeout-s'] === undefined ? undefined : Number(values['timeout-s']);
  current = await client.batches.wait(current.id, {
    ...(timeoutS === undefined ? {} : { timeoutMs: timeoutS * 1000 }),
    onProgress: (b) => {
      const line = progressLine(b);
      if (line !== last) io.err(line);
      last = line;
    },
  });
  print(current, batchLine(current));
  if (out && format) await saveResults(client, current.id, out, format, io);
  if (current.status !== 'succeeded') {
    io.err(`batch ${current.id} ${current.status}: ${current.counts.succeeded} of ${current.counts.total} succeeded`);
    return 1;
  }
  return 0;
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

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
 *   assay calibrate WORKFLOW_ID --labels labels.csv --files DIR [--repeats N] [--wait]
 *
 * `listen` works like `stripe listen`: it registers a temporary webhook endpoint pointing at a local receiver,
 * verifies each delivery's signature, prints the event, forwards the raw body and headers to --forward-to, and
 * deletes the endpoint when stopped (Ctrl-C).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  Assay,
  BATCH_RESULTS_FORMATS,
  TERMINAL_RUN_STATUSES,
  type Batch,
  type BatchResultsFormat,
  type Calibration,
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
  calibrate WORKFLOW_ID --labels labels.csv --files DIR [--repeats N] [--wait]
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
      labels: { type: 'string' },
      files: { type: 'string' },
      repeats: { type: 'string' },
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
      case 'calibrate':
        return await calibrate(client, rest[0], values, io);
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

/** RFC 4180 CSV: quoted fields (with "" for a quote), commas and CRLF or LF line ends. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') ((field += '"'), i++);
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') (row.push(field), (field = ''));
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f !== '')) rows.push(row);
      ((row = []), (field = ''));
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  return rows;
}

type Label = number | string | boolean;
type CriterionInput = {
  key: string;
  pointer: string;
  kind: 'ordinal' | 'categorical' | 'boolean' | 'numeric';
  min?: number;
  max?: number;
  labels?: string[];
};

/**
 * A labels CSV as a calibration set: a `file` column (a file in the documents folder), an optional `external_id`,
 * and a column per criterion (`score`) or per criterion and rater (`score:ana`, `score:ben`, first rater first). A
 * criterion's kind follows its values: `true`/`false` boolean, integers ordinal (from the least to the greatest
 * label), other numbers numeric, anything else categorical; its pointer is `/<criterion>` in the run's output.
 */
export function labelsFromCsv(text: string): {
  criteria: CriterionInput[];
  rows: { file: string; external_id?: string; labels: Record<string, Label | { rater: string; value: Label }[]> }[];
} {
  const [header, ...data] = parseCsv(text);
  if (!header) throw new UsageError('the labels CSV is empty');
  const fileAt = header.indexOf('file');
  if (fileAt < 0) throw new UsageError('the labels CSV needs a `file` column');
  const idAt = header.indexOf('external_id');
  const columns = header
    .map((name, at) => ({ name, at }))
    .filter(({ at }) => at !== fileAt && at !== idAt)
    .map(({ name, at }) => {
      const [key, rater] = name.split(':');
      return { key: key!.trim(), rater: rater?.trim() ?? null, at };
    });
  const keys = [...new Set(columns.map((c) => c.key))];
  const raw = (key: string) => data.flatMap((r) => columns.filter((c) => c.key === key).map((c) => r[c.at] ?? ''));
  const criteria = keys.map((key): CriterionInput => {
    const values = raw(key).filter((v) => v.trim() !== '');
    if (values.length > 0 && values.every((v) => /^(true|false)$/i.test(v.trim())))
      return { key, pointer: `/${key}`, kind: 'boolean' };
    if (values.length > 0 && values.every((v) => /^-?\d+$/.test(v.trim()))) {
      const ints = values.map(Number);
      return { key, pointer: `/${key}`, kind: 'ordinal', min: Math.min(...ints), max: Math.max(...ints) };
    }
    if (values.length > 0 && values.every((v) => v.trim() !== '' && Number.isFinite(Number(v))))
      return { key, pointer: `/${key}`, kind: 'numeric' };
    return { key, pointer: `/${key}`, kind: 'categorical', labels: [...new Set(values.map((v) => v.trim()))] };
  });
  const kindOf = new Map(criteria.map((c) => [c.key, c.kind]));
  const parse = (key: string, v: string): Label => {
    const kind = kindOf.get(key);
    return kind === 'boolean' ? /^true$/i.test(v.trim()) : kind === 'categorical' ? v.trim() : Number(v);
  };
  const rows = data.map((r) => {
    const labels: Record<string, Label | { rater: string; value: Label }[]> = {};
    for (const key of keys) {
      const cells = columns.filter((c) => c.key === key && (r[c.at] ?? '').trim() !== '');
      if (cells.length === 0) continue;
      labels[key] =
        cells.length === 1 && cells[0]!.rater === null
          ? parse(key, r[cells[0]!.at]!)
          : cells.map((c) => ({ rater: c.rater ?? 'label', value: parse(key, r[c.at]!) }));
    }
    const externalId = idAt >= 0 ? r[idAt]?.trim() : undefined;
    return { file: (r[fileAt] ?? '').trim(), ...(externalId ? { external_id: externalId } : {}), labels };
  });
  return { criteria, rows };
}

const fmt = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(3));

/** One line per criterion: its agreement statistic with its interval, exact agreement, SMD and the verdict. */
export function criteriaTable(calibration: Calibration): string[] {
  const lines = ['criterion  kind         scored/labelled  agreement (95% CI)          exact   smd     verdict'];
  for (const c of calibration.criteria ?? []) {
    const [name, agreement] = Object.entries(c.metrics)[0] ?? ['', undefined];
    const exact = c.metrics.exact_agreement ?? c.metrics.accuracy;
    const interval = agreement?.interval;
    lines.push(
      [
        c.key.padEnd(10),
        c.kind.padEnd(12),
        `${c.scored}/${c.labelled}`.padEnd(16),
        `${name} ${fmt(agreement?.value)} [${fmt(interval?.low)}, ${fmt(interval?.high)}]`.padEnd(27),
        fmt(exact?.value).padEnd(7),
        fmt(c.metrics.smd?.value).padEnd(7),
        c.verdict.status,
      ].join(' '),
    );
  }
  return lines;
}

async function calibrate(
  client: Assay,
  workflowId: string | undefined,
  values: Record<string, string | boolean | undefined>,
  io: Io,
): Promise<number> {
  const labelsPath = values.labels as string | undefined;
  const dir = values.files as string | undefined;
  if (!workflowId || !labelsPath || !dir)
    throw new UsageError('calibrate needs WORKFLOW --labels labels.csv --files DIR');
  const { criteria, rows } = labelsFromCsv(await readFile(labelsPath, 'utf8'));
  const ids = new Map<string, string>();
  for (const row of rows) {
    if (!row.file) throw new UsageError('every row of the labels CSV needs a file');
    if (!ids.has(row.file)) ids.set(row.file, (await client.documents.upload(join(dir, row.file))).id);
  }
  const set = await client.calibrationSets.create({ name: basename(labelsPath), criteria });
  for (let i = 0; i < rows.length; i += 1000) {
    await client.calibrationSets.addItems(
      set.id,
      rows.slice(i, i + 1000).map((r) => ({
        input_documents: [ids.get(r.file)!],
        ...(r.external_id ? { external_id: r.external_id } : {}),
        labels: r.labels,
      })),
    );
  }
  const repeats = values.repeats ? Number(values.repeats) : undefined;
  let calibration = await client.calibrations.create(workflowId, {
    calibration_set_id: set.id,
    ...(repeats ? { repeats } : {}),
  });
  io.err(`calibration set ${set.id} (${rows.length} items); calibration ${calibration.id} running`);
  if (!values.wait) {
    io.out(values.json ? JSON.stringify(calibration) : calibration.id);
    return 0;
  }
  calibration = await client.calibrations.wait(calibration.id, {
    timeoutMs: Number(values['timeout-s'] ?? 1800) * 1000,
  });
  if (values.json) io.out(JSON.stringify(calibration));
  else for (const line of criteriaTable(calibration)) io.out(line);
  if (calibration.report_file) io.err(`report: ${calibration.report_file.url}`);
  if (calibration.error)
    io.err(`calibration ${calibration.id} failed (${calibration.error.code}): ${calibration.error.message}`);
  return calibration.status === 'succeeded' ? 0 : 1;
}

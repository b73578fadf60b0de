/** `assay batch` and `assay batches …`. */
import { writeFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { BATCH_RESULTS_FORMATS, type Assay, type Batch, type BatchResultsFormat } from '../client';
import { UsageError, type Io, type Print, type Values } from './io';

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

/** `assay batches list | get ID | cancel ID | results ID --out PATH`. */
export async function batchesCommand(
  client: Assay,
  rest: string[],
  values: Values,
  io: Io,
  print: Print,
): Promise<number> {
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
    await saveResults(client, id, values.out as string, resultsFormat(values.format, values.out), io);
    return 0;
  }
  throw new UsageError('batches list | batches get ID | batches cancel ID | batches results ID --out PATH');
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
export async function batch(client: Assay, args: string[], values: Values, io: Io, print: Print): Promise<number> {
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

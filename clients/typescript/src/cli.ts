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
 *   assay review [--reviewer NAME] [--workflow ID]     work the review queue: claim, answer, submit, next (q quits)
 *
 * Each command is a module of cli/; this one parses the options and dispatches.
 */
import { Assay, TERMINAL_RUN_STATUSES } from './client';
import { AssayError } from './errors';
import { batch, batchesCommand } from './cli/batches';
import { calibrate } from './cli/calibrate';
import { parseCommandLine, UsageError, type Io } from './cli/io';
import { listen } from './cli/listen';
import { reviewCommand, type ReviewIo } from './cli/review';
import { runCommand, runsCommand } from './cli/runs';

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
  review [--reviewer NAME] [--workflow ID]       work the review queue (answers from stdin; q quits)
options: --api-key KEY (ASSAY_API_KEY), --base-url URL (ASSAY_BASE_URL), --json`;

export async function main(
  argv: string[],
  io: ReviewIo = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) },
): Promise<number> {
  const { values, positionals } = parseCommandLine(argv);
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
      case 'run':
        return await runCommand(client, rest, values, io, print);
      case 'batch':
        return await batch(client, rest, values, io, print);
      case 'batches':
        return await batchesCommand(client, rest, values, io, print);
      case 'runs':
        return await runsCommand(client, rest, values, io, print);
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
      case 'review':
        return await reviewCommand(client, values, io);
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

/** Terminal run statuses, re-exported for scripts that drive the CLI. */
export { TERMINAL_RUN_STATUSES };

/** `assay run` and `assay runs …`. */
import { writeFile } from 'node:fs/promises';
import type { Assay, Run, RunStatus } from '../client';
import { UsageError, type Io, type Print, type Values } from './io';

export const runLine = (r: Run) => `${r.id}  ${r.status.padEnd(9)}  ${r.workflow_id}  ${r.created_at}`;

/** `assay run WORKFLOW_ID FILE… [--wait] [--out PATH]`: uploads the files, starts a run, and waits for it if asked. */
export async function runCommand(client: Assay, rest: string[], values: Values, io: Io, print: Print): Promise<number> {
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

/** `assay runs list | get RUN_ID | cancel RUN_ID`. */
export async function runsCommand(
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

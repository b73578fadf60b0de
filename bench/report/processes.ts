/** The processes the bench starts (the API, the worker, the Koa baselines) and the Temporal executions it leaves. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { openProduct } from '../../domain/operations/start-up';
import { ROOT, LOG_DIR, env } from './settings';
import { pool } from './seed';

/** How each child process ended, if it did before the bench stopped it: a phase that fails names it. */
export const exits = new Map<string, string>();

/**
 * Starts a process and resolves once a line of its output contains `ready`. Its output goes to `<LOG_DIR>/<name>.log`
 * (drained, so a chatty process never blocks on a full pipe).
 */
export async function startProcess(
  name: string,
  args: string[],
  ready: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...env, LOG_LEVEL: 'info', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(join(LOG_DIR, `${name}.log`));
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  let out = '';
  await new Promise<void>((resolve, reject) => {
    // Generous: on a busy shared machine a process's start-up (connections, indexes, the catalog) can take a minute.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within 5 minutes:\n${out}`));
    }, 300_000);
    const hear = (d: Buffer) => {
      out += d.toString();
      if (out.includes(ready)) {
        clearTimeout(timer);
        child.stdout!.off('data', hear);
        child.stderr!.off('data', hear);
        resolve();
      }
    };
    child.stdout!.on('data', hear);
    child.stderr!.on('data', hear);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${out}`)));
  });
  child.once('exit', (code, signal) => exits.set(name, signal ? `killed by ${signal}` : `exited with code ${code}`));
  return child;
}

/** Stops a child and waits for it to be gone (the database is dropped only once nothing uses it). */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await gone;
  clearTimeout(force);
}

/** An error as one line: message, and the causes undici and the drivers hide behind `fetch failed` and the like. */
export function describe(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    parts.push(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
  }
  return parts.join(' ← ').replace(/\s+/g, ' ').slice(0, 400);
}

/**
 * Terminates every open execution of the bench's namespace: runs of an earlier bench whose database is gone would
 * retry their activities for ever and weigh on this one's worker; the runs this one leaves behind (the POST load
 * does not wait for its runs) must not outlive its database.
 */
export async function terminateOpen(temporal: Awaited<ReturnType<typeof openProduct>>['temporal']): Promise<number> {
  const ids: string[] = [];
  for await (const execution of temporal.client.workflow.list({ query: 'ExecutionStatus="Running"' }))
    ids.push(execution.workflowId);
  await pool(ids.length, 20, (i) =>
    temporal.client.workflow
      .getHandle(ids[i]!)
      .terminate('bench clean-up')
      .catch(() => undefined),
  );
  return ids.length;
}

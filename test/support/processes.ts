/**
 * Child processes the tests run for real: the worker (started by globalSetup, and killed and restarted by the
 * tests that prove durability).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { NODE_FLAGS } from '../../scripts/node-flags';

const ROOT = join(__dirname, '..', '..');

export interface Spawned {
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `worker/main.ts` and resolves once all its task-queue workers are polling. */
export function startWorker(env: NodeJS.ProcessEnv = {}, timeoutMs = 60_000): Promise<Spawned> {
  return spawnReady({
    name: 'worker',
    entry: join('worker', 'main.ts'),
    readyLine: 'assay worker polling',
    env,
    timeoutMs,
  });
}

/** Starts `api/server.ts` on `port` and resolves once it listens (NODE_ENV stays the tests' own: test). */
export function startApi(port: number, env: NodeJS.ProcessEnv = {}, timeoutMs = 60_000): Promise<Spawned> {
  return spawnReady({
    name: 'api',
    entry: join('api', 'server.ts'),
    readyLine: 'assay api listening',
    env: { PORT: String(port), ...env },
    timeoutMs,
  });
}

/** Runs a TypeScript entry point under tsx and resolves once its output shows `readyLine`; rejects if it exits first. */
async function spawnReady(p: {
  name: string;
  entry: string;
  readyLine: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
}): Promise<Spawned> {
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', join(ROOT, p.entry)], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...p.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const collect = (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const spawned: Spawned = {
    child,
    output: () => out,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
        setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
      }),
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${p.name} not ready in ${p.timeoutMs} ms:\n${out}`)), p.timeoutMs);
    child.stdout?.on('data', () => {
      if (out.includes(p.readyLine)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${p.name} exited with ${code} during start-up:\n${out}`));
    });
  });
  return spawned;
}

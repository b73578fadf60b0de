/**
 * Child processes the tests run for real: the worker (started by globalSetup, and killed and restarted by the
 * tests that prove durability).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

export interface Spawned {
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `worker/main.ts` and resolves once all its task-queue workers are polling. */
export async function startWorker(env: NodeJS.ProcessEnv = {}, timeoutMs = 60_000): Promise<Spawned> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'worker', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
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
    const timer = setTimeout(() => reject(new Error(`worker not ready in ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const onData = () => {
      if (out.includes('assay worker polling')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code} during start-up:\n${out}`));
    });
  });
  return spawned;
}

/** Starts `api/server.ts` on `port` and resolves once it listens (NODE_ENV stays the tests' own: test). */
export async function startApi(port: number, env: NodeJS.ProcessEnv = {}, timeoutMs = 60_000): Promise<Spawned> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'api', 'server.ts')], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', PORT: String(port), ...env },
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
    const timer = setTimeout(() => reject(new Error(`api not ready in ${timeoutMs} ms:\n${out}`)), timeoutMs);
    child.stdout?.on('data', () => {
      if (out.includes('assay api listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`api exited with ${code} during start-up:\n${out}`));
    });
  });
  return spawned;
}

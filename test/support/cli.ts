/** Runs the `assay` CLI (scripts/assay.cjs: the SDK's source through tsx) as a user would, as a child process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
export const ASSAY_BIN = join(ROOT, 'scripts', 'assay.cjs');

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command args` in `cwd` to the end (killed after `timeoutMs`), collecting its output. */
export function runProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 120_000,
  cwd = ROOT,
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export const runCli = (args: string[], env: NodeJS.ProcessEnv, timeoutMs?: number) =>
  runProcess(process.execPath, [ASSAY_BIN, ...args], env, timeoutMs);

/** A long-running CLI command (`assay listen`), with its output so far and a way to wait for a line. */
export interface LiveCli {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

export function startCli(args: string[], env: NodeJS.ProcessEnv): LiveCli {
  const child = spawn(process.execPath, [ASSAY_BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async waitForOutput(pattern, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = stdout.match(pattern);
        if (match) return match;
        if (child.exitCode !== null)
          throw new Error(`assay exited with ${child.exitCode} before printing ${pattern}:\n${stdout}\n${stderr}`);
        if (Date.now() > deadline)
          throw new Error(`assay did not print ${pattern} in ${timeoutMs} ms:\n${stdout}\n${stderr}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

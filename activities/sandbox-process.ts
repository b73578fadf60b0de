/**
 * What the worker's two sandboxes share: the parsing sandbox (parsing/sandbox.ts, one upload's extraction) and the
 * indexing sandbox (indexing/sandbox.ts, one reference's chunks and index). Each job gets a fresh child process,
 * started with an empty environment (no credentials or addresses for a hostile file to find) and V8's heap capped,
 * and a watchdog that samples the child's resident set, which counts what the heap flag cannot (buffers a
 * decompressor fills, native memory). A child that runs out of either dies alone: the worker process, its other
 * activities and its workflow tasks carry on.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** How often the watchdog samples a child's resident set. */
export const WATCH_EVERY_MS = 25;

/**
 * Forks `<dir>/<name>.ts` from TypeScript sources (jest, tsx: tsx's require hook compiles it) or `<dir>/<name>.js`
 * from dist/, with stdin and stdout as pipes for the bulk bytes and an IPC channel (advanced serialization) for
 * the small messages around them.
 */
export function forkSandbox(dir: string, name: string, maxMemoryMb: number): ChildProcess {
  const fromSource = __filename.endsWith('.ts');
  return fork(join(dir, `${name}${fromSource ? '.ts' : '.js'}`), [], {
    execArgv: [`--max-old-space-size=${maxMemoryMb}`, ...(fromSource ? ['--require', require.resolve('tsx/cjs')] : [])],
    env: { NODE_ENV: process.env.NODE_ENV ?? 'production' },
    stdio: ['pipe', 'pipe', 'ignore', 'ipc'],
    serialization: 'advanced',
  });
}

/** VmRSS of a live process in MB, or null when it is gone (or /proc is not there: then the heap flag still holds). */
export function residentMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** V8 ends a process that runs out of heap with a fatal error: SIGABRT, or exit code 134 or 5. */
export function ranOutOfHeap(code: number | null, signal: NodeJS.Signals | null): boolean {
  return signal === 'SIGABRT' || code === 134 || code === 5;
}

/**
 * Samples `child`'s resident set every WATCH_EVERY_MS: `over` is called (once per sample that finds it) when it
 * is above `maxMemoryMb` (a number, or the cap in force at each sample: the parsing sandbox gives each OCR page its own). Answers the largest set seen so far, and a stop for the timer.
 */
export function watchMemory(
  child: ChildProcess,
  maxMemoryMb: number | (() => number),
  over: () => void,
): { peakMb: () => number; stop: () => void } {
  let peak = 0;
  const cap = typeof maxMemoryMb === 'number' ? () => maxMemoryMb : maxMemoryMb;
  const timer = setInterval(() => {
    const rss = residentMb(child.pid);
    if (rss === null) return;
    peak = Math.max(peak, rss);
    if (rss > cap()) over();
  }, WATCH_EVERY_MS);
  return { peakMb: () => peak, stop: () => clearInterval(timer) };
}

export function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

/**
 * The bytes a child writes to stdout after announcing their size over IPC. The two are separate pipes, so bytes
 * may come before the announcement: those are kept aside (never more than `max`), and from the announcement on
 * everything is held once, in one buffer of exactly the announced size, never a copy of the whole.
 */
export class AnnouncedOutput {
  private early: Buffer[] = [];
  private buffer: Buffer | null = null;
  private received = 0;

  constructor(private readonly max: number) {}

  /** Takes a piece of stdout; false when the child wrote more than `max`, or past the size it announced. */
  take(piece: Buffer): boolean {
    if (!this.buffer) {
      this.early.push(piece);
      this.received += piece.length;
      return this.received <= this.max;
    }
    if (this.received + piece.length > this.buffer.length) return false;
    piece.copy(this.buffer, this.received);
    this.received += piece.length;
    return true;
  }

  /** Records the announced size; false when it is over `max` (nothing is allocated then). */
  announce(bytes: number): boolean {
    if (bytes > this.max) return false;
    this.buffer = Buffer.allocUnsafe(bytes);
    const pending = this.early.splice(0);
    this.received = 0;
    return pending.every((piece) => this.take(piece));
  }

  /** The output, once every announced byte has arrived; null before (or when nothing was announced). */
  complete(): Buffer | null {
    return this.buffer && this.received === this.buffer.length ? this.buffer : null;
  }
}

/**
 * A sandbox child's stdin up to `limit` bytes (the parent caps what it sends; this holds against a parent that did
 * not): `over` as soon as one byte more arrives, which is enough to know the input is too large.
 */
export function readStdinUpTo(limit: number): Promise<{ bytes: Buffer; over: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    process.stdin.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        process.stdin.destroy();
        resolve({ bytes: Buffer.alloc(0), over: true });
        return;
      }
      chunks.push(chunk);
    });
    process.stdin.on('end', () => resolve({ bytes: Buffer.concat(chunks, size), over: false }));
    process.stdin.on('error', reject);
  });
}

/**
 * `extractInSandbox`: `extract` in a worker thread with its own heap limit and a wall-clock deadline, so that a
 * hostile or pathological upload (a PDF that spins, an archive that lies about its size, a parser bug) costs one
 * failed Extraction instead of the worker process. Each call gets a fresh worker: nothing one upload does to a
 * parser's state can leak into the next.
 *
 * The heap limit bounds V8's heap (strings, objects), which is where parsers build text; ArrayBuffer memory sits
 * outside it, which is why zip-guard.ts refuses bombs before anything inflates them.
 */
import { join } from 'node:path';
import { isArrayBuffer } from 'node:util/types';
import { Worker } from 'node:worker_threads';
import { failed } from './result';
import type { DocFormat, Extraction, ExtractHint } from './types';

export interface SandboxLimits {
  timeoutMs?: number;
  maxMemoryMb?: number;
}

export const SANDBOX_DEFAULTS: Required<SandboxLimits> = { timeoutMs: 60_000, maxMemoryMb: 512 };

/** What sandbox-worker.ts posts back. */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'identified'; format: DocFormat }
  | { type: 'done'; extraction: Extraction }
  /** `extract` threw: a parser could not be loaded (ParserUnavailable), never the upload's fault. */
  | { type: 'unavailable'; message: string };

export interface WorkerInput {
  bytes: Uint8Array;
  hint: ExtractHint;
}

/**
 * The worker's entry point, inline because `tsc` copies no `.js` files into dist/. From TypeScript sources (jest,
 * tsx) it first registers tsx's require hook, which then compiles sandbox-worker.ts; from dist/ it loads the
 * compiled sandbox-worker.js directly. The entry is named without extension so either resolves.
 */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
if (workerData.tsxHook) require(workerData.tsxHook);
require(workerData.entry);
`;

/**
 * Runs `extract` under `limits` (defaults: 60 s, 512 MB of heap). A deadline overrun ends as `timeout`, a worker
 * that runs out of heap or dies as `too_complex`. Rejects only when the worker cannot load its code or a parser
 * library: that is a deployment fault, not a property of the upload.
 *
 * The bytes are transferred, not copied: afterwards `bytes` is detached (length 0) in the caller. A view over part
 * of a larger buffer (or of Node's shared Buffer pool) cannot be handed over whole, so it is copied once instead.
 */
export async function extractInSandbox(
  bytes: Uint8Array,
  hint: ExtractHint,
  limits: SandboxLimits = {},
): Promise<Extraction> {
  const { timeoutMs, maxMemoryMb } = { ...SANDBOX_DEFAULTS, ...limits };
  const own = ownedCopy(bytes);
  const input: WorkerInput = { bytes: own, hint: { filename: hint.filename, declaredMime: hint.declaredMime } };
  const fromSource = __filename.endsWith('.ts');
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    workerData: {
      ...input,
      entry: join(__dirname, 'sandbox-worker'),
      tsxHook: fromSource ? require.resolve('tsx/cjs') : null,
    },
    transferList: [own.buffer as ArrayBuffer],
    resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb },
  });

  return new Promise<Extraction>((resolve, reject) => {
    let ready = false;
    let format: DocFormat | null = null;
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => {
      const reason = `extraction did not finish within ${formatSeconds(timeoutMs)} and was stopped`;
      settle(() => resolve(failed('timeout', reason, { format })));
    }, timeoutMs);

    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') ready = true;
      else if (message.type === 'identified') format = message.format;
      else if (message.type === 'done') settle(() => resolve(message.extraction));
      else settle(() => reject(new Error(`extraction is unavailable: ${message.message}`)));
    });
    worker.on('error', (err: Error & { code?: string }) => {
      const outOfMemory = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (!ready && !outOfMemory) {
        settle(() => reject(new Error(`the extraction worker could not start: ${err.message}`, { cause: err })));
        return;
      }
      const reason = outOfMemory
        ? `the document needs more than the ${maxMemoryMb} MB of memory allowed for extraction`
        : 'the document made the parser fail unexpectedly';
      settle(() => resolve(failed('too_complex', reason, { format })));
    });
    worker.on('exit', () => {
      settle(() => resolve(failed('too_complex', 'the document made the parser stop unexpectedly', { format })));
    });
  });
}

/** The bytes themselves when they own their whole ArrayBuffer (transferable as is), else one copy that does. */
function ownedCopy(bytes: Uint8Array): Uint8Array {
  // isArrayBuffer, not instanceof: it also answers for buffers made in another realm (jest's module sandbox).
  const whole = isArrayBuffer(bytes.buffer) && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole ? bytes : new Uint8Array(bytes);
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

/**
 * A reference document's chunks and BM25 index, built in a child process of their own.
 *
 * Chunking and indexing are synchronous and take seconds for a long reference, and their memory grows with the
 * distinct terms of the text: a reference of 20 M CJK characters (character bigrams) needs gigabytes. On a worker
 * thread, where they ran before, that memory was the worker process's own, and a heap cap on the thread could take
 * the whole process down (both measured). Here the child has the parsing sandbox's limits
 * (activities/sandbox-process.ts): a heap cap and a watchdog on its resident set. A reference that needs more fails
 * with a reason the client reads; the worker and every other job it holds carry on.
 *
 * In: the stored text's JSON bytes, streamed from the object store to the child's stdin (the worker never parses
 * them). Out: the chunks as JSON and the gzipped index on stdout, their sizes announced first over IPC.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Chunk } from './chunking';
import { AnnouncedOutput, forkSandbox, formatSeconds, ranOutOfHeap, watchMemory } from '../sandbox-process';

export interface IndexLimits {
  /** Resident memory of the child, heap and everything else. */
  maxMemoryMb?: number;
  timeoutMs?: number;
}

/**
 * The memory is INDEXING_MEMORY_MB's default (the worker passes the configured one). The deadline leaves the
 * activity's 10-minute start-to-close time to store the result: a reference that takes longer fails once instead
 * of on every retry.
 */
export const INDEX_DEFAULTS: Required<IndexLimits> = { maxMemoryMb: 1024, timeoutMs: 8 * 60_000 };

const HEAP_SHARE = 0.75;

/**
 * The most the worker takes back: 20 M characters as chunk JSON (chunks overlap by an eighth, CJK is 3 bytes a
 * character in UTF-8) and the gzipped index come to well under it.
 */
export const MAX_RESULT_BYTES = 256 * 1024 * 1024;

/** Parent → child: the reference the text belongs to (chunk ids carry it); the text follows on stdin. */
export interface IndexRequest {
  type: 'request';
  refId: string;
}

/** Child → parent: `result` announces the sizes of the two parts that follow on stdout, in this order. */
export type IndexChildMessage =
  { type: 'result'; chunksBytes: number; indexBytes: number } | { type: 'error'; message: string };

export type IndexOutcome =
  | { indexed: true; chunks: Chunk[]; indexGz: Buffer; peakRssMb: number }
  | { indexed: false; code: 'file_unprocessable'; reason: string; peakRssMb: number };

/**
 * Chunks and indexes the stored text `storedText` (bytes, or a stream such as an object-store body) of reference
 * `refId`. What the text can cause (too much memory, too long) is an outcome, `indexed: false`; it rejects when
 * the child cannot run or reports an error (a corrupt stored text, a deployment fault), which is worth a retry,
 * and when `signal` aborts (the activity was cancelled), after killing the child.
 */
export function indexInSandbox(
  refId: string,
  storedText: Uint8Array | Readable,
  limits: IndexLimits = {},
  signal?: AbortSignal,
): Promise<IndexOutcome> {
  const { maxMemoryMb, timeoutMs } = { ...INDEX_DEFAULTS, ...limits };
  // The heap below the resident cap: V8 collects harder as it nears its limit, where at the cap the watchdog would
  // stop a child whose live data still fits (the rest of a child's memory is young objects, code and buffers).
  const child = forkSandbox(__dirname, 'sandbox-child', Math.floor(maxMemoryMb * HEAP_SHARE));

  return new Promise<IndexOutcome>((resolve, reject) => {
    let settled = false;
    let sizes: { chunksBytes: number; indexBytes: number } | null = null;
    let stdoutEnded = false;
    const output = new AnnouncedOutput(MAX_RESULT_BYTES);

    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      watchdog.stop();
      signal?.removeEventListener('abort', aborted);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      outcome();
    };
    const fail = (err: Error): void => settle(() => reject(err));
    const unprocessable = (reason: string): void =>
      settle(() => resolve({ indexed: false, code: 'file_unprocessable', reason, peakRssMb: watchdog.peakMb() }));
    const overMemory = (): void =>
      unprocessable(
        `indexing the document's text needed more than the ${maxMemoryMb} MB of memory allowed; split it into smaller documents`,
      );
    const finishIfComplete = (): void => {
      if (!sizes || !stdoutEnded || settled) return;
      const all = output.complete();
      if (!all) {
        fail(
          new Error(
            `the indexing process wrote less than the ${sizes.chunksBytes + sizes.indexBytes} bytes it announced`,
          ),
        );
        return;
      }
      const chunks = JSON.parse(all.subarray(0, sizes.chunksBytes).toString('utf8')) as Chunk[];
      const indexGz = all.subarray(sizes.chunksBytes);
      settle(() => resolve({ indexed: true, chunks, indexGz, peakRssMb: watchdog.peakMb() }));
    };

    const timer = setTimeout(
      () =>
        unprocessable(`indexing the document's text did not finish within ${formatSeconds(timeoutMs)} and was stopped`),
      timeoutMs,
    );
    const watchdog = watchMemory(child, maxMemoryMb, overMemory);
    const aborted = (): void => fail(new Error('indexing was cancelled', { cause: signal?.reason }));
    if (signal?.aborted) aborted();
    signal?.addEventListener('abort', aborted);

    child.on('message', (message: IndexChildMessage) => {
      if (message.type === 'error') {
        fail(new Error(`indexing failed: ${message.message}`));
        return;
      }
      if (message.chunksBytes + message.indexBytes > MAX_RESULT_BYTES) {
        unprocessable('the document produced a larger index than can be stored; split it into smaller documents');
        return;
      }
      if (!output.announce(message.chunksBytes + message.indexBytes)) {
        fail(new Error('the indexing process wrote more than it announced'));
        return;
      }
      sizes = message;
      finishIfComplete();
    });
    child.stdout!.on('data', (piece: Buffer) => {
      // Only what a `result` may announce is held: a child writing more is stopped before it fills the worker.
      if (!output.take(piece))
        fail(new Error('the indexing process wrote more than it announced, or than any result may hold'));
    });
    child.stdout!.on('end', () => {
      stdoutEnded = true;
      finishIfComplete();
    });
    child.on('error', (err) => fail(new Error(`the indexing process could not start: ${err.message}`, { cause: err })));
    child.on('exit', (code, signal) => {
      if (settled || (code === 0 && sizes)) return;
      if (ranOutOfHeap(code, signal)) overMemory();
      else fail(new Error(`the indexing process exited (${signal ?? `code ${code}`}) without a result`));
    });

    child.send({ type: 'request', refId } satisfies IndexRequest);
    const source =
      storedText instanceof Readable
        ? storedText
        : Readable.from([Buffer.from(storedText.buffer, storedText.byteOffset, storedText.byteLength)]);
    // A store stream that breaks is an infrastructure failure (the activity retries); a child that went away while
    // reading reports through 'exit'.
    let sourceFailed = false;
    source.once('error', () => (sourceFailed = true));
    pipeline(source, child.stdin!).catch((err: unknown) => {
      if (sourceFailed)
        fail(
          new Error(`reading the stored text failed: ${err instanceof Error ? err.message : String(err)}`, {
            cause: err,
          }),
        );
    });
  });
}

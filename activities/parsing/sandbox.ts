/**
 * The parsing sandbox: extraction and schema inference of one upload in a child process of its own,
 * so that a hostile or pathological file (a zip that lies about its sizes, a FlateDecode bomb, a parser that
 * spins) costs one failed document instead of the worker. Each file gets a fresh process, started with an empty
 * environment; only the bytes go in (stdin) and only the stored-text JSON (stdout) and a small summary with the
 * inferred schema (IPC) come out.
 *
 * Limits: `--max-old-space-size` bounds V8's heap, and a watchdog samples the child's resident set from
 * /proc/<pid>/status, which counts what the heap flag cannot (ArrayBuffers a decompressor fills, native memory);
 * over the limit, or past the deadline, the child is killed with SIGKILL and the file fails `file_unprocessable`.
 * The worker never holds more than one small stream chunk of the input, whatever the store says its size is.
 */
import type { ChildProcess } from 'node:child_process';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { failed, formatBytes } from './result';
import type { DocFormat, Extraction, ExtractHint, Section } from './types';
import type { CountingBudget } from './token-counts';
import { MAX_UPLOAD_BYTES } from '../../domain/documents/uploads';
import type { OcrPageText } from './ocr/read';
import { AnnouncedOutput, forkSandbox, formatSeconds, ranOutOfHeap, watchMemory } from '../sandbox-process';

export interface SandboxLimits {
  timeoutMs?: number;
  /** Resident memory of the child, heap and everything else. */
  maxMemoryMb?: number;
  /**
   * Count each section's tokens for the runs, within this many ms of the child's start (token-counts.ts); 0 or
   * absent: do not count.
   */
  countTokensWithinMs?: number;
  /** Each page read by OCR gets this long of its own (the engine's start included on the first). */
  ocrPageTimeoutMs?: number;
  /** Resident memory of the child while it reads a page by OCR (the engine's two workers and one page's pixels). */
  ocrMaxMemoryMb?: number;
}

export const SANDBOX_DEFAULTS: Required<SandboxLimits> = {
  timeoutMs: 30_000,
  maxMemoryMb: 512,
  countTokensWithinMs: 0,
  ocrPageTimeoutMs: 60_000,
  ocrMaxMemoryMb: 1024,
};

/** How a file's pages are read by OCR in the sandbox, and where finished pages go. */
export interface SandboxOcr {
  languages: string[];
  maxPages: number;
  /** Pages kept from an earlier attempt at the same file: not read again. */
  done: OcrPageText[];
  /** Keeps a finished page (the activity stores it); the outcome waits for every page handed here. */
  onPage?: (page: OcrPageText) => Promise<void>;
  /**
   * Asked after each page kept while pages are left: true stops the file there (`yielded`), to go on in a later
   * attempt from the pages kept, so that other work waiting for the worker gets in.
   */
  shouldYield?: () => boolean;
}

export const OCR_DEFAULTS: SandboxOcr = { languages: ['eng'], maxPages: 100, done: [] };

/**
 * How long an input document's extraction may take with its token counting: a third of the deadline (10 s). Its
 * `complete` waits for it, so counting may add a few seconds to a very long document (20 M characters of English:
 * about 4 s) but not the minute that much CJK text would take. Counting that would not finish in time stops at once,
 * and the runs count what has no count.
 */
export const COUNT_TOKENS_WITHIN_MS = SANDBOX_DEFAULTS.timeoutMs / 3;

/**
 * The stored-text JSON the worker accepts: 20 M characters of text are up to 60 MB of UTF-8 (more with JSON
 * escapes of control characters, which no real document is made of). The child announces the size first, so the
 * worker holds it once, in one buffer of exactly that size.
 */
export const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

export type InferredSchema = Record<string, unknown>;

/**
 * Parent → child: the request before the bytes, then, once every byte is written, how many there were. The child
 * parses nothing until it has that count and it matches: a stream that broke half-way must never reach a parser
 * as a (truncated, "corrupt") file.
 */
export type ChildRequest =
  | {
      type: 'request';
      hint: ExtractHint;
      counting: CountingBudget | null;
      ocr: Omit<SandboxOcr, 'onPage'>;
    }
  | { type: 'input-complete'; bytes: number };

/** Child → parent. `done` carries the extraction without its sections (those come on stdout). */
export type ChildMessage =
  | { type: 'ready' }
  | { type: 'identified'; format: DocFormat }
  /**
   * A page is about to be read by OCR, or (`checking`) only checked for being a scan: its
   * own deadline and memory cap start now.
   */
  | { type: 'ocr-page-start'; page: number; checking?: boolean }
  /** A page read by OCR, to keep (a retried job goes on from the pages kept). */
  | { type: 'ocr-page'; result: OcrPageText; last: boolean }
  /** Sent before the stored-text JSON is written to stdout: its length in bytes. */
  | { type: 'text'; bytes: number }
  | { type: 'done'; extraction: Extraction; inferredSchema: InferredSchema | null }
  /** `extract` threw: a parser could not be loaded (ParserUnavailable), never the upload's fault. */
  | { type: 'unavailable'; message: string };

export interface SandboxOutcome {
  /** Sections are empty here: the text is in `storedText`, as the bytes to store, never parsed in the worker. */
  extraction: Extraction;
  /** `{format, mime_type, page_count, sections}` as JSON, when extracted. */
  storedText: Buffer | null;
  inferredSchema: InferredSchema | null;
  /** The largest resident set the watchdog saw in the child, in MB (0 when it never sampled one). */
  peakRssMb?: number;
  /**
   * The file was left after a page read by OCR, to be taken up again from its kept pages (`SandboxOcr.shouldYield`):
   * `extraction` is then no outcome, and nothing is to be recorded.
   */
  yielded?: boolean;
}

/**
 * Runs extraction and inference of `input` (bytes, or a stream such as an object-store body) in a child process.
 * Every failure that the file can cause is an outcome (`extracted: false` with a code and a sentence); it rejects
 * only when the child cannot start or load a parser, which is a deployment fault and worth a retry.
 */
export function processInSandbox(
  input: Uint8Array | Readable,
  hint: ExtractHint,
  limits: SandboxLimits = {},
  ocr: SandboxOcr = OCR_DEFAULTS,
): Promise<SandboxOutcome> {
  const { timeoutMs, maxMemoryMb, countTokensWithinMs, ocrPageTimeoutMs, ocrMaxMemoryMb } = {
    ...SANDBOX_DEFAULTS,
    ...limits,
  };
  if (!(input instanceof Readable) && input.byteLength > MAX_UPLOAD_BYTES) {
    const reason = `the file is ${input.byteLength.toLocaleString('en-US')} bytes, over the ${formatBytes(MAX_UPLOAD_BYTES)} limit`;
    return Promise.resolve({ extraction: failed('file_too_large', reason), storedText: null, inferredSchema: null });
  }
  const child = forkSandbox(__dirname, 'sandbox-child', maxMemoryMb);

  return new Promise<SandboxOutcome>((resolve, reject) => {
    let ready = false;
    let format: DocFormat | null = null;
    let settled = false;
    let done: Extract<ChildMessage, { type: 'done' }> | null = null;
    // The limits in force: the file's until OCR starts, then each page's own.
    let memoryCapMb = maxMemoryMb;
    let ocrPage: number | null = null;
    let checkingPage = false;
    // Finished OCR pages being kept, in order; the outcome waits for them.
    let keeping: Promise<void> = Promise.resolve();
    // Leaving the file after the page being kept: no limit may fail it meanwhile.
    let yielding = false;
    let stdoutEnded = false;
    // The stored-text JSON, announced by a `text` message.
    const output = new AnnouncedOutput(MAX_OUTPUT_BYTES);
    let announced = false;
    const take = (piece: Buffer): void => {
      if (output.take(piece)) return;
      unprocessable(
        announced
          ? 'the document made the parser stop unexpectedly'
          : 'the document produced more text than can be stored',
      );
    };

    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      watchdog.stop();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      outcome();
    };
    const unprocessable = (reason: string): void => {
      if (yielding) return;
      settle(() =>
        resolve({
          extraction: failed('file_unprocessable', reason, { format }),
          storedText: null,
          inferredSchema: null,
        }),
      );
    };
    const finishIfComplete = (): void => {
      if (!done || !stdoutEnded) return;
      const { extraction, inferredSchema } = done;
      const text = output.complete();
      if (extraction.extracted && !text) {
        unprocessable('the document made the parser stop unexpectedly');
        return;
      }
      const peakRssMb = watchdog.peakMb();
      clearTimeout(timer);
      keeping.then(
        () =>
          settle(() =>
            resolve({ extraction, storedText: extraction.extracted ? text : null, inferredSchema, peakRssMb }),
          ),
        (err: unknown) => settle(() => reject(err instanceof Error ? err : new Error(String(err)))),
      );
    };

    const pageWork = (): string =>
      checkingPage ? `checking page ${ocrPage} for a scan` : `reading page ${ocrPage} by OCR`;
    const overTime = (): void =>
      unprocessable(
        ocrPage === null
          ? `processing the document did not finish within ${formatSeconds(timeoutMs)} and was stopped`
          : `${pageWork()} did not finish within ${formatSeconds(ocrPageTimeoutMs)} and was stopped`,
      );
    let timer = setTimeout(overTime, timeoutMs);
    const watchdog = watchMemory(
      child,
      () => memoryCapMb,
      () =>
        unprocessable(
          ocrPage === null
            ? `processing the document needed more than the ${maxMemoryMb} MB of memory allowed`
            : `${pageWork()} needed more than the ${ocrMaxMemoryMb} MB of memory allowed`,
        ),
    );

    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') ready = true;
      else if (message.type === 'identified') format = message.format;
      else if (message.type === 'ocr-page-start') {
        // Each page its own deadline and memory cap, whatever the pages before it took.
        ocrPage = message.page;
        checkingPage = message.checking === true;
        memoryCapMb = Math.max(maxMemoryMb, ocrMaxMemoryMb);
        clearTimeout(timer);
        timer = setTimeout(overTime, ocrPageTimeoutMs);
      } else if (message.type === 'ocr-page') {
        const { onPage, shouldYield } = ocr;
        if (onPage) keeping = keeping.then(() => onPage(message.result));
        if (!message.last && !yielding && onPage && shouldYield?.()) {
          yielding = true;
          clearTimeout(timer);
          keeping.then(
            () =>
              settle(() =>
                resolve({
                  extraction: failed('file_unprocessable', 'left after a page, to go on later', { format }),
                  storedText: null,
                  inferredSchema: null,
                  yielded: true,
                }),
              ),
            (err: unknown) => settle(() => reject(err instanceof Error ? err : new Error(String(err)))),
          );
        }
      } else if (message.type === 'text') {
        if (message.bytes > MAX_OUTPUT_BYTES) {
          unprocessable(`the document's text is over the ${formatBytes(MAX_OUTPUT_BYTES)} that can be stored`);
          return;
        }
        announced = true;
        if (!output.announce(message.bytes)) unprocessable('the document made the parser stop unexpectedly');
      } else if (message.type === 'done') {
        done = message;
        finishIfComplete();
      } else settle(() => reject(new Error(`extraction is unavailable: ${message.message}`)));
    });
    child.stdout!.on('data', take);
    child.stdout!.on('end', () => {
      stdoutEnded = true;
      finishIfComplete();
    });
    child.on('error', (err) => {
      settle(() => reject(new Error(`the extraction process could not start: ${err.message}`, { cause: err })));
    });
    child.on('exit', (code, signal) => {
      if (settled) return;
      if (!ready) {
        settle(() =>
          reject(new Error(`the extraction process exited before it was ready (${signal ?? `code ${code}`})`)),
        );
        return;
      }
      const reason = ranOutOfHeap(code, signal)
        ? `processing the document needed more than the ${maxMemoryMb} MB of memory allowed`
        : 'the document made the parser stop unexpectedly';
      // `done` may have been sent just before a clean exit while stdout is still draining: wait for it.
      if (done && code === 0) return;
      unprocessable(reason);
    });

    child.send({
      type: 'request',
      hint: { filename: hint.filename, declaredMime: hint.declaredMime },
      counting: countTokensWithinMs > 0 ? { untilMs: countTokensWithinMs, maxMemoryMb } : null,
      ocr: { languages: ocr.languages, maxPages: ocr.maxPages, done: ocr.done },
    } satisfies ChildRequest);
    let sourceFailed = false;
    if (input instanceof Readable) input.once('error', () => (sourceFailed = true));
    feed(input, child).then(
      ({ over, bytes }) => {
        // A child that is already gone reports through 'exit'; the callback keeps a send to it off 'error'.
        if (!over && !settled) child.send({ type: 'input-complete', bytes } satisfies ChildRequest, () => undefined);
        else if (over) {
          const reason = `the file is over the ${formatBytes(MAX_UPLOAD_BYTES)} limit`;
          settle(() =>
            resolve({ extraction: failed('file_too_large', reason), storedText: null, inferredSchema: null }),
          );
        }
      },
      (err: unknown) => {
        // The store's stream broke (a network or store fault): an infrastructure failure, and the activity retries.
        // Any other error here means the child went away while reading (killed, or crashed): its outcome comes
        // through the handlers above.
        if (sourceFailed) {
          const message = err instanceof Error ? err.message : String(err);
          settle(() => reject(new Error(`reading the upload failed: ${message}`, { cause: err })));
        }
      },
    );
  });
}

/** `processInSandbox` for callers that want the sections themselves (tests, small files). */
export async function extractInSandbox(
  bytes: Uint8Array | Readable,
  hint: ExtractHint,
  limits: SandboxLimits = {},
  ocr: SandboxOcr = OCR_DEFAULTS,
): Promise<Extraction & { inferred_schema: InferredSchema | null; peak_rss_mb: number }> {
  const { extraction, storedText, inferredSchema, peakRssMb } = await processInSandbox(bytes, hint, limits, ocr);
  const stored = storedText
    ? (JSON.parse(storedText.toString('utf8')) as { sections: Section[]; positions?: number[][] })
    : { sections: [] };
  return {
    ...extraction,
    sections: stored.sections,
    ...(stored.positions ? { positions: stored.positions } : {}),
    inferred_schema: inferredSchema,
    peak_rss_mb: peakRssMb ?? 0,
  };
}

/**
 * Streams the input into the child's stdin, counting: past the upload limit it stops and reports `true`, so a
 * store that under-reported the size still cannot make anyone read more than the limit plus one chunk.
 */
export async function feed(
  input: Uint8Array | Readable,
  child: ChildProcess,
): Promise<{ over: boolean; bytes: number }> {
  const source =
    input instanceof Readable ? input : Readable.from([Buffer.from(input.buffer, input.byteOffset, input.byteLength)]);
  let seen = 0;
  let over = false;
  await pipeline(
    source,
    async function* cap(chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        seen += chunk.length;
        if (seen > MAX_UPLOAD_BYTES) {
          over = true;
          return;
        }
        yield chunk;
      }
    },
    child.stdin!,
  );
  if (over && input instanceof Readable) input.destroy();
  return { over, bytes: seen };
}

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
    const watch = new SandboxWatch(
      child,
      { timeoutMs, maxMemoryMb, ocrPageTimeoutMs, ocrMaxMemoryMb },
      ocr,
      resolve,
      reject,
    );
    child.on('message', (message: ChildMessage) => watch.onMessage(message));
    child.stdout!.on('data', (piece: Buffer) => watch.take(piece));
    child.stdout!.on('end', () => watch.stdoutEnd());
    child.on('error', (err) => {
      watch.fail(new Error(`the extraction process could not start: ${err.message}`, { cause: err }));
    });
    child.on('exit', (code, signal) => watch.onExit(code, signal));
    const request: ChildRequest = {
      type: 'request',
      hint: { filename: hint.filename, declaredMime: hint.declaredMime },
      counting: countTokensWithinMs > 0 ? { untilMs: countTokensWithinMs, maxMemoryMb } : null,
      ocr: { languages: ocr.languages, maxPages: ocr.maxPages, done: ocr.done },
    };
    sendInput(child, input, request, watch);
  });
}

/** The limits `SandboxWatch` holds a child to (`SandboxLimits`, defaults filled in). */
type WatchLimits = Required<Pick<SandboxLimits, 'timeoutMs' | 'maxMemoryMb' | 'ocrPageTimeoutMs' | 'ocrMaxMemoryMb'>>;

/**
 * One file's child watched to its outcome: its deadline and memory cap (the file's until OCR starts, then each
 * page's own), its messages, its stdout, its exit. The outcome is settled once, by whichever comes first; the child is
 * killed then if it still runs.
 */
class SandboxWatch {
  settled = false;
  private ready = false;
  private format: DocFormat | null = null;
  private done: Extract<ChildMessage, { type: 'done' }> | null = null;
  private memoryCapMb: number;
  private ocrPage: number | null = null;
  private checkingPage = false;
  // Finished OCR pages being kept, in order; the outcome waits for them.
  private keeping: Promise<void> = Promise.resolve();
  // Leaving the file after the page being kept: no limit may fail it meanwhile.
  private yielding = false;
  private stdoutEnded = false;
  // The stored-text JSON, announced by a `text` message.
  private readonly output = new AnnouncedOutput(MAX_OUTPUT_BYTES);
  private announced = false;
  private timer: ReturnType<typeof setTimeout>;
  private readonly watchdog: ReturnType<typeof watchMemory>;

  constructor(
    private readonly child: ChildProcess,
    private readonly limits: WatchLimits,
    private readonly ocr: SandboxOcr,
    private readonly resolve: (outcome: SandboxOutcome) => void,
    private readonly reject: (err: Error) => void,
  ) {
    this.memoryCapMb = limits.maxMemoryMb;
    this.timer = setTimeout(() => this.overTime(), limits.timeoutMs);
    this.watchdog = watchMemory(
      child,
      () => this.memoryCapMb,
      () =>
        this.unprocessable(
          this.ocrPage === null
            ? `processing the document needed more than the ${limits.maxMemoryMb} MB of memory allowed`
            : `${this.pageWork()} needed more than the ${limits.ocrMaxMemoryMb} MB of memory allowed`,
        ),
    );
  }

  /** Ends the file with `outcome`, unless it has ended already. */
  finish(outcome: SandboxOutcome): void {
    this.settle(() => this.resolve(outcome));
  }

  /** Rejects: a fault of the deployment, not of the file (worth a retry). */
  fail(err: Error): void {
    this.settle(() => this.reject(err));
  }

  take(piece: Buffer): void {
    if (this.output.take(piece)) return;
    this.unprocessable(
      this.announced
        ? 'the document made the parser stop unexpectedly'
        : 'the document produced more text than can be stored',
    );
  }

  stdoutEnd(): void {
    this.stdoutEnded = true;
    this.finishIfComplete();
  }

  onMessage(message: ChildMessage): void {
    if (message.type === 'ready') this.ready = true;
    else if (message.type === 'identified') this.format = message.format;
    else if (message.type === 'ocr-page-start') {
      // Each page its own deadline and memory cap, whatever the pages before it took.
      this.ocrPage = message.page;
      this.checkingPage = message.checking === true;
      this.memoryCapMb = Math.max(this.limits.maxMemoryMb, this.limits.ocrMaxMemoryMb);
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.overTime(), this.limits.ocrPageTimeoutMs);
    } else if (message.type === 'ocr-page') this.onOcrPage(message);
    else if (message.type === 'text') {
      if (message.bytes > MAX_OUTPUT_BYTES) {
        this.unprocessable(`the document's text is over the ${formatBytes(MAX_OUTPUT_BYTES)} that can be stored`);
        return;
      }
      this.announced = true;
      if (!this.output.announce(message.bytes)) this.unprocessable('the document made the parser stop unexpectedly');
    } else if (message.type === 'done') {
      this.done = message;
      this.finishIfComplete();
    } else this.fail(new Error(`extraction is unavailable: ${message.message}`));
  }

  onExit(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.settled) return;
    if (!this.ready) {
      this.fail(new Error(`the extraction process exited before it was ready (${signal ?? `code ${code}`})`));
      return;
    }
    const reason = ranOutOfHeap(code, signal)
      ? `processing the document needed more than the ${this.limits.maxMemoryMb} MB of memory allowed`
      : 'the document made the parser stop unexpectedly';
    // `done` may have been sent just before a clean exit while stdout is still draining: wait for it.
    if (this.done && code === 0) return;
    this.unprocessable(reason);
  }

  private onOcrPage(message: Extract<ChildMessage, { type: 'ocr-page' }>): void {
    const { onPage, shouldYield } = this.ocr;
    if (onPage) this.keeping = this.keeping.then(() => onPage(message.result));
    if (!message.last && !this.yielding && onPage && shouldYield?.()) {
      this.yielding = true;
      clearTimeout(this.timer);
      this.finishAfterKeeping({
        extraction: failed('file_unprocessable', 'left after a page, to go on later', { format: this.format }),
        storedText: null,
        inferredSchema: null,
        yielded: true,
      });
    }
  }

  private settle(outcome: () => void): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.watchdog.stop();
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    outcome();
  }

  private unprocessable(reason: string): void {
    if (this.yielding) return;
    this.finish({
      extraction: failed('file_unprocessable', reason, { format: this.format }),
      storedText: null,
      inferredSchema: null,
    });
  }

  /** The outcome once every OCR page handed over has been kept (a page that failed to be kept rejects). */
  private finishAfterKeeping(outcome: SandboxOutcome): void {
    this.keeping.then(
      () => this.finish(outcome),
      (err: unknown) => this.fail(err instanceof Error ? err : new Error(String(err))),
    );
  }

  private finishIfComplete(): void {
    if (!this.done || !this.stdoutEnded) return;
    const { extraction, inferredSchema } = this.done;
    const text = this.output.complete();
    if (extraction.extracted && !text) {
      this.unprocessable('the document made the parser stop unexpectedly');
      return;
    }
    const peakRssMb = this.watchdog.peakMb();
    clearTimeout(this.timer);
    this.finishAfterKeeping({ extraction, storedText: extraction.extracted ? text : null, inferredSchema, peakRssMb });
  }

  private pageWork(): string {
    return this.checkingPage ? `checking page ${this.ocrPage} for a scan` : `reading page ${this.ocrPage} by OCR`;
  }

  private overTime(): void {
    this.unprocessable(
      this.ocrPage === null
        ? `processing the document did not finish within ${formatSeconds(this.limits.timeoutMs)} and was stopped`
        : `${this.pageWork()} did not finish within ${formatSeconds(this.limits.ocrPageTimeoutMs)} and was stopped`,
    );
  }
}

/**
 * Sends the request, then the bytes, then their count. An input over the upload limit ends the file
 * `file_too_large`; a source stream that broke rejects (the activity retries).
 */
function sendInput(
  child: ChildProcess,
  input: Uint8Array | Readable,
  request: ChildRequest,
  watch: SandboxWatch,
): void {
  child.send(request);
  let sourceFailed = false;
  if (input instanceof Readable) input.once('error', () => (sourceFailed = true));
  feed(input, child).then(
    ({ over, bytes }) => {
      // A child that is already gone reports through 'exit'; the callback keeps a send to it off 'error'.
      if (!over && !watch.settled)
        child.send({ type: 'input-complete', bytes } satisfies ChildRequest, () => undefined);
      else if (over) {
        const reason = `the file is over the ${formatBytes(MAX_UPLOAD_BYTES)} limit`;
        watch.finish({ extraction: failed('file_too_large', reason), storedText: null, inferredSchema: null });
      }
    },
    (err: unknown) => {
      // The store's stream broke (a network or store fault): an infrastructure failure, and the activity retries.
      // Any other error here means the child went away while reading (killed, or crashed): its outcome comes
      // through the handlers above.
      if (sourceFailed) {
        const message = err instanceof Error ? err.message : String(err);
        watch.fail(new Error(`reading the upload failed: ${message}`, { cause: err }));
      }
    },
  );
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

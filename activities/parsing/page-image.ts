/**
 * The page-image sandbox: one page of an original drawn as a PNG in a child process of its
 * own (page-image-child.ts), with the parsing sandbox's protections (activities/sandbox-process.ts: an empty
 * environment, a capped heap, a watchdog on the resident set) and OCR's per-page limits (a deadline and a memory cap
 * per page, OCR_PAGE_TIMEOUT_S and OCR_MEMORY_MB), and OCR's pixel cap (page-image-render.ts). A page that breaks a
 * limit — a rendering bomb that spins or swells, a page too tall for the pixel cap at the width asked — is that
 * page's outcome (`rendered: false` with a sentence), never the worker's: the child is killed, and the worker's other
 * activities carry on.
 */
import type { Readable } from 'node:stream';
import { AnnouncedOutput, forkSandbox, formatSeconds, ranOutOfHeap, watchMemory } from '../sandbox-process';
import { feed } from './sandbox';
import type { PageImageType } from './page-image-render';

export interface PageImageLimits {
  timeoutMs: number;
  /** Resident memory of the child, heap and everything else. */
  maxMemoryMb: number;
}

/** A PNG of a page at 2,000 pixels wide is a few MB; a drawing that makes more is refused. */
export const MAX_PNG_BYTES = 64 * 1024 * 1024;

export type PageImageRequest =
  { type: 'request'; mimeType: PageImageType; page: number; width: number } | { type: 'input-complete'; bytes: number };

export type PageImageChildMessage =
  | { type: 'ready' }
  /** The PNG's size in bytes and pixels; its bytes follow on stdout. */
  | { type: 'image'; bytes: number; width: number; height: number }
  | { type: 'unrenderable'; reason: string }
  | { type: 'error'; message: string };

export type PageImageOutcome =
  | { rendered: true; png: Buffer; width: number; height: number; peakRssMb: number }
  | { rendered: false; reason: string; peakRssMb: number };

/**
 * Draws page `page` (1-based) of `input` (bytes, or a stream such as an object-store body) `width` pixels wide. What
 * the page can cause is an outcome; it rejects only when the child cannot start, or fails in a way no page causes
 * (a cut-short input stream): worth a retry.
 */
export function renderPageInSandbox(
  input: Uint8Array | Readable,
  request: { mimeType: PageImageType; page: number; width: number },
  limits: PageImageLimits,
): Promise<PageImageOutcome> {
  const child = forkSandbox(__dirname, 'page-image-child', limits.maxMemoryMb);
  return new Promise<PageImageOutcome>((resolve, reject) => {
    let settled = false;
    let ready = false;
    let announced: { width: number; height: number } | null = null;
    let stdoutEnded = false;
    const output = new AnnouncedOutput(MAX_PNG_BYTES);
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      watchdog.stop();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      outcome();
    };
    const unrenderable = (reason: string): void =>
      settle(() => resolve({ rendered: false, reason, peakRssMb: watchdog.peakMb() }));
    const finishIfComplete = (): void => {
      const png = output.complete();
      if (!announced || !stdoutEnded) return;
      if (!png) {
        unrenderable(`drawing page ${request.page} stopped unexpectedly`);
        return;
      }
      const { width, height } = announced;
      settle(() => resolve({ rendered: true, png, width, height, peakRssMb: watchdog.peakMb() }));
    };
    const timer = setTimeout(
      () =>
        unrenderable(
          `drawing page ${request.page} did not finish within ${formatSeconds(limits.timeoutMs)} and was stopped`,
        ),
      limits.timeoutMs,
    );
    const watchdog = watchMemory(child, limits.maxMemoryMb, () =>
      unrenderable(`drawing page ${request.page} needed more than the ${limits.maxMemoryMb} MB of memory allowed`),
    );

    child.on('message', (message: PageImageChildMessage) => {
      if (message.type === 'ready') ready = true;
      else if (message.type === 'image') {
        if (!output.announce(message.bytes)) {
          unrenderable(`page ${request.page} drew an image over the ${MAX_PNG_BYTES / 1024 / 1024} MB allowed`);
          return;
        }
        announced = { width: message.width, height: message.height };
        finishIfComplete();
      } else if (message.type === 'unrenderable') unrenderable(message.reason);
      else settle(() => reject(new Error(`drawing a page failed: ${message.message}`)));
    });
    child.stdout!.on('data', (piece: Buffer) => {
      if (!output.take(piece)) unrenderable(`page ${request.page} drew more than was announced`);
    });
    child.stdout!.on('end', () => {
      stdoutEnded = true;
      finishIfComplete();
    });
    child.on('error', (err) =>
      settle(() => reject(new Error(`the page-image process could not start: ${err.message}`, { cause: err }))),
    );
    child.on('exit', (code, signal) => {
      if (settled) return;
      if (!ready) {
        settle(() =>
          reject(new Error(`the page-image process exited before it was ready (${signal ?? `code ${code}`})`)),
        );
        return;
      }
      // A clean exit after the image was announced: stdout may still be draining.
      if (announced && code === 0) return;
      unrenderable(
        ranOutOfHeap(code, signal)
          ? `drawing page ${request.page} needed more than the ${limits.maxMemoryMb} MB of memory allowed`
          : `drawing page ${request.page} made the renderer stop unexpectedly`,
      );
    });

    child.send({ type: 'request', ...request } satisfies PageImageRequest);
    let sourceFailed = false;
    if (!(input instanceof Uint8Array)) input.once('error', () => (sourceFailed = true));
    feed(input, child).then(
      ({ over, bytes }) => {
        if (over) unrenderable('the file is over the upload limit');
        else if (!settled) child.send({ type: 'input-complete', bytes } satisfies PageImageRequest, () => undefined);
      },
      (err: unknown) => {
        // The store's stream broke: an infrastructure failure, retried. A child that went away reports through 'exit'.
        if (sourceFailed)
          settle(() => reject(new Error(`reading the original failed: ${String(err)}`, { cause: err })));
      },
    );
  });
}

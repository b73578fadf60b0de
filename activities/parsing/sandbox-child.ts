/**
 * The child-process side of the parsing sandbox (sandbox.ts): reads the upload from stdin (never more than the
 * input limit), extracts it and infers its schema, writes the stored-text JSON to stdout and a small summary over
 * the IPC channel, then exits. It is started with an empty environment (no credentials, no database address), so
 * whatever a hostile file makes a parser do, there is nothing here to reach. Loaded only as that child.
 */
import { inferSchema } from './infer-schema';
import { extract, MAX_INPUT_BYTES } from './index';
import { TEXT_VERSION } from './markdown';
import { failed, formatBytes } from './result';
import type { ChildMessage, ChildRequest } from './sandbox';
import { withTokenCounts } from './token-counts';
import { readStdinUpTo } from '../sandbox-process';

if (!process.send) throw new Error('sandbox-child runs only as the child process of the parsing sandbox');

const send = (message: ChildMessage): Promise<void> =>
  new Promise((resolve) => process.send!(message, undefined, {}, () => resolve()));

function writeStdout(text: string | Buffer): Promise<void> {
  return new Promise((resolve, reject) => process.stdout.end(text, () => resolve()).on('error', reject));
}

async function main(request: Extract<ChildRequest, { type: 'request' }>): Promise<void> {
  const input = await readStdinUpTo(MAX_INPUT_BYTES);
  // stdin also ends when the parent's source broke half-way: parse only what the parent vouches is the whole file.
  const expected = input.over ? null : await completed;
  if (expected !== null && expected !== input.bytes.length) {
    throw new Error(`the input was cut short (${input.bytes.length} of ${expected} bytes)`);
  }
  if (input.over) {
    const reason = `the file is over the ${formatBytes(MAX_INPUT_BYTES)} limit`;
    await writeStdout('');
    await send({ type: 'done', extraction: failed('file_too_large', reason), inferredSchema: null });
    return;
  }
  const extraction = await extract(
    input.bytes,
    request.hint,
    (format) => void send({ type: 'identified', format }),
    // Loaded only for a file with pages to read: the engine's modules are not every upload's to pay for.
    (bytes, format, parsed) =>
      (require('./ocr/read') as typeof import('./ocr/read')).readOcrPages(bytes, format, parsed, {
        ...request.ocr,
        onPageStart: (page, checking) => send({ type: 'ocr-page-start', page, ...(checking ? { checking } : {}) }),
        onPage: (result, last) => send({ type: 'ocr-page', result, last }),
      }),
  );
  // Inference reads the same bytes, here, under the same limits: never again on the worker's main thread.
  const inferredSchema = extraction.extracted ? inferSchema(extraction.format, input.bytes) : null;
  const { sections: extracted, positions, ocr, ...summary } = extraction;
  const sections = extraction.extracted && request.counting ? withTokenCounts(extracted, request.counting) : extracted;
  const text = extraction.extracted
    ? Buffer.from(
        JSON.stringify({
          format: extraction.format,
          mime_type: extraction.mime_type,
          page_count: extraction.page_count,
          sections,
          text_version: TEXT_VERSION,
          ...(positions ? { positions } : {}),
          ...(ocr ? { ocr } : {}),
        }),
      )
    : Buffer.alloc(0);
  // The size first: the worker refuses an oversized text before a byte of it arrives, and holds the rest in one buffer.
  await send({ type: 'text', bytes: text.length });
  await writeStdout(text);
  await send({ type: 'done', extraction: { ...summary, ...(ocr ? { ocr } : {}), sections: [] }, inferredSchema });
}

/** Resolves with the byte count the parent wrote, once it says the input is complete. */
let inputComplete: (bytes: number) => void = () => undefined;
const completed = new Promise<number>((resolve) => (inputComplete = resolve));

process.on('message', (message: ChildRequest) => {
  if (message.type === 'input-complete') {
    inputComplete(message.bytes);
    return;
  }
  const request = message;
  void send({ type: 'ready' }).then(() =>
    main(request).then(
      () => process.disconnect(),
      // Only a parser that cannot be loaded gets here (`extract` is total for bad input): the deployment's fault.
      (err: unknown) =>
        void send({ type: 'unavailable', message: err instanceof Error ? err.message : String(err) }).then(() =>
          process.disconnect(),
        ),
    ),
  );
});

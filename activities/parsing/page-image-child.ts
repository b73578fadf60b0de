/**
 * The child-process side of the page-image sandbox (page-image.ts): reads the original from stdin (never more than
 * the upload limit), draws the one page asked for, announces the PNG's size over IPC and writes it to stdout, then
 * exits. Started with an empty environment, like the parsing sandbox's child: whatever a hostile page makes pdf.js
 * do, there is nothing here to reach. Loaded only as that child.
 */
import { MAX_UPLOAD_BYTES } from '../../domain/documents/uploads';
import type { PageImageChildMessage, PageImageRequest } from './page-image';
import { PageUnrenderable, renderPage } from './page-image-render';
import { readStdinUpTo } from '../sandbox-process';

if (!process.send) throw new Error('page-image-child runs only as the child process of the page-image sandbox');

const send = (message: PageImageChildMessage): Promise<void> =>
  new Promise((resolve) => process.send!(message, undefined, {}, () => resolve()));

let inputComplete: (bytes: number) => void = () => undefined;
const completed = new Promise<number>((resolve) => (inputComplete = resolve));

async function main(request: Extract<PageImageRequest, { type: 'request' }>): Promise<void> {
  const { bytes, over } = await readStdinUpTo(MAX_UPLOAD_BYTES);
  if (over) {
    await send({ type: 'unrenderable', reason: 'the file is over the upload limit' });
    return;
  }
  // stdin also ends when the parent's source broke half-way: draw only what the parent vouches is the whole file.
  const expected = await completed;
  if (expected !== bytes.length) throw new Error(`the input was cut short (${bytes.length} of ${expected} bytes)`);
  let image;
  try {
    image = await renderPage(bytes, request.mimeType, request.page, request.width);
  } catch (err) {
    // Whatever the page makes the renderer throw is the page's doing (the modules are loaded before `ready`).
    const reason =
      err instanceof PageUnrenderable ? err.reason : `page ${request.page} could not be drawn (the file is damaged)`;
    await send({ type: 'unrenderable', reason });
    return;
  }
  await send({ type: 'image', bytes: image.png.length, width: image.width, height: image.height });
  await new Promise<void>((resolve, reject) => process.stdout.end(image.png, () => resolve()).on('error', reject));
}

process.on('message', (message: PageImageRequest) => {
  if (message.type === 'input-complete') {
    inputComplete(message.bytes);
    return;
  }
  void send({ type: 'ready' }).then(() =>
    main(message).then(
      () => process.disconnect(),
      (err: unknown) =>
        void send({ type: 'error', message: err instanceof Error ? err.message : String(err) }).then(() =>
          process.disconnect(),
        ),
    ),
  );
});

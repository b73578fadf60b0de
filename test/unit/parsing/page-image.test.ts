/**
 * Page images in their sandbox: a text PDF page drawn at the width asked with its ink
 * where the text is, an image page turned as OCR turns it, and the hostile pages — a page of 100,000 × 100,000 points
 * drawn scaled down to the width, a page too tall for the pixel cap at that width refused before a pixel is
 * allocated, and a drawing that would not finish stopped at its deadline — each an outcome, never a crash.
 */
import { PNG } from 'pngjs';
import { renderPageInSandbox, type PageImageOutcome } from '../../../activities/parsing/page-image';
import { resize } from '../../../activities/parsing/page-image-render';
import { hostilePdf } from '../../support/hostile-pages';
import { A4, multiPageTiff, pdfOfPages } from '../../support/scanned-page';

jest.setTimeout(120_000);

const LIMITS = { timeoutMs: 30_000, maxMemoryMb: 1024 };

function drawn(outcome: PageImageOutcome) {
  if (!outcome.rendered) throw new Error(`not drawn: ${outcome.reason}`);
  const png = PNG.sync.read(outcome.png);
  return { ...outcome, decoded: png };
}

/** Share of dark pixels (grey below 128) in a rectangle given in fractions of the image. */
function ink(png: PNG, box: { x: number; y: number; w: number; h: number }): number {
  const x0 = Math.floor(box.x * png.width);
  const y0 = Math.floor(box.y * png.height);
  const x1 = Math.ceil((box.x + box.w) * png.width);
  const y1 = Math.ceil((box.y + box.h) * png.height);
  let dark = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * png.width + x) * 4;
      if (png.data[i]! + png.data[i + 1]! + png.data[i + 2]! < 3 * 128) dark++;
    }
  }
  return dark / Math.max(1, (x1 - x0) * (y1 - y0));
}

it('draws a text PDF page at the width asked, its height in proportion, with ink where the text is and none elsewhere', async () => {
  const bytes = await pdfOfPages(['A sentence drawn at the top of an A4 page.']);
  const page = drawn(await renderPageInSandbox(bytes, { mimeType: 'application/pdf', page: 1, width: 600 }, LIMITS));
  expect([page.width, page.height]).toEqual([600, Math.floor((600 * A4.height) / A4.width)]);
  expect([page.decoded.width, page.decoded.height]).toEqual([page.width, page.height]);
  // The line is drawn 82 points from the top (pdfOfPages); the page's lower half is blank paper.
  expect(ink(page.decoded, { x: 0, y: 0, w: 1, h: 0.2 })).toBeGreaterThan(0.001);
  expect(ink(page.decoded, { x: 0, y: 0.5, w: 1, h: 0.5 })).toBe(0);
});

it('draws a page of 100,000 × 100,000 points scaled down to the width, and refuses one too tall for the pixel cap', async () => {
  const pdf = await hostilePdf([
    { kind: 'size', width: 100_000, height: 100_000 },
    { kind: 'size', width: 200, height: 100_000 },
  ]);
  const square = drawn(await renderPageInSandbox(pdf, { mimeType: 'application/pdf', page: 1, width: 1200 }, LIMITS));
  expect([square.width, square.height]).toEqual([1200, 1200]);
  const tall = await renderPageInSandbox(pdf, { mimeType: 'application/pdf', page: 2, width: 1200 }, LIMITS);
  expect(tall).toMatchObject({
    rendered: false,
    reason: expect.stringMatching(/^page 2 would be 1,200×600,000 pixels .* over the 50-megapixel limit$/),
  });
  // Refused from its size alone: the child never held the 720 megapixels.
  expect(tall.peakRssMb).toBeLessThan(400);
});

it('stops a drawing that would not finish at its deadline, as the outcome of that page', async () => {
  const pdf = await hostilePdf([{ kind: 'bomb', levels: 9 }]);
  const outcome = await renderPageInSandbox(
    pdf,
    { mimeType: 'application/pdf', page: 1, width: 1200 },
    { timeoutMs: 3_000, maxMemoryMb: 1024 },
  );
  expect(outcome).toMatchObject({
    rendered: false,
    reason: 'drawing page 1 did not finish within 3 s and was stopped',
  });
});

it('draws a TIFF frame turned by its Orientation tag, as OCR reads it, and a missing frame as unrenderable', async () => {
  // 300 × 100 stored, Orientation 6 (turn 90° clockwise to show): shown 100 wide and 300 high.
  const grey = new Uint8Array(300 * 100).fill(255);
  for (let y = 0; y < 100; y++) for (let x = 0; x < 30; x++) grey[y * 300 + x] = 0; // a dark band at the stored left
  const tiff = multiPageTiff([
    { width: 50, height: 50, grey: 128 },
    { width: 300, height: 100, grey, orientation: 6 },
  ]);
  const page = drawn(await renderPageInSandbox(tiff, { mimeType: 'image/tiff', page: 2, width: 200 }, LIMITS));
  expect([page.width, page.height]).toEqual([200, 600]);
  // The stored left edge is the shown top after a clockwise quarter turn.
  expect(ink(page.decoded, { x: 0, y: 0, w: 1, h: 0.09 })).toBeGreaterThan(0.95);
  expect(ink(page.decoded, { x: 0, y: 0.15, w: 1, h: 0.85 })).toBe(0);
  const missing = await renderPageInSandbox(tiff, { mimeType: 'image/tiff', page: 3, width: 200 }, LIMITS);
  expect(missing).toMatchObject({ rendered: false, reason: 'the TIFF file has no page 3' });
});

it('resamples by area: a one-pixel line survives a reduction to a third, and an enlargement keeps each pixel', () => {
  const image = { width: 9, height: 3, data: new Uint8Array(27).fill(255) };
  for (let y = 0; y < 3; y++) image.data[y * 9 + 4] = 0;
  expect([...resize(image, 3, 1).data]).toEqual([255, 170, 255]);
  expect([...resize({ width: 2, height: 1, data: new Uint8Array([0, 255]) }, 4, 1).data]).toEqual([0, 0, 255, 255]);
});

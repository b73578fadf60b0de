/**
 * A page of a document as a PNG a given number of pixels wide, in the page-image sandbox's
 * child (page-image-child.ts): a PDF page drawn by the pdf.js inside unpdf onto @napi-rs/canvas, through the same
 * `openPdfPages` OCR renders with (never a second pdf.js); an image page (PNG, JPEG, a TIFF frame) decoded and turned
 * exactly as OCR decodes it (ocr/raster.ts `decodePage`), so the fractions of a citation's `input.boxes` land on the
 * words of the image as drawn. Pure over the bytes; the sandbox adds the deadline and the memory cap.
 */
import { PNG } from 'pngjs';
import type { PagedMimeType } from '../../domain/documents/paged-types';
import { ExtractionFailure } from './result';
import { openPdfPages, type PageImage } from './ocr/pdf-pages';
import { decodePage, MAX_PAGE_PIXELS, type ImageType, type Raster } from './ocr/raster';

export type { PageImage };

export type PageImageType = PagedMimeType;

/** A page that cannot be drawn within the limits (too many pixels at the width asked, undecodable): its own answer. */
export class PageUnrenderable extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'PageUnrenderable';
  }
}

/** The pixel cap of OCR's page rasters, applied before a pixel is allocated. */
export function refuseOverCap(page: number, width: number, height: number): void {
  if (width * height > MAX_PAGE_PIXELS) {
    throw new PageUnrenderable(
      `page ${page} would be ${width.toLocaleString('en-US')}×${height.toLocaleString('en-US')} pixels at ` +
        `${width} pixels wide, over the ${MAX_PAGE_PIXELS / 1_000_000}-megapixel limit`,
    );
  }
}

export async function renderPage(
  bytes: Uint8Array,
  type: PageImageType,
  page: number,
  width: number,
): Promise<PageImage> {
  if (type === 'application/pdf') {
    const pdf = await openPdfPages(bytes);
    try {
      return await pdf.image(page, width, (w, h) => refuseOverCap(page, w, h));
    } finally {
      await pdf.close();
    }
  }
  let raster: Raster;
  try {
    raster = await decodePage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), type as ImageType, page);
  } catch (err) {
    if (err instanceof ExtractionFailure) throw new PageUnrenderable(err.reason);
    throw err;
  }
  const height = Math.max(1, Math.round((raster.height * width) / raster.width));
  refuseOverCap(page, width, height);
  return { png: encodeGrey(resize(raster, width, height)), width, height };
}

/**
 * Area-averaged resampling of a grey raster: each target pixel is the mean of the source pixels under it (the
 * nearest one when enlarging), so thin strokes of a 200 dpi scan stay visible at a third of its width.
 */
export function resize(image: Raster, width: number, height: number): Raster {
  if (width === image.width && height === image.height) return image;
  const out = new Uint8Array(width * height);
  const fx = image.width / width;
  const fy = image.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = Math.min(image.height - 1, Math.floor(y * fy));
    const y1 = Math.max(y0 + 1, Math.min(image.height, Math.floor((y + 1) * fy)));
    for (let x = 0; x < width; x++) {
      const x0 = Math.min(image.width - 1, Math.floor(x * fx));
      const x1 = Math.max(x0 + 1, Math.min(image.width, Math.floor((x + 1) * fx)));
      let sum = 0;
      for (let sy = y0; sy < y1; sy++) {
        const row = sy * image.width;
        for (let sx = x0; sx < x1; sx++) sum += image.data[row + sx]!;
      }
      out[y * width + x] = Math.round(sum / ((y1 - y0) * (x1 - x0)));
    }
  }
  return { width, height, data: out };
}

function encodeGrey(image: Raster): Buffer {
  const png = new PNG({ width: image.width, height: image.height, colorType: 0, inputColorType: 0, bitDepth: 8 });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  // Kept and downloaded many times: the default filters and compression, unlike the engine's throwaway page.
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0 });
}

/**
 * PNG, JPEG and TIFF uploads: a page each, a page per frame of a TIFF. Parsing only counts the
 * pages from the headers (refusing one over 50 megapixels before any pixel is decoded) and leaves every page to OCR
 * (ocr/read.ts), which the parsing sandbox runs a page at a time.
 */
import { countPages, type ImageType } from './ocr/raster';
import type { Parsed } from './types';

export async function parseImage(bytes: Uint8Array, type: ImageType): Promise<Parsed> {
  const pages = await countPages(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), type);
  const numbers = Array.from({ length: pages }, (_, i) => i + 1);
  return {
    pageCount: pages,
    sections: numbers.map((n) => ({ kind: 'page' as const, index: n, label: `Page ${n}`, text: '' })),
    positions: numbers.map(() => []),
    ocrPages: numbers,
  };
}

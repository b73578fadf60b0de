/**
 * PDF pages as images for OCR (docs/decisions.md 435): rendered at 200 dpi by the pdf.js inside unpdf (never a second
 * pdf.js: the two clash) onto @napi-rs/canvas, then turned to the grey rasters the engine reads. A page so large that
 * 200 dpi would pass the 50-megapixel page limit is rendered at the resolution that fits it instead (a poster is
 * read at a lower dpi, not refused: the file is fine, only its page is big). One page's pixels are held at a time.
 */
import { createIsomorphicCanvasFactory, getDocumentProxy } from 'unpdf';
import { MAX_PAGE_PIXELS, rasterFromRgba, type Raster } from './raster';

export const RENDER_DPI = 200;

interface DrawingContext {
  canvas: { width: number; height: number };
  context: { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}
interface CanvasFactoryLike {
  create(width: number, height: number): DrawingContext;
  destroy(context: DrawingContext): void;
}

export interface PdfPages {
  /** Page `n` (1-based) at `dpi` (200, or less for a page too large for the pixel limit). */
  render(n: number): Promise<{ raster: Raster; dpi: number }>;
  close(): Promise<void>;
}

/**
 * pdf.js moves font data with `ArrayBuffer.prototype.transferToFixedLength` (ES2024: Node 21 and later). On Node 20
 * (package.json allows >=20.19) it is missing, and a page with text drew none of it (the operator list stopped at the
 * first font) and the next page of the document never finished rendering: a copy stands in for it there
 * (docs/decisions.md 387). Node 22 and later have it, and this does nothing.
 */
function ensureTransferToFixedLength(): void {
  const proto = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: (length?: number) => ArrayBuffer };
  if (typeof proto.transferToFixedLength === 'function') return;
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length?: number): ArrayBuffer {
      const size = length ?? this.byteLength;
      const copy = new ArrayBuffer(size);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(size, this.byteLength)));
      return copy;
    },
  });
}

export async function openPdfPages(bytes: Uint8Array): Promise<PdfPages> {
  ensureTransferToFixedLength();
  const CanvasFactory = (await createIsomorphicCanvasFactory(
    () => import('@napi-rs/canvas') as Promise<never>,
  )) as unknown as new () => CanvasFactoryLike;
  // pdf.js takes these bytes over (detaches their buffer): they are the parser's copy, used for nothing else.
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pdf = await getDocumentProxy(data, {
    verbosity: 0,
    isEvalSupported: false,
    CanvasFactory,
  } as Parameters<typeof getDocumentProxy>[1]);
  return {
    async render(n) {
      const page = await pdf.getPage(n);
      try {
        const natural = page.getViewport({ scale: 1 });
        const fit = Math.sqrt(MAX_PAGE_PIXELS / Math.max(1, natural.width * natural.height));
        const scale = Math.min(RENDER_DPI / 72, fit * 0.999);
        const viewport = page.getViewport({ scale });
        const width = Math.max(1, Math.floor(viewport.width));
        const height = Math.max(1, Math.floor(viewport.height));
        const factory = new CanvasFactory();
        const drawing = factory.create(width, height);
        try {
          await page.render({ canvas: drawing.canvas, canvasContext: drawing.context, viewport } as never).promise;
          const rgba = drawing.context.getImageData(0, 0, width, height).data;
          return {
            raster: rasterFromRgba(new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.byteLength), width, height),
            dpi: Math.round(scale * 72),
          };
        } finally {
          factory.destroy(drawing);
        }
      } finally {
        page.cleanup();
      }
    },
    async close() {
      await pdf.destroy();
    },
  };
}

/**
 * PDF pages as images for OCR: rendered at 200 dpi by the pdf.js inside unpdf (never a second
 * pdf.js: the two clash) onto @napi-rs/canvas, then turned to the grey rasters the engine reads. A page so large that
 * 200 dpi would pass the 50-megapixel page limit is rendered at the resolution that fits it instead (a poster is
 * read at a lower dpi, not refused: the file is fine, only its page is big). One page's pixels are held at a time.
 */
import { createIsomorphicCanvasFactory, getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import type { PageView } from '../pdf-layout';
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
  /**
   * Whether images cover most of page `n` (half its area or more): with too little text (the parser's half of the
   * rule, pdf.ts), such a page is a scan, read by OCR. Building the page's operator list has pdf.js decode its
   * images (about 0.2 s of CPU for a 200 dpi scan), so it is asked only under a page's own deadline.
   */
  isScanned(n: number): Promise<boolean>;
  /** Page `n` (1-based) at `dpi` (200, or less for a page too large for the pixel limit). */
  render(n: number): Promise<{ raster: Raster; dpi: number }>;
  /**
   * Page `n` as a PNG `width` pixels wide, in colour, as a viewer shows it (its /Rotate applied): a page image
   * (the page-image routes). `refuse` hears the size first and may throw before a pixel is allocated.
   */
  image(n: number, width: number, refuse: (width: number, height: number) => void): Promise<PageImage>;
  close(): Promise<void>;
}

/**
 * pdf.js moves font data with `ArrayBuffer.prototype.transferToFixedLength` (ES2024: Node 21 and later). On Node 20
 * (package.json allows >=20.19) it is missing, and a page with text drew none of it (the operator list stopped at the
 * first font) and the next page of the document never finished rendering: a copy stands in for it there
 * (Node 22, the Dockerfile's, has it; `engines` still admits Node 20). On Node 22 and later this does nothing.
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

export interface PageImage {
  png: Buffer;
  width: number;
  height: number;
}

interface PngCanvas {
  width: number;
  height: number;
  toBuffer(type: 'image/png'): Buffer;
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
  const { OPS } = (await getResolvedPDFJS()) as unknown as { OPS: Record<string, number> };
  /** Page `n` drawn at the scale `scaleOf` picks from its natural size (points), onto a canvas `take` reads. */
  async function draw<T>(
    n: number,
    scaleOf: (natural: { width: number; height: number }) => number,
    take: (drawing: DrawingContext, width: number, height: number, scale: number) => T,
  ): Promise<T> {
    const page = await pdf.getPage(n);
    try {
      const scale = scaleOf(page.getViewport({ scale: 1 }));
      const viewport = page.getViewport({ scale });
      // The epsilon: a page asked `width` pixels wide is that wide, not one less from a rounding of its scale.
      const width = Math.max(1, Math.floor(viewport.width + 1e-6));
      const height = Math.max(1, Math.floor(viewport.height + 1e-6));
      const factory = new CanvasFactory();
      const drawing = factory.create(width, height);
      try {
        await page.render({ canvas: drawing.canvas, canvasContext: drawing.context, viewport } as never).promise;
        return take(drawing, width, height, scale);
      } finally {
        factory.destroy(drawing);
      }
    } finally {
      page.cleanup();
    }
  }
  return {
    async isScanned(n) {
      const page = await pdf.getPage(n);
      try {
        return imageCoverage(await page.getOperatorList(), page.view as PageView, OPS) >= MOSTLY;
      } finally {
        page.cleanup();
      }
    },
    render(n) {
      return draw(
        n,
        (natural) => {
          const fit = Math.sqrt(MAX_PAGE_PIXELS / Math.max(1, natural.width * natural.height));
          return Math.min(RENDER_DPI / 72, fit * 0.999);
        },
        (drawing, width, height, scale) => {
          const rgba = drawing.context.getImageData(0, 0, width, height).data;
          return {
            raster: rasterFromRgba(new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.byteLength), width, height),
            dpi: Math.round(scale * 72),
          };
        },
      );
    },
    image(n, width, refuse) {
      return draw(
        n,
        (natural) => {
          const scale = width / Math.max(natural.width, 1e-6);
          refuse(width, Math.max(1, Math.floor(natural.height * scale + 1e-6)));
          return scale;
        },
        (drawing, w, h) => ({
          png: (drawing.canvas as unknown as PngCanvas).toBuffer('image/png'),
          width: w,
          height: h,
        }),
      );
    },
    async close() {
      await pdf.destroy();
    },
  };
}

/** Images cover "most" of a page from this share of its area. */
const MOSTLY = 0.5;

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

/**
 * The share of the page's area its images cover (their union measured on a coarse grid), from the page's operator
 * list: an image is painted into the unit square under the current transform, which `save`, `restore`,
 * `transform` and form XObjects change.
 */
function imageCoverage(
  ops: { fnArray: number[]; argsArray: unknown[] },
  view: PageView,
  OPS: Record<string, number>,
): number {
  const [vx0, vy0, vx1, vy1] = view;
  const width = vx1 - vx0;
  const height = vy1 - vy0;
  if (!(width > 0 && height > 0)) return 0;
  const GRID = 64;
  const covered = new Uint8Array(GRID * GRID);
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  const images = new Set([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject]);
  ops.fnArray.forEach((fn, i) => {
    const args = ops.argsArray[i] as unknown[] | null;
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform && args) ctm = multiply(ctm, args as Matrix);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      const matrix = args?.[0];
      if (Array.isArray(matrix) && matrix.length === 6) ctm = multiply(ctm, matrix as Matrix);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (images.has(fn)) {
      const corners = [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ].map(([u, v]) => [ctm[0] * u! + ctm[2] * v! + ctm[4], ctm[1] * u! + ctm[3] * v! + ctm[5]] as const);
      const xs = corners.map((c) => (c[0] - vx0) / width);
      const ys = corners.map((c) => (c[1] - vy0) / height);
      const clamp = (n: number) => Math.max(0, Math.min(GRID, n));
      const gx0 = clamp(Math.floor(Math.min(...xs) * GRID));
      const gx1 = clamp(Math.ceil(Math.max(...xs) * GRID));
      const gy0 = clamp(Math.floor(Math.min(...ys) * GRID));
      const gy1 = clamp(Math.ceil(Math.max(...ys) * GRID));
      for (let y = gy0; y < gy1; y++) for (let x = gx0; x < gx1; x++) covered[y * GRID + x] = 1;
    }
  });
  return covered.reduce((n, c) => n + c, 0) / covered.length;
}

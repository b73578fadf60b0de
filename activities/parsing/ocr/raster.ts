/**
 * Page images for OCR: decodes PNG, JPEG and TIFF uploads to 8-bit grey pixels, one raster per page (a TIFF frame
 * each), turned the way a viewer shows them (EXIF orientation for JPEG, the Orientation tag for TIFF). Pure
 * functions over bytes; the engine (engine.ts) only ever sees PNG bytes this file encodes, so tesseract's own
 * decoders and its partial EXIF handling never come into play. Grey keeps a 200 dpi A4 page at 4 MB.
 */
import exifr from 'exifr';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import UTIF from 'utif2';
import { ExtractionFailure } from '../result';

/** A page over 50 megapixels is refused before its pixels are decoded, so a hostile header cannot take the memory. */
export const MAX_PAGE_PIXELS = 50_000_000;

export interface Raster {
  width: number;
  height: number;
  /** One grey byte per pixel, row by row from the top left. */
  data: Uint8Array;
}

export type ImageType = 'image/png' | 'image/jpeg' | 'image/tiff';

/** Clockwise quarter turns. */
export type Rotation = 0 | 90 | 180 | 270;

export function refuseHuge(width: number, height: number): void {
  if (width * height > MAX_PAGE_PIXELS) {
    throw new ExtractionFailure(
      'file_unprocessable',
      `an image page of ${width}×${height} pixels is over the ${MAX_PAGE_PIXELS / 1_000_000}-megapixel limit`,
    );
  }
}

function greyFromRgba(rgba: Uint8Array, width: number, height: number): Raster {
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += 4) {
    const alpha = rgba[p + 3]! / 255;
    // Transparent pixels read as white paper, not as black ink.
    const luma = 0.299 * rgba[p]! + 0.587 * rgba[p + 1]! + 0.114 * rgba[p + 2]!;
    data[i] = Math.round(luma * alpha + 255 * (1 - alpha));
  }
  return { width, height, data };
}

/** Turns a raster clockwise by a quarter-turn multiple. */
export function rotate(image: Raster, rotation: Rotation): Raster {
  if (rotation === 0) return image;
  const { width: w, height: h, data } = image;
  const turned = rotation === 180 ? { width: w, height: h } : { width: h, height: w };
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = data[y * w + x]!;
      if (rotation === 90) out[x * h + (h - 1 - y)] = v;
      else if (rotation === 180) out[(h - 1 - y) * w + (w - 1 - x)] = v;
      else out[(w - 1 - x) * h + y] = v;
    }
  }
  return { ...turned, data: out };
}

function mirror(image: Raster): Raster {
  const { width: w, height: h, data } = image;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + (w - 1 - x)] = data[y * w + x]!;
  return { width: w, height: h, data: out };
}

/** EXIF/TIFF Orientation 1–8 to the upright raster (the mirrored values, rare in scans, are mirrored back too). */
export function applyOrientation(image: Raster, orientation: number | undefined): Raster {
  switch (orientation) {
    case 2:
      return mirror(image);
    case 3:
      return rotate(image, 180);
    case 4:
      return mirror(rotate(image, 180));
    case 5:
      return mirror(rotate(image, 90));
    case 6:
      return rotate(image, 90);
    case 7:
      return mirror(rotate(image, 270));
    case 8:
      return rotate(image, 270);
    default:
      return image;
  }
}

/** Box-filter downscale by an integer factor: a cheap copy for orientation detection. */
export function downscale(image: Raster, factor: number): Raster {
  if (factor <= 1) return image;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        const row = (y * factor + dy) * image.width + x * factor;
        for (let dx = 0; dx < factor; dx++) sum += image.data[row + dx]!;
      }
      data[y * width + x] = Math.round(sum / (factor * factor));
    }
  }
  return { width, height, data };
}

export function encodePng(image: Raster): Buffer {
  const png = new PNG({ width: image.width, height: image.height, colorType: 0, inputColorType: 0, bitDepth: 8 });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  // Speed over size: the bytes only cross to the engine's thread. No row filters (filter type 0): pngjs otherwise tries
  // all five on every row and keeps the smallest, which costs more than the deflate it helps (100 ms against 40 ms
  // for a 200 dpi page; 20 % more bytes, which stay in memory).
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, deflateLevel: 1, filterType: 0 });
}

function decodePng(bytes: Buffer): Raster {
  // IHDR width and height sit at fixed offsets; read them before inflating anything.
  if (bytes.length >= 24) refuseHuge(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
  const png = PNG.sync.read(bytes);
  return greyFromRgba(png.data, png.width, png.height);
}

async function decodeJpeg(bytes: Buffer): Promise<Raster> {
  const { width, height, data } = jpeg.decode(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: MAX_PAGE_PIXELS / 1_000_000,
    maxMemoryUsageInMB: 1024,
  });
  const orientation = (await exifr.orientation(bytes).catch(() => undefined)) as number | undefined;
  return applyOrientation(greyFromRgba(data, width, height), orientation);
}

/** The frames of a TIFF that hold an image (width and height given), pixels not yet decoded. */
function tiffFrames(bytes: Buffer): UTIF.IFD[] {
  return UTIF.decode(bytes).filter((ifd) => Number((ifd.t256 as number[] | undefined)?.[0] ?? 0) > 0);
}

function decodeTiffFrame(bytes: Buffer, ifd: UTIF.IFD): Raster {
  const width = Number((ifd.t256 as number[] | undefined)?.[0] ?? 0);
  const height = Number((ifd.t257 as number[] | undefined)?.[0] ?? 0);
  refuseHuge(width, height);
  UTIF.decodeImage(bytes, ifd);
  const raster = greyFromRgba(UTIF.toRGBA8(ifd), ifd.width, ifd.height);
  return applyOrientation(raster, (ifd.t274 as number[] | undefined)?.[0]);
}

function decodeTiff(bytes: Buffer): Raster[] {
  return tiffFrames(bytes).map((ifd) => decodeTiffFrame(bytes, ifd));
}

async function decoding<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ExtractionFailure) throw error;
    // jpeg-js words its own resolution limit as a plain Error.
    if (error instanceof Error && /maxResolutionInMP/.test(error.message)) {
      throw new ExtractionFailure(
        'file_unprocessable',
        `the image is over the ${MAX_PAGE_PIXELS / 1e6}-megapixel limit`,
      );
    }
    throw new ExtractionFailure('corrupt', 'the image could not be decoded');
  }
}

/** An uploaded image as the pages a reader sees: one for PNG and JPEG, one per frame for a multi-page TIFF. */
export function decodePages(bytes: Buffer, type: ImageType): Promise<Raster[]> {
  return decoding(async () => {
    if (type === 'image/png') return [decodePng(bytes)];
    if (type === 'image/jpeg') return [await decodeJpeg(bytes)];
    return decodeTiff(bytes);
  });
}

/**
 * How many pages an image has, from its headers alone (a TIFF's frames are listed, none decoded); a page over the
 * pixel limit is refused here, before anything is read by OCR.
 */
export function countPages(bytes: Buffer, type: ImageType): Promise<number> {
  return decoding(() => {
    if (type === 'image/tiff') {
      const frames = tiffFrames(bytes);
      for (const ifd of frames) {
        refuseHuge(Number((ifd.t256 as number[])[0]), Number((ifd.t257 as number[] | undefined)?.[0] ?? 0));
      }
      if (frames.length === 0) throw new ExtractionFailure('corrupt', 'the TIFF file has no image in it');
      return frames.length;
    }
    if (type === 'image/png') {
      if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') throw new Error('no PNG header');
      refuseHuge(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
    }
    return 1;
  });
}

/** One page (1-based) of an image, decoded alone: a multi-page TIFF never holds more than one frame's pixels. */
export function decodePage(bytes: Buffer, type: ImageType, page: number): Promise<Raster> {
  return decoding(async () => {
    if (type === 'image/png') return decodePng(bytes);
    if (type === 'image/jpeg') return decodeJpeg(bytes);
    const ifd = tiffFrames(bytes)[page - 1];
    if (!ifd) throw new ExtractionFailure('corrupt', `the TIFF file has no page ${page}`);
    return decodeTiffFrame(bytes, ifd);
  });
}

/** A raster from RGBA pixels (a rendered PDF page), refused over the pixel limit like any image page. */
export function rasterFromRgba(rgba: Uint8Array, width: number, height: number): Raster {
  refuseHuge(width, height);
  return greyFromRgba(rgba, width, height);
}

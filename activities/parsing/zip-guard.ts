/**
 * Refuses zip bombs before any OOXML parser (mammoth, SheetJS, jszip) inflates a byte. It reads only the central
 * directory, where every entry declares its sizes, so the check costs microseconds whatever the archive claims.
 *
 * An archive can lie about its sizes; a liar gets past this guard and is then stopped by the sandbox's memory and
 * time limits (sandbox.ts). This guard exists so that the honest, cheap-to-build bombs never reach a parser.
 */
import { formatBytes } from './result';

export const ZIP_LIMITS = {
  maxTotalUncompressed: 256 * 1024 * 1024,
  maxRatio: 200,
  ratioAppliesAbove: 10 * 1024 * 1024,
  maxEntries: 10_000,
};

export interface ZipEntrySize {
  compressed: number;
  uncompressed: number;
}

/** What the central directory declares. `entries` is left empty when `entryCount` alone is a refusal. */
export interface ZipDirectory {
  entryCount: number;
  entries: ZipEntrySize[];
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;

export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

/** The declared sizes of every entry, or null when there is no readable central directory (truncated, not a zip). */
export function readCentralDirectory(bytes: Uint8Array): ZipDirectory | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfCentralDirectory(view);
  if (eocd < 0) return null;
  let count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  if (count === U16_MAX || offset === U32_MAX) {
    const zip64 = readZip64End(view, eocd);
    if (!zip64) return null;
    ({ count, offset } = zip64);
  }
  if (count > ZIP_LIMITS.maxEntries) return { entryCount: count, entries: [] };
  const entries: ZipEntrySize[] = [];
  let pos = offset;
  while (entries.length < count) {
    if (pos + 46 > view.byteLength || view.getUint32(pos, true) !== CENTRAL_HEADER) return null;
    const nameLength = view.getUint16(pos + 28, true);
    const extraLength = view.getUint16(pos + 30, true);
    const commentLength = view.getUint16(pos + 32, true);
    const extraStart = pos + 46 + nameLength;
    if (extraStart + extraLength > view.byteLength) return null;
    entries.push(
      withZip64Sizes(view, extraStart, extraLength, {
        compressed: view.getUint32(pos + 20, true),
        uncompressed: view.getUint32(pos + 24, true),
      }),
    );
    pos = extraStart + extraLength + commentLength;
  }
  return { entryCount: count, entries };
}

/** Why the archive is refused, or null when its declared sizes are within limits. */
export function zipBombReason({ entryCount, entries }: ZipDirectory): string | null {
  const suffix = 'refused as a possible zip bomb';
  if (entryCount > ZIP_LIMITS.maxEntries) {
    const limit = ZIP_LIMITS.maxEntries.toLocaleString('en-US');
    return `archive has ${entryCount.toLocaleString('en-US')} entries (limit ${limit}): ${suffix}`;
  }
  const total = entries.reduce((sum, e) => sum + e.uncompressed, 0);
  if (total > ZIP_LIMITS.maxTotalUncompressed) {
    return `archive expands to ${formatBytes(total)} (limit ${formatBytes(ZIP_LIMITS.maxTotalUncompressed)}): ${suffix}`;
  }
  for (const e of entries) {
    const ratio = e.uncompressed / Math.max(e.compressed, 1);
    if (e.uncompressed > ZIP_LIMITS.ratioAppliesAbove && ratio > ZIP_LIMITS.maxRatio) {
      const limit = `limit ${ZIP_LIMITS.maxRatio}:1 above ${formatBytes(ZIP_LIMITS.ratioAppliesAbove)}`;
      return `an archive entry expands ${Math.round(ratio)}:1 to ${formatBytes(e.uncompressed)} (${limit}): ${suffix}`;
    }
  }
  return null;
}

/** The EOCD record sits in the last 22 bytes plus an archive comment of up to 64 KB; search backwards. */
function findEndOfCentralDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - 22 - U16_MAX);
  for (let pos = view.byteLength - 22; pos >= lowest; pos--) {
    if (view.getUint32(pos, true) !== EOCD) continue;
    // A comment that runs past the end means these four bytes were data that happened to match the signature.
    if (pos + 22 + view.getUint16(pos + 20, true) <= view.byteLength) return pos;
  }
  return -1;
}

function readZip64End(view: DataView, eocd: number): { count: number; offset: number } | null {
  const locator = eocd - 20;
  if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR) return null;
  const end = Number(view.getBigUint64(locator + 8, true));
  if (end + 56 > view.byteLength || view.getUint32(end, true) !== ZIP64_EOCD) return null;
  return { count: Number(view.getBigUint64(end + 32, true)), offset: Number(view.getBigUint64(end + 48, true)) };
}

/** Sizes of 0xFFFFFFFF mean "see the zip64 extra field" (id 1), which lists the overflowed ones in this order. */
function withZip64Sizes(view: DataView, start: number, length: number, sizes: ZipEntrySize): ZipEntrySize {
  if (sizes.uncompressed !== U32_MAX && sizes.compressed !== U32_MAX) return sizes;
  for (let pos = start; pos + 4 <= start + length;) {
    const id = view.getUint16(pos, true);
    const size = view.getUint16(pos + 2, true);
    if (id === 1) {
      let field = pos + 4;
      const next = (): number => {
        const value = field + 8 <= pos + 4 + size ? Number(view.getBigUint64(field, true)) : U32_MAX;
        field += 8;
        return value;
      };
      const uncompressed = sizes.uncompressed === U32_MAX ? next() : sizes.uncompressed;
      const compressed = sizes.compressed === U32_MAX ? next() : sizes.compressed;
      return { compressed, uncompressed };
    }
    pos += 4 + size;
  }
  return sizes;
}

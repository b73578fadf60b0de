/**
 * How an Extraction is built: the success shape with the 20-million-character cap, the failure shape, and the
 * `ExtractionFailure` that parsers throw when they know exactly what is wrong with a file. Every client-facing
 * reason passes through here, so the wording stays one plain sentence.
 */
import type { DocFormat, Extraction, FailureCode, Parsed, Section } from './types';
import { MIME_BY_FORMAT } from '../../domain/documents/uploads';

/** Beyond this the text is useless to a model anyway and only costs storage; the rest is dropped silently. */
export const MAX_EXTRACTED_CHARS = 20_000_000;

export const MIME_TYPES: Record<DocFormat, string> = MIME_BY_FORMAT;

const IMAGE_FORMATS: ReadonlySet<DocFormat> = new Set(['png', 'jpeg', 'tiff']);

/** Thrown by parsers for a failure they can name; anything else thrown is reported as `corrupt`. */
export class ExtractionFailure extends Error {
  constructor(
    readonly code: FailureCode,
    readonly reason: string,
    readonly pageCount: number | null = null,
  ) {
    super(reason);
    this.name = 'ExtractionFailure';
  }
}

/**
 * A parser library could not be loaded: a fault of the deployment, not of the upload, so `extract` lets it
 * through instead of blaming the file (a Temporal activity then retries and alerts).
 */
export class ParserUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ParserUnavailable';
  }
}

export function failed(
  code: FailureCode,
  reason: string,
  known: { format?: DocFormat | null; mime?: string | null; pageCount?: number | null } = {},
): Extraction {
  const format = known.format ?? null;
  return {
    extracted: false,
    format,
    mime_type: known.mime ?? (format ? MIME_TYPES[format] : null),
    page_count: known.pageCount ?? null,
    sections: [],
    char_count: 0,
    code,
    reason,
  };
}

export function succeeded(format: DocFormat, parsed: Parsed): Extraction {
  const sections = capText(parsed.sections, MAX_EXTRACTED_CHARS);
  if (!sections.some((s) => s.text.trim() !== '')) {
    const reason =
      format === 'pdf'
        ? 'the PDF has no text layer, and no scanned page on it has text OCR could read'
        : IMAGE_FORMATS.has(format)
          ? 'no text could be read in the image'
          : `the ${format.toUpperCase()} file contains no text`;
    return failed('no_text', reason, { format, pageCount: parsed.pageCount });
  }
  return {
    extracted: true,
    format,
    mime_type: MIME_TYPES[format],
    page_count: parsed.pageCount,
    sections,
    char_count: sections.reduce((n, s) => n + s.text.length, 0),
    ...(parsed.positions ? { positions: parsed.positions.slice(0, sections.length) } : {}),
    ocr_pages: parsed.ocr?.pages ?? 0,
    ...(parsed.ocr ? { ocr: parsed.ocr } : {}),
  };
}

/** Keeps sections in order until `limit` characters, cutting the last one short (never inside a surrogate pair). */
export function capText(sections: Section[], limit: number): Section[] {
  const kept: Section[] = [];
  let left = limit;
  for (const section of sections) {
    if (left <= 0) break;
    if (section.text.length <= left) {
      kept.push(section);
      left -= section.text.length;
      continue;
    }
    let end = left;
    const last = section.text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end -= 1;
    kept.push({ ...section, text: section.text.slice(0, end) });
    break;
  }
  return kept;
}

/** "4.0 GB", "256 MB", "12 KB": sizes in reasons, in binary units as people read them. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit > 0 && value < 10 && !Number.isInteger(value) ? 1 : 0;
  return `${value.toFixed(unit >= 3 ? 1 : digits)} ${units[unit]}`;
}

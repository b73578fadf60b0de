/**
 * Decides what an upload really is, from its name and its bytes, before any parser sees it.
 *
 * The filename's extension says what the client claims; the bytes must agree. Binary formats are confirmed by
 * their magic bytes (`file-type`); text formats by being UTF-8 text that no binary signature matches (their own
 * parsers then check JSON and XML syntax). `.xls`, `.doc` and `.ppt` all sniff as the same compound-file
 * container, so an `.xls` claim on such a container is accepted and the spreadsheet parser has the last word.
 * Zips are checked against the zip-bomb limits here, before `file-type` or any OOXML parser opens them.
 */
import { isUtf8 } from 'node:buffer';
import { extname } from 'node:path';
// `file-type/core` rather than `file-type`: it has the same buffer detector without the Node stream helpers, and
// its export map carries a plain `default` condition that jest's resolver understands.
import { fileTypeFromBuffer } from 'file-type/core';
import { MIME_TYPES } from './result';
import type { DocFormat, ExtractHint, FailureCode } from './types';
import { looksLikeZip, readCentralDirectory, zipBombReason } from './zip-guard';

export type Detection =
  | { ok: true; format: DocFormat; mime: string }
  /** `mime` on a failure is what the bytes look like, when known: the client's real file type. */
  | { ok: false; code: FailureCode; reason: string; format: DocFormat | null; mime?: string };

interface Sniffed {
  ext: string;
  mime: string;
}

const EXTENSIONS: Record<string, DocFormat> = {
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  xls: 'xls',
  pptx: 'pptx',
  txt: 'txt',
  text: 'txt',
  md: 'md',
  markdown: 'md',
  csv: 'csv',
  json: 'json',
  xml: 'xml',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  tif: 'tiff',
  tiff: 'tiff',
};

/**
 * Declared types count only when the extension says nothing: browsers derive the declared type from the
 * extension anyway, or send application/octet-stream.
 */
const DECLARED_MIMES: Record<string, DocFormat> = {
  ...Object.fromEntries(Object.entries(MIME_TYPES).map(([format, mime]) => [mime, format as DocFormat])),
  'text/x-markdown': 'md',
  'application/csv': 'csv',
  'text/xml': 'xml',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/tif': 'tiff',
};

/** Office formats refused by name, with the supported format to save them as. */
const CONVERT_TO: Record<string, string> = {
  doc: 'DOCX',
  rtf: 'DOCX',
  odt: 'DOCX',
  ods: 'XLSX',
  ppt: 'PPTX',
  odp: 'PPTX',
};

const OOXML: ReadonlySet<DocFormat> = new Set(['docx', 'xlsx', 'pptx']);
const TEXT: ReadonlySet<DocFormat> = new Set(['txt', 'md', 'csv', 'json', 'xml']);
const SUPPORTED_LIST = 'PDF, DOCX, XLSX, XLS, PPTX, TXT, MD, CSV, JSON, XML, PNG, JPEG, TIFF';

export async function detectFormat(bytes: Uint8Array, hint: ExtractHint): Promise<Detection> {
  const ext = extname(hint.filename).slice(1).toLowerCase();
  if (CONVERT_TO[ext]) return unsupported(ext);
  const claimed = EXTENSIONS[ext] ?? declaredFormat(hint.declaredMime);

  if (looksLikeZip(bytes)) {
    const directory = readCentralDirectory(bytes);
    const bomb = directory && zipBombReason(directory);
    if (bomb) return fail('zip_bomb', bomb, claimed && OOXML.has(claimed) ? claimed : null);
    if (!directory && claimed && OOXML.has(claimed)) {
      return fail(
        'corrupt',
        `the ${label(claimed)} file is damaged or incomplete (its zip directory is missing)`,
        claimed,
      );
    }
  }

  const sniffed = await fileTypeFromBuffer(bytes);
  if (!claimed) return fromContentAlone(bytes, sniffed, ext);
  if (TEXT.has(claimed)) return confirmText(bytes, claimed, sniffed);
  if (matchesBinary(claimed, sniffed)) return { ok: true, format: claimed, mime: MIME_TYPES[claimed] };
  return mismatch(claimed, sniffed);
}

function matchesBinary(claimed: DocFormat, sniffed: Sniffed | undefined): boolean {
  if (!sniffed) return false;
  if (claimed === 'xls') return sniffed.ext === 'cfb' || sniffed.ext === 'xls';
  // file-type names an OOXML file only when its content-types part comes early in the zip; a plain "zip" may still
  // be one, and the OOXML parser decides.
  if (OOXML.has(claimed)) return sniffed.ext === claimed || sniffed.ext === 'zip';
  // file-type names JPEG `jpg` and TIFF `tif`.
  return EXTENSIONS[sniffed.ext] === claimed;
}

function confirmText(bytes: Uint8Array, claimed: DocFormat, sniffed: Sniffed | undefined): Detection {
  if (sniffed && !isTextual(sniffed)) return mismatch(claimed, sniffed);
  if (!isText(bytes)) return mismatch(claimed, undefined, 'it is not UTF-8 text');
  return { ok: true, format: claimed, mime: MIME_TYPES[claimed] };
}

function declaredFormat(declaredMime: string | undefined): DocFormat | undefined {
  return declaredMime ? DECLARED_MIMES[declaredMime.split(';')[0]!.trim().toLowerCase()] : undefined;
}

/**
 * Neither the extension nor the declared type names a supported format ("upload", "notes.log", "v2.1"): trust a
 * binary signature, else accept UTF-8 as plain text.
 */
function fromContentAlone(bytes: Uint8Array, sniffed: Sniffed | undefined, ext: string): Detection {
  const format = sniffed && (sniffed.ext === 'cfb' ? 'xls' : EXTENSIONS[sniffed.ext]);
  if (format && !TEXT.has(format)) return { ok: true, format, mime: MIME_TYPES[format] };
  if ((!sniffed || isTextual(sniffed)) && isText(bytes)) {
    const textFormat: DocFormat = sniffed?.ext === 'xml' ? 'xml' : 'txt';
    return { ok: true, format: textFormat, mime: MIME_TYPES[textFormat] };
  }
  const what = ext ? `.${ext} files are not supported` : 'the file type could not be recognised';
  const looks = sniffed ? ` (looks like ${describe(sniffed)})` : '';
  return fail('unsupported_type', `${what}${looks}; supported: ${SUPPORTED_LIST}`, null, sniffed?.mime);
}

/** NUL bytes are legal UTF-8 but no text file has them; UTF-16 and binary files do. */
function isText(bytes: Uint8Array): boolean {
  return isUtf8(bytes) && !bytes.includes(0);
}

function isTextual(sniffed: Sniffed): boolean {
  return sniffed.mime.startsWith('text/') || sniffed.mime === 'application/xml' || sniffed.mime === 'image/svg+xml';
}

function describe(sniffed: Sniffed): string {
  if (sniffed.ext === 'cfb') return 'a legacy Office file (DOC, XLS or PPT)';
  if (sniffed.ext === 'zip') return 'a ZIP archive';
  return sniffed.ext.toUpperCase();
}

function label(format: DocFormat): string {
  return format.toUpperCase();
}

/** "a PDF", "an XLSX": the article follows how the first letter is spoken. */
function withArticle(acronym: string): string {
  return `${/^[AEFHILMNORSX]/.test(acronym) ? 'an' : 'a'} ${acronym}`;
}

function unsupported(ext: string): Detection {
  return fail(
    'unsupported_type',
    `.${ext} files are not supported; save it as ${CONVERT_TO[ext]} and upload it again`,
    null,
  );
}

function mismatch(claimed: DocFormat, sniffed: Sniffed | undefined, why = 'unrecognised content'): Detection {
  const detail = sniffed ? `looks like ${describe(sniffed)}` : why;
  return fail('type_mismatch', `content is not ${withArticle(label(claimed))} file (${detail})`, null, sniffed?.mime);
}

function fail(code: FailureCode, reason: string, format: DocFormat | null, mime?: string): Detection {
  return mime ? { ok: false, code, reason, format, mime } : { ok: false, code, reason, format };
}

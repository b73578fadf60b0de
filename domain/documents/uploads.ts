/**
 * What the two upload flows (input and reference documents) share: the content type a presigned PUT is bound to,
 * and the answer that tells the client exactly which headers to send.
 */
import { extname } from 'node:path';

/** The largest upload Assay reads (50 MB): checked at `complete` and on every read. */
export const MAX_UPLOAD_BYTES = 52_428_800;

export function oversizedUploadMessage(size: number): string {
  return `The file is ${size.toLocaleString('en-US')} bytes, over the 50 MB limit; it was not processed and has been deleted.`;
}

/** The MIME type of each supported document format (the parser reports these as a file's real type). */
export const MIME_BY_FORMAT = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  xml: 'application/xml',
  png: 'image/png',
  jpeg: 'image/jpeg',
  tiff: 'image/tiff',
} as const;

const TYPES_BY_EXTENSION: Record<string, string> = {
  ...Object.fromEntries(Object.entries(MIME_BY_FORMAT).map(([format, mime]) => [`.${format}`, mime])),
  '.jpg': MIME_BY_FORMAT.jpeg,
  '.tif': MIME_BY_FORMAT.tiff,
};

/** The declared type, else the one the file name implies, else a generic binary type. */
export function uploadContentType(filename: string, declared?: string): string {
  return declared ?? TYPES_BY_EXTENSION[extname(filename).toLowerCase()] ?? 'application/octet-stream';
}

export function uploadHeaders(contentType: string, sizeBytes?: number): Record<string, string> {
  return { 'Content-Type': contentType, ...(sizeBytes !== undefined ? { 'Content-Length': String(sizeBytes) } : {}) };
}

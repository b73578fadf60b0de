/** What an upload reads: a path (from disk, on Node) or bytes with a filename, and the MIME type it is sent as. */

/** `path` (read from disk) or the bytes themselves, which then need a filename. */
export type UploadSource = string | Uint8Array;
export interface UploadOptions {
  filename?: string;
  mimeType?: string;
}

const MIME_BY_EXTENSION: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
};

/** The file's name after its last `/` (or `\\`): the SDK runs in browsers too, so no `node:path`. */
const basename = (path: string): string => path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);

export function guessMimeType(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return (dot > 0 && MIME_BY_EXTENSION[filename.slice(dot).toLowerCase()]) || 'application/octet-stream';
}

/** Reads a path from disk on Node; loaded only when a path is given, so a browser bundle never needs `node:fs`. */
async function readPath(path: string): Promise<Uint8Array> {
  const { readFile } = await import('node:fs/promises');
  return new Uint8Array(await readFile(path));
}

export async function readSource(
  source: UploadSource,
  options: UploadOptions,
): Promise<{ bytes: Uint8Array; filename: string; mimeType: string }> {
  const bytes = typeof source === 'string' ? await readPath(source) : source;
  const filename = options.filename ?? (typeof source === 'string' ? basename(source) : undefined);
  if (!filename) throw new TypeError('uploading bytes needs options.filename');
  return { bytes, filename, mimeType: options.mimeType ?? guessMimeType(filename) };
}

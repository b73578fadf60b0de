/**
 * The legacy multipart form of run creation (docs/api-reference.md §13): fields `mode`,
 * `metadata` (a JSON object string), `input_documents` (a JSON array string) and repeated `files[]`. The combined size
 * of the files is capped while the request streams in — a storage engine counts every file's bytes as they arrive and
 * aborts the request at the first byte past the cap — so nothing past the cap is ever buffered. Over the cap: 413.
 */
import multer from 'multer';
import type { Context, Next } from 'koa';
import { errors } from '../../domain/http/errors';

export interface UploadedFile {
  filename: string;
  mimeType: string;
  bytes: Buffer;
}

const TOTAL = Symbol('multipart-total-bytes');

interface CountedRequest {
  [TOTAL]?: number;
}

/** A memory storage engine with a per-request running total. */
function cappedStorage(maxTotalBytes: number) {
  return {
    _handleFile(
      req: CountedRequest,
      file: { stream: NodeJS.ReadableStream },
      cb: (err: Error | null, info?: { buffer: Buffer; size: number }) => void,
    ) {
      const chunks: Buffer[] = [];
      let failed = false;
      file.stream.on('data', (chunk: Buffer) => {
        if (failed) return;
        req[TOTAL] = (req[TOTAL] ?? 0) + chunk.length;
        if (req[TOTAL]! > maxTotalBytes) {
          failed = true;
          chunks.length = 0;
          file.stream.resume(); // drain what is in flight without keeping it
          cb(Object.assign(new Error('combined files too large'), { code: 'LIMIT_TOTAL_SIZE' }));
          return;
        }
        chunks.push(chunk);
      });
      file.stream.on('error', (err: Error) => !failed && cb(err));
      file.stream.on('end', () => {
        if (failed) return;
        const buffer = Buffer.concat(chunks);
        cb(null, { buffer, size: buffer.length });
      });
    },
    _removeFile(_req: unknown, file: { buffer?: Buffer }, cb: (err: Error | null) => void) {
      delete file.buffer;
      cb(null);
    },
  };
}

export function parseMultipart(maxTotalBytes: number) {
  const upload = multer({
    storage: cappedStorage(maxTotalBytes) as never,
    limits: { fileSize: maxTotalBytes, files: 20, fields: 10, fieldSize: 64 * 1024, parts: 40 },
  });
  const fields = upload.fields([
    { name: 'files[]', maxCount: 20 },
    { name: 'files', maxCount: 20 },
  ]);
  const capMb = Math.round(maxTotalBytes / (1024 * 1024));
  return async (ctx: Context, next: Next) => {
    try {
      // multer is Express-style middleware over the raw Node request; it leaves body and files on it.
      await new Promise<void>((resolve, reject) =>
        fields(ctx.req as never, ctx.res as never, (err?: unknown) => (err ? reject(err) : resolve())),
      );
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'LIMIT_TOTAL_SIZE' || code === 'LIMIT_FILE_SIZE') {
        throw errors.payloadTooLarge(`The files exceed ${capMb} MB combined; upload larger files through /documents.`);
      }
      if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE') {
        throw errors.invalidRequest('Send at most 20 files, in the field files[].', [
          { path: 'body.files', message: String(code) },
        ]);
      }
      throw errors.invalidRequest('The multipart body could not be read.', [
        { path: 'body', message: 'malformed multipart' },
      ]);
    }
    const req = ctx.req as unknown as {
      body?: Record<string, string>;
      files?: Record<string, Array<{ originalname: string; mimetype: string; buffer: Buffer }>>;
    };
    const raw = req.body ?? {};
    const parsed: Record<string, unknown> = {};
    if (raw.mode !== undefined) parsed.mode = raw.mode;
    for (const field of ['metadata', 'input_documents'] as const) {
      if (raw[field] === undefined || raw[field] === '') continue;
      try {
        parsed[field] = JSON.parse(raw[field]);
      } catch {
        throw errors.invalidRequest(`${field} must be a JSON string in multipart requests.`, [
          { path: `body.${field}`, message: 'not JSON' },
        ]);
      }
    }
    const files = req.files ?? {};
    const uploaded: UploadedFile[] = [...(files['files[]'] ?? []), ...(files.files ?? [])].map((f) => ({
      filename: f.originalname,
      mimeType: f.mimetype,
      bytes: f.buffer,
    }));
    (ctx.request as unknown as { body: unknown }).body = parsed;
    ctx.state.files = uploaded;
    // Idempotency hashes each file too: its name and type as well as its bytes, since they become the document's, so
    // the same bytes under another name are another request.
    ctx.state.idempotencyExtra = uploaded.flatMap((f) => [{ filename: f.filename, mime_type: f.mimeType }, f.bytes]);
    await next();
  };
}

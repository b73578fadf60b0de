/**
 * The rendering contract shared by every format module and by callers (the run engine, the test-mode stub): which
 * formats exist, what a rendered file is, and the run facts a file may show besides the output itself.
 */

// The formats are the catalog's (a workflow's `output_format`); renderOutput's exhaustive switch fails to compile
// if one is added there without a renderer here.
export type { OutputFormat } from '../../domain/catalog/catalog';

export type FileExtension = 'json' | 'md' | 'docx' | 'xlsx' | 'csv';

export interface RenderedFile {
  bytes: Buffer;
  /** Stored as the object's Content-Type, so a signed download opens in the right application. */
  mimeType: string;
  extension: FileExtension;
}

export interface RenderMeta {
  title: string;
  runId: string;
  createdAt: Date;
}

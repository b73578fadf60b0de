/**
 * Rendering a run's output into its downloadable file: one module per format, chosen here.
 * Renderers take any JSON object and never throw on its shape; the run engine stores the bytes as they come.
 */
import { renderCsv } from './csv';
import { renderDocx } from './docx';
import { renderJson } from './json';
import { renderMarkdown } from './markdown';
import type { OutputFormat, RenderMeta, RenderedFile } from './types';
import { renderXlsx } from './xlsx';

export type { FileExtension, OutputFormat, RenderMeta, RenderedFile } from './types';

export async function renderOutput(
  output: Record<string, unknown>,
  format: OutputFormat,
  meta: RenderMeta,
): Promise<RenderedFile> {
  switch (format) {
    case 'json':
      return renderJson(output);
    case 'markdown':
      return renderMarkdown(output, meta);
    case 'docx':
      return renderDocx(output, meta);
    case 'xlsx':
      return renderXlsx(output, meta);
    case 'csv':
      return renderCsv(output);
  }
}

/**
 * The `.json` file: the output exactly as the API returns it, pretty-printed so a downloaded file is readable.
 */
import { jsonText, type PlainObject } from './shape';
import type { RenderedFile } from './types';

export function renderJson(output: PlainObject): RenderedFile {
  return {
    bytes: Buffer.from(`${jsonText(output, 2)}\n`, 'utf8'),
    mimeType: 'application/json; charset=utf-8',
    extension: 'json',
  };
}

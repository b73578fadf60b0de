/**
 * JSON: validated by parsing, then kept as the client wrote it. Re-serialising would reformat numbers (1.0 → 1,
 * big integers rounded), and the exact text is what a model should read.
 */
import { ExtractionFailure } from './result';
import { decodeText } from './text';
import type { Parsed } from './types';

export function parseJson(bytes: Uint8Array): Parsed {
  const text = decodeText(bytes, 'JSON').trim();
  try {
    JSON.parse(text);
  } catch (err) {
    throw new ExtractionFailure('corrupt', `the JSON file is not valid JSON (${(err as Error).message})`);
  }
  return { pageCount: null, sections: [{ kind: 'section', index: 1, label: 'JSON', text }] };
}

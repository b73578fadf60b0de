/**
 * `extract`: uploaded bytes in, text out, for the thirteen supported formats. Pure (no I/O) and total: every problem
 * with the input, from a wrong extension to a parser crash, comes back as a failed Extraction with a code and a
 * sentence the API can show; it never throws for bad input (only `ParserUnavailable`, when a parser library
 * cannot be loaded at all). Untrusted uploads should go through `extractInSandbox` (sandbox.ts), which adds the
 * memory and time limits a pure function cannot enforce.
 */
import { MAX_UPLOAD_BYTES } from '../../domain/documents/uploads';
import { detectFormat } from './detect';
import { refuseOoxmlDoctype } from './ooxml-guard';
import { ExtractionFailure, failed, formatBytes, ParserUnavailable, succeeded } from './result';
import type { DocFormat, Extraction, ExtractHint, Parsed } from './types';

export type { DocFormat, Extraction, ExtractHint, Section } from './types';
export {
  COUNT_TOKENS_WITHIN_MS,
  extractInSandbox,
  processInSandbox,
  SANDBOX_DEFAULTS,
  type SandboxLimits,
} from './sandbox';

export const MAX_INPUT_BYTES = MAX_UPLOAD_BYTES;

type Parser = (bytes: Uint8Array) => Parsed | Promise<Parsed>;

/**
 * Parser modules load on first use. Every sandboxed upload starts a cold worker, and loading all ten parsers
 * costs about half a second (SheetJS alone ~350 ms), most of it for formats that upload is not.
 */
const PARSERS: Record<DocFormat, () => Parser> = {
  pdf: () => (require('./pdf') as typeof import('./pdf')).parsePdf,
  docx: () => (require('./docx') as typeof import('./docx')).parseDocx,
  xlsx: () => (bytes) => (require('./xlsx') as typeof import('./xlsx')).parseSpreadsheet(bytes, 'xlsx'),
  xls: () => (bytes) => (require('./xlsx') as typeof import('./xlsx')).parseSpreadsheet(bytes, 'xls'),
  pptx: () => (require('./pptx') as typeof import('./pptx')).parsePptx,
  txt: () => (require('./text') as typeof import('./text')).parseTxt,
  md: () => (require('./text') as typeof import('./text')).parseMarkdown,
  csv: () => (require('./csv') as typeof import('./csv')).parseCsv,
  json: () => (require('./json') as typeof import('./json')).parseJson,
  xml: () => (require('./xml') as typeof import('./xml')).parseXmlDocument,
  png: () => (bytes) => (require('./image') as typeof import('./image')).parseImage(bytes, 'image/png'),
  jpeg: () => (bytes) => (require('./image') as typeof import('./image')).parseImage(bytes, 'image/jpeg'),
  tiff: () => (bytes) => (require('./image') as typeof import('./image')).parseImage(bytes, 'image/tiff'),
};

/**
 * Reads the pages a parser left to OCR (`Parsed.ocrPages`) and fills their sections: the parsing sandbox passes one
 * (ocr/read.ts), a page at a time under its own limits. Without it those pages stay empty.
 */
export type ReadOcrPages = (bytes: Uint8Array, format: DocFormat, parsed: Parsed) => Promise<Parsed>;

/**
 * `onIdentified` hears the format as soon as it is known, before parsing starts, so that a caller which has to
 * abandon the parse (the sandbox, on a timeout) can still say what the file was.
 */
export async function extract(
  bytes: Uint8Array,
  hint: ExtractHint,
  onIdentified?: (format: DocFormat) => void,
  readOcrPages?: ReadOcrPages,
): Promise<Extraction> {
  if (bytes.length === 0) return failed('empty_file', 'the file is empty');
  if (bytes.length > MAX_INPUT_BYTES) {
    const size = bytes.length.toLocaleString('en-US');
    return failed('file_too_large', `the file is ${size} bytes, over the ${formatBytes(MAX_INPUT_BYTES)} limit`);
  }
  let format: DocFormat | null = null;
  try {
    const detection = await detectFormat(bytes, hint);
    if (!detection.ok) return failed(detection.code, detection.reason, detection);
    format = detection.format;
    onIdentified?.(format);
    if (format === 'docx' || format === 'xlsx' || format === 'pptx') await refuseOoxmlDoctype(bytes, format);
    const parse = loadParser(format);
    const parsed = await parse(bytes);
    return succeeded(
      format,
      parsed.ocrPages?.length && readOcrPages ? await readOcrPages(bytes, format, parsed) : parsed,
    );
  } catch (err) {
    if (err instanceof ParserUnavailable) throw err;
    return failureFrom(err, format);
  }
}

function loadParser(format: DocFormat): Parser {
  try {
    return PARSERS[format]();
  } catch (err) {
    throw new ParserUnavailable(`the ${format.toUpperCase()} parser could not be loaded`, { cause: err });
  }
}

function failureFrom(err: unknown, format: DocFormat | null): Extraction {
  if (err instanceof ExtractionFailure) return failed(err.code, err.reason, { format, pageCount: err.pageCount });
  const name = format ? format.toUpperCase() : 'uploaded';
  // Deep recursion and giant allocations surface as RangeErrors from inside a parser: the file is not broken, it
  // is more than the parser can hold.
  if (err instanceof RangeError && /call stack|allocation|invalid (string|array) length/i.test(err.message)) {
    return failed('file_unprocessable', `the ${name} file is too large or too deeply nested to read`, { format });
  }
  return failed('corrupt', `the ${name} file is damaged or not a valid ${name} file and could not be read`, { format });
}

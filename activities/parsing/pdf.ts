/**
 * PDF: text per page through unpdf's bundled pdf.js (the only pdf.js this process may load: two copies clash).
 * A page without a text layer gives an empty section, so a scanned PDF still reports its page count.
 */
import { extractText, getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { ExtractionFailure, ParserUnavailable } from './result';
import type { Parsed } from './types';

export async function parsePdf(bytes: Uint8Array): Promise<Parsed> {
  // unpdf loads its pdf.js bundle with a native import() on first use; where that cannot work (jest's module
  // sandbox) the PDF is not to blame.
  await getResolvedPDFJS().catch((err: unknown) => {
    throw new ParserUnavailable('the PDF parser (pdf.js) could not be loaded', { cause: err });
  });
  // pdf.js refuses Node Buffers; a plain view over the same memory costs nothing.
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // No eval: pdf.js would otherwise compile PostScript functions from the file into JavaScript.
  const pdf = await getDocumentProxy(data, { verbosity: 0, isEvalSupported: false }).catch((err: unknown) => {
    if ((err as { name?: string }).name === 'PasswordException') {
      throw new ExtractionFailure('corrupt', 'the PDF is password-protected; upload it without a password');
    }
    throw err;
  });
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    return {
      pageCount: totalPages,
      sections: text.map((pageText, i) => ({
        kind: 'page',
        index: i + 1,
        label: `Page ${i + 1}`,
        text: pageText.trim(),
      })),
    };
  } finally {
    await pdf.destroy();
  }
}

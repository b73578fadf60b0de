/**
 * Plain text and Markdown, plus the UTF-8 decoding every text format shares. Markdown is split at its ATX
 * headings (`#` to `######`, outside fenced code), each section labelled with its heading; plain text is one
 * section.
 */
import { ExtractionFailure } from './result';
import type { Parsed, Section } from './types';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 without its byte-order mark, with Windows and old-Mac line ends made `\n`. */
export function decodeText(bytes: Uint8Array, what: string): string {
  try {
    return decoder.decode(bytes).replace(/\r\n?/g, '\n');
  } catch {
    throw new ExtractionFailure('type_mismatch', `content is not a ${what} file (it is not UTF-8 text)`);
  }
}

/**
 * The longest line a text document may have. Prose wraps long before this; a file with a
 * megabyte and more between line breaks is data or an attack, and chunking it would make one unbounded "sentence".
 */
export const MAX_TEXT_LINE_CHARS = 1024 * 1024;

function refuseEndlessLine(text: string, what: string): string {
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    if (stop - start > MAX_TEXT_LINE_CHARS) {
      throw new ExtractionFailure(
        'file_unprocessable',
        `the ${what} file has a line of more than 1 MiB with no line break; split it into lines or paragraphs`,
      );
    }
    start = stop + 1;
  }
  return text;
}

export function parseTxt(bytes: Uint8Array): Parsed {
  const text = refuseEndlessLine(decodeText(bytes, 'TXT'), 'TXT');
  return { pageCount: null, sections: [{ kind: 'section', index: 1, label: 'Text', text: text.trim() }] };
}

const HEADING = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

export function parseMarkdown(bytes: Uint8Array): Parsed {
  const sections: Section[] = [];
  let current: Section = { kind: 'section', index: 1, label: 'Text', text: '' };
  let fence: string | null = null;
  for (const line of refuseEndlessLine(decodeText(bytes, 'MD'), 'MD').split('\n')) {
    const marker = FENCE.exec(line)?.[1];
    if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === null ? marker : null;
    } else if (fence === null) {
      const heading = HEADING.exec(line);
      if (heading && heading[1]?.trim()) {
        if (current.text.trim() !== '') sections.push(current);
        current = { kind: 'section', index: sections.length + 1, label: heading[1].trim(), text: '' };
      }
    }
    current.text += `${line}\n`;
  }
  if (current.text.trim() !== '' || sections.length === 0) sections.push(current);
  return { pageCount: null, sections: sections.map((s) => ({ ...s, text: s.text.trim() })) };
}

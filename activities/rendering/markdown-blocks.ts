/**
 * A small, line-based reading of markdown into blocks (headings, bullets, numbered items, pipe tables, code,
 * paragraphs) and inline spans (bold, italic, code, links), for formats that must re-typeset a `{markdown}` output.
 * Deliberately partial (markdown-it is not a dependency): anything it does not recognise stays paragraph text, so
 * no input is lost and none makes it throw.
 */

export type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'bullet'; level: number; text: string }
  | { kind: 'numbered'; level: number; label: string; text: string }
  | { kind: 'table'; header: string[]; rows: string[][] }
  | { kind: 'code'; text: string }
  | { kind: 'rule' }
  | { kind: 'paragraph'; text: string };

export interface Span {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const RULE = /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/;
const BULLET = /^(\s*)[-*+]\s+(.*)$/;
const NUMBERED = /^(\s*)(\d{1,9})[.)]\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;

export function parseBlocks(markdown: string): Block[] {
  const lines = markdown.split(/\r?\n|\r/);
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = (): void => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };

  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const marker = fence[1] ?? '```';
      const body: string[] = [];
      for (i += 1; i < lines.length && !(lines[i] ?? '').trimStart().startsWith(marker); i += 1)
        body.push(lines[i] ?? '');
      blocks.push({ kind: 'code', text: body.join('\n') });
      continue;
    }
    const next = lines[i + 1] ?? '';
    if (line.includes('|') && next.includes('|') && TABLE_SEPARATOR.test(next)) {
      flush();
      const header = splitRow(line);
      const rows: string[][] = [];
      for (i += 2; i < lines.length && (lines[i] ?? '').includes('|') && (lines[i] ?? '').trim() !== ''; i += 1) {
        rows.push(splitRow(lines[i] ?? ''));
      }
      i -= 1;
      blocks.push({ kind: 'table', header, rows });
      continue;
    }
    const block = lineBlock(line);
    if (block === 'blank') flush();
    else if (typeof block === 'string') paragraph.push(block);
    else {
      flush();
      blocks.push(block);
    }
  }
  flush();
  return blocks;
}

/** One line on its own: a block, paragraph text to join with its neighbours, or a blank that ends a paragraph. */
function lineBlock(line: string): Block | string | 'blank' {
  if (line.trim() === '') return 'blank';
  const heading = HEADING.exec(line);
  if (heading) return { kind: 'heading', level: (heading[1] ?? '#').length, text: heading[2] ?? '' };
  if (RULE.test(line)) return { kind: 'rule' };
  const bullet = BULLET.exec(line);
  if (bullet) return { kind: 'bullet', level: indentLevel(bullet[1] ?? ''), text: bullet[2] ?? '' };
  const numbered = NUMBERED.exec(line);
  if (numbered) {
    return {
      kind: 'numbered',
      level: indentLevel(numbered[1] ?? ''),
      label: `${numbered[2] ?? '1'}.`,
      text: numbered[3] ?? '',
    };
  }
  const quote = QUOTE.exec(line);
  return (quote ? (quote[1] ?? '') : line).trim();
}

function indentLevel(indent: string): number {
  return Math.min(8, Math.floor(indent.replace(/\t/g, '    ').length / 2));
}

/** Cells of a pipe-table row; `\|` is a literal pipe and `<br>` a line break, as the markdown renderer writes them. */
function splitRow(line: string): string[] {
  const trimmed = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return trimmed.split(/(?<!\\)\|/).map((cell) =>
    cell
      .trim()
      .replace(/\\\|/g, '|')
      .replace(/<br\s*\/?>/gi, '\n'),
  );
}

/**
 * Every span's inside is bounded (SPAN_MAX characters; a link's URL, URL_MAX): an opener with no closer is given up
 * after a bounded look ahead, not at the end of the text, which made a line of unclosed `[`, `__` or `*` quadratic
 * (an 80 KB answer held the worker's event loop for 1.4–4.8 s). A longer span stays text.
 */
const SPAN_MAX = 500;
const URL_MAX = 2048;
const INLINE = new RegExp(
  [
    '\\\\([\\\\`*_{}[\\]()#+\\-.!|<>~])',
    `\`([^\`]{1,${SPAN_MAX}})\``,
    `\\*\\*(?!\\s)(.{1,${SPAN_MAX}}?)(?<!\\s)\\*\\*`,
    `__(?!\\s)(.{1,${SPAN_MAX}}?)(?<!\\s)__`,
    `\\*(?!\\s)(.{1,${SPAN_MAX}}?)(?<!\\s)\\*`,
    `(?<!\\w)_(?!\\s)(.{1,${SPAN_MAX}}?)(?<!\\s)_(?!\\w)`,
    `\\[([^\\]]{1,${SPAN_MAX}})\\]\\(([^)\\s]{1,${URL_MAX}})\\)`,
  ].join('|'),
  'g',
);

/**
 * Bold, italic, code and links; nesting is not interpreted (the inner text keeps its markers). As in CommonMark,
 * emphasis does not open before or close after whitespace, so a stray `*` stays literal.
 */
export function parseInline(text: string): Span[] {
  const spans: Span[] = [];
  const plain = (value: string): void => {
    if (value === '') return;
    const last = spans[spans.length - 1];
    if (last && !last.bold && !last.italic && !last.code) last.text += value;
    else spans.push({ text: value });
  };
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    plain(text.slice(at, index));
    at = index + match[0].length;
    const [, escaped, code, bold1, bold2, italic1, italic2, linkText, linkUrl] = match;
    if (escaped !== undefined) plain(escaped);
    else if (code !== undefined) spans.push({ text: code, code: true });
    else if (bold1 !== undefined || bold2 !== undefined) spans.push({ text: bold1 ?? bold2 ?? '', bold: true });
    else if (italic1 !== undefined || italic2 !== undefined)
      spans.push({ text: italic1 ?? italic2 ?? '', italic: true });
    else if (linkText !== undefined) plain(`${linkText} (${linkUrl ?? ''})`);
  }
  plain(text.slice(at));
  return spans;
}

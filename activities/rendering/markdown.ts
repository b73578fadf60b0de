/**
 * The `.md` file. A `{markdown}` output is the model's own text, written as is. Any other object becomes a report:
 * the title, scalar fields as a bold-term list (GitHub renders no definition lists), then one section per other
 * field: arrays of objects as tables, lists as bullets, nested objects as deeper sections.
 */
import {
  cellOf,
  displayText,
  tableText,
  entriesOf,
  humanize,
  isPlainObject,
  isScalar,
  isTable,
  jsonText,
  markdownBody,
  unionKeys,
  type PlainObject,
} from './shape';
import type { RenderMeta, RenderedFile } from './types';

export function renderMarkdown(output: PlainObject, meta: RenderMeta): RenderedFile {
  const text = markdownBody(output) ?? markdownFromObject(output, meta.title, runLine(meta));
  return { bytes: Buffer.from(text, 'utf8'), mimeType: 'text/markdown; charset=utf-8', extension: 'md' };
}

export function runLine(meta: RenderMeta): string {
  return `Run ${meta.runId} · ${meta.createdAt.toISOString()}`;
}

/** A readable report of any object; also used by the test-mode stub for its `{markdown}` outputs. */
export function markdownFromObject(output: PlainObject, title: string, subtitle?: string): string {
  const lines: string[] = [`# ${escapeInline(title)}`, ''];
  if (subtitle !== undefined) lines.push(`_${escapeInline(subtitle)}_`, '');
  if (entriesOf(output).length === 0) lines.push('_No fields._', '');
  else writeObject(lines, output, 2);
  return `${lines.join('\n').trimEnd()}\n`;
}

function writeObject(lines: string[], object: PlainObject, level: number): void {
  const entries = entriesOf(object);
  const scalars = entries.filter(([, value]) => isScalar(value));
  for (const [key, value] of scalars)
    lines.push(`- **${escapeInline(humanize(key))}:** ${indentContinuation(displayText(value))}`);
  if (scalars.length > 0) lines.push('');
  for (const [key, value] of entries) {
    if (isScalar(value)) continue;
    // Markdown has six heading levels; deeper structure is shown as JSON under a bold label instead.
    if (level > 6) {
      lines.push(`**${escapeInline(humanize(key))}**`, '', codeBlock(jsonText(value, 2)), '');
      continue;
    }
    lines.push(`${'#'.repeat(level)} ${escapeInline(humanize(key))}`, '');
    writeSection(lines, value, level + 1);
  }
}

function writeSection(lines: string[], value: unknown, level: number): void {
  if (isTable(value)) {
    writeTable(lines, value);
  } else if (Array.isArray(value)) {
    if (value.length === 0) lines.push('_None._');
    for (const item of value)
      lines.push(`- ${isScalar(item) ? indentContinuation(displayText(item)) : codeSpan(jsonText(item))}`);
  } else if (isPlainObject(value) && entriesOf(value).length > 0) {
    writeObject(lines, value, level);
    return;
  } else {
    lines.push('_None._');
  }
  lines.push('');
}

function writeTable(lines: string[], rows: PlainObject[]): void {
  const keys = unionKeys(rows);
  if (keys.length === 0) {
    lines.push('_None._');
    return;
  }
  lines.push(`| ${keys.map((k) => tableCell(humanize(k))).join(' | ')} |`);
  lines.push(`| ${keys.map(() => '---').join(' | ')} |`);
  for (const row of rows) lines.push(`| ${keys.map((k) => tableCell(tableText(cellOf(row, k)))).join(' | ')} |`);
}

/** A pipe or a line break would end the cell or the row. */
function tableCell(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n|\r/g, '<br>');
}

/** Continuation lines of a list item must be indented, or a multi-line value ends the list. */
function indentContinuation(text: string): string {
  return text.replace(/\r?\n|\r/g, '\n  ');
}

/** Labels come from field names, which may hold markdown syntax; values are left alone (models write markdown). */
function escapeInline(text: string): string {
  return text.replace(/[\\`*_[\]#|<>]/g, '\\$&').replace(/\r?\n|\r/g, ' ');
}

function codeSpan(text: string): string {
  const fence = '`'.repeat(longestBacktickRun(text) + 1);
  return `${fence} ${text.replace(/\r?\n|\r/g, ' ')} ${fence}`;
}

function codeBlock(text: string): string {
  const fence = '`'.repeat(Math.max(2, longestBacktickRun(text)) + 1);
  return `${fence}json\n${text}\n${fence}`;
}

/** A fence must be longer than any backtick run inside, or the text would close it early. */
function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/**
 * The one structured text form every parser writes: Markdown
 * headings, list items, and tables as pipe tables, one row per line under a header separator. Parsers decide what
 * is a heading, a list or a table; this module alone decides how each is written, so every format reads alike.
 */

/** Bumped whenever the text a parser produces for the same file changes shape (stored as `text_version`). */
export const TEXT_VERSION = 2;

/** A cell's text on one line: whitespace runs (line breaks included) become one space; `|` is escaped. */
export function cellText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
}

/** A heading line at `level` (1–6); the text kept on one line. */
export function heading(level: number, text: string): string {
  const depth = Math.min(6, Math.max(1, Math.round(level)));
  return `${'#'.repeat(depth)} ${text.replace(/\s+/g, ' ').trim()}`;
}

/** A list item at nesting `level` (0 = top), bulleted or numbered; continuation lines indented under it. */
export function listItem(level: number, text: string, ordered = false): string {
  const indent = '  '.repeat(Math.max(0, level));
  const marker = ordered ? '1.' : '-';
  return `${indent}${marker} ${text.trim().replace(/\n+/g, `\n${indent}  `)}`;
}

/**
 * A pipe table: the first row is the header (an empty header is written when a table has a single row, so that
 * the one row still reads as data), every row padded to the widest, cells escaped. Rows whose cells are all empty
 * are dropped. Returns the lines.
 */
export function pipeTable(rows: string[][]): string[] {
  const kept = rows.filter((row) => row.some((cell) => cell.trim() !== ''));
  if (kept.length === 0) return [];
  const width = Math.max(...kept.map((row) => row.length));
  const line = (row: string[]) =>
    `| ${Array.from({ length: width }, (_, i) => cellText(row[i] ?? '')).join(' | ')} |`.replace(/ {2,}\|/g, ' |');
  const [header, ...body] = kept as [string[], ...string[][]];
  return [line(header), `|${' --- |'.repeat(width)}`, ...body.map(line)];
}

/**
 * Fills a grid from cells that span rows and columns: a merged cell's text is repeated in every position it
 * covers, so each row line carries its whole meaning.
 */
export function spanGrid(rows: Array<Array<{ text: string; colSpan?: number; rowSpan?: number }>>): string[][] {
  const grid: string[][] = [];
  const pending: Array<{ text: string; rows: number } | undefined> = []; // by column: rows still covered below
  rows.forEach((row, r) => {
    const out: string[] = [];
    let col = 0;
    const fillPending = () => {
      while (pending[col] && pending[col]!.rows > 0) {
        out[col] = pending[col]!.text;
        pending[col]!.rows -= 1;
        col += 1;
      }
    };
    for (const cell of row) {
      fillPending();
      const span = Math.max(1, cell.colSpan ?? 1);
      for (let k = 0; k < span; k++) {
        out[col] = cell.text;
        if ((cell.rowSpan ?? 1) > 1) pending[col] = { text: cell.text, rows: (cell.rowSpan ?? 1) - 1 };
        col += 1;
      }
    }
    fillPending();
    grid[r] = Array.from(out, (cell) => cell ?? '');
  });
  return grid;
}

/** Blocks joined by blank lines, runs of blank lines collapsed, no trailing whitespace. */
export function joinBlocks(blocks: string[]): string {
  return blocks
    .map((b) => b.replace(/\s+$/, ''))
    .filter((b) => b.trim() !== '')
    .join('\n\n');
}

/**
 * The `.csv` file (RFC 4180: CRLF records, quoted fields). Rows are the first array-of-objects field, under a
 * header of the union of its keys; an output without one becomes a single row of its dotted fields. Nested values
 * are JSON text. Every text cell is guarded against formula injection, since spreadsheets execute cells that
 * start with = + - @ (OWASP "CSV injection"): such a cell gets a leading apostrophe.
 */
import { stringify } from 'csv-stringify/sync';
import { cellOf, entriesOf, flatten, isTable, jsonText, unionKeys, type PlainObject } from './shape';
import type { RenderedFile } from './types';

export function renderCsv(output: PlainObject): RenderedFile {
  const table = entriesOf(output).find((entry): entry is [string, PlainObject[]] => isTable(entry[1]));
  let header: string[];
  let rows: string[][];
  if (table) {
    header = unionKeys(table[1]);
    rows = table[1].map((row) => header.map((key) => csvCell(cellOf(row, key))));
  } else {
    const fields = flatten(output);
    header = fields.map(([key]) => key);
    rows = fields.length > 0 ? [fields.map(([, value]) => csvCell(value))] : [];
  }
  const text =
    header.length === 0
      ? ''
      : stringify([header.map(guardFormula), ...rows], {
          record_delimiter: 'windows',
          // With CRLF records csv-stringify quotes only fields holding "\r\n" itself; a lone \n or \r would split
          // the record in every reader, so quote those too.
          quoted_match: /[\r\n]/,
          // Excel reads a CSV without a byte-order mark as the local code page and garbles non-ASCII text.
          bom: true,
        });
  return { bytes: Buffer.from(text, 'utf8'), mimeType: 'text/csv; charset=utf-8', extension: 'csv' };
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  // A number is never a formula, and an apostrophe would spoil negative numbers; only text needs the guard.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return guardFormula(typeof value === 'string' ? value : jsonText(value));
}

const FORMULA_START = /^[=+\-@\t\r]/;

export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

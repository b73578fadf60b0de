/**
 * A batch's results file: one row per item — external id, run id, status, error code,
 * credits, then the union of the items' output fields as columns in the order they first appear — as CSV, XLSX or
 * JSONL. Pure: rows in, bytes out, whatever the outputs hold, and at any time (an unfinished item is a row with its
 * status and no output).
 *
 * - CSV and XLSX are for people: nested values are JSON text, and a text cell starting with = + - @ tab or CR gets
 *   the leading apostrophe of the run output's CSV (`guardFormula`), so no cell of a model's or a user's text is ever
 *   run as a formula, in this file or in a CSV someone later saves from it.
 * - XLSX keeps Excel's 32,767-character cell limit by cutting the text and saying so at the end of the cell; CSV and
 *   JSONL are whole. JSONL is for programs: one JSON object per line, `output` as the API returns it.
 *
 * Memory: the XLSX is written by exceljs's streaming writer (each row is committed and dropped as it is written) and
 * the CSV a thousand rows at a time, so beyond the rows themselves only the file being built is held.
 */
import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { stream as excelStream, type CellValue } from 'exceljs';
import { guardFormula } from './csv';
import type { BatchResultRow } from '../../domain/batches/result-rows';
import { BATCH_RESULTS_FILE } from '../../domain/batches/schemas';
import { cellOf, cellText, entriesOf, isPlainObject, jsonText, truncateText, xmlSafe } from './shape';

export type BatchResultsFormat = 'csv' | 'xlsx' | 'jsonl';

// The row's shape is the batch domain's (domain/batches/progress.ts writes the rows); re-exported for callers here.
export type { BatchResultRow };

// The formats' Content-Type and extension are the batch domain's (the stored object's lifetime is decided there).
export { BATCH_RESULTS_FILE };

/** Excel's limits: past them a file opens only after a "repair" that drops content. */
export const XLSX_MAX_CELL_CHARS = 32_767;
const XLSX_MAX_COLUMNS = 16_384;

const FIXED_COLUMNS = ['external_id', 'run_id', 'status', 'error_code', 'charged_credits'] as const;

/** A column of the table: its header and where a row's value comes from. */
interface Column {
  header: string;
  value: (row: BatchResultRow) => unknown;
}

export async function renderBatchResults(rows: BatchResultRow[], format: BatchResultsFormat): Promise<Buffer> {
  switch (format) {
    case 'jsonl':
      return renderJsonl(rows);
    case 'csv':
      return renderCsvTable(rows, columnsOf(rows));
    case 'xlsx':
      return renderXlsxTable(rows, columnsOf(rows).slice(0, XLSX_MAX_COLUMNS));
  }
}

/**
 * The fixed columns, `metadata` when the rows carry it, `confidence_min` and `confidence.<key>` per criterion when
 * they carry confidence (a batch judged k ≥ 2 times), then every output field in first-seen order. An output
 * field named like a fixed column (an output with its own `status`) is shown as `output.status`, so no header is
 * ever written twice and a reader that maps columns by header name reads both.
 */
export function columnsOf(rows: readonly BatchResultRow[]): Column[] {
  const columns: Column[] = FIXED_COLUMNS.map((key) => ({ header: key, value: (row) => row[key] }));
  if (rows.some((row) => row.metadata !== undefined))
    columns.push({ header: 'metadata', value: (row) => row.metadata });
  if (rows.some((row) => row.confidence_min !== undefined)) {
    columns.push({ header: 'confidence_min', value: (row) => row.confidence_min });
    const keys = new Set(rows.flatMap((row) => Object.keys(row.confidence ?? {})));
    for (const key of keys)
      columns.push({ header: `confidence.${key}`, value: (row) => row.confidence?.[key] ?? null });
  }
  columns.push(...reviewColumns(rows));
  const taken = new Set(columns.map((column) => column.header));
  const fields = new Set<string>();
  for (const row of rows) {
    if (!isPlainObject(row.output)) continue;
    for (const [key] of entriesOf(row.output)) fields.add(key);
  }
  for (const field of fields) {
    let header = taken.has(field) ? `output.${field}` : field;
    for (let n = 2; taken.has(header); n += 1) header = `output.${field} (${n})`;
    taken.add(header);
    columns.push({ header, value: (row) => (isPlainObject(row.output) ? cellOf(row.output, field) : undefined) });
  }
  return columns;
}

/** A reviewed batch's `review_status` and each reviewed value, `review.<key>`. */
function reviewColumns(rows: readonly BatchResultRow[]): Column[] {
  if (!rows.some((row) => row.review !== undefined)) return [];
  const keys = new Set(rows.flatMap((row) => Object.keys(row.review?.values ?? {})));
  return [
    { header: 'review_status', value: (row) => row.review?.status ?? null },
    ...[...keys].map((key) => ({ header: `review.${key}`, value: (row: BatchResultRow) => row.review?.values?.[key] })),
  ];
}

function renderJsonl(rows: readonly BatchResultRow[]): Buffer {
  const lines = rows.map((row) => {
    const line: Record<string, unknown> = {
      external_id: row.external_id,
      run_id: row.run_id,
      status: row.status,
      error_code: row.error_code,
      charged_credits: row.charged_credits,
    };
    if (row.metadata !== undefined) line.metadata = row.metadata;
    if (row.confidence_min !== undefined) {
      line.confidence_min = row.confidence_min;
      line.confidence = row.confidence ?? null;
    }
    if (row.review !== undefined) line.review = row.review;
    line.output = row.output;
    return `${jsonText(line)}\n`;
  });
  return Buffer.from(lines.join(''), 'utf8');
}

function renderCsvTable(rows: readonly BatchResultRow[], columns: readonly Column[]): Buffer {
  const options = {
    record_delimiter: 'windows',
    // As in the run output's CSV: a lone \n or \r inside a field would split the record in every reader.
    quoted_match: /[\r\n]/,
  } as const;
  // Excel reads a CSV without a byte-order mark as the local code page and garbles non-ASCII text.
  const chunks: string[] = ['\uFEFF', stringify([columns.map((column) => guardFormula(column.header))], options)];
  // A thousand rows a call: csv-stringify's per-call cost stays small, and no more than that is held as cells.
  for (let start = 0; start < rows.length; start += 1_000) {
    const records = rows.slice(start, start + 1_000).map((row) => columns.map((column) => csvCell(column.value(row))));
    chunks.push(stringify(records, options));
  }
  return Buffer.from(chunks.join(''), 'utf8');
}

function csvCell(value: unknown): string {
  // A number is never a formula, and an apostrophe would spoil negative numbers; only text gets the guard.
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) {
    return cellText(value);
  }
  return guardFormula(cellText(value));
}

async function renderXlsxTable(rows: readonly BatchResultRow[], columns: readonly Column[]): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    sink.on('error', reject);
  });
  // Shared strings make every text cell an ordinary string cell (t="s"), the form every spreadsheet reads as text.
  const workbook = new excelStream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: true });
  workbook.creator = 'Assay';
  const sheet = workbook.addWorksheet('Results', { views: [{ state: 'frozen', ySplit: 1 }] });
  // Widths from the header and the first rows, within bounds: long comments wrap instead of one endless line.
  sheet.columns = columns.map((column) => {
    const sample = rows.slice(0, 200).map((row) => Math.min(cellText(column.value(row)).length, 60));
    return { width: Math.min(Math.max(column.header.length + 2, ...sample.map((n) => n + 2), 10), 60) };
  });
  if (columns.length > 0) {
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  }
  const header = sheet.addRow(columns.map((column) => xlsxCell(column.header)));
  header.font = { bold: true };
  header.commit();
  for (const row of rows) sheet.addRow(columns.map((column) => xlsxCell(column.value(row)))).commit();
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}

function xlsxCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  return cutForXlsx(guardFormula(xmlSafe(cellText(value))));
}

/**
 * Text past Excel's cell limit ends in a marker that says how much there was and where the rest is, so a reader
 * never mistakes a cut value for the whole one.
 */
export function cutForXlsx(text: string): string {
  if (text.length <= XLSX_MAX_CELL_CHARS) return text;
  const marker = ` … [cut: ${text.length.toLocaleString('en-US')} characters; the JSONL results have it whole]`;
  return `${truncateText(text, XLSX_MAX_CELL_CHARS - marker.length)}${marker}`;
}

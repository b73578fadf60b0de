/**
 * The `.xlsx` file: a "Summary" sheet of the scalar fields (field, value; nested objects as dotted fields), then one
 * sheet per array-of-objects field with a header of the union of its keys. A `{markdown}` output becomes one
 * "Report" sheet, a line per row. Cells keep their JSON types (numbers stay numbers, so they sort and sum).
 */
import { Workbook, type CellValue, type Worksheet } from 'exceljs';
import { SheetNames } from './xlsx-sheet-names';
import {
  cellOf,
  cellText,
  flatten,
  isScalar,
  isTable,
  jsonText,
  markdownBody,
  truncateText,
  unionKeys,
  xmlSafe,
  type PlainObject,
} from './shape';
import type { RenderMeta, RenderedFile } from './types';

/** Excel's own limits: past them the file opens only after a "repair" that drops content. */
const MAX_CELL_CHARS = 32_767;
const MAX_ROWS = 1_048_576;
const MAX_COLUMNS = 16_384;

export async function renderXlsx(output: PlainObject, meta: RenderMeta): Promise<RenderedFile> {
  const workbook = new Workbook();
  workbook.creator = 'Assay';
  workbook.title = xmlSafe(meta.title);
  workbook.subject = `Run ${meta.runId}`;
  workbook.created = meta.createdAt;
  workbook.modified = meta.createdAt;
  const names = new SheetNames();

  const body = markdownBody(output);
  if (body !== undefined) {
    const sheet = workbook.addWorksheet(names.take('Report'));
    sheet.columns = [{ width: 100, style: { alignment: { wrapText: true, vertical: 'top' } } }];
    for (const line of body.split(/\r?\n|\r/).slice(0, MAX_ROWS)) sheet.addRow([line === '' ? null : cellValue(line)]);
  } else {
    const tables: [string, PlainObject[]][] = [];
    const summary = workbook.addWorksheet(names.take('Summary'));
    const summaryRows: CellValue[][] = [];
    for (const [field, value] of flatten(output)) {
      if (isTable(value)) tables.push([field, value]);
      else summaryRows.push([cellValue(field), summaryValue(value)]);
    }
    fillSheet(summary, ['field', 'value'], summaryRows);
    for (const [field, rows] of tables) {
      const keys = unionKeys(rows).slice(0, MAX_COLUMNS);
      const cells = rows.slice(0, MAX_ROWS - 1).map((row) => keys.map((key) => cellValue(cellOf(row, key))));
      fillSheet(workbook.addWorksheet(names.take(field)), keys, cells);
    }
  }

  return {
    bytes: Buffer.from(await workbook.xlsx.writeBuffer()),
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  };
}

function fillSheet(sheet: Worksheet, header: string[], rows: CellValue[][]): void {
  sheet.addRow(header.map((key) => cellValue(key))).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  if (header.length === 0) return;
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
  header.forEach((key, index) => {
    const column = sheet.getColumn(index + 1);
    // Width from the longest of the first rows, within bounds: long comments wrap instead of one endless line.
    const longest = Math.max(key.length, ...rows.slice(0, 200).map((row) => cellText(row[index]).length));
    column.width = Math.min(Math.max(longest + 2, 10), 60);
    column.alignment = { wrapText: true, vertical: 'top' };
  });
}

/** In the summary a list reads best as one item per line in its cell; anything nested stays JSON. */
function summaryValue(value: unknown): CellValue {
  if (Array.isArray(value) && value.every(isScalar)) return cellValue(value.map(cellText).join('\n'));
  return cellValue(value);
}

function cellValue(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  const text = xmlSafe(typeof value === 'string' ? value : jsonText(value));
  return text.length > MAX_CELL_CHARS ? `${truncateText(text, MAX_CELL_CHARS - 1)}…` : text;
}

/**
 * XLSX and XLS through SheetJS (`@e965/xlsx`, the maintained community build; the npm `xlsx` 0.18 has open CVEs
 * for untrusted files). One section per sheet, labelled with the sheet's name: the name as a `#` heading, then the
 * sheet's non-empty rows as a pipe table (markdown.ts), the first of them the header row, values as Excel displays
 * them and a merged cell's value repeated in every cell it covers.
 */
import * as XLSX from '@e965/xlsx';
import { heading, joinBlocks, pipeTable } from './markdown';
import { ExtractionFailure } from './result';
import type { DocFormat, Parsed } from './types';

export function parseSpreadsheet(bytes: Uint8Array, format: Extract<DocFormat, 'xlsx' | 'xls'>): Parsed {
  const workbook = XLSX.read(bytes, {
    type: 'array',
    dense: true,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    bookVBA: false,
  });
  // SheetJS reads what it can: a compound file that is really a Word or PowerPoint file yields no sheets.
  if (workbook.SheetNames.length === 0) {
    throw new ExtractionFailure('corrupt', `the ${format.toUpperCase()} file contains no worksheets`);
  }
  return {
    pageCount: workbook.SheetNames.length,
    sections: workbook.SheetNames.map((name, i) => {
      const sheet = workbook.Sheets[name];
      const table = pipeTable(sheet ? rowsOf(sheet) : []);
      // An empty sheet stays empty (a workbook of empty sheets has no text), rather than a lone heading.
      const text = table.length > 0 ? joinBlocks([heading(1, name), table.join('\n')]) : '';
      return { kind: 'sheet', index: i + 1, label: `Sheet: ${name}`, text };
    }),
  };
}

function rowsOf(sheet: XLSX.WorkSheet): string[][] {
  // Rows as arrays of display strings rather than sheet_to_csv, which would quote any cell holding a quote. Blank
  // rows stay until the merges are filled in, so that row numbers still match the sheet's.
  const options = { header: 1, raw: false, blankrows: true, defval: '' } as const;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, options).map((row) => row.map((cell) => String(cell)));
  const origin = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1').s;
  for (const merge of sheet['!merges'] ?? []) {
    const value = rows[merge.s.r - origin.r]?.[merge.s.c - origin.c] ?? '';
    for (let r = merge.s.r; r <= merge.e.r; r++) {
      const row = rows[r - origin.r];
      if (!row) continue;
      for (let c = merge.s.c; c <= merge.e.c; c++) row[c - origin.c] = value;
    }
  }
  return rows;
}

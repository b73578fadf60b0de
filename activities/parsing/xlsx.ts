/**
 * XLSX and XLS through SheetJS (`@e965/xlsx`, the maintained community build; the npm `xlsx` 0.18 has open CVEs
 * for untrusted files). One section per sheet, labelled with the sheet's name; one tab-separated line per
 * non-empty row, values as Excel displays them.
 */
import * as XLSX from '@e965/xlsx';
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
      // Rows as arrays of display strings rather than sheet_to_csv, which would quote any cell holding a quote.
      const options = { header: 1, raw: false, blankrows: false, defval: '' } as const;
      const rows = sheet ? XLSX.utils.sheet_to_json<unknown[]>(sheet, options) : [];
      const lines = rows.map((row) =>
        row
          .map((cell) => String(cell).replace(/\s+/g, ' ').trim())
          .join('\t')
          .trimEnd(),
      );
      return { kind: 'sheet', index: i + 1, label: `Sheet: ${name}`, text: lines.filter((l) => l !== '').join('\n') };
    }),
  };
}

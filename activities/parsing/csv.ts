/**
 * CSV through csv-parse. The delimiter is sniffed from the first line (comma, semicolon as European Excel writes,
 * or tab), ragged rows are accepted, and the rows come out as a pipe table (markdown.ts) like a spreadsheet's sheet,
 * the first row its header.
 */
import { parse } from 'csv-parse/sync';
import { pipeTable } from './markdown';
import { ExtractionFailure } from './result';
import { decodeText } from './text';
import type { Parsed } from './types';

const DELIMITERS = [',', ';', '\t'];

export function parseCsv(bytes: Uint8Array): Parsed {
  const text = decodeText(bytes, 'CSV');
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: sniffDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    const where = line ? ` near line ${line}` : '';
    const reason = `the CSV file could not be parsed${where} (for example, a quoted field is not closed)`;
    throw new ExtractionFailure('corrupt', reason);
  }
  return {
    pageCount: null,
    sections: [{ kind: 'section', index: 1, label: 'Table', text: pipeTable(rows).join('\n') }],
  };
}

function sniffDelimiter(text: string): string {
  const end = text.indexOf('\n');
  const firstLine = end === -1 ? text : text.slice(0, end);
  const counts = DELIMITERS.map((d) => firstLine.split(d).length - 1);
  const best = counts.indexOf(Math.max(...counts));
  return counts[best]! > 0 ? DELIMITERS[best]! : ',';
}

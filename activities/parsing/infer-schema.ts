/**
 * The JSON Schema of a structured sample file (a workflow's `output_schema_sample_id`): a JSON document, or the rows
 * of a CSV or of the first sheet, read here and inferred by domain/json-schema/infer.ts. Anything else has no
 * structure to infer: null. Runs in the parsing sandbox, on the bytes of the upload; the CSV and spreadsheet readers
 * load only for those formats (a sandbox is a fresh process per upload: loading SheetJS for every upload cost more
 * CPU than most extractions).
 */
import { SAMPLE_ROWS, schemaOfRows, schemaOfValue } from '../../domain/json-schema/infer';

type Schema = Record<string, unknown>;

export function inferSchema(format: string | null, bytes: Uint8Array): Schema | null {
  try {
    switch (format) {
      case 'json':
        return schemaOfValue(JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown);
      case 'csv': {
        const { parse: parseCsv } = require('csv-parse/sync') as typeof import('csv-parse/sync');
        return schemaOfRows(
          parseCsv(Buffer.from(bytes), { bom: true, to: SAMPLE_ROWS + 1, relax_column_count: true }) as string[][],
        );
      }
      case 'xlsx':
      case 'xls': {
        const XLSX = require('@e965/xlsx') as typeof import('@e965/xlsx');
        const book = XLSX.read(bytes, { type: 'array', sheetRows: SAMPLE_ROWS + 1 });
        const first = book.SheetNames[0];
        if (!first) return null;
        const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[first]!, { header: 1, raw: true, defval: null });
        return schemaOfRows(rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c)))));
      }
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/**
 * The batch results file, read back with real parsers: csv-parse for CSV, SheetJS for XLSX,
 * JSON.parse a line at a time for JSONL.
 */
import * as XLSX from '@e965/xlsx';
import { parse } from 'csv-parse/sync';
import {
  BATCH_RESULTS_FILE,
  XLSX_MAX_CELL_CHARS,
  renderBatchResults,
  type BatchResultRow,
} from '../../../activities/rendering/batch-results';

const HEADER = ['external_id', 'run_id', 'status', 'error_code', 'charged_credits'];

const ROWS: BatchResultRow[] = [
  {
    external_id: 'essay-001',
    run_id: 'run_01JD3Q8Z9X7Y6W5V4T3S2R1Q0A',
    status: 'succeeded',
    error_code: null,
    charged_credits: 1.5,
    output: { score: 4, passed: true, feedback: 'Clear thesis.', criteria: [{ name: 'clarity', score: 5 }] },
  },
  {
    external_id: null,
    run_id: 'run_01JD3Q8Z9X7Y6W5V4T3S2R1Q0B',
    status: 'failed',
    error_code: 'model_error',
    charged_credits: 0,
    output: null,
  },
  {
    external_id: 'essay-003',
    run_id: 'run_01JD3Q8Z9X7Y6W5V4T3S2R1Q0C',
    status: 'succeeded',
    error_code: null,
    charged_credits: 1.5,
    // A ragged output: a field the first lacks, one it has missing, a nested object.
    output: { score: -2, extra: { nested: ['a', 1] }, feedback: null },
  },
  {
    external_id: 'essay-004',
    run_id: 'run_01JD3Q8Z9X7Y6W5V4T3S2R1Q0D',
    status: 'running',
    error_code: null,
    charged_credits: 1.5,
    output: null,
  },
  {
    external_id: 'essay-005',
    run_id: 'run_01JD3Q8Z9X7Y6W5V4T3S2R1Q0E',
    status: 'queued',
    error_code: null,
    charged_credits: null,
    output: null,
  },
];

const EXPECTED_TABLE: unknown[][] = [
  [...HEADER, 'score', 'passed', 'feedback', 'criteria', 'extra'],
  [
    'essay-001',
    'run_01JD3Q8Z9X7Y6W5V4T3S2R1Q0A',
    'succeeded',
    null,
    1.5,
    4,
    true,
    'Clear thesis.',
    '[{"name":"clarity","score":5}]',
    null,
  ],
  [null, 'run_01JD3Q8Z9X7Y6W5V4T3S2R1Q0B', 'failed', 'model_error', 0, null, null, null, null, null],
  ['essay-003', 'run_01JD3Q8Z9X7Y6W5V4T3S2R1Q0C', 'succeeded', null, 1.5, -2, null, null, null, '{"nested":["a",1]}'],
  ['essay-004', 'run_01JD3Q8Z9X7Y6W5V4T3S2R1Q0D', 'running', null, 1.5, null, null, null, null, null],
  ['essay-005', 'run_01JD3Q8Z9X7Y6W5V4T3S2R1Q0E', 'queued', null, null, null, null, null, null, null],
];

/** CSV has only text: what EXPECTED_TABLE's cells read as there. */
const asCsvText = (cell: unknown) => (cell === null ? '' : String(cell));

function readCsv(bytes: Buffer): string[][] {
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  return parse(bytes.toString('utf8'), { bom: true, relax_column_count: false }) as string[][];
}

function readXlsx(bytes: Buffer): { table: unknown[][]; sheet: XLSX.WorkSheet; names: string[] } {
  const workbook = XLSX.read(bytes, { type: 'buffer', cellFormula: true });
  const name = workbook.SheetNames[0] ?? '';
  const sheet = workbook.Sheets[name];
  if (!sheet) throw new Error('no sheet');
  return {
    table: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null }),
    sheet,
    names: workbook.SheetNames,
  };
}

function readJsonl(bytes: Buffer): Record<string, unknown>[] {
  const text = bytes.toString('utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('batch results: one row per item', () => {
  it('CSV: the fixed columns, then the union of output fields in first-seen order, nested values as JSON', async () => {
    const rows = readCsv(await renderBatchResults(ROWS, 'csv'));
    expect(rows).toEqual(EXPECTED_TABLE.map((row) => row.map(asCsvText)));
  });

  it('XLSX: the same table on one "Results" sheet, numbers and booleans kept as such', async () => {
    const { table, names } = readXlsx(await renderBatchResults(ROWS, 'xlsx'));
    expect(names).toEqual(['Results']);
    expect(table).toEqual(EXPECTED_TABLE);
  });

  it('JSONL: one object per item, in order, the output whole and nested as the API returns it', async () => {
    const lines = readJsonl(await renderBatchResults(ROWS, 'jsonl'));
    expect(lines).toEqual(
      ROWS.map((row) => ({
        external_id: row.external_id,
        run_id: row.run_id,
        status: row.status,
        error_code: row.error_code,
        charged_credits: row.charged_credits,
        output: row.output,
      })),
    );
  });

  it('an empty batch view is a header alone (CSV, XLSX) or an empty file (JSONL)', async () => {
    expect(readCsv(await renderBatchResults([], 'csv'))).toEqual([HEADER]);
    expect(readXlsx(await renderBatchResults([], 'xlsx')).table).toEqual([HEADER]);
    expect((await renderBatchResults([], 'jsonl')).length).toBe(0);
  });

  it('metadata is a column after the credits when the rows carry it, JSON text in CSV and XLSX', async () => {
    const rows: BatchResultRow[] = [
      { ...ROWS[0]!, metadata: { student: 'A. Lovelace', year: 2 } },
      { ...ROWS[4]!, metadata: null },
    ];
    const csv = readCsv(await renderBatchResults(rows, 'csv'));
    expect(csv[0]).toEqual([...HEADER, 'metadata', 'score', 'passed', 'feedback', 'criteria']);
    expect(csv[1]?.[5]).toBe('{"student":"A. Lovelace","year":2}');
    expect(csv[2]?.[5]).toBe('');
    const lines = readJsonl(await renderBatchResults(rows, 'jsonl'));
    expect(lines.map((line) => line.metadata)).toEqual([{ student: 'A. Lovelace', year: 2 }, null]);
  });

  it("confidence_min and each criterion's confidence are columns when the batch judges k ≥ 2 times", async () => {
    const rows: BatchResultRow[] = [
      { ...ROWS[0]!, confidence_min: 2 / 3, confidence: { score: 2 / 3, passed: 1 } },
      { ...ROWS[1]!, confidence_min: null, confidence: null },
    ];
    const header = [...HEADER, 'confidence_min', 'confidence.score', 'confidence.passed'];
    const csv = readCsv(await renderBatchResults(rows, 'csv'));
    expect(csv[0]).toEqual([...header, 'score', 'passed', 'feedback', 'criteria']);
    expect(csv[1]?.slice(5, 8).map(Number)).toEqual([2 / 3, 2 / 3, 1]);
    expect(csv[2]?.slice(5, 8)).toEqual(['', '', '']);
    const { table } = readXlsx(await renderBatchResults(rows, 'xlsx'));
    expect(table[1]?.slice(5, 8)).toEqual([2 / 3, 2 / 3, 1]);
    const lines = readJsonl(await renderBatchResults(rows, 'jsonl'));
    expect(lines.map((line) => [line.confidence_min, line.confidence])).toEqual([
      [2 / 3, { score: 2 / 3, passed: 1 }],
      [null, null],
    ]);
    // A batch judged once has neither column.
    expect(readCsv(await renderBatchResults([ROWS[0]!], 'csv'))[0]).not.toContain('confidence_min');
  });

  it('an output field named like a fixed column gets its own "output." column; the item status is not overwritten', async () => {
    const rows: BatchResultRow[] = [{ ...ROWS[0]!, output: { status: 'approved', run_id: 'x' } }];
    const csv = readCsv(await renderBatchResults(rows, 'csv'));
    expect(csv[0]).toEqual([...HEADER, 'output.status', 'output.run_id']);
    expect(csv[1]?.slice(2, 3)).toEqual(['succeeded']);
    expect(csv[1]?.slice(5)).toEqual(['approved', 'x']);
  });
});

describe('batch results: formulas are never run', () => {
  const hostile = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-2+3', '@SUM(A1)', '\tcmd', '\r=1'];
  const rows: BatchResultRow[] = [
    {
      external_id: '=cmd|" /C calc"!A0',
      run_id: 'run_01JD3Q8Z9X7Y6W5V4T3S2R1Q0F',
      status: 'succeeded',
      error_code: null,
      charged_credits: -1,
      output: Object.fromEntries([...hostile.map((text, i) => [`f${i}`, text]), ['=header', 'plain']]),
    },
  ];

  it('CSV: every text cell starting with = + - @ tab or CR, header included, starts with an apostrophe', async () => {
    const [header, row] = readCsv(await renderBatchResults(rows, 'csv'));
    expect(header?.at(-1)).toBe("'=header");
    expect(row?.[0]).toBe(`'=cmd|" /C calc"!A0`);
    expect(row?.slice(5)).toEqual([...hostile.map((text) => `'${text}`), 'plain']);
    // A number is not text: a negative credit amount stays a number.
    expect(row?.[4]).toBe('-1');
  });

  it('XLSX: the same cells are plain text cells with the apostrophe, and no cell holds a formula', async () => {
    const { table, sheet } = readXlsx(await renderBatchResults(rows, 'xlsx'));
    expect(table[0]?.at(-1)).toBe("'=header");
    expect(table[1]?.[0]).toBe(`'=cmd|" /C calc"!A0`);
    expect(table[1]?.slice(5)).toEqual([...hostile.map((text) => `'${text}`), 'plain']);
    expect(table[1]?.[4]).toBe(-1);
    const cells = Object.entries(sheet).filter(([address]) => !address.startsWith('!'));
    expect(cells.length).toBeGreaterThan(20);
    for (const [address, cell] of cells) {
      expect({ address, formula: (cell as XLSX.CellObject).f }).toEqual({ address, formula: undefined });
    }
  });

  it('JSONL: values are data, kept exactly as written', async () => {
    const [line] = readJsonl(await renderBatchResults(rows, 'jsonl'));
    expect(line?.external_id).toBe(rows[0]?.external_id);
    expect(line?.output).toEqual(rows[0]?.output);
  });
});

describe('batch results: long values', () => {
  const long = `${'word '.repeat(9_000)}END`; // 45,003 characters
  const rows: BatchResultRow[] = [
    {
      external_id: 'long',
      run_id: 'run_01JD3Q8Z9X7Y6W5V4T3S2R1Q0G',
      status: 'succeeded',
      error_code: null,
      charged_credits: 1,
      output: { text: long, nested: { text: long } },
    },
  ];

  it('XLSX: a cell past 32,767 characters is cut to the limit and ends with a marker saying so', async () => {
    const { table } = readXlsx(await renderBatchResults(rows, 'xlsx'));
    for (const cell of table[1]?.slice(5) ?? []) {
      expect(typeof cell).toBe('string');
      const text = cell as string;
      expect(text.length).toBeLessThanOrEqual(XLSX_MAX_CELL_CHARS);
      expect(text.length).toBeGreaterThan(XLSX_MAX_CELL_CHARS - 100);
      expect(text).toMatch(/ … \[cut: [\d,]+ characters; the JSONL results have it whole\]$/);
      expect(text).not.toContain('END');
    }
    expect(table[1]?.[5]).toMatch(/\[cut: 45,003 characters/);
  });

  it('CSV and JSONL keep the value whole', async () => {
    const [, row] = readCsv(await renderBatchResults(rows, 'csv'));
    expect(row?.[5]).toBe(long);
    expect(row?.[6]).toBe(JSON.stringify({ text: long }));
    const [line] = readJsonl(await renderBatchResults(rows, 'jsonl'));
    expect(line?.output).toEqual({ text: long, nested: { text: long } });
  });

  it('XLSX: text never carries characters XML forbids, and a cut never splits an emoji', async () => {
    const emoji = `${'a'.repeat(XLSX_MAX_CELL_CHARS - 80)}${'😀'.repeat(100)}`;
    const { table } = readXlsx(
      await renderBatchResults([{ ...rows[0]!, output: { control: 'bell\u0007 and form\u000C feed', emoji } }], 'xlsx'),
    );
    expect(table[1]?.[5]).toBe('bell and form feed');
    const cut = table[1]?.[6] as string;
    expect(cut).toMatch(/\[cut: /);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe('batch results at the size of the largest batch', () => {
  const rows: BatchResultRow[] = Array.from({ length: 10_000 }, (_, i) => ({
    external_id: `doc-${i}`,
    run_id: `run_${String(i).padStart(26, '0')}`,
    status: i % 10 === 9 ? 'queued' : 'succeeded',
    error_code: null,
    charged_credits: i % 10 === 9 ? null : 2,
    output:
      i % 10 === 9
        ? null
        : { score: i % 5, summary: `Item ${i}: ${'lorem ipsum '.repeat(20)}`, tags: ['a', 'b'], ok: i % 2 === 0 },
  }));

  it.each(['csv', 'xlsx', 'jsonl'] as const)('%s: 10,000 items render, every one a row', async (format) => {
    const bytes = await renderBatchResults(rows, format);
    const table =
      format === 'csv'
        ? readCsv(bytes)
        : format === 'xlsx'
          ? readXlsx(bytes).table
          : readJsonl(bytes).map((line) => [line.external_id, line.run_id, line.status]);
    const body = format === 'jsonl' ? table : table.slice(1);
    expect(body).toHaveLength(10_000);
    expect(body.map((row) => row[1])).toEqual(rows.map((row) => row.run_id));
    expect(body[9]?.[2]).toBe('queued');
    expect(body[9_998]?.[0]).toBe('doc-9998');
  });
});

it('names a Content-Type and extension per format', () => {
  expect(BATCH_RESULTS_FILE).toEqual({
    csv: { mimeType: 'text/csv; charset=utf-8', extension: 'csv' },
    xlsx: { mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
    jsonl: { mimeType: 'application/x-ndjson; charset=utf-8', extension: 'jsonl' },
  });
});

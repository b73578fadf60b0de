import * as XLSX from '@e965/xlsx';
import { renderOutput } from '../../../activities/rendering';
import { SheetNames } from '../../../activities/rendering/xlsx-sheet-names';
import { EVALUATION, MARKDOWN_OUTPUT, META } from './fixtures';

type Row = unknown[];

async function open(output: Record<string, unknown>): Promise<Record<string, Row[]>> {
  const file = await renderOutput(output, 'xlsx', META);
  expect(file.extension).toBe('xlsx');
  expect(file.mimeType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = XLSX.read(file.bytes, { type: 'buffer' });
  const sheets: Record<string, Row[]> = {};
  for (const name of workbook.SheetNames) {
    const sheet = workbook.Sheets[name];
    if (sheet) sheets[name] = XLSX.utils.sheet_to_json<Row>(sheet, { header: 1, defval: null });
  }
  return sheets;
}

describe('xlsx rendering', () => {
  it('writes a Summary sheet of scalar fields and a typed sheet per array of objects', async () => {
    const sheets = await open(EVALUATION);
    expect(Object.keys(sheets)).toEqual(['Summary', 'criteria']);
    expect(sheets.Summary).toEqual([
      ['field', 'value'],
      ['summary', EVALUATION.summary],
      ['overall_score', 72],
      ['passed', true],
      ['recommendations', EVALUATION.recommendations.join('\n')],
    ]);
    expect(sheets.criteria).toEqual([
      ['name', 'score', 'comment'],
      ...EVALUATION.criteria.map((c) => [c.name, c.score, c.comment]),
    ]);
  });

  it('flattens nested objects into dotted fields and finds their tables', async () => {
    const sheets = await open({ details: { jurisdiction: 'UK', findings: [{ id: 1 }, { id: 2, extra: { x: 1 } }] } });
    expect(sheets.Summary).toEqual([
      ['field', 'value'],
      ['details.jurisdiction', 'UK'],
    ]);
    expect(sheets['details.findings']).toEqual([
      ['id', 'extra'],
      [1, null],
      [2, '{"x":1}'],
    ]);
  });

  it('writes a {markdown} output as a Report sheet, one line per row', async () => {
    const sheets = await open(MARKDOWN_OUTPUT);
    expect(Object.keys(sheets)).toEqual(['Report']);
    const lines = MARKDOWN_OUTPUT.markdown.split('\n').filter((line) => line !== '');
    expect((sheets.Report ?? []).map((row) => row[0]).filter((cell) => cell !== null)).toEqual(lines);
  });

  it('truncates text past the 32,767-character cell limit', async () => {
    const sheets = await open({ text: 'a'.repeat(40_000) });
    const cell = sheets.Summary?.[1]?.[1];
    expect(typeof cell === 'string' && cell.length).toBe(32_767);
  });
});

describe('worksheet names', () => {
  it('follow Excel rules: length, characters, reserved name, case-insensitive uniqueness', () => {
    const names = new SheetNames();
    expect(names.take('Summary')).toBe('Summary');
    expect(names.take('summary')).toBe('summary (2)');
    expect(names.take('a[b]:c*d?e/f\\g')).toBe('a_b__c_d_e_f_g');
    expect(names.take("'quoted'")).toBe('quoted');
    expect(names.take('History')).toBe('History_');
    expect(names.take('')).toBe('Sheet');
    const long = 'x'.repeat(40);
    expect(names.take(long)).toBe('x'.repeat(31));
    expect(names.take(long)).toBe(`${'x'.repeat(27)} (2)`);
    expect(names.take(`${'y'.repeat(30)}😀`)).toBe('y'.repeat(30));
  });
});

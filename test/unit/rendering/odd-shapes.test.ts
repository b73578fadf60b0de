import * as XLSX from '@e965/xlsx';
import { parse } from 'csv-parse/sync';
import mammoth from 'mammoth';
import { renderOutput, type OutputFormat } from '../../../activities/rendering';
import { META, ODD_SHAPES } from './fixtures';

/** Renders, then opens the file with a real reader: a renderer that wrote invalid XML or CSV fails here. */
const FORMATS: OutputFormat[] = ['json', 'markdown', 'docx', 'xlsx', 'csv'];

async function renderAndOpen(output: Record<string, unknown>, format: OutputFormat): Promise<string> {
  const file = await renderOutput(output, format, META);
  switch (format) {
    case 'json':
      expect(JSON.parse(file.bytes.toString('utf8'))).toEqual(JSON.parse(JSON.stringify(output)));
      return file.bytes.toString('utf8');
    case 'markdown':
      return file.bytes.toString('utf8');
    case 'docx':
      return (await mammoth.extractRawText({ buffer: file.bytes })).value;
    case 'xlsx': {
      const workbook = XLSX.read(file.bytes, { type: 'buffer' });
      for (const name of workbook.SheetNames) expect(name.length).toBeLessThanOrEqual(31);
      return workbook.SheetNames.join('|');
    }
    case 'csv':
      parse(file.bytes.toString('utf8'), { bom: true, relax_column_count: false });
      return file.bytes.toString('utf8');
  }
}

describe('odd output shapes', () => {
  for (const [name, output] of Object.entries(ODD_SHAPES)) {
    it.each(FORMATS)(`${name}: renders as %s and the file opens`, async (format) => {
      await expect(renderAndOpen(output, format)).resolves.toEqual(expect.any(String));
    });
  }

  it('keeps unicode and strips only characters XML forbids', async () => {
    const text = await renderAndOpen(ODD_SHAPES.unicode ?? {}, 'docx');
    expect(text).toContain('Ünïcödé 漢字 😀 مرحبا');
    expect(text).toContain('bell nul vt lone surrogate  end');
  });

  it('gives every array-of-objects field its own valid, unique sheet', async () => {
    const names = (await renderAndOpen(ODD_SHAPES.awkwardKeys ?? {}, 'xlsx')).split('|');
    expect(names).toEqual([
      'Summary',
      '_bad______',
      'long sheet name that goes past',
      'LONG SHEET NAME THAT GOES P (2)',
      'History_',
      'quoted',
    ]);
  });

  it('does not let a "__proto__" field change the prototype', async () => {
    const text = await renderAndOpen(ODD_SHAPES.protoKey ?? {}, 'markdown');
    expect(text).toContain('## Proto');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

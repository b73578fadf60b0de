import { parse } from 'csv-parse/sync';
import { renderOutput } from '../../../activities/rendering';
import { EVALUATION, MARKDOWN_OUTPUT, META } from './fixtures';

async function csvOf(output: Record<string, unknown>): Promise<{ text: string; rows: string[][] }> {
  const file = await renderOutput(output, 'csv', META);
  expect(file.extension).toBe('csv');
  expect(file.mimeType).toMatch(/^text\/csv/);
  const text = file.bytes.toString('utf8');
  return { text, rows: parse(text, { bom: true }) as string[][] };
}

describe('csv rendering', () => {
  it('writes the first array of objects as rows under a header of its keys', async () => {
    const { text, rows } = await csvOf(EVALUATION);
    expect(text.startsWith('\uFEFFname,score,comment\r\n')).toBe(true);
    expect(rows).toEqual([
      ['name', 'score', 'comment'],
      ...EVALUATION.criteria.map((c) => [c.name, String(c.score), c.comment]),
    ]);
  });

  it('uses the union of keys for ragged rows and JSON for nested values', async () => {
    const { rows } = await csvOf({ items: [{ a: 1 }, { b: 'x', c: { d: [1, 2] } }, { a: 3, e: null }] });
    expect(rows).toEqual([
      ['a', 'b', 'c', 'e'],
      ['1', '', '', ''],
      ['', 'x', '{"d":[1,2]}', ''],
      ['3', '', '', ''],
    ]);
  });

  it('flattens an object without a table into one row of dotted keys', async () => {
    const { rows } = await csvOf({
      score: 7,
      details: { lang: 'en', tags: ['a', 'b'], deeper: { ok: true } },
      none: null,
    });
    expect(rows).toEqual([
      ['score', 'details.lang', 'details.tags', 'details.deeper.ok', 'none'],
      ['7', 'en', '["a","b"]', 'true', ''],
    ]);
  });

  it('quotes commas, quotes and line breaks so every value round-trips (RFC 4180)', async () => {
    const values = ['a,b', 'say "hi"', 'two\nlines', 'cr\ronly', 'crlf\r\nend', ' padded ', 'Ünïcödé 漢字 😀'];
    const { rows } = await csvOf({ rows: values.map((value) => ({ value })) });
    expect(rows.slice(1).map((row) => row[0])).toEqual(values);
  });

  it('guards cells that a spreadsheet would run as formulas, but not numbers', async () => {
    const risky = ['=1+2', '+cmd', '-2+3', '@SUM(A1)', '\tTAB', '\rCR'];
    const { rows } = await csvOf({ rows: [...risky.map((value) => ({ value })), { value: -5 }], '=header': 'x' });
    expect(rows.slice(1).map((row) => row[0])).toEqual([...risky.map((value) => `'${value}`), '-5']);
    const { rows: flat } = await csvOf({ '=key': '=value' });
    expect(flat).toEqual([["'=key"], ["'=value"]]);
  });

  it('writes a {markdown} output as a single markdown column', async () => {
    const { rows } = await csvOf(MARKDOWN_OUTPUT);
    expect(rows).toEqual([['markdown'], [MARKDOWN_OUTPUT.markdown]]);
  });

  it('writes an empty file for an empty object', async () => {
    const file = await renderOutput({}, 'csv', META);
    expect(file.bytes.length).toBe(0);
  });
});

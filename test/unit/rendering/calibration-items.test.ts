/**
 * The calibration's items file read back by a spreadsheet library (SheetJS): a row per item and criterion, a column
 * per rater, the model's value and repeats, the difference, and text that stays text.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { read, utils } from '@e965/xlsx';
import { Workbook } from 'exceljs';
import { renderCalibrationItems } from '../../../activities/rendering/calibration-items';
import type { Criterion } from '../../../domain/agreement-metrics/agreement';

const criteria: Criterion[] = [
  { key: 'clarity', pointer: '/clarity', kind: 'ordinal', min: 1, max: 5 },
  { key: 'tone', pointer: '/tone', kind: 'categorical', labels: ['formal', 'casual'] },
];

it('writes a row per item and criterion that a spreadsheet reads back', async () => {
  const file = await renderCalibrationItems(criteria, [
    {
      item_id: 'csi_1',
      external_id: '=HYPERLINK("http://x")',
      run_ids: ['run_a', 'run_b', 'run_c'],
      labels: {
        clarity: [
          { rater: 'ana', value: 4 },
          { rater: 'ben', value: 3 },
        ],
        tone: [{ rater: 'ana', value: 'formal' }],
      },
      model: { clarity: [2, 5, 3], tone: ['casual', 'casual', 'formal'] },
    },
    {
      item_id: 'csi_2',
      external_id: null,
      run_ids: ['run_d', 'run_e', 'run_f'],
      labels: { clarity: [{ rater: 'ben', value: 5 }] },
      model: { clarity: [null, 'x' as unknown as number, null], tone: ['formal', 'formal', 'formal'] },
    },
  ]);
  expect(file.extension).toBe('xlsx');
  const book = read(file.bytes);
  expect(book.SheetNames).toEqual(['Items']);
  const rows = utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Items!, { defval: null });
  expect(rows).toEqual([
    {
      item: 'csi_1',
      'external id': '=HYPERLINK("http://x")',
      criterion: 'clarity',
      'label: ana': 4,
      'label: ben': 3,
      model: 3,
      'model repeat 1': 2,
      'model repeat 2': 5,
      'model repeat 3': 3,
      difference: -1,
      scorable: true,
      runs: 'run_a run_b run_c',
    },
    expect.objectContaining({
      item: 'csi_1',
      criterion: 'tone',
      'label: ana': 'formal',
      model: 'casual',
      difference: 1,
    }),
    expect.objectContaining({
      item: 'csi_2',
      criterion: 'clarity',
      'label: ben': 5,
      model: null,
      scorable: false,
      difference: null,
    }),
    expect.objectContaining({
      item: 'csi_2',
      criterion: 'tone',
      'label: ana': null,
      model: 'formal',
      difference: null,
    }),
  ]);
  // The formula-looking external id is a text cell, not a formula.
  expect(book.Sheets.Items!.B2).toMatchObject({ t: 's' });
  expect(book.Sheets.Items!.B2.f).toBeUndefined();
});

it('counts repeats over any number of values without spreading them into one call (issue 53 item 2)', async () => {
  // 10 items × 13,000 criteria' values: past what one Math.max(...values) call takes as arguments.
  const model = Object.fromEntries(Array.from({ length: 13_000 }, (_, k) => [`c${k}`, [1, 2] as number[]]));
  const rows = Array.from({ length: 10 }, (_, i) => ({
    item_id: `csi_${i}`,
    external_id: null,
    run_ids: [`run_${i}`],
    labels: { c0: [{ rater: 'ana', value: 1 }] },
    model,
  }));
  const file = await renderCalibrationItems([{ key: 'c0', pointer: '/c0', kind: 'numeric' }], rows);
  const sheet = utils.sheet_to_json<Record<string, unknown>>(read(file.bytes).Sheets.Items!, { defval: null });
  expect(sheet).toHaveLength(10);
  expect(sheet[0]).toMatchObject({ 'model repeat 2': 2 });
});

/**
 * A calibration of 10,000 items and 20 criteria (the size the bench promises) in a process whose heap is capped below
 * the statistics child's: the file is written row by row, never held whole as cell objects (an in-memory workbook ran
 * a 1 GB heap out of memory at this size, and the calibration failed after its attempts).
 */
it('renders 10,000 items × 20 criteria within a 512 MB heap, keeping the header frozen, bold and filterable', async () => {
  const script = `
    const { renderCalibrationItems } = require('./activities/rendering/calibration-items');
    const keys = Array.from({ length: 20 }, (_, k) => 'c' + k);
    const criteria = keys.map((key) => ({ key, pointer: '/' + key, kind: 'numeric', min: 0, max: 10 }));
    const items = Array.from({ length: 10000 }, (_, i) => ({
      item_id: 'citem_' + i, external_id: 'e' + i, run_ids: ['run_' + i],
      labels: Object.fromEntries(keys.map((key, k) => [key, [{ rater: 'ann', value: (i * (k + 3)) % 11 }, { rater: 'bob', value: (i * (k + 5)) % 11 }]])),
      model: Object.fromEntries(keys.map((key, k) => [key, [(i * (k + 7)) % 11]])),
    }));
    renderCalibrationItems(criteria, items).then((f) => require('fs').writeFileSync(process.argv[1], f.bytes));
  `;
  const out = join(mkdtempSync(join(tmpdir(), 'items-')), 'items.xlsx');
  const child = spawnSync(
    process.execPath,
    ['--max-old-space-size=512', '--require', require.resolve('tsx/cjs'), '-e', script, out],
    { cwd: join(__dirname, '..', '..', '..'), encoding: 'utf8' },
  );
  expect(child.stderr).not.toMatch(/heap out of memory/);
  expect(child.status).toBe(0);
  const book = new Workbook();
  await book.xlsx.readFile(out);
  const sheet = book.getWorksheet('Items')!;
  expect(sheet.rowCount).toBe(1 + 10_000 * 20);
  expect(sheet.getRow(1).font?.bold).toBe(true);
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(sheet.autoFilter).toBeTruthy();
  expect(sheet.getRow(2).getCell(3).value).toBe('c0');
});

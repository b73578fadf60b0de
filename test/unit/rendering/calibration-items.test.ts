/**
 * The calibration's items file read back by a spreadsheet library (SheetJS): a row per item and criterion, a column
 * per rater, the model's value and repeats, the difference, and text that stays text.
 */
import { read, utils } from '@e965/xlsx';
import { renderCalibrationItems } from '../../../activities/rendering/calibration-items';
import type { Criterion } from '../../../domain/calibration/agreement';

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

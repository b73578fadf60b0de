/**
 * A calibration's `items_file`: an XLSX with one row per item and criterion — every rater's label in a column of its
 * own, the model's value (and each repeat's), the difference from the first rater, and the runs — so a person can
 * sort and filter to the disagreements and open the run behind any of them. Text cells stay text (never formulas).
 */
import { PassThrough } from 'node:stream';
import { stream as excelStream } from 'exceljs';
import type { Criterion, LabelValue } from '../../domain/agreement-metrics/agreement';
import { aggregateRepeats, validValue } from '../../domain/agreement-metrics/agreement';
import { truncateText, xmlSafe } from './shape';
import type { RenderedFile } from './types';

export interface CalibrationItemRow {
  item_id: string;
  external_id: string | null;
  run_ids: string[];
  /** By criterion key: the item's labels, first rater first. */
  labels: Record<string, { rater: string; value: LabelValue }[]>;
  /** By criterion key: the value read at the pointer from each repeat's output; null where unscorable. */
  model: Record<string, (LabelValue | null)[]>;
}

const MAX_CELL_CHARS = 32_767;
const text = (value: string) => {
  const safe = xmlSafe(value);
  return safe.length > MAX_CELL_CHARS ? `${truncateText(safe, MAX_CELL_CHARS - 1)}…` : safe;
};
const cell = (value: LabelValue | null | undefined) =>
  value === null || value === undefined ? null : typeof value === 'string' ? text(value) : value;

export async function renderCalibrationItems(
  criteria: Criterion[],
  items: CalibrationItemRow[],
): Promise<RenderedFile> {
  // Raters in the order they first appear, so "a, b" keeps its order across items.
  const raters: string[] = [];
  for (const item of items) {
    for (const labels of Object.values(item.labels))
      for (const l of labels) if (!raters.includes(l.rater)) raters.push(l.rater);
  }
  // A loop, not Math.max(...values): one value per item × criterion passes what one call takes as arguments.
  let maxRepeats = 1;
  for (const item of items) for (const m of Object.values(item.model)) maxRepeats = Math.max(maxRepeats, m.length);
  const repeats = maxRepeats > 1 ? Array.from({ length: maxRepeats }, (_, k) => `model repeat ${k + 1}`) : [];
  const header = [
    'item',
    'external id',
    'criterion',
    ...raters.map((r) => `label: ${r}`),
    'model',
    ...repeats,
    'difference',
    'scorable',
    'runs',
  ];

  // Written as a stream, each row committed as it is added: an in-memory workbook holds every cell as an object, and
  // 10,000 items × 20 criteria ran a 1 GB heap out of memory; this holds one row and the compressed bytes.
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new excelStream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Assay';
  const sheet = workbook.addWorksheet('Items', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = header.map((h) => ({ width: Math.min(Math.max(h.length + 2, 10), 40) }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
  const top = sheet.addRow(header.map(text));
  top.font = { bold: true };
  top.commit();
  for (const item of items) {
    for (const criterion of criteria) {
      const labels = item.labels[criterion.key] ?? [];
      const values = item.model[criterion.key] ?? [];
      const scorable = values.filter((v): v is LabelValue => v !== null && validValue(criterion, v));
      const model = aggregateRepeats(criterion.kind, scorable);
      const first = labels[0]?.value;
      const difference =
        model === null || first === undefined
          ? null
          : typeof model === 'number' && typeof first === 'number'
            ? model - first
            : model === first
              ? 0
              : 1;
      sheet
        .addRow([
          text(item.item_id),
          item.external_id === null ? null : text(item.external_id),
          text(criterion.key),
          ...raters.map((r) => cell(labels.find((l) => l.rater === r)?.value)),
          cell(model),
          ...repeats.map((_, k) => cell(values[k] as LabelValue | null | undefined)),
          difference,
          model !== null,
          text(item.run_ids.join(' ')),
        ])
        .commit();
    }
  }
  sheet.commit();
  await workbook.commit();
  return {
    bytes: Buffer.concat(chunks),
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  };
}

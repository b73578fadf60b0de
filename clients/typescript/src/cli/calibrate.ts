/** `assay calibrate WORKFLOW_ID --labels labels.csv --files DIR [--repeats N] [--wait]`. */
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Assay, Calibration } from '../client';
import { UsageError, type Io, type Values } from './io';
import { labelsFromCsv } from './labels-csv';

const fmt = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(3));

/** One line per criterion: its agreement statistic with its interval, exact agreement, SMD and the verdict. */
export function criteriaTable(calibration: Calibration): string[] {
  const lines = ['criterion  kind         scored/labelled  agreement (95% CI)          exact   smd     verdict'];
  for (const c of calibration.criteria ?? []) {
    const [name, agreement] = Object.entries(c.metrics)[0] ?? ['', undefined];
    const exact = c.metrics.exact_agreement ?? c.metrics.accuracy;
    const interval = agreement?.interval;
    lines.push(
      [
        c.key.padEnd(10),
        c.kind.padEnd(12),
        `${c.scored}/${c.labelled}`.padEnd(16),
        `${name} ${fmt(agreement?.value)} [${fmt(interval?.low)}, ${fmt(interval?.high)}]`.padEnd(27),
        fmt(exact?.value).padEnd(7),
        fmt(c.metrics.smd?.value).padEnd(7),
        c.verdict.status,
      ].join(' '),
    );
  }
  return lines;
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

/**
 * Per criterion judged k ≥ 2 times, the recommended confidence threshold and the selective-agreement table: at each
 * threshold, the share of items kept and their agreement with its interval. Nothing for a workflow judged once.
 */
export function selectiveTable(calibration: Calibration): string[] {
  const lines: string[] = [];
  for (const c of calibration.criteria ?? []) {
    if (!c.selective) continue;
    const recommended = c.recommended_threshold
      ? `recommended threshold ${c.recommended_threshold.threshold.toFixed(1)} (keeps ${percent(c.recommended_threshold.coverage)})`
      : `no threshold reaches agreement ${calibration.thresholds.min_agreement}`;
    const auroc = c.confidence_auroc?.value ?? null;
    lines.push(
      '',
      `${c.key}: ${recommended}; confidence AUROC ${auroc === null ? `— (${c.confidence_auroc?.reason ?? 'undefined'})` : fmt(auroc)}`,
      '  confidence  coverage  items  agreement (95% CI)',
    );
    for (const row of c.selective) {
      lines.push(
        [
          `  ≥ ${row.threshold.toFixed(1)}`.padEnd(13),
          percent(row.coverage).padStart(8),
          String(row.n).padStart(6),
          ` ${fmt(row.value)} [${fmt(row.ci_low)}, ${fmt(row.ci_high)}]${row.reason ? ` (${row.reason})` : ''}`,
        ].join(' '),
      );
    }
  }
  return lines;
}

export async function calibrate(
  client: Assay,
  workflowId: string | undefined,
  values: Values,
  io: Io,
): Promise<number> {
  const labelsPath = values.labels as string | undefined;
  const dir = values.files as string | undefined;
  if (!workflowId || !labelsPath || !dir)
    throw new UsageError('calibrate needs WORKFLOW --labels labels.csv --files DIR');
  const { criteria, rows } = labelsFromCsv(await readFile(labelsPath, 'utf8'));
  const ids = new Map<string, string>();
  for (const row of rows) {
    if (!row.file) throw new UsageError('every row of the labels CSV needs a file');
    if (!ids.has(row.file)) ids.set(row.file, (await client.documents.upload(join(dir, row.file))).id);
  }
  const set = await client.calibrationSets.create({ name: basename(labelsPath), criteria });
  for (let i = 0; i < rows.length; i += 1000) {
    await client.calibrationSets.addItems(
      set.id,
      rows.slice(i, i + 1000).map((r) => ({
        input_documents: [ids.get(r.file)!],
        ...(r.external_id ? { external_id: r.external_id } : {}),
        labels: r.labels,
      })),
    );
  }
  const repeats = values.repeats ? Number(values.repeats) : undefined;
  let calibration = await client.calibrations.create(workflowId, {
    calibration_set_id: set.id,
    ...(repeats ? { repeats } : {}),
  });
  io.err(`calibration set ${set.id} (${rows.length} items); calibration ${calibration.id} running`);
  if (!values.wait) {
    io.out(values.json ? JSON.stringify(calibration) : calibration.id);
    return 0;
  }
  calibration = await client.calibrations.wait(calibration.id, {
    timeoutMs: Number(values['timeout-s'] ?? 1800) * 1000,
  });
  if (values.json) io.out(JSON.stringify(calibration));
  else for (const line of [...criteriaTable(calibration), ...selectiveTable(calibration)]) io.out(line);
  if (calibration.report_file) io.err(`report: ${calibration.report_file.url}`);
  if (calibration.error)
    io.err(`calibration ${calibration.id} failed (${calibration.error.code}): ${calibration.error.message}`);
  return calibration.status === 'succeeded' ? 0 : 1;
}

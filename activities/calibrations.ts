/**
 * The activity of a calibration's job (docs/decisions.md 520), thin over domain/calibrations/: a step that answers
 * whether the calibration's batch is final and, once it is, renders the report (HTML) and the items (XLSX) with the
 * pure renderers, stores both in the object store and ends the calibration. Every part is idempotent: the files are
 * keyed by the calibration, the end is written once, the event has a dedupe key.
 */
import { calibrationOutcome, finishCalibration } from '../domain/calibrations/calibrations';
import type { CalibrationJobInput } from '../domain/jobs/contract';
import { objectKeys, putObject } from '../domain/platform/storage';
import type { ActivityDeps } from './deps';
import { withHeartbeat } from './heartbeat';
import { renderCalibrationItems } from './rendering/calibration-items';
import { renderCalibrationReport } from './rendering/calibration-report';

export function calibrationActivities({ db, config, temporal, storage }: ActivityDeps) {
  const deps = { db, config, temporal };
  return {
    /** `done`: the calibration has ended (now or before); otherwise its batch is not final yet. */
    advanceCalibration: (input: CalibrationJobInput) =>
      withHeartbeat(async (): Promise<{ done: boolean; status: string | null }> => {
        const outcome = await calibrationOutcome(db, input.accountId, input.calibrationId);
        if (outcome === null) return { done: false, status: null };
        if (outcome === 'finished') return { done: true, status: null };
        const { calibration } = outcome;
        const html = renderCalibrationReport({
          calibration_id: calibration._id,
          workflow_name: calibration.workflow_name,
          set_name: calibration.set_name,
          livemode: calibration.livemode,
          created_at: calibration.created_at.toISOString(),
          items: calibration.items,
          repeats: calibration.repeats,
          thresholds: calibration.thresholds,
          criteria: outcome.reports,
        });
        const xlsx = await renderCalibrationItems(outcome.criteria, outcome.rows);
        const report = objectKeys.calibrationFile(input.accountId, calibration._id, 'report.html');
        const items = objectKeys.calibrationFile(input.accountId, calibration._id, `items.${xlsx.extension}`);
        await putObject(storage, report, html, 'text/html; charset=utf-8');
        await putObject(storage, items, xlsx.bytes, xlsx.mimeType);
        const final = await finishCalibration(deps, outcome, { report, items });
        return { done: true, status: final.status };
      }),
  };
}

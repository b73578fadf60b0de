/**
 * The activities of a calibration's job and of a comparison's, thin over
 * domain/calibrations/: `advanceCalibration` answers at once whether the calibration's batch is final;
 * `reportCalibration` computes every criterion's report and renders the two files in a statistics child (never on
 * this process's event loop), stores the report data and the files in the object store and ends the calibration;
 * `failCalibrationReport` ends it `failed` once the report's attempts have run out; `compareCalibrations` computes
 * and stores a comparison. Each is idempotent: objects keyed by the calibration, the end written once, the event
 * deduplicated.
 */
import { failCalibration, finishCalibration, getCalibration } from '../domain/calibrations/calibrations';
import { storeComparison } from '../domain/calibrations/compare';
import { calibrationInputs, calibrationReadiness } from '../domain/calibrations/report';
import { storeReportData } from '../domain/calibrations/stored';
import type { CalibrationJobInput, CompareCalibrationsInput } from '../domain/jobs/contract';
import { objectKeys, putObject } from '../domain/platform/storage';
import { TenantDb } from '../domain/store';
import { withStatsChild } from './calibration-stats';
import type { ActivityDeps } from './deps';
import { withHeartbeat } from './heartbeat';

export function calibrationActivities({ db, config, temporal, storage }: ActivityDeps) {
  const deps = { db, config, temporal };
  return {
    /**
     * `done`: the calibration has ended (now or before). `ready`: its batch is final and the report is to be
     * written (`reportCalibration`). Neither: the batch is still running.
     */
    advanceCalibration: (input: CalibrationJobInput) =>
      withHeartbeat(async (): Promise<{ done: boolean; status: string | null; ready?: true }> => {
        const readiness = await calibrationReadiness(db, input.accountId, input.calibrationId);
        if (readiness === 'finished') return { done: true, status: null };
        return readiness === 'ready' ? { done: false, status: null, ready: true } : { done: false, status: null };
      }),

    reportCalibration: (input: CalibrationJobInput) =>
      withHeartbeat(async (): Promise<{ status: string | null }> => {
        const inputs = await calibrationInputs(db, input.accountId, input.calibrationId);
        if (inputs === null) throw new Error(`calibration ${input.calibrationId}'s batch is not final`);
        if (inputs === 'finished') return { status: null };
        const { calibration, criteria, rows } = inputs;
        const result = await withStatsChild((child) =>
          child.report({
            criteria,
            rows,
            seed: calibration.seed,
            thresholds: calibration.thresholds,
            meta: {
              calibration_id: calibration._id,
              workflow_name: calibration.workflow_name,
              set_name: calibration.set_name,
              livemode: calibration.livemode,
              created_at: calibration.created_at.toISOString(),
              items: calibration.items,
              repeats: calibration.repeats,
            },
          }),
        );
        const file = (name: string) => objectKeys.calibrationFile(input.accountId, calibration._id, name);
        const report = file('report.html');
        const items = file(`items.${result.xlsx.extension}`);
        await putObject(storage, report, result.html, 'text/html; charset=utf-8');
        await putObject(storage, items, result.xlsx.bytes, result.xlsx.mimeType);
        const data = await storeReportData(storage, input.accountId, calibration._id, result);
        const final = await finishCalibration(deps, calibration, {
          status: inputs.status,
          workflowName: calibration.workflow_name,
          reports: result.reports,
          keys: { reportData: data.reports, pairs: data.pairs, report, items },
        });
        return { status: final.status };
      }),

    /** The report's attempts ran out: the calibration ends `failed` (its batch, final, is as it stands). */
    failCalibrationReport: async (input: CalibrationJobInput & { attempts: number }): Promise<{ status: string }> => {
      const calibration = await getCalibration(new TenantDb(db, input.accountId), input.calibrationId);
      await failCalibration(deps, calibration, {
        code: 'report_failed',
        message: `The report could not be produced in ${input.attempts} attempts; the batch's runs and charges stand.`,
      });
      return { status: (await getCalibration(new TenantDb(db, input.accountId), input.calibrationId)).status };
    },

    compareCalibrationPair: (input: CompareCalibrationsInput) =>
      withHeartbeat(() => withStatsChild((child) => storeComparison(db, storage, input, child.compare))),
  };
}

/** Calibration sets (documents with the labels people gave them) and calibrations (a workflow run on a set, scored). */
import { WaitTimeoutError } from '../errors';
import { idempotencyHeader, paginate, sleep, unwrap, type PageParams, type Transport } from '../transport';
import type {
  AddCalibrationItemsRequest,
  AddedCalibrationItems,
  Calibration,
  CalibrationComparison,
  CalibrationItem,
  CalibrationSet,
  CreateCalibrationRequest,
  CreateCalibrationSetRequest,
} from '../types';

export function calibrationSetsResource(http: Transport) {
  const { api } = http;
  return {
    /** Creates a set under an `Idempotency-Key` (generated when not given), so retries never create two. */
    create: async (
      body: CreateCalibrationSetRequest,
      options: { idempotencyKey?: string } = {},
    ): Promise<CalibrationSet> =>
      unwrap(await api.POST('/calibration-sets', { body, headers: idempotencyHeader(options) })),
    get: async (setId: string): Promise<CalibrationSet> =>
      unwrap(await api.GET('/calibration-sets/{setId}', { params: { path: { setId } } })),
    delete: async (setId: string) =>
      unwrap(await api.DELETE('/calibration-sets/{setId}', { params: { path: { setId } } })),
    list: (params: PageParams = {}): AsyncGenerator<CalibrationSet> =>
      paginate(async (cursor) =>
        unwrap(await api.GET('/calibration-sets', { params: { query: { ...params, cursor } } })),
      ),
    /**
     * Adds up to 1,000 items, all or none, under an `Idempotency-Key` (generated when not given), so a retried call
     * never adds its items twice.
     */
    addItems: async (
      setId: string,
      items: AddCalibrationItemsRequest['items'],
      options: { idempotencyKey?: string } = {},
    ): Promise<AddedCalibrationItems> =>
      unwrap(
        await api.POST('/calibration-sets/{setId}/items', {
          params: { path: { setId } },
          body: { items },
          headers: idempotencyHeader(options),
        }),
      ),
    /** Newest first, as the API pages them. */
    listItems: (setId: string, params: PageParams = {}): AsyncGenerator<CalibrationItem> =>
      paginate(async (cursor) =>
        unwrap(
          await api.GET('/calibration-sets/{setId}/items', {
            params: { path: { setId }, query: { ...params, cursor } },
          }),
        ),
      ),
  };
}

export function calibrationsResource(http: Transport) {
  const { api } = http;
  const calibrations = {
    /**
     * Runs a calibration set on a workflow (its items × `repeats` as one batch) under an `Idempotency-Key` (generated
     * when not given), so a retried call never starts or charges a second one. Needs `calibrations:write` and
     * `runs:write`.
     */
    create: async (
      workflowId: string,
      body: CreateCalibrationRequest,
      options: { idempotencyKey?: string } = {},
    ): Promise<Calibration> =>
      unwrap(
        await api.POST('/workflows/{workflowId}/calibrations', {
          params: { path: { workflowId } },
          body,
          headers: idempotencyHeader(options),
        }),
      ),
    get: async (calibrationId: string): Promise<Calibration> =>
      unwrap(await api.GET('/calibrations/{calibrationId}', { params: { path: { calibrationId } } })),
    /** Newest first, as the API pages them. */
    list: (params: PageParams = {}): AsyncGenerator<Calibration> =>
      paginate(async (cursor) => unwrap(await api.GET('/calibrations', { params: { query: { ...params, cursor } } }))),
    /**
     * This calibration's metrics minus `other`'s, per criterion, with paired bootstrap intervals. A worker computes
     * it: while the API answers it pending (202), polls; WaitTimeoutError after `timeoutMs`.
     */
    compare: async (
      calibrationId: string,
      other: string,
      options: { timeoutMs?: number; intervalMs?: number } = {},
    ): Promise<CalibrationComparison> => {
      const timeoutMs = options.timeoutMs ?? 1_800_000;
      const interval = options.intervalMs ?? 5_000;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const answer = unwrap(
          await api.GET('/calibrations/{calibrationId}/compare', {
            params: { path: { calibrationId }, query: { with: other } },
          }),
        );
        if (answer.object === 'calibration_comparison') return answer;
        if (Date.now() + interval > deadline) throw new WaitTimeoutError(calibrationId, 'comparing', timeoutMs);
        await sleep(interval);
      }
    },
    /** Polls until the calibration has finished (its report is in); WaitTimeoutError after `timeoutMs`. */
    wait: async (
      calibrationId: string,
      options: { timeoutMs?: number; intervalMs?: number } = {},
    ): Promise<Calibration> => {
      const timeoutMs = options.timeoutMs ?? 1_800_000;
      const deadline = Date.now() + timeoutMs;
      let interval = options.intervalMs ?? 500;
      for (;;) {
        const calibration = await calibrations.get(calibrationId);
        if (calibration.status !== 'running') return calibration;
        if (Date.now() + interval > deadline) throw new WaitTimeoutError(calibrationId, calibration.status, timeoutMs);
        await sleep(interval);
        interval = Math.min(interval * 1.5, 5_000);
      }
    },
  };
  return calibrations;
}

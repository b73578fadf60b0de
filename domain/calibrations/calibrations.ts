/**
 * Calibrations: a calibration set's items run on a workflow as one batch (through
 * domain/batches/ `createBatch`, `repeats` runs per item), and, once the batch is final, one report per criterion
 * (domain/agreement-metrics/agreement.ts) with its HTML and XLSX files. This module alone writes `calibrations`.
 */
import { createHash } from 'node:crypto';
import type { Db } from 'mongodb';
import { signedFile, type SignedFile, type Storage } from '../platform/storage';
import { ApiError, errors } from '../http/errors';
import type { Cursors, PageQuery } from '../http/pagination';
import { TenantDb } from '../store';
import { startCalibrationJob } from '../jobs';
import { publishEvent } from '../webhooks/publish-event';
import type { Caller, CreateRunDeps } from '../runs';
import { BatchRefused, cancelBatch, createBatch, findBatchForJob } from '../batches/batches';
import {
  allCalibrationItems,
  getCalibrationSet,
  type CalibrationItemDoc,
  type CriterionDoc,
} from '../calibration-sets/calibration-sets';
import { DEFAULT_THRESHOLDS, type CriterionReport, type Thresholds } from '../agreement-metrics/agreement';
import { CALIBRATIONS, type CalibrationDoc } from './doc';
import { storedReports } from './stored';
import {
  CALIBRATION_MAX_CRITERION_VALUES,
  CALIBRATION_MAX_RUNS,
  type CalibrationFailureCode,
  type CalibrationStatus,
  type CreateCalibrationRequest,
} from './schemas';

export { CALIBRATIONS, type CalibrationDoc };

const calibrations = (tenant: TenantDb) => CALIBRATIONS.in(tenant);

/** A seed from the calibration's id: fixed for the calibration, different between calibrations. */
export const seedOf = (calibrationId: string): number =>
  createHash('sha256').update(calibrationId).digest().readInt32BE(0);

export function calibrationView(
  doc: CalibrationDoc,
  criteria: CriterionReport[] | null,
  files: { report: SignedFile | null; items: SignedFile | null } = { report: null, items: null },
) {
  return {
    id: doc._id,
    object: 'calibration' as const,
    workflow_id: doc.workflow_id,
    calibration_set_id: doc.set_id,
    batch_id: doc.batch_id,
    status: doc.status,
    repeats: doc.repeats,
    livemode: doc.livemode,
    items: doc.items,
    thresholds: doc.thresholds,
    seed: doc.seed,
    criteria,
    report_file: files.report,
    items_file: files.items,
    error: doc.error ?? null,
    created_at: doc.created_at.toISOString(),
    finished_at: doc.finished_at?.toISOString() ?? null,
  };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The calibration as the API answers it, its two stored files signed afresh for `ttlSeconds` (signed URLs expire). */
export async function signedCalibrationView(storage: Storage, ttlSeconds: number, doc: CalibrationDoc) {
  const sign = (key: string | null, filename: string, mimeType: string) =>
    key ? signedFile(storage, key, filename, mimeType, ttlSeconds) : Promise.resolve(null);
  return calibrationView(doc, await storedReports(storage, doc), {
    report: await sign(doc.report_key, `${doc._id}-report.html`, 'text/html'),
    items: await sign(doc.items_key, `${doc._id}-items.xlsx`, XLSX),
  });
}

/** The batch's items: each set item `repeats` times in a row, its metadata naming the calibration, item and repeat. */
function batchItemsOf(calibrationId: string, items: CalibrationItemDoc[], repeats: number) {
  return items.flatMap((item) =>
    Array.from({ length: repeats }, (_, r) => ({
      input_documents: item.input_documents,
      external_id: item.external_id ?? item._id,
      metadata: { calibration_id: calibrationId, calibration_item_id: item._id, repeat: r + 1 },
    })),
  );
}

/**
 * Creates a calibration: the set read whole (404; 400 when empty or when items ×
 * repeats passes 10,000), the calibration written and listed, then its batch through `createBatch` (every refusal of
 * a batch — 402, 404, 409 — is the calibration's, and takes the calibration back), then its job. `calibrationId`
 * comes from the Idempotency-Key's reservation, and the batch's id is fixed on the calibration before the batch is
 * created, so a retry resumes the same creation: the same batch, the same job.
 */
export async function createCalibration(
  deps: CreateRunDeps & { cursors: Cursors },
  tenant: TenantDb,
  caller: Caller,
  workflowId: string,
  input: CreateCalibrationRequest,
  calibrationId: string,
  newBatchId: () => string,
): Promise<CalibrationDoc> {
  let doc = await calibrations(tenant).findOne({ _id: calibrationId });
  if (doc && doc.status !== 'running') return doc;
  const set = await getCalibrationSet(tenant, doc?.set_id ?? input.calibration_set_id);
  const repeats = doc?.repeats ?? input.repeats ?? 1;
  const items = await allCalibrationItems(tenant, set._id, deps.cursors);
  if (items.length === 0) {
    throw errors.invalidRequest('The calibration set has no items; add some first.', [
      { path: 'body.calibration_set_id', message: 'the set has no items' },
    ]);
  }
  // Only the reports' sizes bound this: they are held whole, and embedded in the event (one document, under 16 MiB).
  if (items.length * set.criteria.length > CALIBRATION_MAX_CRITERION_VALUES) {
    throw errors.invalidRequest(
      `${items.length} items × ${set.criteria.length} criteria is ${items.length * set.criteria.length}; a calibration reports on at most ${CALIBRATION_MAX_CRITERION_VALUES.toLocaleString('en-US')}.`,
      [
        {
          path: 'body.calibration_set_id',
          message: `items × criteria must be at most ${CALIBRATION_MAX_CRITERION_VALUES}`,
        },
      ],
    );
  }
  if (items.length * repeats > CALIBRATION_MAX_RUNS) {
    throw errors.invalidRequest(
      `${items.length} items × ${repeats} repeats is ${items.length * repeats} runs; a calibration runs at most ${CALIBRATION_MAX_RUNS.toLocaleString('en-US')}.`,
      [{ path: 'body.repeats', message: `items × repeats must be at most ${CALIBRATION_MAX_RUNS}` }],
    );
  }
  const created = doc === null;
  // Watched as it is written (running), as a batch is: a creation that dies at any later step leaves a calibration
  // the reconciler finds and settles; a retry finds it written and watched.
  if (!doc) {
    const fresh: Omit<CalibrationDoc, 'account_id'> = {
      _id: calibrationId,
      workflow_id: workflowId,
      workflow_name: '',
      set_id: set._id,
      set_name: set.name,
      criteria_def: set.criteria,
      batch_id: newBatchId(),
      status: 'running',
      repeats,
      livemode: caller.livemode,
      items: items.length,
      thresholds: { ...DEFAULT_THRESHOLDS, ...input.thresholds },
      seed: seedOf(calibrationId),
      report_json: null,
      pairs_json: null,
      report_data_key: null,
      pairs_key: null,
      report_key: null,
      items_key: null,
      created_at: new Date(),
      finished_at: null,
    };
    doc = await CALIBRATIONS.insert(tenant, fresh, { namespace: deps.temporal.namespace, since: new Date() });
  }
  try {
    const ownId = doc._id;
    const batch = await createBatch(
      deps,
      tenant,
      caller,
      doc.workflow_id,
      { items: batchItemsOf(doc._id, items, repeats), metadata: { calibration_id: doc._id } },
      doc.batch_id,
      // Named after the batch's workflow while still running, or the reconciler failed it first (creation_failed):
      // then the batch is taken back: exactly one of this and the reconciler's failure lands.
      async (b) =>
        (
          await calibrations(tenant).updateOne(
            { _id: ownId, status: 'running' },
            { $set: { workflow_name: b.workflow.name } },
          )
        ).matchedCount === 1,
    );
    if (created || !doc.workflow_name) {
      await calibrations(tenant).updateOne({ _id: doc._id }, { $set: { workflow_name: batch.workflow.name } });
      doc = { ...doc, workflow_name: batch.workflow.name };
    }
  } catch (err) {
    // The reconciler ended it first (creation_failed, announced): answered as it stands, its batch taken back.
    if (err instanceof BatchRefused) return getCalibration(tenant, doc._id);
    // The batch was refused (or its creation failed before it existed): no calibration without its batch.
    if (err instanceof ApiError && !(await findBatchForJob(deps.db, tenant.accountId, doc.batch_id))) {
      await CALIBRATIONS.remove(tenant, doc._id, doc);
    }
    throw err;
  }
  await startCalibrationJob(deps.temporal, { accountId: tenant.accountId, calibrationId: doc._id });
  return doc;
}

export async function getCalibration(tenant: TenantDb, calibrationId: string): Promise<CalibrationDoc> {
  const doc = await calibrations(tenant).findOne({ _id: calibrationId });
  if (!doc) throw errors.notFound('calibration');
  return doc;
}

/** The calibration an entry of the reconciler's watch list names, or null (domain/operations/reconcile-calibrations.ts). */
export function findCalibrationForJob(db: Db, accountId: string, calibrationId: string) {
  return calibrations(new TenantDb(db, accountId)).findOne({ _id: calibrationId });
}

export async function listCalibrations(tenant: TenantDb, page: PageQuery, cursors: Cursors) {
  return CALIBRATIONS.page(tenant, {
    page: { limit: page.limit, cursor: page.cursor },
    cursors,
    cursorScope: 'calibrations',
    filter: {},
  });
}

/** What a calibration's report step produced: its end status, its reports and where its data and files are. */
export interface CalibrationReportResult {
  status: CalibrationStatus;
  workflowName: string;
  reports: CriterionReport[];
  keys: { reportData: string; pairs: string; report: string; items: string };
}

/**
 * Stores the keys of the report's data and files and ends the calibration, once (the first writer wins), then
 * records `calibration.completed` (once: its dedupe key) with the calibration as GET answers it, its file URLs null
 * (signed URLs expire; GET signs fresh ones).
 */
export async function finishCalibration(
  deps: CreateRunDeps,
  calibration: CalibrationDoc,
  result: CalibrationReportResult,
): Promise<CalibrationDoc> {
  const tenant = new TenantDb(deps.db, calibration.account_id);
  const ended = await CALIBRATIONS.transition(
    tenant,
    { _id: calibration._id, status: 'running' },
    {
      $set: {
        status: result.status,
        report_data_key: result.keys.reportData,
        pairs_key: result.keys.pairs,
        report_key: result.keys.report,
        items_key: result.keys.items,
        workflow_name: result.workflowName,
        finished_at: new Date(),
      },
    },
  );
  const final = ended ?? (await getCalibration(tenant, calibration._id));
  // Another writer ended it (a cancel, the reconciler): its event is its own.
  if (ended) await completed(deps, final, result.reports);
  return final;
}

/** `calibration.completed` (once: its dedupe key); the change that ended it took it off the watch list. */
async function completed(
  deps: CreateRunDeps,
  final: CalibrationDoc,
  criteria: CriterionReport[] | null = null,
): Promise<void> {
  await publishEvent(deps, {
    accountId: final.account_id,
    type: 'calibration.completed',
    dedupeKey: `calibration.completed:${final._id}`,
    data: { calibration: calibrationView(final, criteria) },
  });
}

/**
 * Ends a running calibration `failed` with its reason (the reconciler's settlement): once,
 * the first writer wins (a job finishing it at the same moment keeps its report), then `calibration.completed`.
 * Answers whether this call ended it. Its batch, if any, is untouched: the batch's runs carry the money.
 */
export async function failCalibration(
  deps: CreateRunDeps,
  calibration: CalibrationDoc,
  error: { code: CalibrationFailureCode; message: string },
): Promise<boolean> {
  const tenant = new TenantDb(deps.db, calibration.account_id);
  const failed = await CALIBRATIONS.transition(
    tenant,
    // creation_failed only while its creation has not confirmed its batch (named it after the batch's workflow):
    // one that has will find its batch and job.
    { _id: calibration._id, status: 'running', ...(error.code === 'creation_failed' ? { workflow_name: '' } : {}) },
    { $set: { status: 'failed', error, finished_at: new Date() } },
  );
  const final = failed ?? (await getCalibration(tenant, calibration._id));
  if (final.status === 'failed') await completed(deps, final);
  return failed !== null;
}

/**
 * `POST /calibrations/{id}/cancel`: its batch's queued items are canceled through the
 * batches domain (running ones finish; what ran stays charged), and the calibration ends `canceled` at once, with no
 * report: a report of part of the items would read as a verdict. 409 when it has already ended.
 */
export async function cancelCalibration(
  deps: CreateRunDeps,
  tenant: TenantDb,
  calibrationId: string,
): Promise<CalibrationDoc> {
  const doc = await getCalibration(tenant, calibrationId);
  if (doc.status !== 'running') throw notCancelable(doc);
  try {
    await cancelBatch(tenant, doc.batch_id);
  } catch (err) {
    // The batch has ended (its report is being written) or never came to be: the calibration ends all the same.
    if (!(err instanceof ApiError) || (err.status !== 404 && err.status !== 409)) throw err;
  }
  const canceled = await CALIBRATIONS.transition(
    tenant,
    { _id: doc._id, status: 'running' },
    { $set: { status: 'canceled', finished_at: new Date() } },
  );
  if (!canceled) throw notCancelable(await getCalibration(tenant, calibrationId));
  await completed(deps, canceled);
  return canceled;
}

const notCancelable = (doc: CalibrationDoc) =>
  errors.conflict(
    'calibration_not_cancelable',
    `The calibration is ${doc.status}; only a running calibration can be canceled.`,
  );

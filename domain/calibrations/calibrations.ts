/**
 * Calibrations (docs/decisions.md 439, 520–526): a calibration set's items run on a workflow as one batch (through
 * domain/batches/ `createBatch`, `repeats` runs per item), and, once the batch is final, one report per criterion
 * (domain/calibration/agreement.ts) with its HTML and XLSX files. This module alone writes `calibrations`.
 */
import { createHash } from 'node:crypto';
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../platform/db';
import { signedFile, type SignedFile, type Storage } from '../platform/storage';
import { ApiError, errors } from '../http/errors';
import type { Cursors, PageQuery } from '../http/pagination';
import { lists, TenantDb, unwatchJob, watchJob, type ListSpec } from '../store';
import { startCalibrationJob } from '../jobs';
import { publishEvent } from '../webhooks/publish-event';
import type { Caller, CreateRunDeps } from '../runs';
import { BatchRefused, createBatch, findBatchForJob } from '../batches/batches';
import { batchResultRows } from '../batches/progress';
import { FINAL_BATCH_STATUSES } from '../batches/schemas';
import {
  allCalibrationItems,
  calibrationItemsByIds,
  getCalibrationSet,
  type CalibrationItemDoc,
  type CriterionDoc,
} from '../calibration-sets/calibration-sets';
import {
  compareCriterion,
  criterionReport,
  DEFAULT_THRESHOLDS,
  scoredPairs,
  type Criterion,
  type CriterionReport,
  type ItemScores,
  type LabelValue,
  type ScoredPair,
  type Thresholds,
} from '../calibration/agreement';
import { readPointer } from '../calibration/pointer';
import {
  CALIBRATION_MAX_RUNS,
  type CalibrationFailureCode,
  type CalibrationStatus,
  type CreateCalibrationRequest,
} from './schemas';

export interface CalibrationDoc {
  _id: string;
  account_id: string;
  workflow_id: string;
  workflow_name: string;
  set_id: string;
  set_name: string;
  /** The set's criteria when the calibration was created: its report and comparisons read these. */
  criteria_def: CriterionDoc[];
  batch_id: string;
  status: CalibrationStatus;
  repeats: number;
  livemode: boolean;
  items: number;
  thresholds: Thresholds;
  seed: number;
  /** The per-criterion reports, as JSON text (labels may be any string; kept out of field names). */
  report_json: string | null;
  /** Per criterion key, the scored pairs `{item_id, human, model}`: what `compare` pairs on. */
  pairs_json: string | null;
  report_key: string | null;
  items_key: string | null;
  /** Why it failed (docs/decisions.md 528); absent or null unless `failed`. */
  error?: { code: CalibrationFailureCode; message: string } | null;
  created_at: Date;
  finished_at: Date | null;
  list_pos?: number;
}

export const CALIBRATION_LIST: ListSpec<CalibrationDoc> = {
  name: 'calibrations',
  collection: COLLECTIONS.calibrations,
  scopeOf: () => '',
  settled: (doc) => doc.status !== 'running',
  shapes: [{ equal: [], other: [] }],
};

const calibrations = (tenant: TenantDb) => tenant.collection<CalibrationDoc>(COLLECTIONS.calibrations);

/** A seed from the calibration's id: fixed for the calibration, different between calibrations. */
export const seedOf = (calibrationId: string): number =>
  createHash('sha256').update(calibrationId).digest().readInt32BE(0);

export function calibrationView(
  doc: CalibrationDoc,
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
    criteria: doc.report_json === null ? null : (JSON.parse(doc.report_json) as CriterionReport[]),
    report_file: files.report,
    items_file: files.items,
    error: doc.error ?? null,
    created_at: doc.created_at.toISOString(),
    finished_at: doc.finished_at?.toISOString() ?? null,
  };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The calibration as the API answers it, its two files signed afresh for `ttlSeconds` (docs/decisions.md 524). */
export async function signedCalibrationView(storage: Storage, ttlSeconds: number, doc: CalibrationDoc) {
  const sign = (key: string | null, filename: string, mimeType: string) =>
    key ? signedFile(storage, key, filename, mimeType, ttlSeconds) : Promise.resolve(null);
  return calibrationView(doc, {
    report: await sign(doc.report_key, `${doc._id}-report.html`, 'text/html'),
    items: await sign(doc.items_key, `${doc._id}-items.xlsx`, XLSX),
  });
}

const toCriterion = (c: CriterionDoc): Criterion => ({
  key: c.key,
  pointer: c.pointer,
  kind: c.kind,
  ...(c.min !== null ? { min: c.min } : {}),
  ...(c.max !== null ? { max: c.max } : {}),
  ...(c.labels !== null ? { labels: c.labels } : {}),
});

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
 * Creates a calibration (docs/decisions.md 439, 521): the set read whole (404; 400 when empty or when items ×
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
  if (items.length * repeats > CALIBRATION_MAX_RUNS) {
    throw errors.invalidRequest(
      `${items.length} items × ${repeats} repeats is ${items.length * repeats} runs; a calibration runs at most ${CALIBRATION_MAX_RUNS.toLocaleString('en-US')}.`,
      [{ path: 'body.repeats', message: `items × repeats must be at most ${CALIBRATION_MAX_RUNS}` }],
    );
  }
  const created = doc === null;
  // Watched before it exists, as a batch is: a creation that dies at any later step leaves a calibration the
  // reconciler finds and settles (docs/decisions.md 528); a retry finds the entry there already.
  await watchJob(deps.db, 'calibrations', {
    id: calibrationId,
    accountId: tenant.accountId,
    namespace: deps.temporal.namespace,
    since: doc?.created_at ?? new Date(),
  });
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
      report_key: null,
      items_key: null,
      created_at: new Date(),
      finished_at: null,
    };
    doc = await calibrations(tenant).insertOne({
      ...fresh,
      list_pos: await lists().place(tenant, CALIBRATION_LIST, fresh),
    });
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
      // then the batch is taken back (docs/decisions.md 581).
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
      const gone = doc;
      await lists().change(tenant, CALIBRATION_LIST, gone, () => calibrations(tenant).deleteOne({ _id: gone._id }), {
        remove: true,
      });
      await unwatchJob(deps.db, 'calibrations', gone._id);
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
  return lists().read<CalibrationDoc>(tenant, CALIBRATION_LIST, {
    scope: '',
    page: { limit: page.limit, cursor: page.cursor },
    cursors,
    cursorScope: 'calibrations',
    filter: {},
  });
}

/** What the job renders into the report and items files, with the reports it stores. */
export interface CalibrationOutcome {
  calibration: CalibrationDoc;
  status: CalibrationStatus;
  criteria: Criterion[];
  reports: CriterionReport[];
  pairs: Record<string, ScoredPair[]>;
  rows: {
    item_id: string;
    external_id: string | null;
    run_ids: string[];
    labels: Record<string, { rater: string; value: LabelValue }[]>;
    model: Record<string, (LabelValue | null)[]>;
  }[];
}

/** The rater name of a label sent as a single value. */
export const SINGLE_RATER = 'label';

/**
 * A calibration's step (docs/decisions.md 520): null while its batch is unfinished; once it is final, every
 * criterion's report from the batch's runs and the set's labels (a run that did not succeed, or whose output has no
 * valid value at the criterion's pointer, is an unscorable repeat). Reads only; `finishCalibration` writes.
 */
export async function calibrationOutcome(
  db: Db,
  accountId: string,
  calibrationId: string,
): Promise<CalibrationOutcome | 'finished' | null> {
  const tenant = new TenantDb(db, accountId);
  const calibration = await calibrations(tenant).findOne({ _id: calibrationId });
  if (!calibration || calibration.status !== 'running') return 'finished';
  const batch = await findBatchForJob(db, accountId, calibration.batch_id);
  if (!batch || !FINAL_BATCH_STATUSES.has(batch.status)) return null;

  const criteria = calibration.criteria_def.map(toCriterion);
  const results = await batchResultRows(db, accountId, calibration.batch_id);
  const byItem = new Map<string, { run_ids: string[]; outputs: (Record<string, unknown> | null)[] }>();
  for (const row of results) {
    const itemId = String(row.metadata?.calibration_item_id ?? '');
    const entry = byItem.get(itemId) ?? { run_ids: [], outputs: [] };
    entry.run_ids.push(row.run_id);
    entry.outputs.push(row.status === 'succeeded' ? row.output : null);
    byItem.set(itemId, entry);
  }
  const found = await calibrationItemsByIds(tenant, [...byItem.keys()]);
  const itemsById = new Map(found.map((item) => [item._id, item]));
  const rows: CalibrationOutcome['rows'] = [];
  for (const [itemId, entry] of byItem) {
    const item = itemsById.get(itemId);
    if (!item) continue;
    const labels: CalibrationOutcome['rows'][number]['labels'] = {};
    const model: CalibrationOutcome['rows'][number]['model'] = {};
    for (const c of criteria) {
      const label = item.labels[c.key];
      labels[c.key] =
        label === undefined ? [] : Array.isArray(label) ? label : [{ rater: SINGLE_RATER, value: label as LabelValue }];
      model[c.key] = entry.outputs.map((output) => {
        if (output === null) return null;
        const value = readPointer(output, c.pointer);
        return typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' ? value : null;
      });
    }
    rows.push({ item_id: itemId, external_id: item.external_id, run_ids: entry.run_ids, labels, model });
  }
  const reports: CriterionReport[] = [];
  const pairs: Record<string, ScoredPair[]> = {};
  for (const c of criteria) {
    const scores: ItemScores[] = rows.map((row) => ({
      item_id: row.item_id,
      external_id: row.external_id,
      raters: row.labels[c.key] ?? [],
      model: row.model[c.key] ?? [],
      run_ids: row.run_ids,
    }));
    reports.push(criterionReport(c, scores, { seed: calibration.seed, thresholds: calibration.thresholds }));
    pairs[c.key] = scoredPairs(c, scores).map((p) => ({ item_id: p.item.item_id, human: p.human, model: p.model }));
  }
  return {
    // A creation that died before naming the workflow (its job started by the reconciler): the batch's name.
    calibration: calibration.workflow_name ? calibration : { ...calibration, workflow_name: batch.workflow.name },
    status: batch.status === 'canceled' ? 'canceled' : 'succeeded',
    criteria,
    reports,
    pairs,
    rows,
  };
}

/**
 * Stores the reports and the files' keys and ends the calibration, once (the first writer wins), then records
 * `calibration.completed` (once: its dedupe key) with the calibration as GET answers it, its file URLs null (signed
 * URLs expire; GET signs fresh ones).
 */
export async function finishCalibration(
  deps: CreateRunDeps,
  outcome: CalibrationOutcome,
  keys: { report: string; items: string },
): Promise<CalibrationDoc> {
  const tenant = new TenantDb(deps.db, outcome.calibration.account_id);
  const final =
    (await calibrations(tenant).findOneAndUpdate(
      { _id: outcome.calibration._id, status: 'running' },
      {
        $set: {
          status: outcome.status,
          report_json: JSON.stringify(outcome.reports),
          pairs_json: JSON.stringify(outcome.pairs),
          report_key: keys.report,
          items_key: keys.items,
          workflow_name: outcome.calibration.workflow_name,
          finished_at: new Date(),
        },
      },
      { returnDocument: 'after' },
    )) ?? (await getCalibration(tenant, outcome.calibration._id));
  await completed(deps, final);
  return final;
}

/** `calibration.completed` (once: its dedupe key), then the calibration leaves the reconciler's watch list. */
async function completed(deps: CreateRunDeps, final: CalibrationDoc): Promise<void> {
  await publishEvent(deps, {
    accountId: final.account_id,
    type: 'calibration.completed',
    dedupeKey: `calibration.completed:${final._id}`,
    data: { calibration: calibrationView(final) },
  });
  await unwatchJob(deps.db, 'calibrations', final._id);
}

/**
 * Ends a running calibration `failed` with its reason (the reconciler's settlement, docs/decisions.md 528): once,
 * the first writer wins (a job finishing it at the same moment keeps its report), then `calibration.completed`.
 * Answers whether this call ended it. Its batch, if any, is untouched: the batch's runs carry the money.
 */
export async function failCalibration(
  deps: CreateRunDeps,
  calibration: CalibrationDoc,
  error: { code: CalibrationFailureCode; message: string },
): Promise<boolean> {
  const tenant = new TenantDb(deps.db, calibration.account_id);
  const failed = await calibrations(tenant).findOneAndUpdate(
    // creation_failed only while its creation has not confirmed its batch (named it after the batch's workflow,
    // docs/decisions.md 581): one that has will find its batch and job.
    { _id: calibration._id, status: 'running', ...(error.code === 'creation_failed' ? { workflow_name: '' } : {}) },
    { $set: { status: 'failed', error, finished_at: new Date() } },
    { returnDocument: 'after' },
  );
  const final = failed ?? (await getCalibration(tenant, calibration._id));
  if (final.status === 'failed') await completed(deps, final);
  return failed !== null;
}

/**
 * `GET /calibrations/{id}/compare?with=` (docs/decisions.md 523): both of one set (409 `calibration_sets_differ`)
 * and finished (409 `calibration_not_finished`); per criterion, this one's metrics minus the other's on the items
 * both scored, with paired bootstrap intervals drawn from this calibration's seed.
 */
export async function compareCalibrations(tenant: TenantDb, calibrationId: string, otherId: string) {
  const first = await getCalibration(tenant, calibrationId);
  const second = await getCalibration(tenant, otherId);
  if (first.set_id !== second.set_id) {
    throw errors.conflict(
      'calibration_sets_differ',
      `${first._id} ran calibration set ${first.set_id} and ${second._id} ran ${second.set_id}; only calibrations of one set compare.`,
    );
  }
  for (const c of [first, second]) {
    if (c.status === 'failed')
      throw errors.conflict('calibration_failed', `${c._id} failed (${c.error?.code ?? 'failed'}); it has no report.`);
    if (c.pairs_json === null)
      throw errors.conflict('calibration_not_finished', `${c._id} is still running; compare when both have finished.`);
  }
  const a = JSON.parse(first.pairs_json!) as Record<string, ScoredPair[]>;
  const b = JSON.parse(second.pairs_json!) as Record<string, ScoredPair[]>;
  return {
    object: 'calibration_comparison' as const,
    calibration_id: first._id,
    with: second._id,
    calibration_set_id: first.set_id,
    seed: first.seed,
    criteria: first.criteria_def.map((c) => ({
      key: c.key,
      ...compareCriterion(toCriterion(c), a[c.key] ?? [], b[c.key] ?? [], { seed: first.seed }),
    })),
  };
}

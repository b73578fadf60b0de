/**
 * Batch items as runs: each item position of a batch becomes one run, under an id fixed by the position
 * (domain/batches/ derives it), so whichever attempt of the batch's job gets there first creates it and every later
 * attempt finds it. The run then goes the way of every run: inserted hidden, admitted through the ledger (charged at
 * admission, once however often it is retried), its job started (on the batches queue), settled by the same
 * lifecycle (./lifecycle.ts). What differs is only what a batch needs:
 *   - a charge the balance no longer covers is not a refusal (no request is waiting for a 402): the run is shown
 *     `failed` with `insufficient_credits`, never charged;
 *   - an item never admitted (its batch canceled, its workflow no longer active, its job ended) is created
 *     `canceled` with that reason, never charged, and announces nothing (the batch's `batch.completed` does).
 */
import type { Db } from 'mongodb';
import { bulkWriteInBatches, COLLECTIONS } from '../platform/db';
import { refund } from '../billing/credits';
import { startBatchItemJob } from '../jobs';
import { findByIds, type TenantDb } from '../store';
import type { ModelPolicy, OutputFormat } from '../catalog/catalog';
import { admitRunDoc, chargedOnAdmission, emitRunEvent } from './lifecycle';
import { RUN_FAILURES, type RunFailureCode } from './failures';
import { FINAL_RUN_STATUSES } from './schemas';
import type { CreateRunDeps, RunDoc } from './index';
import { RUNS } from './run-doc';

/** One item's run, as its batch fixed it at creation (the workflow's configuration is the batch's snapshot). */
export interface BatchItemRun {
  runId: string;
  batchId: string;
  position: number;
  externalId: string | null;
  keyId: string;
  livemode: boolean;
  workflow: {
    id: string;
    name: string;
    product_code: string;
    model_policy: ModelPolicy;
    output_format: OutputFormat;
    reference_document_ids: string[];
  };
  inputDocuments: string[];
  metadataJson: string;
  quotedMilli: number;
}

type ItemStart = Pick<RunDoc, 'admission' | 'status' | 'error' | 'finished_at' | 'charged_milli'>;

function itemDoc(item: BatchItemRun, namespace: string, start: ItemStart): Omit<RunDoc, 'account_id'> {
  return {
    _id: item.runId,
    workflow_id: item.workflow.id,
    workflow_name: item.workflow.name,
    product_code: item.workflow.product_code,
    mode: 'async',
    livemode: item.livemode,
    key_id: item.keyId,
    model_policy: item.workflow.model_policy,
    output_format: item.workflow.output_format,
    quoted_milli: item.quotedMilli,
    input_documents: item.inputDocuments,
    reference_document_ids: item.workflow.reference_document_ids,
    metadata_json: item.metadataJson,
    output_json: null,
    output_file: null,
    usage: { input_tokens: null, output_tokens: null, model: null, rag_strategy: null },
    job_namespace: namespace,
    created_at: new Date(),
    started_at: null,
    refunded_at: null,
    batch_id: item.batchId,
    batch_position: item.position,
    external_id: item.externalId,
    ...start,
  };
}

const isDuplicate = (err: unknown) => (err as { code?: number }).code === 11000;

/** Inserts the item's run unless its position has one (watched and listed as any run); answers the run either way. */
async function insertOnce(tenant: TenantDb, doc: Omit<RunDoc, 'account_id'>, namespace: string): Promise<RunDoc> {
  const runs = RUNS.in(tenant);
  const existing = await runs.findOne({ _id: doc._id });
  if (existing) return existing;
  try {
    return await RUNS.insert(tenant, doc, { namespace, since: doc.created_at });
  } catch (err) {
    if (!isDuplicate(err)) throw err;
    return (await runs.findOne({ _id: doc._id }))!;
  }
}

/**
 * Creates (once), admits and starts the item's run; answers the run as it then is. Idempotent: a retried step finds
 * the run and goes on from where the last attempt stopped (admission and the job's start are idempotent too).
 */
export async function admitBatchItem(deps: CreateRunDeps, tenant: TenantDb, item: BatchItemRun): Promise<RunDoc> {
  const doc = itemDoc(item, deps.temporal.namespace, {
    admission: chargedOnAdmission({ livemode: item.livemode, quoted_milli: item.quotedMilli }) ? 'pending' : 'admitted',
    status: 'queued',
    error: null,
    finished_at: null,
    charged_milli: null,
  });
  let run = await insertOnce(tenant, doc, deps.temporal.namespace);
  if (run.admission !== 'admitted') {
    run = await admitRunDoc(deps.db, tenant.accountId, run._id, run);
    if (run.admission === 'rejected') return showUncharged(deps, tenant, run);
  }
  if (FINAL_RUN_STATUSES.has(run.status)) return run;
  await startBatchItemJob(deps.temporal, {
    accountId: tenant.accountId,
    runId: run._id,
    workflowId: run.workflow_id,
    workflowName: run.workflow_name,
    productCode: run.product_code,
    livemode: run.livemode,
  });
  return run;
}

/**
 * A rejected item (the charge was refused, or the reconciler abandoned an admission a dead attempt left half-way) is
 * shown `failed`: `insufficient_credits`, or `creation_failed` when abandoned. Nothing is kept: a charge that lost to
 * the rejection is refunded here (idempotent) in case the attempt that took it died before its own refund. One
 * guarded update; then `run.failed`, once. The batch's step calls it, and the reconciler's settlement of a batch whose
 * job is gone (domain/batches/progress.ts).
 */
export async function showUncharged(deps: CreateRunDeps, tenant: TenantDb, run: RunDoc): Promise<RunDoc> {
  if (run.admission !== 'rejected') return run;
  await refund(deps.db, tenant.accountId, run._id, 'run rejected');
  const code: RunFailureCode = run.abandoned_at ? 'creation_failed' : 'insufficient_credits';
  const shown = await tenant.collection<RunDoc>(COLLECTIONS.runs).findOneAndUpdate(
    { _id: run._id, admission: 'rejected', status: 'queued' },
    {
      $set: {
        admission: 'admitted',
        status: 'failed',
        charged_milli: 0,
        finished_at: new Date(),
        error: { code, message: RUN_FAILURES[code].message },
      },
    },
    { returnDocument: 'after' },
  );
  const final = shown ?? (await tenant.collection<RunDoc>(COLLECTIONS.runs).findOne({ _id: run._id }))!;
  await RUNS.release(deps.db, final);
  if (shown) await emitRunEvent({ ...deps, config: deps.config }, tenant.accountId, 'run.failed', final);
  return final;
}

/**
 * The runs of items that will never be admitted: created `canceled` with `code` (never charged, nothing announced),
 * all at once (listed together, inserted in bulk); an item whose run an earlier attempt created already (admitted,
 * or canceled) keeps that run. Answers every item's run, in the items' order.
 */
export async function cancelUnadmittedItems(
  deps: Pick<CreateRunDeps, 'db' | 'temporal'>,
  tenant: TenantDb,
  items: BatchItemRun[],
  code: 'workflow_not_active' | 'batch_canceled' | 'execution_ended',
): Promise<RunDoc[]> {
  return insertItemRuns(deps, tenant, items, (item) =>
    itemDoc(item, deps.temporal.namespace, {
      admission: 'admitted',
      status: 'canceled',
      charged_milli: 0,
      finished_at: new Date(),
      error: { code, message: UNADMITTED_MESSAGES[code] },
    }),
  );
}

/**
 * Inserts the runs of the items that have none yet, all at once (listed together, inserted in bulk); an item whose
 * run an earlier attempt created keeps that run. Answers every item's run, in the items' order.
 */
async function insertItemRuns(
  deps: Pick<CreateRunDeps, 'db' | 'temporal'>,
  tenant: TenantDb,
  items: BatchItemRun[],
  docOf: (item: BatchItemRun) => Omit<RunDoc, 'account_id'>,
  progress?: () => void,
): Promise<RunDoc[]> {
  if (items.length === 0) return [];
  const runs = RUNS.in(tenant);
  const existing = new Map(
    (
      await RUNS.byIds(
        tenant,
        items.map((i) => i.runId),
      )
    ).map((r) => [r._id, r as RunDoc]),
  );
  const fresh: RunDoc[] = items
    .filter((item) => !existing.has(item.runId))
    .map((item) => ({ ...docOf(item), account_id: tenant.accountId }));
  if (fresh.length) {
    // An attempt that dies part-way leaves watch and list entries that name no run (skipped by readers, dropped by
    // the reconciler), and a later attempt's runs take positions of their own.
    try {
      await RUNS.insertMany(tenant, fresh, {
        chunk: fresh.length,
        watch: { namespace: deps.temporal.namespace },
        progress,
        unordered: true,
      });
    } catch (err) {
      if (!isDuplicate(err) && !(err as { writeErrors?: unknown[] }).writeErrors) throw err;
      // Another attempt created some of them first: those are read back (and anything else is an error).
      const found = await findByIds(
        runs,
        fresh.map((r) => r._id),
      );
      if (found.length < fresh.length) throw err;
      for (const run of found) existing.set(run._id, run as RunDoc);
    }
  }
  const created = new Map(fresh.map((r) => [r._id, r]));
  return items.map((item) => existing.get(item.runId) ?? created.get(item.runId)!);
}

/** Economy items admitted side by side (each a charge in the ledger). */
const ADMIT_AT_ONCE = 25;

/**
 * The runs of a live economy batch's items, created together — watched, listed and inserted
 * in bulk, as never-admitted items are, since a run created one at a time takes a list placement of its own — then
 * each admitted (charged its discounted quote; a refused charge shows the run failed, uncharged). None is started:
 * each waits `queued` for its provider batch. Idempotent by position, like every admission. Answers the runs.
 */
export async function admitEconomyItemRuns(
  deps: CreateRunDeps,
  tenant: TenantDb,
  items: BatchItemRun[],
  beat: () => void,
): Promise<RunDoc[]> {
  const runs = await insertItemRuns(
    deps,
    tenant,
    items,
    (item) => {
      const doc = itemDoc(item, deps.temporal.namespace, {
        admission: chargedOnAdmission({ livemode: item.livemode, quoted_milli: item.quotedMilli })
          ? 'pending'
          : 'admitted',
        status: 'queued',
        error: null,
        finished_at: null,
        charged_milli: null,
      });
      return { ...doc, economy: { provider_batch_id: null, provider: null } };
    },
    beat,
  );
  const out: RunDoc[] = [];
  for (let i = 0; i < runs.length; i += ADMIT_AT_ONCE) {
    beat();
    out.push(
      ...(await Promise.all(
        runs.slice(i, i + ADMIT_AT_ONCE).map(async (run) => {
          if (run.admission === 'admitted') return run;
          const admitted = await admitRunDoc(deps.db, tenant.accountId, run._id, run);
          return admitted.admission === 'rejected' ? showUncharged(deps, tenant, admitted) : admitted;
        }),
      )),
    );
  }
  return out;
}

const UNADMITTED_MESSAGES = {
  workflow_not_active: RUN_FAILURES.workflow_not_active.message,
  batch_canceled: RUN_FAILURES.batch_canceled.message,
  execution_ended: 'The batch’s job ended before this item started; it was canceled and never charged.',
} as const;

/**
 * Economy items now waiting in a provider batch: each run names it and keeps the manifest of
 * what was sent, shown while it waits `queued`. Only queued runs are touched; repeating it changes nothing.
 */
export async function markInProviderBatch(
  db: Db,
  tenant: TenantDb,
  providerBatch: { id: string; provider: 'openai' | 'anthropic' },
  runs: Array<{ runId: string; manifestJson: string }>,
): Promise<void> {
  if (runs.length === 0) return;
  await bulkWriteInBatches(
    db.collection<RunDoc>(COLLECTIONS.runs),
    runs.map(({ runId, manifestJson }) => ({
      updateOne: {
        filter: { _id: runId, account_id: tenant.accountId, status: 'queued' },
        update: {
          $set: {
            economy: { provider_batch_id: providerBatch.id, provider: providerBatch.provider },
            manifest_json: manifestJson,
          },
        },
      },
    })),
  );
}

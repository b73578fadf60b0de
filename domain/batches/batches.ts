/**
 * Batches (docs/decisions.md 500–506): the only writer of the `batches`, `batch_items` and `batch_rosters`
 * collections. A batch is one request for up to 10,000 runs on one workflow: validated whole (any bad item refuses
 * the request, naming each), quoted whole (402 when the balance is short of the sum; nothing is reserved), stored
 * with a snapshot of the workflow's configuration and its items (in chunks read by `_id`), and run by one job
 * (`runBatch`, ./progress.ts) that admits its items a window at a time.
 */
import { derivedId } from '../platform/ids';
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../platform/db';
import { errors, ApiError, type ErrorDetail } from '../http/errors';
import { toCredits, toMilli } from '../billing/credits';
import { getBalance } from '../billing/balance';
import { LIMITS, refuseAbove } from '../access/limits';
import type { Cursors, PageQuery } from '../http/pagination';
import { defineCollection, findByIds, type Item, type TenantDb } from '../store';
import { startBatchJob } from '../jobs';
import type { DocumentDoc } from '../documents/documents';
import type { EvaluationWorkflowDoc } from '../evaluation-workflows/evaluation-workflows';
import { prepareRun, QUOTED_DOCUMENT_FIELDS, runQuoter, type Caller, type CreateRunDeps } from '../runs';
import type { BatchItemRun } from '../runs/batch-items';
import { BATCH_DEFAULT_CONCURRENCY, FINAL_BATCH_STATUSES, type BatchStatus, type CreateBatchRequest } from './schemas';
import { economyQuoter, type ProviderBatch } from './economy';
import { batchReviewCounts, reviewsOn } from '../reviews/reviews';

export type BatchStopReason = 'canceled' | 'workflow_not_active' | 'execution_ended';

export interface BatchCountsDoc {
  total: number;
  queued: number;
  running: number;
  succeeded: number;
  failed: number;
  canceled: number;
  refunded: number;
}

export interface BatchDoc extends Item {
  workflow_id: string;
  status: BatchStatus;
  livemode: boolean;
  key_id: string;
  total: number;
  max_concurrency: number;
  metadata_json: string;
  /** The workflow's configuration when the batch was created: every item runs with it, whatever it says later. */
  workflow: EvaluationWorkflowDoc;
  quoted_milli: number;
  charged_milli: number;
  /** Written whole by each step of the job, so they always sum to `total`. */
  counts: BatchCountsDoc;
  /** Items admitted and not yet final, as the job's last step left them (the account's limit reads them). */
  inflight: number;
  /**
   * Why no more items are admitted: a cancel, the workflow no longer active, the job ended (reconciler). A cancel
   * replaces either of the others; nothing replaces a cancel.
   */
  stop_reason: BatchStopReason | null;
  /** The claim of the step of its job now running (./progress.ts): a step whose claim was replaced writes nothing. */
  step_claim?: string;
  chunks: number;
  job_namespace: string;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  /** `economy: true` at creation (items sent through the providers' batch APIs); absent on batches made before it. */
  economy?: boolean;
  provider_batches?: ProviderBatch[];
  /**
   * A live economy batch's provider batches by group (the group-th slice of its positions, sized so an item's k
   * samples share one provider batch), each written once its provider batch exists, so a retried submit finds it
   * instead of creating a second.
   */
  economy_groups?: Record<string, EconomyGroupDoc>;
  /**
   * By group key, the last create about to be sent where the group has no provider batch yet: when, and how many
   * requests. A retry that finds it without a record looks for that batch at the provider (docs/decisions.md 793).
   */
  economy_intents?: Record<string, { at: Date; requests: number }>;
}

/** One provider batch of an economy batch as its job keeps it (listed as `provider_batches` without the rest). */
export interface EconomyGroupDoc extends ProviderBatch {
  group: number;
  /** The provider slot its requests went to (a group's items may use both). */
  slot: 'A' | 'B';
  /**
   * Ours, marking it at the provider where the protocol keeps metadata (OpenAI's), so a submit whose create answered
   * but whose worker died before the record finds that batch instead of paying for a second.
   */
  marker: string;
  submitted_at: Date;
  /** Its results are stored per run (or, `unavailable`, its runs go through the ordinary API). */
  collected: boolean;
}

/** The start of a batch's job: a live economy batch's job first goes through provider batches. */
export const batchJobOf = (batch: Pick<BatchDoc, '_id' | 'account_id' | 'economy' | 'livemode'>) => ({
  accountId: batch.account_id,
  batchId: batch._id,
  ...(batch.economy && batch.livemode ? { economy: true as const } : {}),
});

/** What the batch keeps of each item (in chunks of ITEMS_PER_CHUNK, `_id` `<batch id>:<chunk>`). */
export interface StoredItem {
  input_documents: string[];
  metadata_json: string;
  external_id: string | null;
  quoted_milli: number;
}

interface BatchItemsDoc {
  _id: string;
  account_id: string;
  batch_id: string;
  items: StoredItem[];
}

export const ITEMS_PER_CHUNK = 500;

/**
 * The batches: one list per account, newest first; watched from creation until the job (or the reconciler) has
 * ended the batch and announced it (`release`, after `batch.completed`); `unfinished`, the account's batches not yet
 * final (the limit of 5, the account-wide limit on items in flight).
 */
export const BATCHES = defineCollection<BatchDoc, 'unfinished'>({
  collection: COLLECTIONS.batches,
  list: {
    name: 'batches',
    scopeOf: () => '',
    settled: (batch) => FINAL_BATCH_STATUSES.has(batch.status),
    shapes: [{ equal: [], other: [] }],
    indexes: [{ name: 'list_all' }],
  },
  watched: { kind: 'batches', open: (batch) => !FINAL_BATCH_STATUSES.has(batch.status) },
  memberships: {
    unfinished: {
      rosters: COLLECTIONS.batchRosters,
      holds: () => ({ status: { $in: ['queued', 'running'] } }),
      left: (batch) => FINAL_BATCH_STATUSES.has(batch.status),
    },
  },
});

/** The batches' list, for the store's own tests. */
export const BATCH_LIST = BATCHES.list!;

const batches = (tenant: TenantDb) => BATCHES.in(tenant);
const itemChunks = (tenant: TenantDb) => tenant.collection<BatchItemsDoc>(COLLECTIONS.batchItems);

/**
 * The run id of a batch's item at `position`: a ULID whose time is the batch's and whose randomness is a hash of the
 * batch and the position. Fixed by the position, so every attempt of the batch's job names
 * the same run and the run is created once.
 */
export function batchItemRunId(batchId: string, position: number): string {
  return derivedId('run', batchId, `${batchId}:${position}`);
}

export function batchView(doc: BatchDoc) {
  return {
    id: doc._id,
    object: 'batch' as const,
    workflow_id: doc.workflow_id,
    status: doc.status,
    livemode: doc.livemode,
    max_concurrency: doc.max_concurrency,
    counts: { ...doc.counts, total: doc.total },
    quoted_credits: toCredits(doc.quoted_milli),
    charged_credits: toCredits(doc.charged_milli),
    metadata: JSON.parse(doc.metadata_json) as Record<string, unknown>,
    created_at: doc.created_at.toISOString(),
    started_at: doc.started_at?.toISOString() ?? null,
    finished_at: doc.finished_at?.toISOString() ?? null,
    economy: doc.economy ?? false,
    provider_batches: doc.economy_groups
      ? Object.values(doc.economy_groups)
          .sort((a, b) => a.group - b.group)
          .map(({ id, provider, status, requests }) => ({ id, provider, status, requests }))
      : (doc.provider_batches ?? []),
  };
}

export type BatchView = ReturnType<typeof batchView>;

/**
 * `GET /batches/{id}`: the batch and, when its workflow reviews runs, its items' review counts, counted when asked
 * (a read of the account's reviews of the batch) rather than kept on the batch: no counter to keep exact under
 * retried completions.
 */
export async function batchViewWithReviews(tenant: TenantDb, doc: BatchDoc) {
  if (!reviewsOn(doc.workflow.review)) return batchView(doc);
  return { ...batchView(doc), reviews: await batchReviewCounts(tenant, doc._id) };
}

/** Problems listed in a refusal at most (the message says how many more). */
const MAX_ITEM_PROBLEMS = 100;

/**
 * Validates every item against the account's documents; answers each item's documents (for its quote) or refuses
 * the whole request with one 400 naming every bad item (`items[i].input_documents`), nothing written.
 */
async function itemDocuments(tenant: TenantDb, items: CreateBatchRequest['items']) {
  const ids = [...new Set(items.flatMap((item) => item.input_documents))];
  const found = await findByIds(
    tenant.collection<DocumentDoc>(COLLECTIONS.documents),
    ids,
    {},
    {
      // Everything the quote reads (OCR pages included: each is priced, as for POST /runs).
      projection: { _id: 1, extracted: 1, ...QUOTED_DOCUMENT_FIELDS },
    },
  );
  const byId = new Map(found.map((d) => [d._id, d]));
  const problems: ErrorDetail[] = [];
  items.forEach((item, i) => {
    const missing = item.input_documents.filter((id) => !byId.has(id));
    const unextracted = item.input_documents.filter((id) => byId.has(id) && !byId.get(id)!.extracted);
    if (missing.length)
      problems.push({ path: `body.items[${i}].input_documents`, message: `no document ${missing.join(', ')}` });
    if (unextracted.length)
      problems.push({
        path: `body.items[${i}].input_documents`,
        message: `no extracted text in ${unextracted.join(', ')} (complete the upload first)`,
      });
  });
  if (problems.length) {
    const shown = problems.slice(0, MAX_ITEM_PROBLEMS);
    const more = problems.length - shown.length;
    throw errors.invalidRequest(
      `Invalid items: ${shown
        .slice(0, 5)
        .map((p) => `${p.path.slice('body.'.length)} ${p.message}`)
        .join('; ')}${problems.length > 5 ? `; and ${problems.length - 5} more (see details)` : ''}`,
      more > 0 ? [...shown, { path: 'body.items', message: `and ${more} more problems` }] : shown,
    );
  }
  return items.map((item) => item.input_documents.map((id) => byId.get(id)!));
}

/**
 * Creates a batch: the workflow checked as for a run (404, 409), every item validated, the
 * whole quoted, the balance checked against it in live mode (402; nothing is reserved), the account's unfinished
 * batches counted (409 `limit_reached` past 5), then the items, the batch and its job. `batchId` comes from the
 * Idempotency-Key's reservation: a retry answers the batch its first attempt created (and starts its job if that
 * attempt could not).
 */
export async function createBatch(
  deps: CreateRunDeps,
  tenant: TenantDb,
  caller: Caller,
  workflowId: string,
  input: CreateBatchRequest,
  batchId: string,
  /**
   * Whoever the batch is created for agrees, once it exists and before its job starts (a calibration, so that only
   * one of its confirm and the reconciler's `creation_failed` lands). False: the batch is taken back, its job never
   * started, and `BatchRefused` is thrown.
   */
  confirm?: (batch: BatchDoc) => Promise<boolean>,
): Promise<BatchDoc> {
  const existing = await batches(tenant).findOne({ _id: batchId });
  if (existing) {
    if (!FINAL_BATCH_STATUSES.has(existing.status)) await startBatchJob(deps.temporal, batchJobOf(existing));
    return existing;
  }
  const { workflow } = await prepareRun(deps, tenant, workflowId, { mode: 'async' });
  const docs = await itemDocuments(tenant, input.items);
  const ordinary = await runQuoter(deps.db, tenant, workflow, deps.config);
  const quote = input.economy ? await economyQuoter(deps.db, deps.config, caller, workflow, ordinary) : ordinary;
  const items: StoredItem[] = input.items.map((item, i) => ({
    input_documents: item.input_documents,
    metadata_json: JSON.stringify(item.metadata ?? {}),
    external_id: item.external_id ?? null,
    quoted_milli: quote(docs[i]!),
  }));
  const quoted = items.reduce((sum, item) => sum + item.quoted_milli, 0);
  if (caller.livemode && toMilli((await getBalance(tenant)).pro_credits) < quoted) {
    throw new ApiError(
      402,
      'insufficient_credits',
      `This batch is quoted ${toCredits(quoted)} credits; the balance is lower. Nothing was reserved or charged.`,
    );
  }
  const limit = {
    name: 'unfinished batches',
    limit: LIMITS.unfinishedBatchesPerAccount,
    remedy: 'wait for one to finish or cancel one',
  };
  await refuseAbove(
    () => BATCHES.count('unfinished', tenant, LIMITS.unfinishedBatchesPerAccount),
    LIMITS.unfinishedBatchesPerAccount - 1,
    limit,
  );
  const chunks = Math.ceil(items.length / ITEMS_PER_CHUNK);
  for (let c = 0; c < chunks; c++) {
    await itemChunks(tenant).updateOne(
      { _id: `${batchId}:${c}` },
      { $set: { batch_id: batchId, items: items.slice(c * ITEMS_PER_CHUNK, (c + 1) * ITEMS_PER_CHUNK) } },
      { upsert: true },
    );
  }
  const now = new Date();
  const doc: Omit<BatchDoc, 'account_id'> = {
    _id: batchId,
    workflow_id: workflow._id,
    status: 'queued',
    livemode: caller.livemode,
    key_id: caller.keyId,
    total: items.length,
    max_concurrency: input.max_concurrency ?? BATCH_DEFAULT_CONCURRENCY,
    ...(input.economy ? { economy: true, provider_batches: [] } : {}),
    metadata_json: JSON.stringify(input.metadata ?? {}),
    workflow: { ...workflow, account_id: tenant.accountId },
    quoted_milli: quoted,
    charged_milli: 0,
    counts: {
      total: items.length,
      queued: items.length,
      running: 0,
      succeeded: 0,
      failed: 0,
      canceled: 0,
      refunded: 0,
    },
    inflight: 0,
    stop_reason: null,
    chunks,
    job_namespace: deps.temporal.namespace,
    created_at: now,
    started_at: null,
    finished_at: null,
  };
  // Watched, listed and enrolled before it exists: a crash in between leaves nothing the reconciler cannot find.
  const batch = await BATCHES.insert(tenant, doc);
  const takeBack = async () => {
    await BATCHES.remove(tenant, batchId);
  };
  // Counted again after the insert: concurrent creations cannot all see room (domain/access/limits.ts).
  await refuseAbove(
    () => BATCHES.count('unfinished', tenant, LIMITS.unfinishedBatchesPerAccount),
    LIMITS.unfinishedBatchesPerAccount,
    limit,
    takeBack,
  );
  if (confirm && !(await confirm(batch))) {
    await takeBack();
    throw new BatchRefused(batchId);
  }
  await startBatchJob(deps.temporal, batchJobOf(batch));
  return batch;
}

/** A batch taken back at creation because what it was created for refused it (`createBatch`'s `confirm`). */
export class BatchRefused extends Error {
  constructor(readonly batchId: string) {
    super(`batch ${batchId} was refused at creation; it was taken back and nothing ran`);
    this.name = 'BatchRefused';
  }
}

export async function getBatch(tenant: TenantDb, batchId: string): Promise<BatchDoc> {
  const batch = await batches(tenant).findOne({ _id: batchId });
  if (!batch) throw errors.notFound('batch');
  return batch;
}

export async function listBatches(tenant: TenantDb, page: PageQuery, cursors: Cursors) {
  return BATCHES.page(tenant, {
    page: { limit: page.limit, cursor: page.cursor },
    cursors,
    cursorScope: 'batches',
    filter: {},
  });
}

/**
 * Cancels a batch: no item is admitted any more; its job cancels the queued items (never
 * charged, or refunded when admitted and not started) and lets the running ones finish, then ends the batch
 * `canceled`. Canceling again answers the batch as it is; a final batch is 409 `batch_not_cancelable`.
 */
export async function cancelBatch(tenant: TenantDb, batchId: string): Promise<BatchDoc> {
  // A cancel overrides another reason to stop admitting (the workflow paused, the job ended): that one only stops
  // admission, while a cancel also cancels the admitted items still queued and ends the batch `canceled`.
  const canceled = await batches(tenant).findOneAndUpdate(
    { _id: batchId, status: { $in: ['queued', 'running'] }, stop_reason: { $ne: 'canceled' } },
    { $set: { stop_reason: 'canceled' } },
    { returnDocument: 'after' },
  );
  const batch = canceled ?? (await getBatch(tenant, batchId));
  if (FINAL_BATCH_STATUSES.has(batch.status) && batch.stop_reason !== 'canceled') {
    throw errors.conflict(
      'batch_not_cancelable',
      `The batch is ${batch.status}; only an unfinished batch can be canceled.`,
    );
  }
  return batch;
}

/** A batch as its job reads it (the account's own); null when it is gone. */
export function findBatchForJob(db: Db, accountId: string, batchId: string): Promise<BatchDoc | null> {
  return db.collection<BatchDoc>(COLLECTIONS.batches).findOne({ _id: batchId, account_id: accountId });
}

/** The workflow configuration a batch item runs with: its batch's snapshot (activities/evaluation.ts). */
export async function batchWorkflowSnapshot(
  db: Db,
  accountId: string,
  batchId: string,
): Promise<EvaluationWorkflowDoc | null> {
  return (await findBatchForJob(db, accountId, batchId))?.workflow ?? null;
}

/** The items at positions [from, to) of a batch, as its job turns them into runs. */
export async function batchItems(tenant: TenantDb, batch: BatchDoc, from: number, to: number): Promise<BatchItemRun[]> {
  const out: BatchItemRun[] = [];
  const end = Math.min(to, batch.total);
  let chunk: BatchItemsDoc | null = null;
  for (let position = from; position < end; position++) {
    const c = Math.floor(position / ITEMS_PER_CHUNK);
    if (chunk?._id !== `${batch._id}:${c}`) {
      chunk = await itemChunks(tenant).findOne({ _id: `${batch._id}:${c}` });
      if (!chunk) throw new Error(`batch ${batch._id}: items chunk ${c} missing`);
    }
    const item = chunk.items[position - c * ITEMS_PER_CHUNK]!;
    out.push({
      runId: batchItemRunId(batch._id, position),
      batchId: batch._id,
      position,
      externalId: item.external_id,
      keyId: batch.key_id,
      livemode: batch.livemode,
      workflow: {
        id: batch.workflow._id,
        name: batch.workflow.name,
        product_code: batch.workflow.product_code,
        model_policy: batch.workflow.default_model_policy,
        output_format: batch.workflow.output_format,
        reference_document_ids: batch.workflow.reference_document_ids,
      },
      inputDocuments: item.input_documents,
      metadataJson: item.metadata_json,
      quotedMilli: item.quoted_milli,
    });
  }
  return out;
}

export const batchesCollection = batches;

/**
 * The records of a live economy batch's job (issue 58; docs/decisions.md 761, 762): every item admitted (charged its
 * discounted quote) before anything is sent, the items split by position into groups of provider batches, each
 * provider batch recorded on the batch once it exists, and each item's run told which provider batch holds its
 * requests. activities/economy.ts builds the requests and talks to the provider; everything here is the database's.
 */
import { COLLECTIONS } from '../platform/db';
import { findByIds, TenantDb } from '../store';
import { confidenceSamples } from '../evaluation-workflows/evaluation-workflows';
import type { RunDoc } from '../runs';
import { admitEconomyItemRuns } from '../runs/batch-items';
import { FINAL_RUN_STATUSES } from '../runs/schemas';
import {
  batchesCollection,
  batchItemRunId,
  batchItems,
  findBatchForJob,
  ITEMS_PER_CHUNK,
  type BatchDoc,
  type EconomyGroupDoc,
} from './batches';
import { PROVIDER_BATCH_MAX } from './economy';
import type { BatchDeps } from './progress';
import { FINAL_BATCH_STATUSES } from './schemas';

/**
 * How long a provider batch is waited for before it is canceled and its unanswered items go ordinary: past the 24
 * hours both providers give a batch to end.
 */
export const PROVIDER_BATCH_WAIT_MS = 25 * 3600_000;

/**
 * Items per group: a group's items' k samples fill at most one provider batch (items are packed in order without
 * splitting their samples, so a run never waits on two provider batches; a batch's items share one k, so the
 * packing is a slice of positions).
 */
export const itemsPerGroup = (batch: Pick<BatchDoc, 'workflow'>) =>
  Math.floor(PROVIDER_BATCH_MAX / confidenceSamples(batch.workflow));

/** The batch while its economy job may still act on it: not final, not deleted under it. */
export async function economyBatch(deps: BatchDeps, accountId: string, batchId: string): Promise<BatchDoc | null> {
  const batch = await findBatchForJob(deps.db, accountId, batchId);
  return batch && !FINAL_BATCH_STATUSES.has(batch.status) ? batch : null;
}

/**
 * Admits every item of a live economy batch (created once, charged once: admission is idempotent by position), none
 * of them started: they wait `queued` for their provider batch. Skipped once any provider batch exists (every item
 * was admitted before the first was submitted) or once the batch was stopped (its steps cancel what is left).
 * Answers the number of groups to submit.
 */
export async function admitEconomyItems(
  deps: BatchDeps,
  input: { accountId: string; batchId: string },
  beat: () => void,
): Promise<number> {
  const batch = await economyBatch(deps, input.accountId, input.batchId);
  if (!batch || batch.stop_reason) return 0;
  const groups = Math.ceil(batch.total / itemsPerGroup(batch));
  if (Object.keys(batch.economy_groups ?? {}).length > 0) return groups;
  const tenant = new TenantDb(deps.db, input.accountId);
  for (let from = 0; from < batch.total; from += ITEMS_PER_CHUNK)
    await admitEconomyItemRuns(deps, tenant, await batchItems(tenant, batch, from, from + ITEMS_PER_CHUNK), beat);
  await batchesCollection(tenant).updateOne(
    { _id: batch._id, status: 'queued' },
    { $set: { status: 'running', started_at: new Date() } },
  );
  return groups;
}

/** The run ids of a group's items, by position. */
export function groupRunIds(batch: Pick<BatchDoc, '_id' | 'total' | 'workflow'>, group: number): string[] {
  const per = itemsPerGroup(batch);
  const ids: string[] = [];
  for (let p = group * per; p < Math.min(batch.total, (group + 1) * per); p++) ids.push(batchItemRunId(batch._id, p));
  return ids;
}

/** The runs of a group still waiting for a provider batch: admitted, queued, not yet in one. */
export async function waitingRunsOf(deps: BatchDeps, batch: BatchDoc, group: number): Promise<RunDoc[]> {
  const tenant = new TenantDb(deps.db, batch.account_id);
  const runs = await findByIds(tenant.collection<RunDoc>(COLLECTIONS.runs), groupRunIds(batch, group));
  return runs.filter(
    (r) => r.economy && r.admission === 'admitted' && r.status === 'queued' && !FINAL_RUN_STATUSES.has(r.status),
  );
}

/**
 * Records a provider batch on its economy batch, unless its group already has one; answers the one in force. The
 * first thing done after the provider created it (a create is never retried: a second would be paid for twice), so
 * a retry finds it instead of creating another.
 */
export async function recordProviderBatch(
  deps: BatchDeps,
  batch: BatchDoc,
  key: string,
  record: EconomyGroupDoc,
): Promise<EconomyGroupDoc> {
  const tenant = new TenantDb(deps.db, batch.account_id);
  await batchesCollection(tenant).updateOne(
    { _id: batch._id, [`economy_groups.${key}`]: { $exists: false } },
    { $set: { [`economy_groups.${key}`]: record } },
  );
  const now = await batchesCollection(tenant).findOne({ _id: batch._id });
  return now?.economy_groups?.[key] ?? record;
}

/**
 * Records that a create of the group's provider batch is about to be sent (docs/decisions.md 793): the last attempt's
 * time and request count, read by a retry that finds no provider batch recorded. Never once one is.
 */
export async function recordSubmitIntent(
  deps: BatchDeps,
  batch: BatchDoc,
  key: string,
  intent: { at: Date; requests: number },
): Promise<void> {
  const tenant = new TenantDb(deps.db, batch.account_id);
  await batchesCollection(tenant).updateOne(
    { _id: batch._id, [`economy_groups.${key}`]: { $exists: false } },
    { $set: { [`economy_intents.${key}`]: intent } },
  );
}

/** A provider batch's status as last seen, and whether its answers are stored (or no longer awaited). */
export async function updateProviderBatch(
  deps: BatchDeps,
  batch: BatchDoc,
  key: string,
  update: Pick<EconomyGroupDoc, 'status'> & Partial<Pick<EconomyGroupDoc, 'collected'>>,
): Promise<void> {
  const tenant = new TenantDb(deps.db, batch.account_id);
  const set: Record<string, unknown> = { [`economy_groups.${key}.status`]: update.status };
  if (update.collected !== undefined) set[`economy_groups.${key}.collected`] = update.collected;
  await batchesCollection(tenant).updateOne({ _id: batch._id }, { $set: set });
}

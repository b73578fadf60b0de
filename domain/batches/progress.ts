/**
 * A batch's progress: the steps of its job (`runBatch`, workflows/run-batch.ts), the
 * reconciler's settlement of a batch whose job ended, and the rows of its results file.
 *
 * A step starts from the progress its job recorded (`BatchProgress`: the next position, the positions in flight,
 * the tallies of final items) and goes on for a few seconds: it reads the runs in flight, admits items while the
 * window (`max_concurrency`) and the account's limit (50 items in flight over its batches) leave room, or, once
 * nothing more may be admitted (canceled, the workflow no longer active), cancels the rest; then writes the counts
 * whole and answers the new progress. Every item's run has an id fixed by its position (./batches.ts), and admission
 * is idempotent (domain/runs/batch-items.ts), so a step retried after its worker died admits, charges and counts
 * nothing twice: it recomputes everything from the progress it was given and the runs as they are.
 */
import { randomUUID } from 'node:crypto';
import { COLLECTIONS } from '../platform/db';
import { ApiError } from '../http/errors';
import { LIMITS } from '../access/limits';
import { findByIds, TenantDb } from '../store';
import type { BatchProgress } from '../jobs/contract';
import type { EvaluationWorkflowDoc } from '../evaluation-workflows/evaluation-workflows';
import { publishEvent } from '../webhooks/publish-event';
import type { CreateRunDeps, RunDoc } from '../runs';
import { FINAL_RUN_STATUSES } from '../runs/schemas';
import { admitBatchItem, cancelUnadmittedItems, showUncharged } from '../runs/batch-items';
import { RUN_FAILURES } from '../runs/failures';
import { cancelRun } from '../runs/lifecycle';
import {
  batchesCollection,
  batchItemRunId,
  batchItems,
  batchView,
  findBatchForJob,
  ITEMS_PER_CHUNK,
  BATCHES,
  type BatchCountsDoc,
  type BatchDoc,
  type BatchStopReason,
} from './batches';
import { FINAL_BATCH_STATUSES, type BatchStatus } from './schemas';

export type BatchDeps = CreateRunDeps;

const POLL_MS = 100;
/** Items admitted side by side within a step. */
const ADMIT_AT_ONCE = 25;
/** Unadmitted items canceled per round of a step. */
const CANCEL_AT_ONCE = 500;

const IN_FLIGHT_FIELDS = { _id: 1, status: 1, admission: 1, livemode: 1, quoted_milli: 1, charged_milli: 1 };

const emptyProgress = (): BatchProgress => ({
  next: 0,
  inflight: [],
  done: { succeeded: 0, failed: 0, canceled: 0, refunded: 0, charged_milli: 0 },
});

const runsOf = (tenant: TenantDb) => tenant.collection<RunDoc>(COLLECTIONS.runs);

function tally(done: BatchProgress['done'], run: RunDoc): void {
  if (run.status === 'succeeded') {
    done.succeeded++;
    done.charged_milli += run.charged_milli ?? 0;
  } else if (run.status === 'failed') done.failed++;
  else if (run.status === 'canceled') done.canceled++;
  else if (run.status === 'refunded') done.refunded++;
}

const unadmittedCode = (reason: BatchStopReason) => (reason === 'canceled' ? 'batch_canceled' : reason);

/** Why an admitted item a batch cancel ends was canceled: the same reason as an item never admitted. */
const BATCH_CANCELED = { code: 'batch_canceled', message: RUN_FAILURES.batch_canceled.message } as const;

/** An admitted item still queued, canceled by its batch's cancel (refunded); answers its run as it then is. */
async function cancelQueuedItem(deps: BatchDeps, tenant: TenantDb, run: RunDoc): Promise<RunDoc> {
  return cancelRun(deps, tenant, run._id, BATCH_CANCELED).catch((err: unknown) => {
    // It started (or failed) meanwhile: it finishes as its job settles it.
    if (!(err instanceof ApiError)) throw err;
    return run;
  });
}

/**
 * The guard of a step's writes to its batch: the step's claim (`step_claim`, written when the step starts). A newer
 * attempt of the step (this one's heartbeat timed out, and Temporal retried it) writes its own claim, after which
 * every write of this one matches nothing and it stops: a stale step never overwrites the counts or the `inflight`
 * the account's limit reads. The newest attempt wins, as it is the one Temporal waits for.
 */
const claimedBy = (batch: BatchDoc, claim: string) => ({
  _id: batch._id,
  status: { $in: ['queued', 'running'] as BatchStatus[] },
  step_claim: claim,
});

async function inGroups<T, R>(items: T[], size: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(f))));
  return out;
}

/** Whether the batch's workflow still admits runs (active, not deleted). */
async function workflowActive(tenant: TenantDb, workflowId: string): Promise<boolean> {
  const workflow = await tenant
    .collection<EvaluationWorkflowDoc>(COLLECTIONS.workflows)
    .findOne({ _id: workflowId }, { projection: { status: 1, deleted_at: 1 } });
  return Boolean(workflow && !workflow.deleted_at && workflow.status === 'active');
}

/** Sets why the batch admits nothing more, unless a reason is set already; answers the reason in force. */
async function stopAdmitting(tenant: TenantDb, batch: BatchDoc, reason: BatchStopReason): Promise<BatchStopReason> {
  const stopped = await batchesCollection(tenant).findOneAndUpdate(
    { _id: batch._id, stop_reason: null },
    { $set: { stop_reason: reason } },
    { returnDocument: 'after' },
  );
  return (stopped ?? (await batchesCollection(tenant).findOne({ _id: batch._id })))?.stop_reason ?? reason;
}

/** Items of the account's other unfinished batches in flight, as their jobs last wrote them. */
async function othersInFlight(tenant: TenantDb, batchId: string): Promise<number> {
  const others = await BATCHES.members('unfinished', tenant);
  return others.filter((b) => b._id !== batchId).reduce((sum, b) => sum + (b.inflight ?? 0), 0);
}

/**
 * How many items this step may admit: the batch's window and the account's limit over its batches. The room is
 * claimed before it is used: `inflight` is written as what will be in flight, then the others'
 * are read again, and the room shrinks to what is left. Of two batches claiming at once, the one that reads second
 * has seen the first's claim, so together they never pass the limit; when each saw the other's claim both shrink,
 * and the caller waits a random extra moment before trying again so they do not collide step after step. A claim
 * larger than what was admitted (an item refused at once, a step that died) only holds others back until this
 * batch's next write of its counts.
 */
async function claimRoom(
  tenant: TenantDb,
  batch: BatchDoc,
  own: number,
  claim: string,
): Promise<{ room: number; claimed: boolean; shrunk: boolean; lost?: true }> {
  const limit = LIMITS.batchItemsInFlightPerAccount;
  // Economy items waiting at the provider count nowhere: in flight is a model call of ours holding a worker's slot,
  // which they take only when these steps run them (docs/decisions.md 761).
  let room = Math.min(batch.max_concurrency - own, limit - own - (await othersInFlight(tenant, batch._id)));
  if (room <= 0) return { room: 0, claimed: false, shrunk: false };
  const publish = async (inflight: number) =>
    (await batchesCollection(tenant).updateOne(claimedBy(batch, claim), { $set: { inflight } })).matchedCount === 1;
  if (!(await publish(own + room))) return { room: 0, claimed: false, shrunk: false, lost: true };
  const left = limit - own - (await othersInFlight(tenant, batch._id));
  if (left >= room) return { room, claimed: true, shrunk: false };
  room = Math.max(0, left);
  if (!(await publish(own + room))) return { room: 0, claimed: false, shrunk: false, lost: true };
  return { room, claimed: true, shrunk: true };
}

function countsOf(batch: BatchDoc, progress: BatchProgress, running: number): BatchCountsDoc {
  const { succeeded, failed, canceled, refunded } = progress.done;
  const queued = batch.total - succeeded - failed - canceled - refunded - running;
  return { total: batch.total, queued, running, succeeded, failed, canceled, refunded };
}

/**
 * One step of a batch's job: at most `stepMs` of admitting, canceling and watching, then the progress to record.
 * `status` is the batch's final status once it is final (the job then ends), else null.
 */
export async function advanceBatch(
  deps: BatchDeps,
  input: { accountId: string; batchId: string; progress?: BatchProgress },
  options: { stepMs: number; beat?: () => void },
): Promise<{ progress: BatchProgress; status: BatchStatus | 'missing' | null }> {
  const tenant = new TenantDb(deps.db, input.accountId);
  const progress: BatchProgress = structuredClone(input.progress ?? emptyProgress());
  let batch = await findBatchForJob(deps.db, input.accountId, input.batchId);
  // Its database was dropped or restored under it: nothing to admit, charge or settle.
  if (!batch) return { progress, status: 'missing' };
  if (FINAL_BATCH_STATUSES.has(batch.status)) {
    await afterFinal(deps, batch);
    return { progress, status: batch.status };
  }
  const claim = randomUUID();
  await batchesCollection(tenant).updateOne(
    { _id: batch._id, status: { $in: ['queued', 'running'] } },
    { $set: { step_claim: claim } },
  );
  const deadline = Date.now() + options.stepMs;
  let lastWritten = '';
  let collided = false;
  for (;;) {
    // The runs in flight: the final ones are tallied and leave the window.
    // What a step needs of a run in flight, not its output: these are read every POLL_MS.
    const flying = await findByIds(
      runsOf(tenant),
      progress.inflight.map((p) => batchItemRunId(batch!._id, p)),
      {},
      { projection: IN_FLIGHT_FIELDS },
    );
    const byId = new Map(flying.map((r) => [r._id, r]));
    let running = 0;
    let heldMilli = 0;
    const still: number[] = [];
    for (const position of progress.inflight) {
      const run = byId.get(batchItemRunId(batch._id, position));
      if (run && FINAL_RUN_STATUSES.has(run.status)) {
        tally(progress.done, run);
        continue;
      }
      still.push(position);
      if (run?.status === 'running') running++;
      if (run?.livemode && run.admission === 'admitted') heldMilli += run.quoted_milli;
    }
    progress.inflight = still;

    let stop = batch.stop_reason;
    // The workflow is asked only when there is something left to admit (it is a read per poll otherwise).
    if (!stop && progress.next < batch.total && !(await workflowActive(tenant, batch.workflow_id)))
      stop = await stopAdmitting(tenant, batch, 'workflow_not_active');
    if (stop === 'canceled') {
      // Queued items are canceled (refunded when they were charged) and leave the window; running ones finish.
      for (const run of flying) {
        if (run.status !== 'queued' || run.admission !== 'admitted') continue;
        const canceled = await cancelQueuedItem(deps, tenant, run);
        if (!FINAL_RUN_STATUSES.has(canceled.status)) continue;
        tally(progress.done, canceled);
        progress.inflight = progress.inflight.filter((p) => batchItemRunId(batch!._id, p) !== run._id);
        if (run.livemode) heldMilli -= run.quoted_milli;
      }
    }
    if (stop && progress.next < batch.total) {
      const items = await batchItems(tenant, batch, progress.next, progress.next + CANCEL_AT_ONCE);
      const runs = await cancelUnadmittedItems(deps, tenant, items, unadmittedCode(stop));
      runs.forEach((run, i) => {
        if (FINAL_RUN_STATUSES.has(run.status)) tally(progress.done, run);
        else progress.inflight.push(items[i]!.position);
      });
      progress.next += items.length;
    } else if (!stop && progress.next < batch.total && progress.inflight.length < batch.max_concurrency) {
      const claimed = await claimRoom(tenant, batch, progress.inflight.length, claim);
      if (claimed.lost) return { progress, status: null };
      collided = claimed.shrunk;
      // A claim was written as `inflight`: the counts below are written again even when they look unchanged.
      if (claimed.claimed) lastWritten = '';
      const room = claimed.room;
      if (room > 0) {
        const items = await batchItems(tenant, batch, progress.next, progress.next + room);
        const runs = await inGroups(items, ADMIT_AT_ONCE, (item) => admitBatchItem(deps, tenant, item));
        runs.forEach((run, i) => {
          if (FINAL_RUN_STATUSES.has(run.status)) tally(progress.done, run);
          else {
            progress.inflight.push(items[i]!.position);
            if (run.livemode) heldMilli += run.quoted_milli;
          }
        });
        progress.next += items.length;
      }
    }

    if (progress.next >= batch.total && progress.inflight.length === 0) {
      return { progress, status: await finalizeBatch(deps, batch, progress, claim) };
    }
    const counts = countsOf(batch, progress, running);
    const written = JSON.stringify([counts, progress.inflight.length, heldMilli]);
    if (written !== lastWritten) {
      lastWritten = written;
      const { matchedCount } = await batchesCollection(tenant).updateOne(claimedBy(batch, claim), {
        $set: {
          counts,
          inflight: progress.inflight.length,
          charged_milli: progress.done.charged_milli + heldMilli,
          status: 'running',
          started_at: batch.started_at ?? new Date(),
        },
      });
      // Lost to a newer attempt of the step (or the batch ended meanwhile): the next step reads where it stands.
      if (matchedCount === 0) return { progress, status: null };
    }
    if (Date.now() >= deadline) return { progress, status: null };
    options.beat?.();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS + (collided ? Math.random() * POLL_MS : 0)));
    batch = (await findBatchForJob(deps.db, input.accountId, input.batchId)) ?? batch;
    if (FINAL_BATCH_STATUSES.has(batch.status)) {
      await afterFinal(deps, batch);
      return { progress, status: batch.status };
    }
  }
}

/**
 * The final status and counts, once; then what follows a final batch (./afterFinal). `claim`: a step's, which must
 * still hold (else null: the step lost its claim, and a newer one ends the batch).
 */
async function finalizeBatch(
  deps: BatchDeps,
  batch: BatchDoc,
  progress: BatchProgress,
  claim?: string,
): Promise<BatchStatus | null> {
  const tenant = new TenantDb(deps.db, batch.account_id);
  const { done } = progress;
  const status: BatchStatus =
    batch.stop_reason === 'canceled'
      ? 'canceled'
      : done.succeeded === batch.total
        ? 'succeeded'
        : 'completed_with_failures';
  const final =
    (await batchesCollection(tenant).findOneAndUpdate(
      claim ? claimedBy(batch, claim) : { _id: batch._id, status: { $in: ['queued', 'running'] } },
      {
        $set: {
          status,
          counts: countsOf(batch, progress, 0),
          inflight: 0,
          charged_milli: done.charged_milli,
          started_at: batch.started_at ?? new Date(),
          finished_at: new Date(),
        },
      },
      { returnDocument: 'after' },
    )) ?? (await batchesCollection(tenant).findOne({ _id: batch._id }))!;
  if (!FINAL_BATCH_STATUSES.has(final.status)) return null;
  await afterFinal(deps, final);
  return final.status;
}

/** `batch.completed` (once: its dedupe key), then off the account's unfinished batches and the watch list. */
async function afterFinal(deps: BatchDeps, batch: BatchDoc): Promise<void> {
  const tenant = new TenantDb(deps.db, batch.account_id);
  await publishEvent(deps, {
    accountId: batch.account_id,
    type: 'batch.completed',
    dedupeKey: `batch.completed:${batch._id}`,
    data: { batch: batchView(batch) },
  });
  await BATCHES.release(deps.db, batch);
}

/**
 * The reconciler's settlement of a batch whose job closed without ending it (terminated, failed): nothing more is
 * admitted (`execution_ended`, unless a cancel or the workflow stopped it first), every item never admitted gets
 * its run `canceled` (never charged), and once every item's run is final the batch ends with counts read from the
 * runs themselves. Items still running are their runs' own jobs (settled by the reconciler like any run): the batch
 * waits for them, pass after pass. Answers whether the batch is final.
 */
export async function settleBatchWithoutJob(deps: BatchDeps, batch: BatchDoc, beat?: () => void): Promise<boolean> {
  const tenant = new TenantDb(deps.db, batch.account_id);
  const stop = batch.stop_reason ?? (await stopAdmitting(tenant, batch, 'execution_ended'));
  const progress = emptyProgress();
  let running = 0;
  for (let from = 0; from < batch.total; from += ITEMS_PER_CHUNK) {
    beat?.();
    const items = await batchItems(tenant, batch, from, from + ITEMS_PER_CHUNK);
    const found = await findByIds(
      runsOf(tenant),
      items.map((i) => i.runId),
    );
    const byId = new Map(found.map((r) => [r._id, r]));
    const absent = items.filter((item) => !byId.has(item.runId));
    for (const run of await cancelUnadmittedItems(deps, tenant, absent, unadmittedCode(stop))) byId.set(run._id, run);
    for (const item of items) {
      let run = byId.get(item.runId)!;
      // An admission refused, or abandoned by the run reconciler (which then leaves the run alone): only the batch's
      // job would have shown it failed, and the job is gone.
      if (run.admission === 'rejected') run = await showUncharged(deps, tenant, run);
      // An economy item still waiting for its provider batch has no job: nothing else would ever end it.
      if ((stop === 'canceled' || run.economy) && run.status === 'queued' && run.admission === 'admitted')
        run = await cancelQueuedItem(deps, tenant, run);
      if (FINAL_RUN_STATUSES.has(run.status)) tally(progress.done, run);
      else {
        progress.inflight.push(item.position);
        if (run.status === 'running') running++;
      }
    }
  }
  progress.next = batch.total;
  if (progress.inflight.length > 0) {
    await batchesCollection(tenant).updateOne(
      { _id: batch._id, status: { $in: ['queued', 'running'] } },
      { $set: { counts: countsOf(batch, progress, running), inflight: progress.inflight.length } },
    );
    return false;
  }
  await finalizeBatch(deps, batch, progress);
  return true;
}

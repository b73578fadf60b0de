/**
 * The reconciler (docs/decisions.md 429, 430, 432): one bounded pass, run every minute by the Schedule
 * `assay-reconciler` (workflows/reconcile.ts). It finds runs, documents and reference documents that are not in a
 * final state although their job is closed — terminated by an operator, timed out, failed — or was never started
 * (a request that died half-way), and settles each through the owner's own transition, so a settlement is the same
 * whoever reaches it first and happens once:
 *   run        → `failed` (`execution_ended`, `timeout`, or `creation_failed` when no job exists), full refund,
 *                `run.failed` (domain/runs/lifecycle.ts);
 *   document   → `failed` with a reason when its extraction job closed; the job (re)started when there is none;
 *   reference  → `failed` with a reason when its indexing job closed; the job (re)started when there is none;
 *   delivery   → its job started when a pending delivery has none (published while Temporal was away); `failed`
 *                when its job closed without settling it (not counted against the endpoint);
 *   generation → a live prompt generation whose request died before settling its charge: refunded.
 * A job that is running is left alone, however long it has waited in the queue. A missing job is acted on only
 * after GRACE_MS, so a request still between its write and its start is never raced.
 *
 * Only records whose `job_namespace` is this process's namespace are considered: several namespaces may share a
 * database (the tests do), and a job is looked up in its own namespace only.
 *
 * The candidates come from the watch list the store keeps (domain/store/watched-items.ts), never from scanning the
 * items' collections, which the embedded store can only do in full; `sweepWatchList` is the hourly safety net that
 * watches open items nobody watched. Work per pass is bounded (BATCH per kind); a cursor per kind (by `created_at`)
 * moves through the backlog, so long queued runs at the front never starve the rest, and wraps to the start when it
 * reaches the end. It also purges expired idempotency records and finished webhook deliveries past retention
 * (docs/decisions.md 432; hourly, docs/decisions.md 248).
 */
import type { Db, Document } from 'mongodb';
import type { Config } from '../platform/config';
import type { Storage } from '../platform/storage';
import { COLLECTIONS } from '../platform/db';
import { settleExtractionEnded, type DocumentDoc } from '../documents/documents';
import { EVENT_RETENTION_DAYS } from '../webhooks/events';
import {
  deliver,
  describeJob,
  indexReference,
  isClosed,
  jobIds,
  startBatchJob,
  startExtraction,
  type JobStatus,
  type TemporalHandle,
} from '../jobs';
import { settleIndexingEnded, type ReferenceDocumentDoc } from '../documents/reference-documents';
import type { RunDoc } from '../runs';
import { abandonPendingRun, finishSettlement, settleEndedRun } from '../runs/lifecycle';
import {
  ABANDONED_GENERATION_MS,
  settleAbandonedGeneration,
  UNSETTLED_GENERATIONS,
} from '../catalog/prompt-generation';
import { DELIVERIES } from '../webhooks/delivery-record';
import { deliveryPolicy, settleAbandonedDelivery, type WebhookDeliveryDoc } from '../webhooks/deliveries';
import { batchJobOf, type BatchDoc } from '../batches/batches';
import { settleBatchWithoutJob } from '../batches/progress';
import { readWatched, watchUnwatched } from '../store';

/** How long an idempotency record answers (domain/access/idempotency.ts checks the same 24 h on every read). */
const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface ReconcilerDeps {
  db: Db;
  config: Config;
  temporal: TemporalHandle;
  /** For the pages an ended extraction kept (docs/decisions.md 317). */
  storage: Storage;
}

/** Records looked at per kind and pass. */
export const RECONCILE_BATCH = 100;
/** How long a record may wait for its job to appear before the missing job counts as never started. */
export const GRACE_MS = 60_000;

export interface ReconcileReport {
  runs: { checked: number; settled: number };
  documents: { checked: number; settled: number; restarted: number };
  references: { checked: number; settled: number; restarted: number };
  deliveries: { checked: number; settled: number; restarted: number };
  purged: { idempotency: number; deliveries: number; keys: number };
}

type Kind = 'runs' | 'documents' | 'references' | 'deliveries' | 'batches';

const olderThanGrace = (at: Date | null | undefined, now: Date) => !at || now.getTime() - at.getTime() > GRACE_MS;

/**
 * The kinds whose watched items' jobs may need settling here (a generation is its ledger charge, settled by its
 * deadline; an upload has no job; a calibration is domain/operations/reconcile-calibrations.ts's).
 */
type ItemKind = Kind;

/** What "may need the reconciler" means per kind: the query of the hourly sweep and the check of each watched item. */
const OPEN = {
  runs: {
    collection: COLLECTIONS.runs,
    filter: { status: { $in: ['queued', 'running'] }, admission: { $in: ['pending', 'admitted'] } },
    // A failed or canceled run still watched had its settlement interrupted after the status (the entry goes last).
    isOpen: (d: Document) =>
      ['queued', 'running', 'failed', 'canceled'].includes(d.status) && ['pending', 'admitted'].includes(d.admission),
    since: (d: Document) => d.created_at as Date,
  },
  documents: {
    collection: COLLECTIONS.documents,
    filter: { status: 'extracting' },
    isOpen: (d: Document) => d.status === 'extracting',
    since: (d: Document) => (d.completed_at ?? d.created_at) as Date,
  },
  references: {
    collection: COLLECTIONS.referenceDocuments,
    filter: { status: 'processing', indexing_started_at: { $ne: null } },
    isOpen: (d: Document) => d.status === 'processing' && d.indexing_started_at != null,
    since: (d: Document) => (d.indexing_started_at ?? d.created_at) as Date,
  },
  deliveries: {
    collection: COLLECTIONS.webhookDeliveries,
    filter: { status: 'pending' },
    isOpen: (d: Document) => d.status === 'pending',
    since: (d: Document) => d.created_at as Date,
  },
  batches: {
    collection: COLLECTIONS.batches,
    filter: { status: { $in: ['queued', 'running'] } },
    isOpen: (d: Document) => ['queued', 'running'].includes(d.status),
    since: (d: Document) => d.created_at as Date,
  },
} as const satisfies Record<ItemKind, unknown>;

/** This pass's open items of `kind`, from the watch list (the store reads it; `OPEN` says what open means). */
function watchedItems<T extends Document>(deps: ReconcilerDeps, kind: ItemKind, now: Date): Promise<T[]> {
  return readWatched<T>(
    deps.db,
    { kind, ...OPEN[kind] },
    {
      namespace: deps.temporal.namespace,
      now,
      limit: RECONCILE_BATCH,
      graceMs: GRACE_MS,
    },
  );
}

/**
 * The safety net under the watch list (hourly, activities/reconcile.ts): every open item of this namespace that is
 * not watched gets watched — items from before the list existed, or written by a process that did not watch them. On
 * the embedded store this reads whole collections, which is why it is not every pass. Answers the entries added.
 */
export async function sweepWatchList(deps: ReconcilerDeps): Promise<number> {
  const kinds = Object.keys(OPEN) as ItemKind[];
  return watchUnwatched(
    deps.db,
    kinds.map((kind) => ({ kind, ...OPEN[kind] })),
    deps.temporal.namespace,
  );
}

export async function reconcileRuns(deps: ReconcilerDeps, now = new Date()): Promise<ReconcileReport['runs']> {
  const runs = await watchedItems<RunDoc>(deps, 'runs', now);
  let settled = 0;
  for (const run of runs) {
    if (await finishSettlement(deps, run)) {
      settled++;
      continue;
    }
    const job = await describeJob(deps.temporal, jobIds.run(run._id));
    const input = { accountId: run.account_id, runId: run._id };
    if (job.status === 'running') continue;
    if (job.status === 'not_found') {
      // An economy item waits for its provider batch with no job of its own: its batch's job (or, that gone, the
      // batch's settlement) starts or cancels it (docs/decisions.md 761).
      if (run.economy && run.admission === 'admitted' && run.status === 'queued') continue;
      if (!olderThanGrace(run.created_at, now)) continue;
      // Creation died before its job started: a hidden run stays hidden (and uncharged); an admitted one fails.
      if (run.admission === 'pending') await abandonPendingRun(deps.db, run.account_id, run._id);
      else await settleEndedRun(deps, input, 'creation_failed');
    } else {
      await settleEndedRun(deps, input, job.status === 'timed_out' ? 'timeout' : 'execution_ended');
    }
    settled++;
  }
  return { checked: runs.length, settled };
}

/**
 * Batches whose job is not running (docs/decisions.md 502): a job that closed without ending its batch (terminated,
 * failed) leaves it to `settleBatchWithoutJob` (the rest canceled, the batch final once its items are); a job that
 * never started (the request died after writing the batch) is started once the grace period has passed. A running
 * job is left alone: it ends its batch itself.
 */
export async function reconcileBatches(
  deps: ReconcilerDeps,
  now = new Date(),
  beat?: () => void,
): Promise<{ checked: number; settled: number; restarted: number }> {
  const batches = await watchedItems<BatchDoc>(deps, 'batches', now);
  let settled = 0;
  let restarted = 0;
  for (const batch of batches) {
    const status = await jobOf(deps, jobIds.batch(batch._id));
    if (status === 'running') continue;
    if (status === 'not_found') {
      if (!olderThanGrace(batch.created_at, now)) continue;
      await startBatchJob(deps.temporal, batchJobOf(batch));
      restarted++;
    } else if (await settleBatchWithoutJob(deps, batch, beat)) settled++;
  }
  return { checked: batches.length, settled, restarted };
}

/**
 * Live prompt generations whose request never settled its charge (docs/decisions.md 279): watched for longer than
 * any request waits, so their request is gone. Each is refunded and taken off the list.
 */
export async function reconcileGenerations(
  deps: ReconcilerDeps,
  now = new Date(),
): Promise<{ checked: number; refunded: number }> {
  const abandoned = await UNSETTLED_GENERATIONS.due(deps.db, {
    namespace: deps.temporal.namespace,
    before: new Date(now.getTime() - ABANDONED_GENERATION_MS),
    limit: RECONCILE_BATCH,
  });
  let refunded = 0;
  for (const due of abandoned)
    if (await settleAbandonedGeneration(deps.db, due.accountId, due.itemId, due.at)) refunded++;
  return { checked: abandoned.length, refunded };
}

async function jobOf(deps: ReconcilerDeps, id: string): Promise<JobStatus> {
  return (await describeJob(deps.temporal, id)).status;
}

export async function reconcileDocuments(
  deps: ReconcilerDeps,
  now = new Date(),
): Promise<ReconcileReport['documents']> {
  const docs = await watchedItems<DocumentDoc>(deps, 'documents', now);
  let settled = 0;
  let restarted = 0;
  for (const doc of docs) {
    const status = await jobOf(deps, jobIds.extractDocument(doc._id));
    if (status === 'not_found') {
      if (!olderThanGrace(doc.completed_at, now)) continue;
      await startExtraction(deps.temporal, { accountId: doc.account_id, docId: doc._id });
      restarted++;
    } else if (isClosed(status)) {
      // A completed job recorded its outcome before completing; one that did not (or closed otherwise) ends here.
      if (
        await settleExtractionEnded(
          deps.db,
          deps.storage,
          doc.account_id,
          doc._id,
          `Extraction did not finish (the job ended as ${status}); upload the file again as a new document.`,
        )
      )
        settled++;
    }
  }
  return { checked: docs.length, settled, restarted };
}

export async function reconcileReferences(
  deps: ReconcilerDeps,
  now = new Date(),
): Promise<ReconcileReport['references']> {
  const refs = await watchedItems<ReferenceDocumentDoc>(deps, 'references', now);
  let settled = 0;
  let restarted = 0;
  for (const ref of refs) {
    const status = await jobOf(deps, jobIds.indexReferenceDocument(ref._id));
    if (status === 'not_found') {
      if (!olderThanGrace(ref.indexing_started_at, now)) continue;
      await indexReference(deps.temporal, { accountId: ref.account_id, refId: ref._id });
      restarted++;
    } else if (isClosed(status)) {
      if (
        await settleIndexingEnded(
          deps.db,
          deps.storage,
          ref.account_id,
          ref._id,
          `Indexing did not finish (the job ended as ${status}); upload the file again.`,
        )
      )
        settled++;
    }
  }
  return { checked: refs.length, settled, restarted };
}

/**
 * Pending deliveries whose job never started: an event published while Temporal was away (a run failed because
 * its job could not start publishes `run.failed` into the same outage). Their job is started now. And pending
 * deliveries whose job has ended without settling them (terminated, failed, timed out): settled `failed`.
 */
export async function reconcileDeliveries(
  deps: ReconcilerDeps,
  now = new Date(),
): Promise<ReconcileReport['deliveries']> {
  const pending = await watchedItems<WebhookDeliveryDoc>(deps, 'deliveries', new Date(now.getTime() - GRACE_MS));
  let settled = 0;
  let restarted = 0;
  for (const delivery of pending) {
    const status = await jobOf(deps, jobIds.delivery(delivery._id));
    if (status === 'not_found') {
      await deliver(deps.temporal, {
        accountId: delivery.account_id,
        deliveryId: delivery._id,
        policy: deliveryPolicy(deps.config),
      });
      restarted++;
    } else if (isClosed(status) && (await settleAbandonedDelivery(deps.db, delivery, now))) settled++;
  }
  return { checked: pending.length, settled, restarted };
}

/**
 * Idempotency records past their 24 h, and finished deliveries and natural keys past the event retention (docs/decisions.md
 * 432).
 */
export async function purgeExpired(db: Db, now = new Date()): Promise<ReconcileReport['purged']> {
  const idem = await db
    .collection(COLLECTIONS.idempotencyKeys)
    .deleteMany({ created_at: { $lt: new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS) } });
  const cutoff = new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000);
  // Never an endpoint's tombstone, which has no `created_at` and is kept as long as its endpoint.
  const expired = { created_at: { $lt: cutoff }, status: { $ne: 'pending' as const }, ...DELIVERIES.notClosed };
  // The keys that made events and deliveries once go with the same retention.
  const keys = await DELIVERIES.purgeKeys(db, cutoff);
  const deliveries = await DELIVERIES.purge(db, expired, cutoff, ['endpoint_id']);
  return { idempotency: idem.deletedCount, deliveries, keys };
}

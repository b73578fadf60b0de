/**
 * Webhook deliveries: one `whd_…` record per (event, endpoint), created before its `deliverWebhook` workflow (whose
 * id it is), holding every attempt. Also what integrators do with them (list per endpoint, retry now) and the
 * rule that 20 consecutive failed deliveries disable an endpoint (docs/decisions.md 419).
 */
import type { Db } from 'mongodb';
import type { Config } from '../platform/config';
import { COLLECTIONS } from '../platform/db';
import { errors } from '../http/errors';
import type { Cursors, PageQuery } from '../http/pagination';
import { DELIVERY_LIST_NAME } from './delivery-list';
import {
  EVENT_RETENTION_DAYS,
  findEvent,
  requireEventScopes,
  retentionCutoff,
  type EventDoc,
  type EventType,
} from './events';
import type { Scope } from '../access/scopes';
import { retryDeliveryJob, type TemporalHandle } from '../jobs';
import type { TenantDb } from '../store';
import { endpointCollection, endpointNotActive, getWebhookEndpoint, type WebhookEndpointDoc } from './endpoints';
import type { DeliveryPolicy } from '../jobs/contract';
import { lists, NOT_CLOSED, unwatchJob, UNWATCHED, watchJob, watchMark, type ListSpec, type MarkWrite } from '../store';

export interface WebhookAttemptDoc {
  /** `<workflow run id>:<n>`: a retried activity finds its own attempt and never records it twice. */
  key: string;
  at: Date;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  response_body: string | null;
  outcome: AttemptOutcome;
}

/** `retry`: failed, the schedule goes on; `gone`: 410, stop at once; `stopped`: the endpoint is disabled or deleted. */
export type AttemptOutcome = 'succeeded' | 'retry' | 'gone' | 'stopped';

export interface WebhookDeliveryDoc {
  _id: string;
  account_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: EventType;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: WebhookAttemptDoc[];
  created_at: Date;
  finished_at: Date | null;
  /** The Temporal namespace of its job: the reconciler starts a pending delivery whose job never started. */
  job_namespace?: string;
  /** Its position in its endpoint's delivery list (domain/store/). */
  list_pos?: number;
  /** Under `query`, while pending: when the reconciler's grace period starts (domain/store/watch.ts, docs/decisions.md 305). */
  watched_since?: Date;
}

/**
 * The delivery's watch mark written by its owner (domain/store/watch.ts): cleared where it settles, set by the
 * reconciler on a delivery a `pages` process watched by an entry.
 */
export function writeDeliveryMark(db: Db, delivery: Pick<WebhookDeliveryDoc, '_id' | 'account_id'>): MarkWrite {
  return (update) =>
    db
      .collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries)
      .updateOne({ _id: delivery._id, account_id: delivery.account_id }, update);
}

/**
 * One delivery list per endpoint (domain/store/). A finished delivery's snapshot is trusted: only a
 * redelivery changes it again, and `retryDelivery` claims the entry first. Its head's `live` mark: delivery-list.ts.
 */
export const DELIVERY_LIST: ListSpec<WebhookDeliveryDoc> = {
  name: DELIVERY_LIST_NAME,
  collection: COLLECTIONS.webhookDeliveries,
  scopeOf: (doc) => doc.endpoint_id,
  settled: (doc) => doc.status !== 'pending',
  scopeField: 'endpoint_id',
  shapes: [{ equal: [], other: ['created_at', 'status'] }],
  expiring: true,
  // Closed by a tombstone when its endpoint is deleted (delivery-list.ts, docs/decisions.md 309); the endpoints deleted
  // before tombstones existed get theirs once, at start-up.
  closedScopes: async (db) =>
    (
      await db
        .collection<WebhookEndpointDoc>(COLLECTIONS.webhookEndpoints)
        .find({ deleted_at: { $ne: null } }, { projection: { _id: 1, account_id: 1, deleted_at: 1 } })
        .toArray()
    ).map((e) => ({ accountId: e.account_id, scope: e._id, at: e.deleted_at! })),
};

/** Consecutive failed deliveries after which an endpoint is disabled. */
export const DISABLE_AFTER_FAILURES = 20;

/** Bytes of an answer kept on the attempt. */
export const RESPONSE_BODY_LIMIT = 1024;

export function deliveryPolicy(config: Config): DeliveryPolicy {
  return {
    delaysS: config.WEBHOOK_RETRY_SCHEDULE_S,
    windowS: config.WEBHOOK_RETRY_WINDOW_S,
    timeoutS: config.WEBHOOK_TIMEOUT_S,
  };
}

export function webhookDeliveryView(doc: WebhookDeliveryDoc) {
  return {
    id: doc._id,
    object: 'webhook_delivery' as const,
    endpoint_id: doc.endpoint_id,
    event_id: doc.event_id,
    event_type: doc.event_type,
    status: doc.status,
    attempts: doc.attempts.map((a) => ({
      attempted_at: a.at.toISOString(),
      status_code: a.status_code,
      latency_ms: a.latency_ms,
      error: a.error,
      response_body: a.response_body,
    })),
    created_at: doc.created_at.toISOString(),
    finished_at: doc.finished_at?.toISOString() ?? null,
  };
}

const deliveries = (tenant: TenantDb) => tenant.collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries);

export async function listEndpointDeliveries(tenant: TenantDb, endpointId: string, page: PageQuery, cursors: Cursors) {
  // Finished deliveries past retention are purged (domain/operations/reconciler.ts); shown until then no longer.
  const cutoff = retentionCutoff();
  const { items, next_cursor, live, closed } = await lists().read(tenant, DELIVERY_LIST, {
    scope: endpointId,
    page,
    cursors,
    cursorScope: `deliveries:${endpointId}`,
    filter: { $or: [{ status: 'pending' }, { created_at: { $gte: cutoff } }] },
  });
  // A list that vouches for its endpoint (delivery-list.ts, `pages`), or a page of deliveries read with no tombstone
  // in the same command (`query`: the endpoint's deletion had not begun, docs/decisions.md 309): one read fewer.
  // Otherwise (an empty page, a tombstone, `pages` without its mark) the endpoint is looked up, and its 404 (a
  // deleted or unknown endpoint) wins over what the list read.
  const vouched = live || (closed === false && items.length > 0);
  if (!vouched) await getWebhookEndpoint(tenant, endpointId);
  return { data: items.map(webhookDeliveryView), next_cursor };
}

/**
 * A new attempt now, for the same event (the jobs gateway signals a running delivery or restarts a finished one).
 */
export async function retryDelivery(
  deps: { temporal: TemporalHandle; config: Config },
  tenant: TenantDb,
  caller: { scopes: readonly Scope[] },
  deliveryId: string,
) {
  const delivery = await deliveries(tenant).findOne({ _id: deliveryId, ...NOT_CLOSED });
  if (!delivery) throw errors.notFound('webhook delivery');
  // A redelivery sends the event's payload again: only to a caller who may read it (docs/decisions.md 425).
  requireEventScopes(caller.scopes, [delivery.event_type]);
  const endpoint = await endpointCollection(tenant).findOne({ _id: delivery.endpoint_id, deleted_at: null });
  if (!endpoint) throw errors.notFound('webhook delivery');
  if (endpoint.status !== 'active') throw endpointNotActive(endpoint);
  // A purged event has no body left to send; without this check the delivery would reopen and never settle.
  if (!(await findEvent(tenant, delivery.event_id))) {
    throw errors.conflict(
      'event_expired',
      `The event of this delivery is older than ${EVENT_RETENTION_DAYS} days and no longer kept.`,
    );
  }
  // Watched again before it reopens (domain/store/watch.ts), from now: should this request die before its job starts,
  // the reconciler settles the delivery once the grace period has passed, instead of it staying pending.
  const db = tenant.rawDb();
  const watch = { id: deliveryId, accountId: tenant.accountId, namespace: deps.temporal.namespace, since: new Date() };
  const watched = await watchJob(db, 'deliveries', watch);
  const reopened = await lists().change(tenant, DELIVERY_LIST, delivery, () =>
    deliveries(tenant).findOneAndUpdate(
      { _id: deliveryId, status: { $ne: 'pending' } },
      { $set: { status: 'pending', finished_at: null, ...watchMark('deliveries', watch.since) } },
    ),
  );
  try {
    await retryDeliveryJob(deps.temporal, {
      accountId: tenant.accountId,
      deliveryId,
      policy: deliveryPolicy(deps.config),
      once: true,
    });
  } catch (err) {
    // No job: the delivery goes back to what it was, so the refused request (503) leaves nothing changed. A start the
    // server took after all settles it again, and unwatches it, itself.
    if (reopened) {
      await deliveries(tenant).updateOne(
        { _id: deliveryId, status: 'pending' },
        { $set: { status: delivery.status, finished_at: delivery.finished_at }, $unset: UNWATCHED },
      );
      if (watched === 'added') await unwatchJob(db, 'deliveries', deliveryId);
    }
    throw err;
  }
  return reopened ?? (await deliveries(tenant).findOne({ _id: deliveryId }))!;
}

/**
 * A delivery whose job ended without settling it (an operator terminated it, or it failed past its retries or timed
 * out): settled `failed` while still pending, and taken off the watch list. Not counted against its endpoint, which
 * did not fail: its job ended. Answers whether it changed the delivery.
 */
export async function settleAbandonedDelivery(
  db: Db,
  delivery: Pick<WebhookDeliveryDoc, '_id' | 'account_id'>,
  now = new Date(),
): Promise<boolean> {
  const res = await db
    .collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries)
    .updateOne(
      { _id: delivery._id, account_id: delivery.account_id, status: 'pending' },
      { $set: { status: 'failed', finished_at: now }, $unset: UNWATCHED },
    );
  // The watch entry (`pages`); a delivery settled by another meanwhile keeps no mark either (its settlement cleared it).
  await unwatchJob(db, 'deliveries', delivery._id, writeDeliveryMark(db, delivery));
  return res.modifiedCount === 1;
}

/**
 * Counts a failed delivery against its endpoint, and disables the endpoint when its last DISABLE_AFTER_FAILURES
 * finished deliveries (since it was last enabled) all failed. The run of failures is kept on the endpoint
 * (`failure_streak`, newest last), keyed by delivery, so a retried settlement cannot count one twice; a success
 * ends it (`endFailureStreak`). Never a query over the deliveries: the embedded store answers one by scanning every
 * account's (docs/decisions.md 286).
 */
export async function countFailedDelivery(
  db: Db,
  endpoint: WebhookEndpointDoc,
  deliveryId: string,
  at: Date,
): Promise<boolean> {
  const endpoints = db.collection<WebhookEndpointDoc>(COLLECTIONS.webhookEndpoints);
  const mine = { _id: endpoint._id, account_id: endpoint.account_id };
  const counted =
    (await endpoints.findOneAndUpdate(
      { ...mine, 'failure_streak.d': { $ne: deliveryId } },
      { $push: { failure_streak: { $each: [{ d: deliveryId, at }], $slice: -DISABLE_AFTER_FAILURES } } },
      { returnDocument: 'after' },
    )) ?? (await endpoints.findOne(mine)); // counted already, by a settlement retried
  if (!counted || counted.deleted_at || counted.status !== 'active') return false;
  const streak = (counted.failure_streak ?? []).filter((f) => f.at >= counted.failures_counted_since);
  if (streak.length < DISABLE_AFTER_FAILURES) return false;
  const res = await endpoints.updateOne(
    { ...mine, status: 'active', failures_counted_since: counted.failures_counted_since },
    {
      $set: {
        status: 'disabled',
        disabled_reason: `${DISABLE_AFTER_FAILURES} consecutive deliveries failed`,
        updated_at: new Date(),
      },
    },
  );
  return res.modifiedCount === 1;
}

/**
 * A delivery to `endpoint` succeeded: its run of failures, if it has one, is over. `endpoint` is as the attempt read
 * it, so an endpoint with no failures costs no write (the path every delivered event takes); a failure counted while
 * the POST was under way stays counted, at most one of the twenty.
 */
export async function endFailureStreak(db: Db, endpoint: WebhookEndpointDoc): Promise<void> {
  if (!endpoint.failure_streak?.length) return;
  await db
    .collection<WebhookEndpointDoc>(COLLECTIONS.webhookEndpoints)
    .updateOne({ _id: endpoint._id, account_id: endpoint.account_id }, { $set: { failure_streak: [] } });
}

// ---- a delivery's job: what activities/webhooks.ts reads and writes, through here ----------------------------------

/** A delivery as its job reads it (the account's own; null when it is gone). */
export function findDelivery(db: Db, accountId: string, deliveryId: string): Promise<WebhookDeliveryDoc | null> {
  return db
    .collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries)
    .findOne({ _id: deliveryId, account_id: accountId, ...NOT_CLOSED });
}

/** The endpoint and the event of a delivery, read side by side: one round trip on the path every event takes. */
export async function deliveryTarget(
  db: Db,
  delivery: WebhookDeliveryDoc,
): Promise<{ endpoint: WebhookEndpointDoc | null; event: EventDoc | null }> {
  const mine = { account_id: delivery.account_id };
  const [endpoint, event] = await Promise.all([
    db.collection<WebhookEndpointDoc>(COLLECTIONS.webhookEndpoints).findOne({ _id: delivery.endpoint_id, ...mine }),
    db.collection<EventDoc>(COLLECTIONS.events).findOne({ _id: delivery.event_id, ...mine }),
  ]);
  return { endpoint, event };
}

/**
 * Records an attempt once per attempt key. A success settles the delivery in the same write (docs/decisions.md
 * 221), takes it off the watch list and ends the endpoint's run of failures: nothing is left to settle.
 */
export async function recordAttempt(
  db: Db,
  delivery: WebhookDeliveryDoc,
  endpoint: WebhookEndpointDoc,
  attempt: WebhookAttemptDoc,
): Promise<void> {
  // A success settles the delivery, and its watch mark goes in the same write (docs/decisions.md 305).
  const settles =
    attempt.outcome === 'succeeded'
      ? { $set: { status: 'succeeded' as const, finished_at: new Date() }, $unset: UNWATCHED }
      : {};
  await db
    .collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries)
    .updateOne(
      { _id: delivery._id, 'attempts.key': { $ne: attempt.key } },
      { $push: { attempts: attempt }, ...settles },
    );
  if (attempt.outcome === 'succeeded') {
    await unwatchJob(db, 'deliveries', delivery._id);
    await endFailureStreak(db, endpoint);
  }
}

/**
 * A delivery's failure, final (its job's last step; idempotent): it counts towards its endpoint's run of failures.
 * Answers the endpoint's id when this failure disabled it (20 in a row), for the job's log.
 */
export async function settleFailedDelivery(
  db: Db,
  accountId: string,
  deliveryId: string,
): Promise<{ disabledEndpointId: string | null }> {
  const delivery = await db
    .collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries)
    .findOneAndUpdate(
      { _id: deliveryId, account_id: accountId },
      { $set: { status: 'failed', finished_at: new Date() }, $unset: UNWATCHED },
      { returnDocument: 'after' },
    );
  await unwatchJob(db, 'deliveries', deliveryId);
  if (!delivery) return { disabledEndpointId: null };
  const endpoint = await db
    .collection<WebhookEndpointDoc>(COLLECTIONS.webhookEndpoints)
    .findOne({ _id: delivery.endpoint_id, account_id: accountId });
  if (!endpoint || endpoint.deleted_at || endpoint.status !== 'active') return { disabledEndpointId: null };
  const disabled = await countFailedDelivery(db, endpoint, delivery._id, delivery.finished_at ?? new Date());
  return { disabledEndpointId: disabled ? endpoint._id : null };
}

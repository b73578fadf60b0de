/**
 * Webhook deliveries: one `whd_…` record per (event, endpoint), created before its `deliverWebhook` workflow (whose
 * id it is), holding every attempt. Also what integrators do with them (list per endpoint, retry now) and the
 * rule that 20 consecutive failed deliveries disable an endpoint.
 */
import type { Db } from 'mongodb';
import type { Config } from '../platform/config';
import { COLLECTIONS } from '../platform/db';
import { errors } from '../http/errors';
import type { Cursors, PageQuery } from '../http/pagination';
import { DELIVERIES, type WebhookAttemptDoc, type WebhookDeliveryDoc } from './delivery-record';
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
import { TenantDb } from '../store';
import { endpointCollection, endpointNotActive, getWebhookEndpoint, type WebhookEndpointDoc } from './endpoints';
import type { DeliveryPolicy } from '../jobs/contract';

export type { AttemptOutcome, WebhookAttemptDoc, WebhookDeliveryDoc } from './delivery-record';

/** The reconciler's write of a delivery's watch mark (domain/store/). */
export const writeDeliveryMark = (db: Db, delivery: Pick<WebhookDeliveryDoc, '_id' | 'account_id'>) =>
  DELIVERIES.markWriter(db, delivery);

/** Its list, for the store's own tests. */
export const DELIVERY_LIST = DELIVERIES.list!;

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

export async function listEndpointDeliveries(tenant: TenantDb, endpointId: string, page: PageQuery, cursors: Cursors) {
  // Finished deliveries past retention are purged (domain/operations/reconciler.ts); shown until then no longer.
  const cutoff = retentionCutoff();
  const { items, next_cursor, live, closed } = await DELIVERIES.page(tenant, {
    scope: endpointId,
    page,
    cursors,
    cursorScope: `deliveries:${endpointId}`,
    filter: { $or: [{ status: 'pending' }, { created_at: { $gte: cutoff } }] },
  });
  // A page that vouches for its endpoint (`live`), or a page of deliveries that found its list not closed (a deleted
  // endpoint's list holds a tombstone every page reads): one read fewer. Otherwise the endpoint is looked up, and its
  // 404 (a deleted or unknown endpoint) wins over what the list read.
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
  const delivery = await DELIVERIES.in(tenant).findOne({ _id: deliveryId, ...DELIVERIES.notClosed });
  if (!delivery) throw errors.notFound('webhook delivery');
  // A redelivery sends the event's payload again: only to a caller who may read it.
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
  // Watched again from now as it reopens: should this request die before its job starts, the reconciler settles the
  // delivery once the grace period has passed, instead of it staying pending.
  const reopened = await DELIVERIES.transition(
    tenant,
    { _id: deliveryId, status: { $ne: 'pending' } },
    { $set: { status: 'pending', finished_at: null } },
    { current: delivery, watch: { namespace: deps.temporal.namespace, since: new Date() } },
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
    // server took after all settles it again itself.
    if (reopened)
      await DELIVERIES.transition(
        tenant,
        { _id: deliveryId, status: 'pending' },
        { $set: { status: delivery.status, finished_at: delivery.finished_at } },
      );
    throw err;
  }
  return reopened ?? (await DELIVERIES.in(tenant).findOne({ _id: deliveryId }))!;
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
  const settled = await DELIVERIES.transition(
    new TenantDb(db, delivery.account_id),
    { _id: delivery._id, status: 'pending' },
    { $set: { status: 'failed', finished_at: now } },
  );
  return settled !== null;
}

/**
 * Counts a failed delivery against its endpoint, and disables the endpoint when its last DISABLE_AFTER_FAILURES
 * finished deliveries (since it was last enabled) all failed. The run of failures is kept on the endpoint
 * (`failure_streak`, newest last), keyed by delivery, so a retried settlement cannot count one twice; a success
 * ends it (`endFailureStreak`). Never a query over the deliveries: the embedded store answers one by scanning every
 * account's.
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
  return DELIVERIES.across(db).findOne({ _id: deliveryId, account_id: accountId, ...DELIVERIES.notClosed });
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
 * Records an attempt once per attempt key. A success settles the delivery in the same write, takes it off the
 * watch list and ends the endpoint's run of failures: nothing is left to settle.
 */
export async function recordAttempt(
  db: Db,
  delivery: WebhookDeliveryDoc,
  endpoint: WebhookEndpointDoc,
  attempt: WebhookAttemptDoc,
): Promise<void> {
  const once = { _id: delivery._id, 'attempts.key': { $ne: attempt.key } };
  if (attempt.outcome !== 'succeeded') {
    await DELIVERIES.across(db).updateOne(once, { $push: { attempts: attempt } });
    return;
  }
  // A success settles the delivery in the same write that records it.
  await DELIVERIES.transition(new TenantDb(db, delivery.account_id), once, {
    $push: { attempts: attempt },
    $set: { status: 'succeeded', finished_at: new Date() },
  });
  await endFailureStreak(db, endpoint);
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
  const delivery = await DELIVERIES.transition(
    new TenantDb(db, accountId),
    { _id: deliveryId },
    { $set: { status: 'failed', finished_at: new Date() } },
  );
  if (!delivery) return { disabledEndpointId: null };
  const endpoint = await db
    .collection<WebhookEndpointDoc>(COLLECTIONS.webhookEndpoints)
    .findOne({ _id: delivery.endpoint_id, account_id: accountId });
  if (!endpoint || endpoint.deleted_at || endpoint.status !== 'active') return { disabledEndpointId: null };
  const disabled = await countFailedDelivery(db, endpoint, delivery._id, delivery.finished_at ?? new Date());
  return { disabledEndpointId: disabled ? endpoint._id : null };
}

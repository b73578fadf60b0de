/**
 * Publishing an event = recording it (domain/webhooks/events.ts, once per dedupe key) and fanning it out to webhooks. Every
 * place that records a deliverable event calls `publishEvent`, so no event kind can be recorded and forgotten.
 *
 * Recipients: every active endpoint of the account subscribed to the kind, plus the run's
 * workflow endpoint when active and subscribed, each endpoint once. Each recipient gets a delivery record (unique
 * per event and endpoint) and then a `deliverWebhook` workflow whose id is the delivery id, so a retried publish —
 * an activity retry, or the API and the workflow both settling a cancel — finds the same deliveries and attaches
 * to the same workflows instead of sending twice.
 */
import type { Db } from 'mongodb';
import type { Config } from '../platform/config';
import { COLLECTIONS } from '../platform/db';
import { recordEvent, type EventDoc, type EventType } from './events';
import { newId } from '../platform/ids';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './schemas';
import { deliver, type TemporalHandle } from '../jobs';
import { deliveryPolicy } from './deliveries';
import { DELIVERIES, type WebhookDeliveryDoc } from './delivery-record';
import { accountEndpoints, subscribesTo, type WebhookEndpointDoc } from './endpoints';
import { TenantDb } from '../store';

export interface EventPublisher {
  db: Db;
  config: Config;
  temporal: TemporalHandle;
  /**
   * Temporal has just failed this caller (a request whose job could not start): the deliveries are recorded and
   * their jobs left to the reconciler, which starts every pending delivery that has none, rather than the request
   * waiting on an absent Temporal a second time.
   */
  deferJobs?: boolean;
}

export interface PublishInput {
  accountId: string;
  type: EventType;
  dedupeKey: string;
  data: Record<string, unknown>;
  /** The workflow's own endpoint (`webhook_endpoint_id`), for run events. */
  workflowEndpointId?: string | null;
  /** Stored with the event, never shown: a `run.succeeded` event's run's output file. */
  stored?: Pick<EventDoc, 'run_file'>;
}

export function isWebhookEventType(type: EventType): type is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);
}

export async function publishEvent(publisher: EventPublisher, input: PublishInput): Promise<EventDoc> {
  const event = await recordEvent(publisher.db, input.accountId, input.type, input.dedupeKey, input.data, input.stored);
  await fanOutEvent(publisher, event, input.workflowEndpointId ?? null);
  return event;
}

/** Starts (or finds) one delivery per recipient; answers the delivery ids. */
export async function fanOutEvent(
  publisher: EventPublisher,
  event: EventDoc,
  workflowEndpointId: string | null,
): Promise<string[]> {
  if (!isWebhookEventType(event.type)) return [];
  const { db, config, temporal } = publisher;
  // The account's endpoints through their membership (endpoints.ts), not a query by account.
  const tenant = new TenantDb(db, event.account_id);
  const endpoints = await accountEndpoints(tenant);
  const type = event.type;
  // `events` names the kind, or is `*` (every kind, present and future).
  const recipient = (e: WebhookEndpointDoc) => e.status === 'active' && subscribesTo(e.events, type);
  const ids = new Set(endpoints.filter(recipient).map((e) => e._id));
  // The membership has the workflow's endpoint unless an older process wrote it and the hourly sweep has not run yet.
  if (workflowEndpointId && !endpoints.some((e) => e._id === workflowEndpointId)) {
    const own = await tenant
      .collection<WebhookEndpointDoc>(COLLECTIONS.webhookEndpoints)
      .findOne({ _id: workflowEndpointId, deleted_at: null });
    if (own && recipient(own)) ids.add(own._id);
  }
  // Every delivery is recorded before any job starts, and the jobs start side by side: with Temporal away, a
  // publish on the request path (a cancel, a creation that failed) waits one call deadline whatever the number of
  // endpoints, and every delivery is recorded for the reconciler to start (domain/operations/reconciler.ts).
  const deliveryIds: string[] = [];
  for (const endpointId of [...ids].sort())
    deliveryIds.push(await ensureDelivery(db, event, endpointId, temporal.namespace));
  if (publisher.deferJobs) return deliveryIds;
  const started = await Promise.allSettled(
    deliveryIds.map((deliveryId) =>
      deliver(temporal, { accountId: event.account_id, deliveryId, policy: deliveryPolicy(config) }),
    ),
  );
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return deliveryIds;
}

/**
 * The delivery of `event` to `endpointId`: one per pair (its natural key), so a retried or concurrent publish finds
 * it by `_id`, never by a filter, which the embedded store answers by scanning every account's deliveries.
 */
async function ensureDelivery(db: Db, event: EventDoc, endpointId: string, namespace: string): Promise<string> {
  const candidate = {
    _id: newId('webhookDelivery'),
    account_id: event.account_id,
    endpoint_id: endpointId,
    event_id: event._id,
    event_type: event.type,
    status: 'pending',
    attempts: [],
    created_at: new Date(),
    finished_at: null,
    job_namespace: namespace,
  } satisfies WebhookDeliveryDoc;
  const key = `delivery:${event._id}:${endpointId}`;
  const delivery = await DELIVERIES.insertOnce(db, key, candidate, { event_id: event._id, endpoint_id: endpointId });
  return delivery._id;
}

/**
 * A webhook delivery's record and its collection's declaration (domain/store/collection.ts): one list of deliveries
 * per endpoint, watched while pending, one delivery per event and endpoint. Apart from deliveries.ts, which reads and
 * settles deliveries, so that endpoints.ts, which opens and closes an endpoint's list, imports it without a cycle.
 */
import { COLLECTIONS } from '../platform/db';
import { defineCollection, type Item } from '../store';
import type { EventType } from './events';

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

export interface WebhookDeliveryDoc extends Item {
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
  /** Under `query`, while pending: when the reconciler's grace period starts (domain/store/watch.ts). */
  watched_since?: Date;
}

/**
 * One delivery list per endpoint, newest first. A finished delivery's copy is trusted: only a redelivery changes it
 * again, and it hands the store the delivery as read. The list vouches for its endpoint while the endpoint lives
 * (`openScope`), and is closed, by a tombstone every page reads, before the endpoint goes (`closeScope`).
 */
export const DELIVERIES = defineCollection<WebhookDeliveryDoc>({
  collection: COLLECTIONS.webhookDeliveries,
  list: {
    name: 'deliveries',
    scopeOf: (doc) => doc.endpoint_id,
    scopeField: 'endpoint_id',
    settled: (doc) => doc.status !== 'pending',
    shapes: [{ equal: [], other: ['created_at', 'status'] }],
    indexes: [{ name: 'list_kept', after: ['created_at', 'status'] }],
    expiring: true,
    // The endpoints deleted before lists were closed get their list closed once, at start-up.
    closedScopes: async (db) =>
      (
        await db
          .collection<{ _id: string; account_id: string; deleted_at: Date | null }>(COLLECTIONS.webhookEndpoints)
          .find({ deleted_at: { $ne: null } }, { projection: { _id: 1, account_id: 1, deleted_at: 1 } })
          .toArray()
      ).map((e) => ({ accountId: e.account_id, scope: e._id, at: e.deleted_at! })),
  },
  watched: { kind: 'deliveries', field: 'status', states: ['pending'] },
});

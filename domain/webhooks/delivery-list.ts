/**
 * An endpoint's deliveries list: its spec for domain/http/list-index.ts, and the head's mark that its endpoint
 * exists. Apart from deliveries.ts so that endpoints.ts, which creates and deletes endpoints, can set the mark
 * without importing what imports it.
 */
import { COLLECTIONS } from '../platform/db';
import { markListLive, positionsIn, type ListSpec } from '../http/list-index';
import type { TenantDb } from '../access/tenant';
import type { WebhookDeliveryDoc } from './deliveries';

/**
 * One delivery list per endpoint (domain/http/list-index.ts). A finished delivery's snapshot is trusted: only a
 * redelivery changes it again, and `retryDelivery` claims the entry first.
 */
export const DELIVERY_LIST: ListSpec<WebhookDeliveryDoc> = {
  name: 'deliveries',
  collection: COLLECTIONS.webhookDeliveries,
  scopeOf: (doc) => doc.endpoint_id,
  settled: (doc) => doc.status !== 'pending',
  setPositions: positionsIn(COLLECTIONS.webhookDeliveries),
  expiring: true,
};

/**
 * Whether the endpoint's deliveries list may answer for the endpoint's existence: set once an endpoint exists,
 * withdrawn before it is deleted (docs/decisions.md 262). A list without the mark looks the endpoint up.
 */
export function markDeliveryListLive(tenant: TenantDb, endpointId: string, live: boolean): Promise<void> {
  return markListLive(tenant, DELIVERY_LIST, endpointId, live);
}

/**
 * The mark on an endpoint's deliveries list (domain/store/) that tells its readers the endpoint exists
 * (docs/decisions.md 262). Apart from deliveries.ts, which owns the list's spec and reads it, so that endpoints.ts,
 * which creates and deletes endpoints, can set the mark without importing a module that imports it.
 */
import { COLLECTIONS } from '../platform/db';
import { lists } from '../store';
import type { TenantDb } from '../store';

/** The deliveries list's name: one list per endpoint, scoped by the endpoint's id (`DELIVERY_LIST` in deliveries.ts). */
export const DELIVERY_LIST_NAME = 'deliveries';

/**
 * Whether the endpoint's deliveries list may answer for the endpoint's existence: set once an endpoint exists,
 * withdrawn before it is deleted. A list without the mark looks the endpoint up.
 */
export function markDeliveryListLive(tenant: TenantDb, endpointId: string, live: boolean): Promise<void> {
  return lists().markOwner(tenant, { name: DELIVERY_LIST_NAME }, endpointId, live);
}

/**
 * The endpoint goes: its deliveries list's tombstone (docs/decisions.md 309), written before the endpoint's deletion,
 * so that under `query` every page of its deliveries read after the deletion reads the tombstone and looks the
 * endpoint up (404), whatever a fan-out that read the endpoint before its deletion inserts after.
 */
export function closeDeliveryList(tenant: TenantDb, endpointId: string): Promise<void> {
  return lists().close(
    tenant,
    { name: DELIVERY_LIST_NAME, collection: COLLECTIONS.webhookDeliveries, scopeField: 'endpoint_id' },
    endpointId,
  );
}

/**
 * Which webhook endpoints an account has (a membership, domain/store/memberships.ts): fan-out, the endpoint list
 * and the per-account limit ask it, never `{account_id, …}` themselves (under `pages` that is a roster read by `_id`,
 * docs/decisions.md 282). Members are the endpoints not deleted; deletion is final.
 */
import type { Db } from 'mongodb';
import type { TenantDb } from '../store';
import { Membership, type Enrolled } from '../store';
import { COLLECTIONS } from '../platform/db';

/** What the membership needs of an endpoint; the whole document is domain/webhooks/endpoints.ts's (which imports this). */
interface Endpoint extends Enrolled {
  deleted_at: Date | null;
}

const endpoints = new Membership<Endpoint>({
  rosters: COLLECTIONS.endpointRosters,
  items: COLLECTIONS.webhookEndpoints,
  holds: () => ({ deleted_at: null }),
  left: (endpoint) => Boolean(endpoint.deleted_at),
});

/** The account's endpoints that are not deleted (any status), in no particular order. */
export function rosterEndpoints<T extends Endpoint>(tenant: TenantDb): Promise<T[]> {
  return endpoints.members(tenant) as Promise<T[]>;
}

/** Before inserting endpoint `id`. */
export const enrolEndpoint = (tenant: TenantDb, id: string) => endpoints.enrol(tenant, id);

/** After endpoint `id` was deleted, or its insert taken back. */
export const withdrawEndpoint = (tenant: TenantDb, id: string) => endpoints.withdraw(tenant, id);

/** Hourly: the safety net of the memberships' `pages` strategy. Answers what it changed. */
export const sweepEndpointRosters = (db: Db) => endpoints.sweep(db);

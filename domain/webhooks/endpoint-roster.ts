/**
 * Which webhook endpoints an account has (collection `endpoint_rosters`, domain/access/roster.ts): fan-out, the
 * endpoint list and the per-account limit read the roster and then each endpoint by `_id`, instead of asking for
 * `{account_id, …}`, which the embedded store answers by scanning every account's endpoints, on every published
 * event (docs/decisions.md 282). The roster holds the endpoints not deleted; deletion is final, so the reader that
 * finds a deleted endpoint takes its id out.
 */
import type { Db } from 'mongodb';
import type { TenantDb } from '../access/tenant';
import { Roster, type Enrolled } from '../access/roster';
import { COLLECTIONS } from '../platform/db';

/** What the roster needs of an endpoint; the whole document is domain/webhooks/endpoints.ts's (which imports this). */
interface Endpoint extends Enrolled {
  deleted_at: Date | null;
}

const roster = new Roster<Endpoint>({
  rosters: COLLECTIONS.endpointRosters,
  items: COLLECTIONS.webhookEndpoints,
  holds: () => ({ deleted_at: null }),
  left: (endpoint) => Boolean(endpoint.deleted_at),
});

/** The account's endpoints that are not deleted (any status), each read by `_id`, in no particular order. */
export function rosterEndpoints<T extends Endpoint>(tenant: TenantDb): Promise<T[]> {
  return roster.members(tenant) as Promise<T[]>;
}

/** Before inserting endpoint `id`. */
export const enrolEndpoint = (tenant: TenantDb, id: string) => roster.enrol(tenant, id);

/** After endpoint `id` was deleted, or its insert taken back. */
export const withdrawEndpoint = (tenant: TenantDb, id: string) => roster.withdraw(tenant, id);

/** Hourly: adds to the built rosters every endpoint they lack (one scan of all endpoints). Answers the rosters changed. */
export const sweepEndpointRosters = (db: Db) => roster.sweep(db);

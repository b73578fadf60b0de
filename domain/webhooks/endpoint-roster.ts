/**
 * Which webhook endpoints an account has, readable by `_id` (collection `endpoint_rosters`, one document per account,
 * `_id` = the account id). Fan-out, the endpoint list and the per-account limit read the roster and then each endpoint
 * by `_id`, instead of asking for `{account_id, …}`: the embedded store answers that by scanning every account's
 * endpoints, on every published event (docs/decisions.md 282).
 *
 * The roster holds a superset of the account's endpoints that are not deleted. An id goes in before its endpoint is
 * inserted and comes out after the endpoint is deleted, so a crash in between leaves an id whose endpoint is missing
 * or deleted, never an endpoint the roster lacks. Readers confirm every id by reading its endpoint. A deleted
 * endpoint's id is taken out by the reader that finds it (deletion is final); a missing one is left alone, since its
 * creation may still be under way.
 *
 * `complete` says the roster was built from a scan of the account's endpoints; until then (an account from before
 * rosters, or one that never had an endpoint) the first reader builds it, once per account. Building only adds ids,
 * and creation adds its id before inserting, so a build racing a creation cannot lose it. Endpoints written by a
 * process that does not keep the roster (an older version during a rolling deploy) are added by the hourly sweep
 * (`sweepEndpointRosters`).
 */
import type { Db } from 'mongodb';
import { TenantDb } from '../access/tenant';
import { COLLECTIONS, upserting } from '../platform/db';

/** What the roster needs of an endpoint; the whole document is domain/webhooks/endpoints.ts's (which imports this). */
interface Enrolled {
  _id: string;
  account_id: string;
  deleted_at: Date | null;
}

interface RosterDoc {
  _id: string;
  account_id: string;
  ids: string[];
  complete?: boolean;
}

const rosters = (tenant: TenantDb) => tenant.collection<RosterDoc>(COLLECTIONS.endpointRosters);
const endpoints = <T extends Enrolled>(tenant: TenantDb) => tenant.collection<T>(COLLECTIONS.webhookEndpoints);

/** The roster as it stands, built from one scan of the account's endpoints if it never was. */
async function rosterIds(tenant: TenantDb): Promise<string[]> {
  const roster = await rosters(tenant).findOne({ _id: tenant.accountId });
  if (roster?.complete) return roster.ids;
  const found = await endpoints(tenant).find({ deleted_at: null }, { projection: { _id: 1 } }).toArray();
  const built = await upserting(() =>
    rosters(tenant).findOneAndUpdate(
      { _id: tenant.accountId },
      { $addToSet: { ids: { $each: found.map((e) => e._id) } }, $set: { complete: true } },
      { upsert: true, returnDocument: 'after' },
    ),
  );
  return built?.ids ?? found.map((e) => e._id);
}

/** The account's endpoints that are not deleted (any status), each read by `_id`, in no particular order. */
export async function rosterEndpoints<T extends Enrolled>(tenant: TenantDb): Promise<T[]> {
  const ids = await rosterIds(tenant);
  const found = (await endpoints<T>(tenant).findByIds(ids)) as T[];
  const deleted = found.filter((e) => e.deleted_at).map((e) => e._id);
  if (deleted.length) await rosters(tenant).updateOne({ _id: tenant.accountId }, { $pullAll: { ids: deleted } });
  return found.filter((e) => !e.deleted_at);
}

/** Before inserting endpoint `id`. */
export async function enrolEndpoint(tenant: TenantDb, id: string): Promise<void> {
  await upserting(() => rosters(tenant).updateOne({ _id: tenant.accountId }, { $addToSet: { ids: id } }, { upsert: true }));
}

/** After endpoint `id` was deleted, or its insert taken back. */
export async function withdrawEndpoint(tenant: TenantDb, id: string): Promise<void> {
  await rosters(tenant).updateOne({ _id: tenant.accountId }, { $pull: { ids: id } });
}

/**
 * The safety net (hourly, with the reconciler's sweep): adds to the built rosters every endpoint they lack. One
 * scan of all endpoints, which on the embedded store is why it is not per event. Answers the rosters changed.
 */
export async function sweepEndpointRosters(db: Db): Promise<number> {
  const all = await db
    .collection<Enrolled>(COLLECTIONS.webhookEndpoints)
    .find({ deleted_at: null }, { projection: { _id: 1, account_id: 1 } })
    .toArray();
  const byAccount = new Map<string, string[]>();
  for (const e of all) byAccount.set(e.account_id, [...(byAccount.get(e.account_id) ?? []), e._id]);
  let changed = 0;
  for (const [accountId, ids] of byAccount) {
    // No upsert: an account with no roster yet builds its own from a scan at its first read.
    const res = await rosters(new TenantDb(db, accountId)).updateOne({ _id: accountId }, { $addToSet: { ids: { $each: ids } } });
    changed += res.modifiedCount;
  }
  return changed;
}

/**
 * Memberships: which items of one kind an account has (its webhook endpoints, its API keys, all or active), for
 * readers that want them all (fan-out, a per-account limit, the key list). The owner declares a `Membership` over
 * its items and calls `enrol` before inserting one and `withdraw` after one has left; readers ask `members` or
 * `count`. Which strategy answers is the store's (strategy.ts):
 *
 * - `pages` (pages/roster.ts): a roster document per account, read by `_id`, then each item by `_id`.
 * - `query`: `find({account_id, …holds})`; enrolling and withdrawing write nothing.
 */
import type { Db } from 'mongodb';
import type { TenantDb } from './tenant';
import type { Enrolled, MembershipSpec, Memberships } from './membership-spec';
import { Roster, openRosters, resetRosters } from './pages/roster';
import { listStrategy, type ListStrategy } from './strategy';

class QueryMemberships<T extends Enrolled> implements Memberships<T> {
  constructor(private readonly spec: MembershipSpec<T>) {}

  async members(tenant: TenantDb): Promise<T[]> {
    const found = (await tenant.collection<T>(this.spec.items).find(this.spec.holds()).toArray()) as T[];
    return found.filter((item) => !this.spec.left(item));
  }

  /** One read of the members: the filter is the index's, `left` (a clock) is judged on what it answers. */
  async count(tenant: TenantDb): Promise<number> {
    return (await this.members(tenant)).length;
  }

  enrol = async () => undefined;
  withdraw = async () => undefined;
  sweep = async () => 0;
}

/** One kind of membership, answered by whichever strategy the process runs. */
export class Membership<T extends Enrolled> implements Memberships<T> {
  private readonly byStrategy: Record<ListStrategy, Memberships<T>>;

  constructor(spec: MembershipSpec<T>) {
    this.byStrategy = { pages: new Roster(spec), query: new QueryMemberships(spec) };
  }

  /** The strategy's own implementation (the store's tests compare the two). */
  as(strategy: ListStrategy): Memberships<T> {
    return this.byStrategy[strategy];
  }

  members = (tenant: TenantDb) => this.as(listStrategy()).members(tenant);
  count = (tenant: TenantDb, most: number) => this.as(listStrategy()).count(tenant, most);
  enrol = (tenant: TenantDb, id: string) => this.as(listStrategy()).enrol(tenant, id);
  withdraw = (tenant: TenantDb, id: string) => this.as(listStrategy()).withdraw(tenant, id);
  sweep = (db: Db) => this.as(listStrategy()).sweep(db);
}

/**
 * A new account, just created: it has no members of any kind yet, so under `pages` its rosters open complete and
 * empty and no reader of a new account ever scans. Called once, by the account's creation.
 */
export async function openAccount(db: Db, accountId: string): Promise<void> {
  if (listStrategy() === 'pages') await openRosters(db, accountId);
}

export { resetRosters };
export type { Enrolled, MembershipSpec, Memberships };

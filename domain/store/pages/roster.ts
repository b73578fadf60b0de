/**
 * Rosters, the `pages` strategy's memberships (domain/store/memberships.ts): which items of one kind an account has,
 * readable by `_id`. A roster collection holds one document per account (`_id` = the account id) with the ids of its
 * items; readers read it, then each item by `_id`, instead of asking for `{account_id, …}`, which the embedded store
 * answers by scanning every account's items (3 s to list one account's keys among 20,000 stored). The owner of the
 * items declares a `Roster` over them and is the only caller of its writes.
 *
 * The roster holds a superset of the account's items. An id goes in before its item is inserted and comes out after
 * the item has left (or its insert was taken back), so a crash in between leaves an id whose item is missing or
 * gone, never an item the roster lacks. Readers confirm every id by reading its item. An item that has left for
 * good (`left`) has its id taken out by the reader that finds it; a missing one is left alone, since its creation
 * may still be under way.
 *
 * `complete` says the roster was built from a scan of the account's items; until then (an account from before
 * rosters, or one that never had such an item) the first reader builds it, once per account. Building only adds
 * ids, and creation adds its id before inserting, so a build racing a creation cannot lose it. Items written by a
 * process that does not keep the roster (an older version during a rolling deploy) are added by the hourly sweep
 * (`sweep`, with the reconciler's). A new account skips the build: it has no items yet, so its creation opens its
 * rosters complete and empty (`openRosters`), and no reader of a new account ever scans.
 */
import type { Db, Document, Filter } from 'mongodb';
import { upserting, type CollectionName } from '../../platform/db';
import { TenantDb } from '../tenant';
import { findByIds } from '../by-ids';
import type { Enrolled, MembershipSpec, Memberships } from '../membership-spec';

interface RosterDoc {
  _id: string;
  account_id: string;
  ids?: string[];
  complete?: boolean;
}

/** The roster collections declared in this process (every `Roster`'s), which `openRosters` opens. */
const declared = new Set<CollectionName>();

/**
 * Opens a new account's rosters, complete and empty: nothing of it exists yet, so no reader needs a scan to find
 * its items. Called once `ensureAccount` (domain/access/accounts.ts) says it inserted the account. An item a
 * racing request has already enrolled stays; a crash before this leaves the first-reader build, still correct; so
 * does a kind whose module this process never loaded.
 */
export async function openRosters(db: Db, accountId: string): Promise<void> {
  const tenant = new TenantDb(db, accountId);
  for (const name of declared) {
    await upserting(() =>
      tenant
        .collection<RosterDoc>(name)
        .updateOne({ _id: accountId }, { $set: { complete: true }, $setOnInsert: { ids: [] } }, { upsert: true }),
    );
  }
}

/** Every roster of these collections is rebuilt by its next reader, from one scan (after `query` has run). */
export async function resetRosters(db: Db, names: CollectionName[]): Promise<void> {
  for (const name of names) await db.collection<RosterDoc>(name).updateMany({}, { $unset: { complete: '' } });
}

export class Roster<T extends Enrolled> implements Memberships<T> {
  constructor(private readonly spec: MembershipSpec<T>) {
    declared.add(spec.rosters);
  }

  private rosters(tenant: TenantDb) {
    return tenant.collection<RosterDoc>(this.spec.rosters);
  }

  private items(tenant: TenantDb) {
    return tenant.collection<T>(this.spec.items);
  }

  /** The roster as it stands, built from one scan of the account's items if it never was. */
  private async ids(tenant: TenantDb): Promise<string[]> {
    const roster = await this.rosters(tenant).findOne({ _id: tenant.accountId });
    // `?? []`: FerretDB 1.24 drops an empty array from an upsert's `$setOnInsert`, so an opened roster has no `ids`
    // until its first enrolment.
    if (roster?.complete) return roster.ids ?? [];
    const found = await this.items(tenant)
      .find(this.spec.holds(), { projection: { _id: 1 } })
      .toArray();
    const built = await upserting(() =>
      this.rosters(tenant).findOneAndUpdate(
        { _id: tenant.accountId },
        { $addToSet: { ids: { $each: found.map((e) => String(e._id)) } }, $set: { complete: true } },
        { upsert: true, returnDocument: 'after' },
      ),
    );
    return built?.ids ?? found.map((e) => String(e._id));
  }

  /** The account's items that have not left, each read by `_id`, in no particular order. */
  async members(tenant: TenantDb): Promise<T[]> {
    const found = (await findByIds(this.items(tenant), await this.ids(tenant), {}, undefined, 'pages')) as T[];
    // Judged once per item: `left` may read the clock (a key's expiry), and what is taken out is what is not answered.
    const members: T[] = [];
    const left: string[] = [];
    for (const item of found) this.spec.left(item) ? left.push(item._id) : members.push(item);
    if (left.length) await this.rosters(tenant).updateOne({ _id: tenant.accountId }, { $pullAll: { ids: left } });
    return members;
  }

  /**
   * How many items the account has, as far as a limit at `most` needs to know: the roster's own count while that is
   * within `most` (a superset within it cannot be over), and past it the items confirmed by reading each, which
   * also takes out the ids of items that have left.
   */
  async count(tenant: TenantDb, most: number): Promise<number> {
    const ids = await this.ids(tenant);
    return ids.length <= most ? ids.length : (await this.members(tenant)).length;
  }

  /** Before inserting item `id`. */
  async enrol(tenant: TenantDb, id: string): Promise<void> {
    await upserting(() =>
      this.rosters(tenant).updateOne({ _id: tenant.accountId }, { $addToSet: { ids: id } }, { upsert: true }),
    );
  }

  /** After item `id` has left, or its insert was taken back. */
  async withdraw(tenant: TenantDb, id: string): Promise<void> {
    await this.rosters(tenant).updateOne({ _id: tenant.accountId }, { $pull: { ids: id } });
  }

  /**
   * The safety net (hourly, with the reconciler's sweep): adds to the built rosters every item they lack. One scan
   * of all the items, which on the embedded store is why it is not per request. Answers the rosters changed.
   */
  async sweep(db: Db): Promise<number> {
    const all = await db
      .collection<T>(this.spec.items)
      .find(this.spec.holds(), { projection: { _id: 1, account_id: 1 } })
      .toArray();
    const byAccount = new Map<string, string[]>();
    for (const item of all)
      byAccount.set(item.account_id, [...(byAccount.get(item.account_id) ?? []), String(item._id)]);
    let changed = 0;
    for (const [accountId, ids] of byAccount) {
      // No upsert: an account with no roster yet builds its own from a scan at its first read.
      const res = await this.rosters(new TenantDb(db, accountId)).updateOne(
        { _id: accountId },
        { $addToSet: { ids: { $each: ids } } },
      );
      changed += res.modifiedCount;
    }
    return changed;
  }
}

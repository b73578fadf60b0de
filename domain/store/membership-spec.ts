/** What a membership (memberships.ts) is declared with and answers, apart from either strategy. */
import type { Db, Document, Filter } from 'mongodb';
import type { TenantDb } from './tenant';
import type { CollectionName } from '../platform/db';

/** What a membership needs of an item. */
export interface Enrolled extends Document {
  _id: string;
  account_id: string;
}

export interface MembershipSpec<T extends Enrolled> {
  /** The items' collection. */
  items: CollectionName;
  /** Where `pages` keeps the account's roster (read and written by `_id` only). */
  rosters: CollectionName;
  /** The items that are members, as of now. */
  holds(): Filter<T>;
  /** True of an item that has left for good (a deleted endpoint): never true again of one that is not. */
  left(item: T): boolean;
}

export interface Memberships<T extends Enrolled> {
  /** The account's members, in no particular order. */
  members(tenant: TenantDb): Promise<T[]>;
  /** How many members the account has, as far as a limit at `most` needs to know (exact up to `most`). */
  count(tenant: TenantDb, most: number): Promise<number>;
  /** Before inserting item `id`. */
  enrol(tenant: TenantDb, id: string): Promise<void>;
  /** After item `id` has left, or its insert was taken back. */
  withdraw(tenant: TenantDb, id: string): Promise<void>;
  /** Hourly safety net (with the reconciler's sweep); answers what it changed. */
  sweep(db: Db): Promise<number>;
}

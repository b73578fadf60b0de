/**
 * Tenant isolation, enforced once, at data access: every route and domain function that touches an account's
 * resources gets a `TenantDb` bound to the caller's account, never the raw database. Every filter it runs carries
 * `account_id` (set last, so no caller-supplied filter can override it) and every document it inserts is stamped
 * with it, so another tenant's id simply is not found (404), whatever the route does.
 */
import type {
  Collection,
  Db,
  Document,
  Filter,
  FindOptions,
  FindOneAndUpdateOptions,
  OptionalUnlessRequiredId,
  UpdateFilter,
  UpdateOptions,
  WithId,
} from 'mongodb';
import { COLLECTIONS } from '../platform/db';

export class TenantDb {
  constructor(
    private readonly db: Db,
    readonly accountId: string,
  ) {}

  collection<T extends Document>(name: string): TenantCollection<T> {
    return new TenantCollection<T>(this.db.collection<T>(name), this.accountId);
  }

  /** The unscoped database, for global data only (the catalog). Never for an account's resources. */
  rawDb(): Db {
    return this.db;
  }

  /** The caller's own account document (its `_id` is the account id), typed by its owner (domain/access/accounts.ts). */
  account<T extends Document>(): Promise<WithId<T> | null> {
    return this.db.collection<T>(COLLECTIONS.accounts).findOne({ _id: this.accountId } as Filter<T>);
  }
}

export class TenantCollection<T extends Document> {
  constructor(
    private readonly inner: Collection<T>,
    private readonly accountId: string,
  ) {}

  private scope(filter: Filter<T> = {}): Filter<T> {
    return { ...filter, account_id: this.accountId } as Filter<T>;
  }

  findOne(filter: Filter<T>, options?: FindOptions): Promise<WithId<T> | null> {
    return this.inner.findOne(this.scope(filter), options);
  }

  find(filter: Filter<T>, options?: FindOptions) {
    return this.inner.find(this.scope(filter), options);
  }

  countDocuments(filter: Filter<T>): Promise<number> {
    return this.inner.countDocuments(this.scope(filter));
  }

  async insertOne(doc: Omit<T, 'account_id'>): Promise<T> {
    const stamped = { ...doc, account_id: this.accountId } as unknown as T;
    await this.inner.insertOne(stamped as OptionalUnlessRequiredId<T>);
    return stamped;
  }

  /** Ordered: a failure leaves the documents before it inserted (the caller takes them back). */
  async insertMany(docs: Array<Omit<T, 'account_id'>>): Promise<T[]> {
    const stamped = docs.map((doc) => ({ ...doc, account_id: this.accountId }) as unknown as T);
    if (stamped.length) await this.inner.insertMany(stamped as OptionalUnlessRequiredId<T>[]);
    return stamped;
  }

  /** With `upsert`, the inserted document gets `account_id` from the scoped filter. */
  updateOne(filter: Filter<T>, update: UpdateFilter<T>, options?: UpdateOptions) {
    return this.inner.updateOne(this.scope(filter), update, options);
  }

  findOneAndUpdate(filter: Filter<T>, update: UpdateFilter<T>, options: FindOneAndUpdateOptions = {}) {
    return this.inner.findOneAndUpdate(this.scope(filter), update, { returnDocument: 'after', ...options });
  }

  deleteOne(filter: Filter<T>) {
    return this.inner.deleteOne(this.scope(filter));
  }

  aggregate<R extends Document>(pipeline: Document[]) {
    return this.inner.aggregate<R>([{ $match: { account_id: this.accountId } }, ...pipeline]);
  }
}

/**
 * What an owner declares about one of its lists, and the filters a list read may carry. Both strategies read the
 * same declaration (domain/store/lists.ts): `pages` applies a filter to each item it fetches, `query` hands it to the
 * database, where one of the indexes domain/platform/db.ts declares for the list serves it (a test checks every
 * declared shape against them).
 */
import type { Db } from 'mongodb';
import type { CollectionName } from '../platform/db';
import type { Cursors, PageQuery } from '../http/pagination';

export interface Listed {
  _id: string;
  account_id: string;
  /** The item's position in its list (absent on items from before list indexes, until the backfill). */
  list_pos?: number;
}

/** A value a filter compares a field with: equality (`null` also matches a missing field), one of, or at least. */
export type ListCondition = string | number | boolean | null | Date | { $in: readonly unknown[] } | { $gte: Date };

/** A list read's filter: every field's condition holds, and (when given) one of `$or`'s. */
export interface ListFilter {
  [field: string]: ListCondition | Array<Record<string, ListCondition>> | undefined;
  $or?: Array<Record<string, ListCondition>>;
}

/**
 * The shape of a filter, as the indexes see it: the fields compared for equality (served before the sort), and the
 * others (one of, at least, either-or: checked on the index's keys after the sort).
 */
export interface ListShape {
  equal: string[];
  other: string[];
}

export interface ListIndex {
  name: string;
  /** Equality fields, between the account (and scope) and the position. */
  equal?: string[];
  /** Fields after the position, which a filter checks on the index's keys. */
  after?: string[];
}

export interface ListSpec<T extends Listed> {
  /** The list's name, part of every position counter's key: `runs`, `events`, `deliveries`. */
  name: string;
  collection: CollectionName;
  /** The list an item belongs to inside its account ('' when the account has one; the endpoint id for deliveries). */
  scopeOf(doc: T): string;
  /** The field `scopeOf` reads, when the account has more than one such list (`endpoint_id`). */
  scopeField?: string;
  /** True when the item changes no more except through `changeListed`, so a copy of it may be trusted. */
  settled(doc: T): boolean;
  /** Every shape of filter its reads use (a read with another shape is refused): what its indexes must serve. */
  shapes: ListShape[];
  /**
   * The indexes that serve `shapes` where the `query` strategy runs (query/indexes.ts builds each: the account, the
   * scope, `equal`, the position newest first, then `after`); test/unit/store-indexes.test.ts names a shape none
   * serves. Names are kept for good: a database holds them.
   */
  indexes: ListIndex[];
  /** Records positions on items that have none (the backfill); by default the store sets `list_pos` itself. */
  setPositions?(db: Db, accountId: string, positions: Array<{ id: string; q: number }>): Promise<void>;
  /** Its items are deleted after a retention (events, deliveries). */
  expiring?: boolean;
  /**
   * The list can be closed (its owner deleted: an endpoint, for its deliveries) by a tombstone in its collection
   * (closed.ts); answers the lists closed before tombstones existed, for their one backfill.
   */
  closedScopes?(db: Db): Promise<Array<{ accountId: string; scope: string; at: Date }>>;
}

/** One page's read: which list (`scope`), where (`page.cursor`), what it shows (`filter`). */
export interface ListRead {
  /** '' when the account has one such list; the endpoint id for its deliveries. */
  scope: string;
  page: PageQuery;
  cursors: Cursors;
  /** A cursor is valid only for the list and filter it was issued for. */
  cursorScope: string;
  filter: ListFilter;
  /** Items created before it are gone (a retention): a walk in position order may stop at the first. */
  notBefore?: Date;
  /**
   * Oldest first (position order upward: a queue's pending items); the cursor names the last
   * item shown and the next page begins above it. Not with `notBefore`, nor on a closable list.
   */
  ascending?: boolean;
}

/** What create-once (create-once.ts) needs of the item's owner. */
export interface OnceWriter<T extends Listed & { created_at: Date }> {
  /** The owner's insert of the item: rejects with a duplicate-key error (11000) when it exists already. */
  insert(doc: T): Promise<unknown>;
  /** The item by `_id`, null when it is not there. */
  findById(id: string): Promise<T | null>;
  /** The item found by its unique fields (the natural key's own index): written before natural keys, or by `query`. */
  findUnkeyed(): Promise<T | null>;
  /** Written before the item is listed (the delivery's watch entry), and undone when the item is another. */
  before?: { write(doc: T): Promise<unknown>; undo(doc: T): Promise<unknown> };
}

const isOperator = (c: ListCondition): c is { $in: readonly unknown[] } | { $gte: Date } =>
  c !== null && typeof c === 'object' && !(c instanceof Date);

/** The filter's shape (equality fields, other fields), each sorted, for comparing with a list's declared shapes. */
export function shapeOf(filter: ListFilter): ListShape {
  const equal: string[] = [];
  const other = new Set<string>();
  for (const [field, c] of Object.entries(filter)) {
    if (c === undefined) continue;
    if (field === '$or') for (const branch of filter.$or ?? []) for (const f of Object.keys(branch)) other.add(f);
    else if (isOperator(c as ListCondition)) other.add(field);
    else equal.push(field);
  }
  return { equal: equal.sort(), other: [...other].sort() };
}

const sameShape = (a: ListShape, b: ListShape) =>
  a.equal.join() === [...b.equal].sort().join() && a.other.join() === [...b.other].sort().join();

/** Refuses a read whose filter has a shape its list did not declare: no index would be known to serve it. */
export function assertDeclaredShape<T extends Listed>(spec: ListSpec<T>, filter: ListFilter): void {
  const shape = shapeOf(filter);
  if (!spec.shapes.some((s) => sameShape(shape, s)))
    throw new Error(`list ${spec.name}: filter shape ${JSON.stringify(shape)} is not declared in its spec`);
}

const comparable = (v: unknown) => (v instanceof Date ? v.getTime() : v);

function holds(value: unknown, c: ListCondition): boolean {
  if (c === null) return value === null || value === undefined;
  if (c instanceof Date) return value instanceof Date && value.getTime() === c.getTime();
  if (typeof c !== 'object') return value === c;
  if ('$in' in c) return c.$in.includes(value);
  const v = comparable(value);
  return typeof v === 'number' && v >= c.$gte.getTime();
}

/** The filter applied to one item, as the database would apply it (the `pages` strategy filters in code). */
export function matches(doc: object, filter: ListFilter): boolean {
  const record = doc as Record<string, unknown>;
  for (const [field, c] of Object.entries(filter)) {
    if (field === '$or' || c === undefined) continue;
    if (!holds(record[field], c as ListCondition)) return false;
  }
  const branches = filter.$or;
  return !branches || branches.some((b) => Object.entries(b).every(([f, c]) => holds(record[f], c)));
}

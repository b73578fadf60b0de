/**
 * One declaration per collection (`defineCollection`), and the only ways to touch it. The owner says what the
 * collection is — its list, the states in which the reconciler must see an item, its memberships, its natural key —
 * and the store performs the protocol those imply, in its crash-safe order, so that no owner does it by hand:
 *
 * - `insert`: watched (when the item starts in a watched state) → placed in its list → enrolled in its memberships →
 *   written. Each step before the write is one a crash may leave without its item, which readers skip and the
 *   reconciler and sweeps drop; none leaves an item nobody watches, no list shows or a membership lacks.
 * - `insertOnce`: the same, once per natural key (create-once.ts).
 * - `transition(filter, update)`: a guarded change. It enters the watched states (watched first) or leaves them
 *   (the item's mark cleared in the same write, its entry after it, whether or not the write matched: a retried
 *   settlement finishes one that died in between); it moves the item's list entry as a change to a listed item must
 *   (claimed while written under `pages`, taken off when it leaves its list for good); and it withdraws the item from
 *   the memberships it has left.
 * - `release`: the settlement of an item watched until its owner says so (a run: its refund ends after its status).
 * - `remove`: an insert taken back, or an item deleted for good.
 * - reads (`in`, `across`, `byIds`), `page` (a list read), `members`/`count`.
 *
 * Which strategy runs (`pages` or `query`, strategy.ts) changes what each step writes, never what the owner calls.
 */
import type {
  AnyBulkWriteOperation,
  Collection as DbCollection,
  Db,
  Document,
  Filter,
  FindOptions,
  UpdateFilter,
  WithId,
} from 'mongodb';
import { bulkWriteInBatches, type CollectionName } from '../platform/db';
import { TenantDb, type TenantCollection } from './tenant';
import type { Listed, ListRead, ListSpec } from './list-spec';
import { lists, type ListPage } from './lists';
import { Membership, type MembershipSpec } from './memberships';
import { createOnce, purgeNaturalKeys } from './create-once';
import { findByIds } from './by-ids';
import { NOT_CLOSED } from './closed';
import { unwatchJob, UNWATCHED, watchJob, watchMark, type MarkWrite, type WatchedKind } from './watch';

/**
 * What every record of a collection is: its id, its account (the tenant door stamps it on every insert) and what
 * the store keeps on it (its list position).
 */
export interface Item {
  _id: string;
  account_id: string;
  list_pos?: number;
}

/** The list an item belongs to (list-spec.ts), declared without its collection, which is the declaration's. */
export type ListDeclaration<T extends Item> = Omit<ListSpec<T & Listed>, 'collection'> & {
  /** A transition that sets this field (to anything but null) takes the item off its list for good (a soft deletion). */
  leftBy?: keyof T & string;
};

/**
 * The states in which the reconciler must see an item (watch.ts): `field` holds the state, `states` those watched.
 * A transition whose `$set` moves `field` out of them unwatches the item; one that moves it back in watches it again.
 * Without `field`, an item is watched from its insert until its owner calls `release`: a run's settlement (a
 * cancel's refund, a failure's) ends after the write of its final status, which no state field says.
 */
export interface WatchDeclaration<T extends Item> {
  kind: WatchedKind;
  field?: keyof T & string;
  states?: readonly unknown[];
  /** Without `field`: whether an item inserted so needs watching at all (one inserted settled does not). */
  open?: (item: T) => boolean;
  /**
   * An item inserted in a watched state but with no job yet (a reference awaiting its upload, `processing` from its
   * creation) is watched from the transition that sets this field, not from its insert.
   */
  startedBy?: keyof T & string;
}

/** What a write of `fields` (an insert's document, a transition's `$set`) does to an item's watch, if anything. */
function watchChange<T extends Item>(watched: WatchDeclaration<T> | undefined, fields: Document, inserted = false) {
  if (!watched) return undefined;
  if (!watched.field) return inserted && (watched.open?.(fields as T) ?? true) ? 'enter' : undefined;
  const state = fields[watched.field];
  const started = watched.startedBy === undefined || fields[watched.startedBy] != null;
  if (state === undefined) return !inserted && watched.startedBy && started ? 'enter' : undefined;
  if (!watched.states!.includes(state)) return 'leave';
  return started ? 'enter' : undefined;
}

/** What the reconciler needs to find a watched item's job: its namespace, and when its grace period starts. */
export interface WatchFrom {
  namespace: string;
  since: Date;
}

export type MembershipDeclaration<T extends Item> = Omit<MembershipSpec<T>, 'items'>;

export interface CollectionDeclaration<T extends Item, M extends string = never> {
  collection: CollectionName;
  list?: ListDeclaration<T>;
  watched?: WatchDeclaration<T>;
  memberships?: Record<M, MembershipDeclaration<T>>;
}

/** A candidate's fields before the store stamps its account and position. */
export type NewItem<T extends Item> = Omit<T, 'account_id' | 'list_pos'>;

export interface TransitionOptions<T extends Item> {
  /** The item as last read, when a reader may hold a copy of it (its list's `settled`): its entry is claimed. */
  current?: T | null;
  /** When the transition enters a watched state: the job's namespace and when its grace period starts. */
  watch?: WatchFrom;
  /**
   * The write settles an item watched until released: what marks it watched goes in this write, and the owner calls
   * `release(…, { inWrite: true })` once it sees the item settled.
   */
  settles?: boolean;
}

export interface InsertManyOptions {
  /** Written in chunks of this many. */
  chunk: number;
  /** Watched items: the job's namespace (each item's grace period counts from its `created_at`). */
  watch?: Pick<WatchFrom, 'namespace'>;
  /** Called between steps of a long insertion (an activity's heartbeat). */
  progress?: () => void;
  /**
   * Write every item that can be, whatever others fail (a retry's items an earlier attempt wrote first): the first
   * error is thrown after. Otherwise in order, a failure leaving the items before it written (the caller takes them
   * back).
   */
  unordered?: boolean;
}

/** Items watched side by side in a bulk insertion. */
const WATCH_AT_ONCE = 25;

export interface StoredCollection<T extends Item, M extends string = never> {
  readonly name: CollectionName;
  /** The collection's list, for the registry (start-up's backfill, bulk imports) only. */
  readonly list: ListSpec<T & Listed> | undefined;
  readonly watched: WatchDeclaration<T> | undefined;
  /** The account's items: reads, and writes that change nothing the declaration names. */
  in(tenant: TenantDb): TenantCollection<T>;
  /** Every account's items: jobs and sweeps that hold an item's account in the item itself. */
  across(db: Db): DbCollection<T>;
  /** Filter added to any read of a closable list's collection that is not a list read: no tombstone (closed.ts). */
  readonly notClosed: Filter<T>;
  insert(tenant: TenantDb, doc: NewItem<T>, watch?: WatchFrom): Promise<T>;
  /** Many new items of one account at once (bulk additions): watched, listed in id order, then written. */
  insertMany(tenant: TenantDb, docs: T[], options: InsertManyOptions): Promise<void>;
  /** Creates `candidate` unless the item of natural key `key` exists (found then by `unkeyed`); answers it either way. */
  insertOnce(
    db: Db,
    key: string,
    candidate: Omit<T, 'list_pos'> & { created_at: Date },
    unkeyed: Filter<T>,
    watch?: WatchFrom,
  ): Promise<T>;
  /** `filter` must name the item's `_id`. Answers the item after the change, null when the filter matched none. */
  transition(
    tenant: TenantDb,
    filter: Filter<T> & { _id: string },
    update: UpdateFilter<T>,
    options?: TransitionOptions<T>,
  ): Promise<WithId<T> | null>;
  /**
   * An item watched until released (a declaration without `field`) is settled: off the memberships it has left (a
   * whole item is given), then the reconciler need not see it again. `inWrite`: a transition with `settles` cleared
   * what the item itself carried. Idempotent.
   */
  release(db: Db, item: Pick<T, '_id' | 'account_id'> | T, options?: { inWrite?: boolean }): Promise<void>;
  /** Deletes the item (an insert taken back, a deletion for good): off its list, memberships and watch list. */
  remove(tenant: TenantDb, id: string, current?: T | null): Promise<boolean>;
  byIds(tenant: TenantDb, ids: readonly string[], filter?: Filter<T>, options?: FindOptions): Promise<WithId<T>[]>;
  page(tenant: TenantDb, read: Omit<ListRead, 'scope'> & { scope?: string }): Promise<ListPage<T>>;
  members(membership: M, tenant: TenantDb): Promise<T[]>;
  count(membership: M, tenant: TenantDb, most: number): Promise<number>;
  /** Hourly safety net of every membership (memberships.ts); answers what changed. */
  sweep(db: Db): Promise<number>;
  /** The owner of list `scope` exists from now on (an endpoint, for its deliveries): its readers may trust the list. */
  openScope(tenant: TenantDb, scope: string): Promise<void>;
  /** The owner of list `scope` goes: its readers look it up from now on, and its list is closed (closed.ts). */
  closeScope(tenant: TenantDb, scope: string): Promise<void>;
  /** Deletes every account's items matching `expired` (past a retention) and what the list kept for them. */
  purge(db: Db, expired: Filter<T>, cutoff: Date, projection?: Array<keyof T & string>): Promise<number>;
  /**
   * The natural keys (`insertOnce`) taken before `before`: they go with their items' retention. One table serves every
   * collection created once (events, deliveries, which share a retention), so this purges the keys of all of them.
   */
  purgeKeys(db: Db, before: Date): Promise<number>;
  /** The owner's write of an item's watch mark (the reconciler's sources, watch.ts). */
  markWriter(db: Db, item: Pick<T, '_id' | 'account_id'>): MarkWrite;
  /**
   * The protocol's single steps, for tests that stop it between two (a crash, an older process). Application code
   * never calls them (test/unit/store-seam.test.ts).
   */
  readonly steps: {
    enrol(membership: M, tenant: TenantDb, id: string): Promise<void>;
    withdraw(membership: M, tenant: TenantDb, id: string): Promise<void>;
    markScope(tenant: TenantDb, scope: string, live: boolean): Promise<void>;
    closeList(tenant: TenantDb, scope: string): Promise<void>;
  };
}

/** What a declaration implies, shared by the groups of operations below. */
function protocolOf<T extends Item, M extends string>(declaration: CollectionDeclaration<T, M>) {
  const { collection: name, watched } = declaration;
  const spec = declaration.list ? ({ ...declaration.list, collection: name } as ListSpec<T & Listed>) : undefined;
  const memberships = Object.entries(declaration.memberships ?? {}).map(([key, m]) => {
    const declared = m as MembershipDeclaration<T>;
    return [key as M, new Membership<T>({ ...declared, items: name }), declared] as const;
  });
  const membership = (m: M) => memberships.find(([key]) => key === m)![1];
  const requireList = () => {
    if (!spec) throw new Error(`collection ${name} declares no list`);
    return spec;
  };
  const watchFrom = (doc: Document, given?: WatchFrom): WatchFrom => {
    if (given) return given;
    if (typeof doc.job_namespace === 'string' && doc.created_at instanceof Date)
      return { namespace: doc.job_namespace, since: doc.created_at };
    throw new Error(`collection ${name}: a watched item needs its job's namespace`);
  };
  const markWriter = (db: Db, item: Pick<T, '_id' | 'account_id'>): MarkWrite => {
    return (update) =>
      db.collection<T>(name).updateOne({ _id: item._id, account_id: item.account_id } as Filter<T>, update as never);
  };
  const watch = (db: Db, accountId: string, id: string, from: WatchFrom) =>
    watchJob(db, watched!.kind, { id, accountId, namespace: from.namespace, since: from.since });
  return { declaration, name, watched, spec, memberships, membership, requireList, watchFrom, markWriter, watch };
}

type Protocol<T extends Item, M extends string> = ReturnType<typeof protocolOf<T, M>>;

/** The insertions: watched → listed → enrolled → written, in that order (the header says why). */
function insertions<T extends Item, M extends string>(
  p: Protocol<T, M>,
): Pick<StoredCollection<T, M>, 'insert' | 'insertMany' | 'insertOnce'> {
  const { name, watched, spec, memberships, requireList, watchFrom, watch } = p;
  return {
    async insert(tenant, doc, given) {
      const item = { ...doc } as Document;
      if (watchChange(watched, item, true) === 'enter') {
        const from = watchFrom(item, given);
        Object.assign(item, watchMark(watched!.kind, from.since));
        await watch(tenant.rawDb(), tenant.accountId, String(item._id), from);
      }
      if (spec) item.list_pos = await lists().place(tenant, spec, item as NewItem<T & Listed>);
      for (const [, m, held] of memberships) if (!held.left(item as T)) await m.enrol(tenant, String(item._id));
      return tenant.collection<T>(name).insertOne(item as Omit<T, 'account_id'>);
    },

    async insertMany(tenant, docs, { chunk, watch: namespace, progress, unordered }) {
      const db = tenant.rawDb();
      // Watched, then listed, then written, as one item is; the mark is written with the item.
      const entering = docs.filter((doc) => watchChange(watched, doc as Document, true) === 'enter');
      for (let i = 0; i < entering.length; i += WATCH_AT_ONCE) {
        progress?.();
        await Promise.all(
          entering.slice(i, i + WATCH_AT_ONCE).map((doc) => {
            const from = watchFrom(doc as Document, namespace && { ...namespace, since: (doc as Document).created_at });
            Object.assign(doc, watchMark(watched!.kind, from.since));
            return watch(db, tenant.accountId, doc._id, from);
          }),
        );
      }
      progress?.();
      if (spec) await lists().placeMany(db, spec, docs as Array<T & Listed>);
      if (unordered) {
        const stamped = docs.map((doc) => ({ ...doc, account_id: tenant.accountId }));
        await bulkWriteInBatches(
          db.collection<T>(name),
          stamped.map((document) => ({ insertOne: { document } }) as AnyBulkWriteOperation<T>),
        );
        return;
      }
      const items = tenant.collection<T>(name);
      for (let i = 0; i < docs.length; i += chunk) await items.insertMany(docs.slice(i, i + chunk));
    },

    async insertOnce(db, key, candidate, unkeyed, given) {
      const items = db.collection<T>(name);
      const mine = { account_id: candidate.account_id };
      const from = watchChange(watched, candidate, true) === 'enter' ? watchFrom(candidate, given) : undefined;
      const fields = from ? { ...candidate, ...watchMark(watched!.kind, from.since) } : candidate;
      type Once = T & Listed & { created_at: Date };
      const found = await createOnce<Once>(db, requireList() as ListSpec<Once>, key, fields as Omit<Once, 'list_pos'>, {
        insert: (doc) => items.insertOne(doc as never),
        findById: async (id) => (await items.findOne({ _id: id, ...mine } as Filter<T>)) as Once | null,
        findUnkeyed: async () => (await items.findOne({ ...unkeyed, ...mine } as Filter<T>)) as Once | null,
        // Watched before it is listed and written: a crash between never leaves an item nobody starts.
        before: from && {
          write: (doc) => watch(db, doc.account_id, doc._id, from),
          undo: (doc) => unwatchJob(db, watched!.kind, doc._id),
        },
      });
      return found as unknown as T;
    },
  };
}

/** The changes: guarded transitions, releases and removals. */
function changes<T extends Item, M extends string>(
  p: Protocol<T, M>,
): Pick<StoredCollection<T, M>, 'transition' | 'release' | 'remove'> {
  const { declaration, name, watched, spec, memberships, watchFrom, markWriter, watch } = p;
  return {
    async transition(tenant, filter, update, options = {}) {
      const db = tenant.rawDb();
      const set = (update.$set ?? {}) as Document;
      const change = watchChange(watched, set);
      const entering = change === 'enter';
      const leaving = change === 'leave';
      let write = update;
      if (entering) {
        const from = watchFrom({}, options.watch);
        await watch(db, tenant.accountId, filter._id, from);
        write = { ...update, $set: { ...set, ...watchMark(watched!.kind, from.since) } } as UpdateFilter<T>;
      } else if (leaving || options.settles) {
        // The item's own mark (`query`) goes in the very write that settles it.
        write = {
          ...update,
          $unset: { ...((update.$unset ?? {}) as Document), ...UNWATCHED },
        } as unknown as UpdateFilter<T>;
      }
      const leavesList = Boolean(spec && declaration.list?.leftBy && set[declaration.list.leftBy] != null);
      const changed = () => tenant.collection<T>(name).findOneAndUpdate(filter, write);
      const after = spec
        ? await lists().change(tenant, spec, (options.current ?? null) as (T & Listed) | null, changed, {
            remove: leavesList,
          })
        : await changed();
      if (leaving) {
        // Whether or not this write matched: a settlement retried after one that died before this line finishes it,
        // and an item settled by another keeps no mark.
        await unwatchJob(
          db,
          watched!.kind,
          filter._id,
          after
            ? undefined
            : markWriter(db, { _id: filter._id, account_id: tenant.accountId } as Pick<T, '_id' | 'account_id'>),
        );
      }
      if (after)
        // Off a membership once it has left it; a failure here leaves an id the next reader takes out.
        for (const [, m, declared] of memberships)
          if (declared.left(after as T)) await m.withdraw(tenant, filter._id).catch(() => undefined);
      return after;
    },

    async release(db, item, options = {}) {
      const tenant = new TenantDb(db, item.account_id);
      for (const [, m, declared] of memberships) if (declared.left(item as T)) await m.withdraw(tenant, item._id);
      if (!watched) return;
      await unwatchJob(db, watched.kind, item._id, options.inWrite ? undefined : markWriter(db, item));
    },

    async remove(tenant, id, current = null) {
      const deleted = () => tenant.collection<T>(name).deleteOne({ _id: id } as Filter<T>);
      const res = spec
        ? await lists().change(tenant, spec, current as (T & Listed) | null, deleted, { remove: true })
        : await deleted();
      for (const [, m] of memberships) await m.withdraw(tenant, id);
      if (watched) await unwatchJob(tenant.rawDb(), watched.kind, id);
      return res.deletedCount === 1;
    },
  };
}

export function defineCollection<T extends Item, M extends string = never>(
  declaration: CollectionDeclaration<T, M>,
): StoredCollection<T, M> {
  const p = protocolOf(declaration);
  const { name, watched, spec, memberships, membership, requireList, markWriter } = p;
  const self: StoredCollection<T, M> = {
    name,
    list: spec,
    watched,
    notClosed: (spec?.scopeField ? NOT_CLOSED : {}) as Filter<T>,
    in: (tenant) => tenant.collection<T>(name),
    across: (db) => db.collection<T>(name),
    markWriter,
    ...insertions(p),
    ...changes(p),

    byIds: (tenant, ids, filter, options) => findByIds(tenant.collection<T>(name), ids, filter, options),

    page: (tenant, read) => lists().read<T & Listed>(tenant, requireList(), { scope: '', ...read }),

    members: (m, tenant) => membership(m).members(tenant),
    count: (m, tenant, most) => membership(m).count(tenant, most),
    async sweep(db) {
      let changed = 0;
      for (const [, m] of memberships) changed += await m.sweep(db);
      return changed;
    },

    openScope: (tenant, scope) => self.steps.markScope(tenant, scope, true),
    // The mark goes first: a closing that stops after it leaves a list whose readers look the owner up, never one
    // that vouches for an owner gone. Then its tombstone, which `query` reads with the list's items.
    async closeScope(tenant, scope) {
      await self.steps.markScope(tenant, scope, false);
      await self.steps.closeList(tenant, scope);
    },

    steps: {
      enrol: (m, tenant, id) => membership(m).enrol(tenant, id),
      withdraw: (m, tenant, id) => membership(m).withdraw(tenant, id),
      markScope: (tenant, scope, live) => lists().markOwner(tenant, requireList(), scope, live),
      closeList: (tenant, scope) => lists().close(tenant, requireList(), scope),
    },

    purgeKeys: (db, before) => purgeNaturalKeys(db, before),

    async purge(db, expired, cutoff, projection = []) {
      // Read first: the lists whose pages may go with the items (`pages`); nothing to delete costs one read, as the
      // deletion alone did.
      const items = db.collection<T>(name);
      const fields = Object.fromEntries(['_id', 'account_id', ...projection].map((f) => [f, 1]));
      const gone = await items.find(expired, { projection: fields }).toArray();
      if (gone.length === 0) return 0;
      const { deletedCount } = await items.deleteMany(expired);
      if (spec) await lists().purged(db, spec, gone as unknown as Array<T & Listed>, cutoff.getTime());
      return deletedCount;
    },
  };
  return self;
}

/** Lists `docs` about to be inserted straight into `collection` (a bulk import, seeding), when one of `specs` is its. */
export async function placeBeforeInsert(
  db: Db,
  specs: Array<ListSpec<Listed>>,
  collection: string,
  docs: Document[],
): Promise<void> {
  const spec = specs.find((s) => s.collection === collection);
  if (spec) await lists().placeMany(db, spec, docs as Listed[]);
}

/** The registry's lists, in order: those of the declared collections that have one. */
export function listsOf(...collections: Array<{ readonly list: object | undefined }>): Array<ListSpec<Listed>> {
  return collections.flatMap((c) => (c.list ? [c.list as ListSpec<Listed>] : []));
}

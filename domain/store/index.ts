/**
 * The store seam (docs/decisions.md 350–353): everything that exists because the embedded
 * store (FerretDB 1.24) uses an index only for `_id` equality, behind a few small interfaces. Routes, capabilities
 * and activities import this file only (test/unit/store-seam.test.ts checks); none knows which strategy runs.
 *
 * A capability declares its collection (`defineCollection`, collection.ts) beside its record type, names it in the
 * registry (domain/collections/index.ts), and touches it through what the declaration returns only. A new listed,
 * watched resource — reviews, say, listed per account with filters on status, workflow and batch, watched while
 * pending — is this much:
 *
 *     export interface ReviewDoc extends Item { status: 'pending' | 'done'; workflow_id: string; batch_id: string | null;
 *       job_namespace: string; created_at: Date; ... }
 *     export const REVIEWS = defineCollection<ReviewDoc>({
 *       collection: COLLECTIONS.reviews,
 *       list: {
 *         name: 'reviews',
 *         scopeOf: () => '',
 *         settled: (r) => r.status !== 'pending',
 *         shapes: [{ equal: [], other: [] }, { equal: ['status'], other: [] }, { equal: ['workflow_id', 'status'], other: [] },
 *                  { equal: ['batch_id', 'status'], other: [] }],
 *       },
 *       watched: { kind: 'reviews', field: 'status', states: ['pending'] },
 *     });
 *     await REVIEWS.insert(tenant, review);                      // watched, listed, written: in that order
 *     await REVIEWS.page(tenant, { page, cursors, cursorScope: 'reviews:pending', filter: { status: 'pending' } });
 *     await REVIEWS.transition(tenant, { _id: id, status: 'pending' }, { $set: { status: 'done' } }); // unwatched
 *
 * plus a `WatchedKind` (watch.ts), each shape's index in domain/platform/db.ts (test/unit/store-indexes.test.ts
 * names a missing one), and the collection in the registry. Lists are newest first; "oldest pending first" is the
 * same list walked to its end and reversed (domain/calibration-sets/calibration-sets.ts `allCalibrationItems`) —
 * a list declared in ascending order is not built yet.
 *
 * Underneath:
 * - lists (lists.ts): an account's ordered lists, with filters and cursors;
 * - memberships (memberships.ts): which items of a kind an account has;
 * - create-once (create-once.ts): an item created once by a natural key;
 * - `findByIds` (by-ids.ts), key credentials (key-credentials.ts), the reconciler's watch list (watch.ts);
 * - deadlines (deadlines.ts): an item a sweep must look at once a time has passed (an upload URL's expiry);
 * - the tenant door (tenant.ts): `TenantDb`, through which every read and write of an account's data passes, scoped
 *   by `account_id`, so another tenant's data is simply not found;
 * - start-up (prepare.ts): the strategy chosen once (`LIST_STRATEGY=auto|pages|query`, strategy.ts), the data
 *   made ready for it.
 */
export {
  defineCollection,
  placeBeforeInsert,
  listsOf,
  type StoredCollection,
  type Item,
  type CollectionDeclaration,
  type ListDeclaration,
  type WatchDeclaration,
  type WatchFrom,
  type NewItem,
} from './collection';
export { defineDeadline, type Deadline, type DeadlineKind, type DueItem } from './deadlines';
export { readWatched, watchUnwatched, type WatchedItemsSpec, type WatchedRead } from './watched-items';
export type { Listed, ListSpec, ListFilter, ListShape, ListCondition, ListRead, OnceWriter } from './list-spec';
export { lists, forgetListedItems, LIST_PAGE_SIZE, type Lists, type ListPage } from './lists';
export { LIST_SORT } from './query/lists';
export { listIndexes } from './query/indexes';
export { explainLists, type ListExplanation } from './query/explain';
export { Membership, openAccount, type Enrolled, type Memberships, type MembershipSpec } from './memberships';
export { createOnce, purgeNaturalKeys } from './create-once';
export { NOT_CLOSED, CLOSED_POS, type ClosableSpec } from './closed';
export { findByIds } from './by-ids';
export { keyCredentials } from './key-credentials';
export {
  watchJob,
  unwatchJob,
  watchEntry,
  watchMark,
  watchSources,
  watchedByMark,
  UNWATCHED,
  MARKED_KINDS,
  WATCH_MARK_READ,
  type MarkWrite,
  type WatchCandidate,
  type WatchSource,
  type WatchedJobDoc,
  type WatchedKind,
} from './watch';
export { prepareStore } from './prepare';
export {
  listStrategy,
  detectListStrategy,
  LIST_STRATEGIES,
  type ListStrategy,
  type ListStrategySetting,
} from './strategy';
export { TenantDb, TenantCollection } from './tenant';

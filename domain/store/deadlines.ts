/**
 * Deadlines: an item a sweep must look at once a time has passed, whatever state it is in by then (an upload URL's
 * expiry, domain/documents/open-uploads.ts), until the sweep says it is done with it. The owner declares one per
 * kind (`defineDeadline`) and sets it before inserting its item, as a watched item is watched first (collection.ts):
 * a crash in between leaves a deadline whose item is missing, which the sweep finds and forgets.
 *
 * Kept on the reconciler's watch list (watch.ts) under a kind of its own, the entry's time being the deadline, so
 * the sweep reads by `_id` and a namespace's due deadlines in one indexed read whatever the strategy.
 */
import type { Db } from 'mongodb';
import { unwatchJob, watchEntry, watchSources, type WatchedKind } from './watch';

export type DeadlineKind = Extract<WatchedKind, 'document_uploads' | 'reference_uploads' | 'generations'>;

/** A deadline that has passed: its item, account and time. */
export interface DueItem {
  itemId: string;
  accountId: string;
  at: Date;
}

export interface Deadline {
  /** Idempotent; `added` when it was not set before. */
  set(db: Db, item: { id: string; accountId: string; namespace: string; at: Date }): Promise<'added' | 'present'>;
  /** The sweep is done with the item (idempotent). */
  clear(db: Db, itemId: string): Promise<void>;
  /** Namespace `namespace`'s deadlines before `before`, earliest first, at most `limit`. */
  due(db: Db, q: { namespace: string; before: Date; limit: number }): Promise<DueItem[]>;
}

export function defineDeadline(kind: DeadlineKind): Deadline {
  const [entries] = watchSources(kind);
  return {
    set: (db, item) =>
      watchEntry(db, kind, { id: item.id, accountId: item.accountId, namespace: item.namespace, since: item.at }),
    clear: (db, itemId) => unwatchJob(db, kind, itemId),
    async due(db, q) {
      const found = await entries!.read(db, kind, { ...q, after: null });
      return found.map(({ itemId, accountId, since }) => ({ itemId, accountId, at: since }));
    },
  };
}

/**
 * Whether the reconciler watches an item, whatever the strategy (domain/store/watch.ts): an
 * entry on the watch list (`pages`, and every kind but runs and deliveries), or the item's own mark (`query`).
 */
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../../domain/platform/db';
import { MARKED_KINDS, type WatchedKind } from '../../domain/store';

export async function isWatched(db: Db, kind: WatchedKind, itemId: string): Promise<boolean> {
  if (await db.collection(COLLECTIONS.watchedJobs).findOne({ _id: `${kind}:${itemId}` as never })) return true;
  if (!(kind in MARKED_KINDS)) return false;
  const item = await db.collection(MARKED_KINDS[kind as keyof typeof MARKED_KINDS]).findOne({ _id: itemId as never });
  return item?.watched_since instanceof Date;
}

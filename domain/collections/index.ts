/**
 * Every collection's declaration, in one place (domain/store/collection.ts): a capability declares its collection
 * beside its record type, and this registry names them all, for what the store does across collections — its
 * preparation at start-up (the backfill, the rebuild after a switch of strategy), the bulk inserts of imports and
 * the benchmark's seeding, the explanation of the lists' indexes (`npm run ops`).
 *
 * The lists still declared the older way (a `ListSpec` handed to `lists()`, not yet a collection) are named below
 * them, until their capabilities move (test/unit/store-seam.test.ts counts them down).
 */
import type { Db, Document } from 'mongodb';
import { listsOf, placeBeforeInsert } from '../store';
import { EVENTS } from '../webhooks/events';
import { DELIVERIES } from '../webhooks/delivery-record';
import { ENDPOINTS } from '../webhooks/endpoints';
import { RUN_LIST } from '../runs/list';
import { WORKFLOW_LIST } from '../evaluation-workflows/evaluation-workflows';
import { REFERENCE_LIST } from '../documents/reference-documents';
import { CALIBRATION_ITEM_LIST, CALIBRATION_SET_LIST } from '../calibration-sets/calibration-sets';
import { BATCH_LIST } from '../batches/batches';
import { CALIBRATION_LIST } from '../calibrations/calibrations';
import { REVIEWS } from '../reviews/reviews';

/** Every collection declared with `defineCollection`. */
export const DECLARED_COLLECTIONS = [EVENTS, DELIVERIES, ENDPOINTS, REVIEWS] as const;

/** Every list, in the order the store prepares them. */
export const LISTS = listsOf(
  RUN_LIST,
  WORKFLOW_LIST,
  REFERENCE_LIST,
  EVENTS,
  DELIVERIES,
  CALIBRATION_SET_LIST,
  CALIBRATION_ITEM_LIST,
  BATCH_LIST,
  CALIBRATION_LIST,
  REVIEWS,
);

/** Lists documents about to be inserted straight into `collection` (a bulk import, the benchmark's seeding). */
export async function listBeforeInsert(db: Db, collection: string, docs: Document[]): Promise<void> {
  await placeBeforeInsert(db, LISTS, collection, docs);
}

/**
 * Every collection's declaration, in one place (domain/store/collection.ts): a capability declares its collection
 * beside its record type, and this registry names them all, for what the store does across collections — its
 * preparation at start-up (the backfill, the rebuild after a switch of strategy), the bulk inserts of imports and
 * the benchmark's seeding, the explanation of the lists' indexes (`npm run ops`).
 */
import type { Db, Document } from 'mongodb';
import { listIndexes, listsOf, placeBeforeInsert } from '../store';
import { EVENTS } from '../webhooks/events';
import { DELIVERIES } from '../webhooks/delivery-record';
import { ENDPOINTS } from '../webhooks/endpoints';
import { RUNS } from '../runs/run-doc';
import { WORKFLOWS } from '../evaluation-workflows/evaluation-workflows';
import { DOCUMENTS } from '../documents/document-record';
import { REFERENCES } from '../documents/reference-record';
import { CALIBRATION_ITEMS, CALIBRATION_SETS } from '../calibration-sets/calibration-sets';
import { BATCHES } from '../batches/batches';
import { CALIBRATIONS } from '../calibrations/doc';
import { REVIEWS } from '../reviews/reviews';

/** Every collection declared with `defineCollection`. */
export const DECLARED_COLLECTIONS = [
  RUNS,
  WORKFLOWS,
  BATCHES,
  EVENTS,
  DELIVERIES,
  ENDPOINTS,
  DOCUMENTS,
  REFERENCES,
  CALIBRATION_SETS,
  CALIBRATION_ITEMS,
  CALIBRATIONS,
  REVIEWS,
] as const;

/** Every list, in the order the store prepares them. */
export const LISTS = listsOf(
  RUNS,
  WORKFLOWS,
  REFERENCES,
  EVENTS,
  DELIVERIES,
  CALIBRATION_SETS,
  CALIBRATION_ITEMS,
  BATCHES,
  CALIBRATIONS,
  REVIEWS,
);

/** The lists' indexes, created where the `query` strategy runs. */
export const LIST_INDEXES = listIndexes(LISTS);

/** Lists documents about to be inserted straight into `collection` (a bulk import, the benchmark's seeding). */
export async function listBeforeInsert(db: Db, collection: string, docs: Document[]): Promise<void> {
  await placeBeforeInsert(db, LISTS, collection, docs);
}

/**
 * Every listed resource's list (domain/store/, docs/decisions.md 170–173, 350): the registry the store prepares at
 * start-up (its backfill, its rebuild after a switch of strategy) and that bulk inserts list through.
 */
import type { Db, Document } from 'mongodb';
import { lists, type Listed, type ListSpec } from '../store';
import { RUN_LIST } from '../runs/list';
import { WORKFLOW_LIST } from '../evaluation-workflows/evaluation-workflows';
import { REFERENCE_LIST } from '../documents/reference-documents';
import { EVENT_LIST } from '../webhooks/events';
import { DELIVERY_LIST } from '../webhooks/deliveries';
import { CALIBRATION_ITEM_LIST, CALIBRATION_SET_LIST } from '../calibration-sets/calibration-sets';
import { BATCH_LIST } from '../batches/batches';
import { CALIBRATION_LIST } from '../calibrations/calibrations';

export const LISTS = [
  RUN_LIST,
  WORKFLOW_LIST,
  REFERENCE_LIST,
  EVENT_LIST,
  DELIVERY_LIST,
  CALIBRATION_SET_LIST,
  CALIBRATION_ITEM_LIST,
  BATCH_LIST,
  CALIBRATION_LIST,
] as unknown as Array<ListSpec<Listed>>;

/** Lists documents about to be inserted straight into `collection` (a bulk import, the benchmark's seeding). */
export async function listBeforeInsert(db: Db, collection: string, docs: Document[]): Promise<void> {
  const spec = LISTS.find((s) => s.collection === collection);
  if (spec) await lists().placeMany(db, spec, docs as Listed[]);
}

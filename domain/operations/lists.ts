/**
 * Every list index (domain/http/list-index.ts) and its backfill. Items written before list indexes existed have no
 * position; `backfillLists` places them, once per list kind: a marker records that a kind is done, so a start-up
 * after that costs one lookup per kind. It runs at every process start-up (domain/platform/connections.ts) and is
 * idempotent (docs/decisions.md 172).
 */
import type { Db, Document } from 'mongodb';
import { COLLECTIONS } from '../platform/db';
import { addManyToList, backfillList, type Listed, type ListSpec } from '../http/list-index';
import { RUN_LIST } from '../runs/list';
import { WORKFLOW_LIST } from '../evaluation-workflows/evaluation-workflows';
import { REFERENCE_LIST } from '../documents/reference-documents';
import { EVENT_LIST } from '../webhooks/events';
import { DELIVERY_LIST } from '../webhooks/deliveries';

export const LISTS = [RUN_LIST, WORKFLOW_LIST, REFERENCE_LIST, EVENT_LIST, DELIVERY_LIST] as unknown as Array<
  ListSpec<Listed>
>;

/** Bump to run every backfill again (a new list kind gets its own marker anyway). */
const BACKFILL_VERSION = 1;
const markerId = (spec: ListSpec<Listed>) => `backfill:v${BACKFILL_VERSION}:${spec.name}`;

/** Places every unplaced item of every list kind not yet marked done; answers how many it placed. */
export async function backfillLists(db: Db): Promise<number> {
  const markers = db.collection<Document>(COLLECTIONS.listPages);
  let placed = 0;
  for (const spec of LISTS) {
    if (await markers.findOne({ _id: markerId(spec) as never })) continue;
    placed += await backfillList(db, spec);
    await markers
      .updateOne({ _id: markerId(spec) as never }, { $set: { at: new Date() } }, { upsert: true })
      .catch((err: { code?: number }) => {
        if (err.code !== 11000) throw err;
      });
  }
  return placed;
}

/** Lists documents about to be inserted straight into `collection` (a bulk import, the benchmark's seeding). */
export async function listBeforeInsert(db: Db, collection: string, docs: Document[]): Promise<void> {
  const spec = LISTS.find((s) => s.collection === collection);
  if (spec) await addManyToList(db, spec, docs as Listed[]);
}

/**
 * The backfill of every list (list-index.ts). Items written before list indexes existed have no position;
 * `backfillLists` places them, once per list kind: a marker records that a kind is done, so a start-up after that
 * costs one lookup per kind. It runs at every process start-up under `pages` (domain/store/prepare.ts) and is
 * idempotent: items are chosen by their missing position and the position write is guarded, so two processes at
 * once, or a backfill cut short, leave at most extra entries, which readers skip.
 */
import type { Db, Document } from 'mongodb';
import { COLLECTIONS } from '../../platform/db';
import { backfillList } from './list-index';
import type { Listed, ListSpec } from '../list-spec';

/** Bump to run every backfill again (a new list kind gets its own marker anyway). */
const BACKFILL_VERSION = 1;
const markerId = (spec: ListSpec<Listed>) => `backfill:v${BACKFILL_VERSION}:${spec.name}`;

/** Places every unplaced item of every list kind not yet marked done; answers how many it placed. */
export async function backfillLists(db: Db, specs: Array<ListSpec<Listed>>): Promise<number> {
  const markers = db.collection<Document>(COLLECTIONS.listPages);
  let placed = 0;
  for (const spec of specs) {
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

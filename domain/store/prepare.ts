/**
 * The store at a process's start-up (domain/platform/connections.ts): the strategy is chosen (strategy.ts) and
 * logged by the caller, and the data made ready for it.
 *
 * - `pages`: items from before list indexes get their positions (the backfill). After `query` has written the
 *   database (the marker below says so; docs/decisions.md 352), what `query` does not keep is rebuilt first: every
 *   positioned item gets its list entry, every snapshot goes (items changed without claims), rosters are rebuilt
 *   from one scan at their first read, keys created meanwhile get their credentials, and items `query` watched by
 *   their own mark get their watch entries.
 * - `query`: nothing; its indexes are declared with every other (domain/platform/db.ts).
 */
import type { Db, Document } from 'mongodb';
import { COLLECTIONS } from '../platform/db';
import { keyCredentials } from './key-credentials';
import type { Listed, ListSpec } from './list-spec';
import { backfillLists } from './pages/backfill';
import { enterPositioned } from './pages/list-index';
import { resetRosters } from './pages/roster';
import { enterMarkedItems } from './watch';
import { backfillTombstones } from './closed';
import { chooseListStrategy, type ListStrategy, type ListStrategySetting } from './strategy';

/** In `list_pages`: the strategy that last started on this database. */
const MARKER_ID = 'store:strategy';

/** The collections that exist only for `pages`' memberships (rebuilt after `query` has run). */
const ROSTERS = [COLLECTIONS.endpointRosters, COLLECTIONS.keyRosters, COLLECTIONS.activeKeyRosters];

export async function prepareStore(
  db: Db,
  setting: ListStrategySetting,
  specs: Array<ListSpec<Listed>>,
  /** Creates the collections and indexes the chosen strategy needs, before anything else touches them. */
  ensureIndexes: (strategy: ListStrategy) => Promise<void> = async () => undefined,
): Promise<{ strategy: ListStrategy; reason: string; rebuilt: boolean; placed: number }> {
  const chosen = await chooseListStrategy(db, setting);
  await ensureIndexes(chosen.strategy);
  const markers = db.collection<Document>(COLLECTIONS.listPages);
  const last = (await markers.findOne({ _id: MARKER_ID as never }))?.strategy as ListStrategy | undefined;
  let rebuilt = false;
  let placed = 0;
  if (chosen.strategy === 'pages') {
    if (last === 'query') {
      await rebuildForPages(db, specs);
      rebuilt = true;
    }
    placed = await backfillLists(db, specs);
  }
  // Lists closed before tombstones existed get theirs, once, whichever strategy runs: a switch must find them.
  await backfillTombstones(db, specs);
  if (last !== chosen.strategy)
    await markers
      .updateOne({ _id: MARKER_ID as never }, { $set: { strategy: chosen.strategy, at: new Date() } }, { upsert: true })
      .catch((err: { code?: number }) => {
        if (err.code !== 11000) throw err;
      });
  return { ...chosen, rebuilt, placed };
}

/** What `pages` keeps and `query` does not, made whole again; idempotent, any number of processes may run it. */
export async function rebuildForPages(db: Db, specs: Array<ListSpec<Listed>>): Promise<void> {
  for (const spec of specs) await enterPositioned(db, spec);
  await db.collection<Document>(COLLECTIONS.listPages).deleteMany({ _id: { $regex: /:s$/ } } as never);
  await resetRosters(db, ROSTERS);
  await keyCredentials.forgetEveryKeyCredentialed(db);
  // Runs and deliveries `query` watched by their own mark go on the watch list `pages` reads.
  await enterMarkedItems(db);
}

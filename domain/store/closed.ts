/**
 * A list's tombstone (docs/decisions.md 309): when a list's owner goes (an endpoint's deletion, for its deliveries),
 * one document in the list's own collection, keyed by the list, at a position no item takes (`CLOSED_POS`, above
 * every other), so that under `query` every page of the list, first or behind a cursor, reads it first in the same
 * `find` as the items (query/lists.ts): a page that holds items and no tombstone was read before the owner went.
 * Written under both strategies (a switch to `query` finds it); `pages` reads its entries and never sees it. Every
 * other reader of the collection leaves it out (`NOT_CLOSED`, or a field the tombstone never has).
 */
import type { Db, Document } from 'mongodb';
import { BULK_STATEMENTS, bulkWriteInBatches, COLLECTIONS } from '../platform/db';
import type { TenantDb } from './tenant';
import type { Listed, ListSpec } from './list-spec';

/** The tombstone's position: above every item's (positions are counters from 1). */
export const CLOSED_POS = Number.MAX_VALUE;

/** The tombstone's marker field. */
export const CLOSED_FIELD = 'list_closed';

/** Added to a filter on a closable list's collection: no tombstone. */
export const NOT_CLOSED = { [CLOSED_FIELD]: { $ne: true } } as const;

/** What closing a list needs of its spec. */
export type ClosableSpec = Pick<ListSpec<Listed>, 'name' | 'collection' | 'scopeField'>;

const tombstone = (spec: ClosableSpec, scope: string, at: Date) => ({
  ...(spec.scopeField ? { [spec.scopeField]: scope } : {}),
  list_pos: CLOSED_POS,
  [CLOSED_FIELD]: true,
  closed_at: at,
});

export const tombstoneId = (spec: { name: string }, scope: string) => `${spec.name}:closed:${scope}`;

/** The list `scope` of the account is closed: its tombstone, written once (idempotent, an upsert by its id). */
export async function closeList(tenant: TenantDb, spec: ClosableSpec, scope: string, at = new Date()): Promise<void> {
  await tenant
    .collection<Document & Listed>(spec.collection)
    .updateOne({ _id: tombstoneId(spec, scope) }, { $setOnInsert: tombstone(spec, scope, at) }, { upsert: true });
}

/** In `list_pages`: the tombstones of lists closed before tombstones existed were written. */
const markerId = (spec: { name: string }) => `closed:v1:${spec.name}`;

/**
 * Once per closable list kind, at start-up under either strategy: a tombstone for every owner that went before
 * tombstones existed (the owner names them: `closedScopes`). Idempotent; a marker says it is done.
 */
export async function backfillTombstones(db: Db, specs: Array<ListSpec<Listed>>): Promise<number> {
  const markers = db.collection<Document>(COLLECTIONS.listPages);
  let written = 0;
  for (const spec of specs) {
    if (!spec.closedScopes || (await markers.findOne({ _id: markerId(spec) as never }))) continue;
    const closed = await spec.closedScopes(db);
    const upserts = closed.map(({ accountId, scope, at }) => ({
      updateOne: {
        filter: { _id: tombstoneId(spec, scope) as never, account_id: accountId },
        update: { $setOnInsert: tombstone(spec, scope, at) },
        upsert: true,
      },
    }));
    // Another process starting at once may insert the same tombstone first: its duplicate key means "there", and the
    // rest of its batch (unordered) and the next batches are still written.
    for (let i = 0; i < upserts.length; i += BULK_STATEMENTS)
      await bulkWriteInBatches(db.collection<Document>(spec.collection), upserts.slice(i, i + BULK_STATEMENTS)).catch(
        (err: { code?: number }) => {
          if (err.code !== 11000) throw err;
        },
      );
    written += closed.length;
    await markers
      .updateOne({ _id: markerId(spec) as never }, { $set: { at: new Date() } }, { upsert: true })
      .catch((err: { code?: number }) => {
        if (err.code !== 11000) throw err;
      });
  }
  return written;
}

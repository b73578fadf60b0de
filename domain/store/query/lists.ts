/**
 * The `query` strategy's lists: an item's position (`list_pos`) comes from the same counter as under `pages` (the
 * list's head, one `findOneAndUpdate` by `_id`), and a page is one `find` on `{account_id, [scope], …filter}` below
 * the cursor's position, sorted by position then id, newest first — served by an index domain/platform/db.ts declares
 * for the list (test/unit/store-indexes.test.ts checks every declared shape has one). No entries, snapshots or claims.
 */
import type { Document, Filter } from 'mongodb';
import type { TenantDb } from '../tenant';
import { decodeListCursor, type Position } from '../pages/list-index';
import type { ListCondition, Listed, ListFilter, ListRead, ListSpec } from '../list-spec';
import { CLOSED_POS } from '../closed';

/** The filter document: the list's scope, the caller's filter, positioned items only, below the cursor. */
export function listQuery<T extends Listed>(
  spec: ListSpec<T>,
  scope: string,
  filter: ListFilter,
  bound: Position | null,
  ascending = false,
): Document {
  const { $or, ...fields } = filter;
  const and: Document[] = [];
  if ($or) and.push({ $or });
  const past = ascending ? '$gt' : '$lt';
  if (bound) and.push({ $or: [{ list_pos: { [past]: bound.q } }, { list_pos: bound.q, _id: { [past]: bound.id } }] });
  const scoped = spec.scopeField ? { [spec.scopeField]: scope } : {};
  const items = {
    ...(fields as Record<string, ListCondition>),
    // Only positioned items, as under `pages` (an item without one is not in any page until the backfill).
    list_pos: bound
      ? ascending
        ? { $gte: bound.q, $lt: CLOSED_POS }
        : { $lte: bound.q }
      : { $gte: -Number.MAX_VALUE, $lt: CLOSED_POS },
    ...(and.length ? { $and: and } : {}),
  };
  // A closable list's tombstone (closed.ts) whatever the filter and the cursor: it sorts first, so every page reads
  // it. Both branches are served by the list's index (its scope, then the position: a range, or one value).
  if (spec.closedScopes) return { ...scoped, $or: [items, { list_pos: CLOSED_POS }] };
  return { ...scoped, ...items };
}

export const LIST_SORT = { list_pos: -1, _id: -1 } as const;
/** Oldest first (`ascending` reads): the same index, walked the other way. */
const LIST_SORT_UP = { list_pos: 1, _id: 1 } as const;

export async function readList<T extends Listed>(
  tenant: TenantDb,
  spec: ListSpec<T>,
  { scope, page, cursors, cursorScope, filter, ascending = false }: ListRead,
): Promise<{ items: T[]; next_cursor: string | null; live: boolean; closed?: boolean }> {
  if (ascending && spec.closedScopes) throw new Error(`list ${spec.name}: a closable list is read newest first`);
  const items = tenant.collection<T>(spec.collection);
  const bound = page.cursor
    ? await decodeListCursor(
        cursors,
        cursorScope,
        page.cursor,
        (id) => items.findOne({ _id: id } as never) as Promise<Listed | null>,
      )
    : null;
  const closable = Boolean(spec.closedScopes);
  const read = (await items
    .find(listQuery(spec, scope, filter, bound, ascending) as Filter<T>, {
      sort: ascending ? LIST_SORT_UP : LIST_SORT,
      limit: page.limit + (closable ? 2 : 1),
    })
    .toArray()) as unknown as T[];
  const closed = closable && read[0]?.list_pos === CLOSED_POS;
  const found = closed ? read.slice(1) : read;
  const shown = found.slice(0, page.limit);
  const last = shown[shown.length - 1];
  return {
    items: shown,
    next_cursor: found.length > page.limit && last ? cursors.encode(cursorScope, `${last.list_pos}:${last._id}`) : null,
    // No head is read: the list cannot vouch for its owner, who is looked up.
    live: false,
    // Read with the items, in the same command: a closable list says whether its tombstone was there.
    ...(closable ? { closed } : {}),
  };
}

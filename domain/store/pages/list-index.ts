/**
 * List indexes: how every paged list (runs, workflows, reference documents, events, an endpoint's deliveries) is
 * read without a query whose cost grows with other accounts' data. The embedded store (FerretDB 1.24 on SQLite)
 * pushes down nothing but `_id` equality — no `_id` range, no `$in`, no field filter, no sort — so a list read as
 * `find({account_id}).sort({_id: -1}).limit(21)` scans every account's documents (docs/decisions.md 170). Here every
 * read is a lookup by `_id`. This is the `pages` strategy's list (domain/store/lists.ts); on MongoDB the `query`
 * strategy reads the same positions with an indexed `find` instead:
 *
 *   head      `<account>:<list>:h`     {hi, lo, floor?, live?}: positions handed out, upward for new items, downward
 *                                       for backfilled; `floor`: where pages begin after a purge (`purgeListPages`);
 *                                       `live`: the list's owner exists (`markListLive`)
 *   page      `<account>:<list>:<p>`   {e: {<item id>: {q, t, g?, m?}}, tmax?}: the entries at positions
 *                                       [p·K, p·K + K); `tmax`, on lists whose items expire, the newest entry's `t`
 *   snapshots `<account>:<list>:<p>:s` {d: {<item id>: {g, doc}}}: copies of the page's settled items
 *
 * An item's position `q` is stored on the item itself (`list_pos`), so an entry is valid only while the item names
 * it: a second entry for the same item (a creation retried after a crash) or one whose item was never written is
 * skipped by the reader. Writes go entry first, item second: a crash in between leaves an entry with no item
 * (skipped), never an item no list shows. Newest first is position order, ties by id.
 *
 * A snapshot is a copy of a settled item (its owner's `settled`: a final run, a finished delivery, an event),
 * trusted while no writer holds the entry (`m`) and its generation equals the entry's `g`; otherwise the reader
 * fetches the item by `_id` and files a snapshot under the generation it saw. A writer that changes a settled item
 * first claims the entry (`m` set, `g` bumped: every snapshot taken before is now of another generation), so a
 * snapshot in use is never older than the item; a claim that crashes leaves the entry held: the item is always
 * fetched, still correct. Snapshots live apart from the entries so that adding an entry rewrites a small document.
 *
 * The parts, each a file beside this one, re-exported here as the `pages` strategy's list API: page-docs.ts (the
 * documents and their ids), entries.ts (positions and entries written), claims.ts (an owner's change to a settled
 * item), seen-cache.ts (what a process remembers between reads), read-list.ts (reads and cursors), purge.ts (pages of
 * expired items), enter-existing.ts (the backfill and the entries of items positioned elsewhere).
 */
export { LIST_PAGES, PAGE_SIZE, type Position } from './page-docs';
export { addManyToList, addToList, dropFromList, markListLive, reserveListPosition, takePositions } from './entries';
export { claimEntry, releaseEntry, whileClaimed, type Claim } from './claims';
export { forgetListedItems } from './seen-cache';
export { decodeListCursor, readList } from './read-list';
export { purgeListPages } from './purge';
export { backfillList, enterPositioned, positionsIn } from './enter-existing';

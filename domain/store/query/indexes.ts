/**
 * The `query` strategy's indexes, built from the lists' declarations: per list index, the account (and the list's
 * scope), the equality fields, the position newest first, then the fields other filters check on the index's keys;
 * and, on the collections whose items carry their own watch mark, the reconciler's read of marked items (the
 * namespace for equality, the mark for the range and order). Created only where `query` runs: under `pages` they would
 * cost every write and serve no read.
 */
import type { IndexDescription } from 'mongodb';
import type { IndexesByCollection } from '../../platform/db';
import type { Listed, ListSpec } from '../list-spec';
import { MARKED_KINDS, WATCH_MARK_READ } from '../watch';
import { LIST_SORT } from './lists';

const ascending = (fields: string[] = []) => Object.fromEntries(fields.map((f) => [f, 1] as const));

const WATCHED_INDEX: IndexDescription = {
  key: { ...ascending([...WATCH_MARK_READ.equal]), [WATCH_MARK_READ.range]: 1 },
  name: 'watched',
};

export function listIndexes(specs: Array<ListSpec<Listed>>): IndexesByCollection {
  const out: IndexesByCollection = {};
  for (const spec of specs)
    for (const index of spec.indexes) {
      const lead = ['account_id', ...(spec.scopeField ? [spec.scopeField] : []), ...(index.equal ?? [])];
      const key = { ...ascending(lead), ...LIST_SORT, ...ascending(index.after) };
      (out[spec.collection] ??= []).push({ key, name: index.name });
    }
  for (const collection of Object.values(MARKED_KINDS)) (out[collection] ??= []).push(WATCHED_INDEX);
  return out;
}

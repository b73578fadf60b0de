/**
 * Every filter-and-sort the `query` strategy runs has a declared index whose prefix serves it: for each list and each
 * filter shape it declares (a read with another shape is refused at run time, domain/store/list-spec.ts), an index in
 * LIST_INDEXES (domain/collections, built from the lists' declarations) on the list's collection that begins with the account, the list's scope and the
 * equality fields (in any order), continues with the sort (position, then id, newest first) and then holds every other
 * field the filter checks, so the scan walks the index in order and decides the filter from its keys. The one check
 * that this is what MongoDB does is `npm run ops -- explain-lists`.
 */
import { LIST_INDEXES, LISTS } from '../../domain/collections';

import {
  LIST_SORT,
  MARKED_KINDS,
  WATCH_MARK_READ,
  type Listed,
  type ListShape,
  type ListSpec,
} from '../../domain/store';

/** Whether `key` (an index's fields in order) serves `shape` on `spec`'s list. */
function serves(key: Record<string, unknown>, spec: ListSpec<Listed>, shape: ListShape): boolean {
  const fields = Object.entries(key);
  const lead = ['account_id', ...(spec.scopeField ? [spec.scopeField] : [])];
  const equal = new Set(shape.equal);
  const sort = Object.entries(LIST_SORT);
  const n = lead.length + equal.size;
  if (fields.length < n + sort.length) return false;
  if (fields.slice(0, lead.length).some(([f, d], i) => f !== lead[i] || d !== 1)) return false;
  if (fields.slice(lead.length, n).some(([f]) => !equal.has(f))) return false;
  if (sort.some(([f, d], i) => fields[n + i]![0] !== f || fields[n + i]![1] !== d)) return false;
  const after = new Set(fields.slice(n + sort.length).map(([f]) => f));
  return shape.other.every((f) => after.has(f));
}

describe.each(LISTS.map((spec) => [spec.name, spec] as const))('the %s list', (_name, spec) => {
  it.each(spec.shapes.map((shape) => [JSON.stringify(shape), shape] as const))(
    'has an index serving %s',
    (_s, shape) => {
      const indexes = LIST_INDEXES[spec.collection] ?? [];
      expect(
        indexes.filter((i) => serves(i.key as Record<string, unknown>, spec, shape)).map((i) => i.name),
      ).not.toEqual([]);
    },
  );
});

it('refuses an index that does not serve the shape (the check itself)', () => {
  const runs = LISTS.find((s) => s.name === 'runs')!;
  const shape = { equal: ['admission', 'status'], other: [] };
  expect(serves({ account_id: 1, admission: 1, status: 1, list_pos: -1, _id: -1 }, runs, shape)).toBe(true);
  // The sort before an equality field, the sort reversed, no account first, a filtered field missing.
  expect(serves({ account_id: 1, admission: 1, list_pos: -1, _id: -1, status: 1 }, runs, shape)).toBe(false);
  expect(serves({ account_id: 1, admission: 1, status: 1, list_pos: 1, _id: 1 }, runs, shape)).toBe(false);
  expect(serves({ admission: 1, status: 1, list_pos: -1, _id: -1 }, runs, shape)).toBe(false);
  const deliveries = LISTS.find((s) => s.name === 'deliveries')!;
  const kept = { equal: [], other: ['created_at', 'status'] };
  expect(serves({ account_id: 1, endpoint_id: 1, list_pos: -1, _id: -1, created_at: 1 }, deliveries, kept)).toBe(false);
  expect(serves({ account_id: 1, list_pos: -1, _id: -1, created_at: 1, status: 1 }, deliveries, kept)).toBe(false);
});

/**
 * The reconciler's read of marked runs and deliveries under `query` (domain/store/watch.ts):
 * equality on the namespace, then a range on the mark, sorted by it: an index that begins with the equality fields
 * and continues with the mark walks exactly the marked items of one namespace, in order.
 */
const servesMarks = (key: Record<string, unknown>) => {
  const fields = Object.keys(key);
  const n = WATCH_MARK_READ.equal.length;
  return (
    fields.length >= n + 1 &&
    fields.slice(0, n).every((f) => (WATCH_MARK_READ.equal as readonly string[]).includes(f)) &&
    fields[n] === WATCH_MARK_READ.range &&
    key[WATCH_MARK_READ.range] === 1
  );
};

describe.each(Object.entries(MARKED_KINDS))("the reconciler's read of marked %s", (_kind, collection) => {
  it('has an index serving it', () => {
    const indexes = LIST_INDEXES[collection as keyof typeof LIST_INDEXES] ?? [];
    expect(indexes.filter((i) => servesMarks(i.key as Record<string, unknown>)).map((i) => i.name)).not.toEqual([]);
  });
});

it('refuses an index that does not serve the read of marks (the check itself)', () => {
  expect(servesMarks({ job_namespace: 1, watched_since: 1 })).toBe(true);
  expect(servesMarks({ watched_since: 1, job_namespace: 1 })).toBe(false);
  expect(servesMarks({ job_namespace: 1, status: 1, watched_since: 1 })).toBe(false);
  expect(servesMarks({ job_namespace: 1 })).toBe(false);
});

/**
 * Calibration sets: criteria that point into a run's output, and items — input
 * documents with people's labels — that a calibration runs and compares with
 * the model's answers. This module alone writes both collections, declared below: a set is listed in its account's
 * list, its items in the set's own list (scope: the set id).
 */
import { requireInputDocuments } from '../documents/documents';
import { errors, type ErrorDetail } from '../http/errors';
import type { Cursors, PageQuery } from '../http/pagination';
import { COLLECTIONS } from '../platform/db';
import { derivedId, newId } from '../platform/ids';
import { defineCollection, type Item, type TenantDb } from '../store';
import {
  CALIBRATION_LIMITS,
  type AddCalibrationItemsRequest,
  type CreateCalibrationSetRequest,
  type CriterionInput,
  type CriterionKind,
  type ItemLabel,
  type LabelValue,
} from './schemas';

export interface CriterionDoc {
  key: string;
  pointer: string;
  kind: CriterionKind;
  min: number | null;
  max: number | null;
  labels: string[] | null;
}

/** A criterion as sets and workflows store it: every field present, null where the kind has none. */
export function criterionDoc(c: CriterionInput): CriterionDoc {
  return {
    key: c.key,
    pointer: c.pointer,
    kind: c.kind,
    min: c.min ?? null,
    max: c.max ?? null,
    labels: c.labels ?? null,
  };
}

/** A stored criterion as a request declares it: the fields its kind has, none null. */
export function criterionInput(c: CriterionDoc): CriterionInput {
  return {
    key: c.key,
    pointer: c.pointer,
    kind: c.kind,
    ...(c.min === null ? {} : { min: c.min }),
    ...(c.max === null ? {} : { max: c.max }),
    ...(c.labels === null ? {} : { labels: c.labels }),
  };
}

export interface CalibrationSetDoc extends Item {
  name: string;
  criteria: CriterionDoc[];
  /** Items added, counted when a call reserves room for them (one guarded update: no two calls pass the limit). */
  item_count: number;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface CalibrationItemDoc extends Item {
  set_id: string;
  input_documents: string[];
  external_id: string | null;
  /** As sent: per criterion key, one value or `[{rater, value}]`. Keys are criterion keys, safe as field names. */
  labels: Record<string, ItemLabel>;
  created_at: Date;
}

export function calibrationSetView(doc: CalibrationSetDoc) {
  return {
    id: doc._id,
    object: 'calibration_set' as const,
    name: doc.name,
    criteria: doc.criteria,
    item_count: doc.item_count,
    created_at: doc.created_at.toISOString(),
    updated_at: doc.updated_at.toISOString(),
  };
}

export function calibrationItemView(doc: CalibrationItemDoc) {
  return {
    id: doc._id,
    object: 'calibration_item' as const,
    calibration_set_id: doc.set_id,
    input_documents: doc.input_documents,
    external_id: doc.external_id,
    labels: doc.labels,
    created_at: doc.created_at.toISOString(),
  };
}

/** The account's calibration sets, newest first; a deletion takes a set off the list. */
export const CALIBRATION_SETS = defineCollection<CalibrationSetDoc>({
  collection: COLLECTIONS.calibrationSets,
  list: {
    name: 'calibration_sets',
    scopeOf: () => '',
    settled: () => false,
    shapes: [{ equal: ['deleted_at'], other: [] }],
    indexes: [{ name: 'list_live', equal: ['deleted_at'] }],
    leftBy: 'deleted_at',
  },
});

/**
 * A set's items, newest first, one list per set. Never settled: an item is read by `_id` for every page, so an
 * entry whose item a refused call took back (or never wrote) is a gap readers step over.
 */
export const CALIBRATION_ITEMS = defineCollection<CalibrationItemDoc>({
  collection: COLLECTIONS.calibrationItems,
  list: {
    name: 'calibration_items',
    scopeOf: (doc) => doc.set_id,
    scopeField: 'set_id',
    settled: () => false,
    shapes: [{ equal: [], other: [] }],
    indexes: [{ name: 'list_set' }],
  },
});

const sets = (tenant: TenantDb) => CALIBRATION_SETS.in(tenant);

/**
 * Creates a set. `reservedId`: the id an Idempotency-Key reserved; a retry whose first attempt wrote the set (and
 * then failed to answer) finds it and answers it.
 */
export async function createCalibrationSet(
  tenant: TenantDb,
  input: Pick<CreateCalibrationSetRequest, 'name'> & { criteria: CriterionInput[] },
  reservedId?: string,
): Promise<CalibrationSetDoc> {
  if (reservedId) {
    const existing = await sets(tenant).findOne({ _id: reservedId });
    if (existing) return existing;
  }
  const now = new Date();
  return CALIBRATION_SETS.insert(tenant, {
    _id: reservedId ?? newId('calibrationSet'),
    name: input.name,
    criteria: input.criteria.map(criterionDoc),
    item_count: 0,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  });
}

export async function getCalibrationSet(tenant: TenantDb, setId: string): Promise<CalibrationSetDoc> {
  const doc = await sets(tenant).findOne({ _id: setId, deleted_at: null });
  if (!doc) throw errors.notFound('calibration set');
  return doc;
}

export async function listCalibrationSets(tenant: TenantDb, page: PageQuery, cursors: Cursors) {
  const { items: found, next_cursor } = await CALIBRATION_SETS.page(tenant, {
    page,
    cursors,
    cursorScope: 'calibration_sets',
    filter: { deleted_at: null },
  });
  return { data: found.map(calibrationSetView), next_cursor };
}

/**
 * Soft: the set answers 404 from then on, and so do its items, which are reachable only through it; the item
 * documents stay, as a deleted workflow's runs do; hiding them takes no scan of the items.
 */
export async function deleteCalibrationSet(tenant: TenantDb, setId: string) {
  const deleted = await CALIBRATION_SETS.transition(
    tenant,
    { _id: setId, deleted_at: null },
    { $set: { deleted_at: new Date() } },
    { current: await getCalibrationSet(tenant, setId) },
  );
  if (!deleted) throw errors.notFound('calibration set');
  return { id: setId, object: 'calibration_set' as const, deleted: true as const };
}

/** Why `value` does not fit `criterion`, or null when it does. */
export function labelProblem(criterion: CriterionDoc, value: LabelValue): string | null {
  switch (criterion.kind) {
    case 'ordinal':
      return typeof value === 'number' && Number.isInteger(value) && value >= criterion.min! && value <= criterion.max!
        ? null
        : `must be an integer from ${criterion.min} to ${criterion.max}`;
    case 'categorical':
      return typeof value === 'string' && criterion.labels!.includes(value)
        ? null
        : `must be one of ${criterion.labels!.map((l) => JSON.stringify(l)).join(', ')}`;
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'numeric': {
      if (typeof value !== 'number') return 'must be a number';
      if (criterion.min !== null && value < criterion.min) return `must be at least ${criterion.min}`;
      if (criterion.max !== null && value > criterion.max) return `must be at most ${criterion.max}`;
      return null;
    }
  }
}

/** Every label of every item against the set's criteria: an unknown key or a value out of range, by path. */
function labelDetails(criteria: CriterionDoc[], input: AddCalibrationItemsRequest): ErrorDetail[] {
  const byKey = new Map(criteria.map((c) => [c.key, c]));
  const details: ErrorDetail[] = [];
  input.items.forEach((item, i) => {
    for (const [key, label] of Object.entries(item.labels)) {
      const path = `body.items.${i}.labels.${key.slice(0, 64)}`;
      const criterion = byKey.get(key);
      if (!criterion) {
        details.push({ path, message: `no criterion "${key}" in this set (it has ${[...byKey.keys()].join(', ')})` });
        continue;
      }
      if (Array.isArray(label)) {
        label.forEach((r, j) => {
          const problem = labelProblem(criterion, r.value);
          if (problem) details.push({ path: `${path}.${j}.value`, message: problem });
        });
      } else {
        const problem = labelProblem(criterion, label);
        if (problem) details.push({ path, message: problem });
      }
    }
  });
  return details;
}

/**
 * Adds items to a set, all or none: every label is checked against the set's criteria
 * and every input document against the account's, before anything is written; room is then reserved on the set's
 * count (409 `limit_reached` past 10,000), the items are listed and inserted, and any failure takes the inserted ones
 * and the reservation back before it answers.
 *
 * The items' ids are fixed by the call (`callId`, the id the Idempotency-Key reserved) and their order in it, so a
 * retry of a call whose answer was lost (its process died, or its key's lock lapsed) finds the items it wrote:
 * nothing is inserted twice. All found: they are the answer. Some found: the earlier attempt
 * reserved their room, and the rest are written without reserving again.
 */
export async function addCalibrationItems(
  tenant: TenantDb,
  setId: string,
  input: AddCalibrationItemsRequest,
  callId: string,
) {
  const set = await getCalibrationSet(tenant, setId);
  const details = labelDetails(set.criteria, input);
  if (details.length) {
    const first = details[0]!;
    throw errors.invalidRequest(
      `${first.path.slice('body.'.length)} ${first.message}${details.length > 1 ? `; and ${details.length - 1} more` : ''}`,
      details.slice(0, 20),
    );
  }
  const firstNaming = new Map<string, number>();
  input.items.forEach((item, i) => item.input_documents.forEach((d) => firstNaming.has(d) || firstNaming.set(d, i)));
  await requireInputDocuments(tenant, [...firstNaming.keys()], (id) => `items.${firstNaming.get(id)}.input_documents`);

  const n = input.items.length;
  const now = new Date();
  const docs: CalibrationItemDoc[] = input.items.map((item, i) => ({
    _id: derivedId('calibrationItem', callId, callId, i),
    account_id: tenant.accountId,
    set_id: setId,
    input_documents: [...new Set(item.input_documents)],
    external_id: item.external_id ?? null,
    labels: item.labels,
    created_at: now,
  }));
  const written = new Map(
    (
      await CALIBRATION_ITEMS.byIds(
        tenant,
        docs.map((d) => d._id),
      )
    ).map((d) => [d._id, d]),
  );
  const answer = (itemCount: number) => ({
    data: docs.map((d) => calibrationItemView(written.get(d._id) ?? d)),
    item_count: itemCount,
  });
  if (written.size === n) return answer(set.item_count);
  const missing = docs.filter((d) => !written.has(d._id));

  let reserved: CalibrationSetDoc | null = null;
  if (written.size === 0) {
    const room = CALIBRATION_LIMITS.itemsPerSet - n;
    reserved = await sets(tenant).findOneAndUpdate(
      { _id: setId, deleted_at: null, item_count: { $lte: room } },
      { $inc: { item_count: n }, $set: { updated_at: new Date() } },
    );
    if (!reserved) {
      const current = await getCalibrationSet(tenant, setId);
      throw errors.conflict(
        'limit_reached',
        `This calibration set holds ${current.item_count} items; ${n} more would pass the ${CALIBRATION_LIMITS.itemsPerSet.toLocaleString('en-US')} a set may hold.`,
      );
    }
  }
  try {
    await insertAbsent(tenant, missing);
  } catch (err) {
    // Only this attempt's own reservation goes back; items of the call another attempt wrote are never taken back.
    if (reserved) await takeBack(tenant, setId, missing).catch(() => undefined);
    throw err;
  }
  return answer(reserved?.item_count ?? (await getCalibrationSet(tenant, setId)).item_count);
}

const isDuplicate = (err: unknown) => (err as { code?: number }).code === 11000;

/**
 * Inserts the items (listed in id order, so in the order sent), skipping any another attempt of the same call
 * inserted meanwhile (same ids): those found, the rest one by one, already listed.
 */
async function insertAbsent(tenant: TenantDb, docs: CalibrationItemDoc[]): Promise<void> {
  try {
    await CALIBRATION_ITEMS.insertMany(tenant, docs, { chunk: INSERT_CHUNK });
  } catch (err) {
    if (!isDuplicate(err)) throw err;
    const ids = docs.map((d) => d._id);
    const there = new Set(
      (await CALIBRATION_ITEMS.byIds(tenant, ids, {}, { projection: { _id: 1 } })).map((d) => d._id),
    );
    for (const doc of docs.filter((d) => !there.has(d._id)))
      await CALIBRATION_ITEMS.in(tenant)
        .insertOne(doc)
        .catch((e: unknown) => {
          if (!isDuplicate(e)) throw e;
        });
  }
}

/** Items per insert command. */
const INSERT_CHUNK = 250;

/** A failed call's items and reservation, undone: each item by `_id` (the embedded store's one indexed filter). */
async function takeBack(tenant: TenantDb, setId: string, docs: CalibrationItemDoc[]): Promise<void> {
  for (let i = 0; i < docs.length; i += TAKE_BACK_AT_ONCE)
    await Promise.all(docs.slice(i, i + TAKE_BACK_AT_ONCE).map((d) => CALIBRATION_ITEMS.remove(tenant, d._id)));
  await sets(tenant).updateOne({ _id: setId }, { $inc: { item_count: -docs.length } });
}

const TAKE_BACK_AT_ONCE = 16;

export async function listCalibrationItems(tenant: TenantDb, setId: string, page: PageQuery, cursors: Cursors) {
  await getCalibrationSet(tenant, setId);
  const { items: found, next_cursor } = await CALIBRATION_ITEMS.page(tenant, {
    scope: setId,
    page,
    cursors,
    cursorScope: `calibration_items:${setId}`,
    filter: {},
  });
  return { data: found.map(calibrationItemView), next_cursor };
}

/** Every item of a set, oldest first (the order they were added), read a page at a time through the set's list. */
export async function allCalibrationItems(tenant: TenantDb, setId: string, cursors: Cursors) {
  const out: CalibrationItemDoc[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await CALIBRATION_ITEMS.page(tenant, {
      scope: setId,
      page: { limit: 100, cursor },
      cursors,
      cursorScope: `calibration_items:${setId}`,
      filter: {},
    });
    out.push(...page.items);
    if (!page.next_cursor) break;
    cursor = page.next_cursor;
  }
  return out.reverse();
}

/** A set's items by id (a calibration's job reads the items its batch ran); absent ids are left out. */
export function calibrationItemsByIds(tenant: TenantDb, ids: string[]): Promise<CalibrationItemDoc[]> {
  return CALIBRATION_ITEMS.byIds(tenant, ids);
}

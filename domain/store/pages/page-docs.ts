/**
 * The documents of a list index (list-index.ts describes them): heads, entry pages and snapshot pages in one
 * collection, their `_id`s, and what of an item goes into them. Every other file under pages/ reads and writes
 * through these.
 */
import type { Document } from 'mongodb';
import { COLLECTIONS } from '../../platform/db';
import type { TenantDb } from '../tenant';
import type { Listed, ListSpec } from '../list-spec';

/** The collection of heads and pages (declared in domain/platform/db.ts; read by `_id` only). */
export const LIST_PAGES = COLLECTIONS.listPages;

/** Entries per page: two pages (read together) cover a page of 20 even when the newest one has just begun. */
export const PAGE_SIZE = 32;

/** A snapshot larger than this (as JSON) is not kept; such an item is always fetched. */
const SNAPSHOT_LIMIT = 16_384;

export interface Entry {
  q: number;
  /** Creation time (ms): lets a reader stop at retention without fetching. */
  t: number;
  g?: number;
  m?: string;
}

export interface SnapshotPage {
  _id: string;
  account_id: string;
  d?: Record<string, { g: number; doc: Document }>;
}

export interface PageDoc {
  _id: string;
  account_id: string;
  list: string;
  p: number;
  e?: Record<string, Entry>;
  hi?: number;
  lo?: number;
  /** Positions below it were purged (head only). */
  floor?: number;
  /** The newest entry's creation time (ms), on the pages of expiring lists. */
  tmax?: number;
  /** The list's owner exists (head only; `markListLive`). */
  live?: boolean;
}

/** The lowest position a list can still hold: its lowest handed out, or above it once pages were purged. */
export const bottomOf = (head: { lo?: number; floor?: number }) =>
  Math.max(head.lo ?? 0, head.floor ?? Number.NEGATIVE_INFINITY);

export const listKey = (spec: { name: string }, scope: string) => (scope ? `${spec.name}:${scope}` : spec.name);
export const headId = (accountId: string, list: string) => `${accountId}:${list}:h`;
export const pageId = (accountId: string, list: string, p: number) => `${accountId}:${list}:${p}`;
export const pageOf = (q: number) => Math.floor(q / PAGE_SIZE);
export const snapshotPageId = (page: string) => `${page}:s`;
export const pages = (tenant: TenantDb) => tenant.collection<PageDoc>(LIST_PAGES);
export const snapshotPages = (tenant: TenantDb) => tenant.collection<SnapshotPage>(LIST_PAGES);

export const createdMs = (doc: Document): number =>
  doc.created_at instanceof Date ? doc.created_at.getTime() : Date.now();

export function snapshotOf<T extends Listed>(spec: ListSpec<T>, doc: T): Document | undefined {
  if (!spec.settled(doc)) return undefined;
  return JSON.stringify(doc).length <= SNAPSHOT_LIMIT ? (doc as Document) : undefined;
}

export interface Position {
  q: number;
  id: string;
}

export const before = (a: Position, b: Position) => a.q < b.q || (a.q === b.q && a.id < b.id);

/** Items grouped by the list they belong to (account and list, scope included), for writes made list by list. */
export function byList<T extends Listed>(spec: ListSpec<T>, docs: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const doc of docs) {
    const key = `${doc.account_id}\u0000${listKey(spec, spec.scopeOf(doc))}`;
    groups.set(key, [...(groups.get(key) ?? []), doc]);
  }
  return groups;
}

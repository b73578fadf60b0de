/**
 * The events seam: every notable change (a run finishing, a reference document becoming ready) is recorded once
 * as an `evt_…` document. Recording is idempotent per `dedupe_key`, so a retried activity never records an event
 * twice. Webhook delivery fans out from these records; nothing here sends anything. The same records answer
 * `GET /events`, so a client that missed deliveries can catch up; they are kept EVENT_RETENTION_DAYS.
 */
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../platform/db';
import { errors } from '../http/errors';
import { newId } from '../platform/ids';
import type { Cursors, PageQuery } from '../http/pagination';
import type { Scope } from '../access/scopes';
import { defineCollection, type Item, type TenantDb } from '../store';

export const EVENT_TYPES = [
  'run.succeeded',
  'run.failed',
  'run.canceled',
  'run.refunded',
  'reference_document.ready',
  'batch.completed',
  'calibration.completed',
  'review.completed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * An event carries its resource (the whole run, the reference document, the batch, the calibration), so seeing it is
 * reading that resource: the read scope of the resource is needed to list it, fetch it, subscribe an endpoint to it
 * or redeliver it. A batch is read with `runs:read`, as its items are runs.
 */
const READ_SCOPE: Record<EventType, Scope> = {
  'run.succeeded': 'runs:read',
  'run.failed': 'runs:read',
  'run.canceled': 'runs:read',
  'run.refunded': 'runs:read',
  'reference_document.ready': 'reference_documents:read',
  'batch.completed': 'runs:read',
  'calibration.completed': 'calibrations:read',
  'review.completed': 'reviews:read',
};

export function eventReadScope(type: EventType): Scope {
  return READ_SCOPE[type];
}

/** The scopes that read some kind of event: any one of them lets a key call `GET /events`. */
export const EVENT_READ_SCOPES: readonly Scope[] = [...new Set(Object.values(READ_SCOPE))];

/** The event kinds a key holding `scopes` may see. */
export function visibleEventTypes(scopes: readonly Scope[]): EventType[] {
  return EVENT_TYPES.filter((t) => scopes.includes(eventReadScope(t)));
}

/**
 * Refuses (403 insufficient_scope, naming the first scope missing) unless `scopes` may see every kind in `types`:
 * what a webhook subscription or a redelivery would hand to its URL.
 */
export function requireEventScopes(scopes: readonly Scope[], types: readonly EventType[]): void {
  const missing = types.map(eventReadScope).find((s) => !scopes.includes(s));
  if (missing) throw errors.insufficientScope(missing);
}

export interface EventDoc extends Item {
  _id: string;
  account_id: string;
  type: EventType;
  dedupe_key: string;
  /** The payload's `data`, stored as JSON text (the embedded store refuses some keys free-form objects may hold). */
  data_json: string;
  created_at: Date;
  /**
   * A `run.succeeded` event's run's output file as the completion wrote it (never shown: the payload's URL is signed
   * from it when sent or read). Absent on events from before.
   */
  run_file?: { key: string; mime_type: string; extension: string } | null;
  /** Set before an operator refunds the event's run: its output is not signed again. */
  run_refunded?: boolean;
}

/**
 * The events: one list per account, newest first (events never change, so every copy is trusted), past a retention
 * purged; one event per dedupe key.
 */
export const EVENTS = defineCollection<EventDoc>({
  collection: COLLECTIONS.events,
  list: {
    name: 'events',
    scopeOf: () => '',
    settled: () => true,
    shapes: [{ equal: [], other: ['created_at', 'type'] }],
    indexes: [{ name: 'list_kept', after: ['created_at', 'type'] }],
    expiring: true,
  },
});

/** Its list, for the store's own tests. */
export const EVENT_LIST = EVENTS.list!;

/**
 * Records the event unless one with the same dedupe key exists (its natural key); answers the event either way, so
 * a retried or concurrent recording finds the same event.
 */
export async function recordEvent(
  db: Db,
  accountId: string,
  type: EventType,
  dedupeKey: string,
  data: Record<string, unknown>,
  /** What is stored with the event and never shown (`run_file`). */
  stored: Pick<EventDoc, 'run_file'> = {},
): Promise<EventDoc> {
  const candidate = {
    _id: newId('event'),
    account_id: accountId,
    type,
    dedupe_key: dedupeKey,
    data_json: JSON.stringify(data),
    created_at: new Date(),
    ...stored,
  };
  return EVENTS.insertOnce(db, `event:${dedupeKey}`, candidate, { dedupe_key: dedupeKey });
}

export function eventPayload(doc: EventDoc) {
  return {
    id: doc._id,
    type: doc.type,
    created_at: doc.created_at.toISOString(),
    data: JSON.parse(doc.data_json) as unknown,
  };
}

/** The API resource: the webhook payload plus `object`, so a stored delivery body and a listed event read alike. */
export function eventView(doc: EventDoc) {
  const { id, type, created_at, data } = eventPayload(doc);
  return { id, object: 'event' as const, type, created_at, data };
}

/**
 * Retention. FerretDB 1.24 refuses TTL indexes (`expireAfterSeconds`: NotImplemented), so reads filter on
 * `created_at` themselves and `purgeExpiredEvents` deletes what has aged out; a record is invisible from the moment
 * it is older than this, whether or not the purge has run yet. Webhook retries end after 24 h, well inside it.
 */
export const EVENT_RETENTION_DAYS = 30;

export function retentionCutoff(now = new Date()): Date {
  return new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000);
}

const tenantEvents = (tenant: TenantDb) => EVENTS.in(tenant);

/**
 * Newest first, optionally one kind, only the kinds `visible` lists (the caller's read scopes); served by the
 * `{account_id, [type,] _id, created_at}` indexes (domain/platform/db.ts). Asking for a kind the caller may not see is 403.
 */
export async function listEvents(
  tenant: TenantDb,
  page: PageQuery & { type?: EventType },
  cursors: Cursors,
  visible: readonly EventType[] = EVENT_TYPES,
  now = new Date(),
) {
  if (page.type && !visible.includes(page.type)) throw errors.insufficientScope(eventReadScope(page.type));
  const all = visible.length === EVENT_TYPES.length;
  const kinds: readonly EventType[] = page.type ? [page.type] : visible;
  const cutoff = retentionCutoff(now);
  // The visible kinds are part of the cursor's scope: a cursor never carries over to a key that sees other kinds.
  // Positions follow creation, so a walk in position order may end at the first event past retention.
  return EVENTS.page(tenant, {
    page,
    cursors,
    cursorScope: `events:${page.type ?? ''}:${all ? '*' : visible.join(',')}`,
    filter: { type: { $in: kinds }, created_at: { $gte: cutoff } },
    notBefore: cutoff,
  });
}

/**
 * Before an operator refunds a succeeded run: its `run.succeeded` event is marked, so that no reader trusting the
 * event signs the run's output again. Marked first: a refund that stops after the mark
 * withholds the output of a run still succeeded until the refund is run again, never the other way round. Found by its
 * dedupe key (the unique index; the embedded store scans for it, once per operator refund).
 */
export async function markRunEventRefunded(db: Db, accountId: string, runId: string): Promise<void> {
  await EVENTS.across(db).updateOne(
    { account_id: accountId, dedupe_key: `run.succeeded:${runId}` },
    { $set: { run_refunded: true } },
  );
}

/** The event when it is the caller's and still kept; null otherwise. */
export function findEvent(tenant: TenantDb, eventId: string, now = new Date()): Promise<EventDoc | null> {
  return tenantEvents(tenant).findOne({ _id: eventId, created_at: { $gte: retentionCutoff(now) } });
}

/** An event the caller may see; one of a kind it may not see is as absent as another account's (404). */
export async function getEvent(
  tenant: TenantDb,
  eventId: string,
  visible: readonly EventType[] = EVENT_TYPES,
): Promise<EventDoc> {
  const event = await findEvent(tenant, eventId);
  if (!event || !visible.includes(event.type)) throw errors.notFound('event');
  return event;
}

/** Deletes every account's events past retention (and what their list kept for them); idempotent. */
export async function purgeExpiredEvents(db: Db, now = new Date()): Promise<number> {
  const cutoff = retentionCutoff(now);
  return EVENTS.purge(db, { created_at: { $lt: cutoff } }, cutoff);
}

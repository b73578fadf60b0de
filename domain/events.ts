/**
 * The events seam: every notable change (a run finishing, a reference document becoming ready) is recorded once
 * as an `evt_…` document. Recording is idempotent per `dedupe_key`, so a retried activity never records an event
 * twice. Webhook delivery fans out from these records; nothing here sends anything.
 */
import type { Db } from 'mongodb';
import { COLLECTIONS } from './db';
import { newId } from './ids';

export const EVENT_TYPES = ['run.succeeded', 'run.failed', 'run.canceled', 'run.refunded', 'reference_document.ready'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface EventDoc {
  _id: string;
  account_id: string;
  type: EventType;
  dedupe_key: string;
  /** The payload's `data`, stored as JSON text (free-form objects are not stored raw; DESIGN.md §2). */
  data_json: string;
  created_at: Date;
}

/** Records the event unless one with the same dedupe key exists; answers the event either way. */
export async function recordEvent(
  db: Db,
  accountId: string,
  type: EventType,
  dedupeKey: string,
  data: Record<string, unknown>,
): Promise<EventDoc> {
  const events = db.collection<EventDoc>(COLLECTIONS.events);
  const doc: EventDoc = {
    _id: newId('event'),
    account_id: accountId,
    type,
    dedupe_key: dedupeKey,
    data_json: JSON.stringify(data),
    created_at: new Date(),
  };
  try {
    await events.insertOne(doc);
    return doc;
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    const existing = await events.findOne({ dedupe_key: dedupeKey });
    if (!existing) throw err;
    return existing;
  }
}

export function eventPayload(doc: EventDoc) {
  return { id: doc._id, type: doc.type, created_at: doc.created_at.toISOString(), data: JSON.parse(doc.data_json) as unknown };
}

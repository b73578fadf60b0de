/**
 * Per-account abuse limits (DESIGN.md decision 32): how many active API keys and webhook endpoints one account may
 * hold. Above them creation answers 409 `limit_reached`, so a leaked session or key cannot mint unbounded keys or
 * fan every event out to unbounded URLs.
 */
import type { Document, Filter } from 'mongodb';
import { ApiError } from '../http/errors';
import type { TenantCollection } from './tenant';

export const LIMITS = {
  activeKeysPerAccount: 100,
  webhookEndpointsPerAccount: 20,
} as const;

export function limitReached(what: string, limit: number): ApiError {
  return new ApiError(409, 'limit_reached', `This account already has ${limit} ${what}, the most allowed; remove one first.`);
}

/** Refuses early, before anything is written, when the account is already at the limit. */
export async function checkCountLimit<T extends Document>(collection: TenantCollection<T>, active: Filter<T>, limit: number, what: string) {
  if ((await collection.countDocuments(active)) >= limit) throw limitReached(what, limit);
}

/**
 * Called right after inserting `insertedId`: when the account now holds more than `limit` active documents, takes
 * the new one back and refuses. Counting before inserting alone would let concurrent creations each see room and
 * all succeed (there are no transactions to serialise them); counting after the insert cannot over-admit, because
 * every racer counts every other racer that inserted before it counted. Under a race at the limit more than one
 * creation may be refused; the client's retry then finds the room.
 */
export async function enforceCountLimit<T extends Document & { _id: string }>(
  collection: TenantCollection<T>,
  active: Filter<T>,
  insertedId: string,
  limit: number,
  what: string,
): Promise<void> {
  if ((await collection.countDocuments(active)) <= limit) return;
  await collection.deleteOne({ _id: insertedId } as Filter<T>);
  throw limitReached(what, limit);
}

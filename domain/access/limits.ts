/**
 * Per-account abuse limits: how many active API keys and webhook endpoints one account may
 * hold. Above them creation answers 409 `limit_reached`, so a leaked session or key cannot mint unbounded keys or
 * fan every event out to unbounded URLs.
 */
import { ApiError } from '../http/errors';

export const LIMITS = {
  activeKeysPerAccount: 100,
  /**
   * Keys `GET /keys` lists (active, or stopped in the last STOPPED_KEY_LISTED_DAYS; domain/access/api-keys.ts). The
   * list is unpaged in the contract, so this bounds its size and its reads.
   */
  listedKeysPerAccount: 1000,
  webhookEndpointsPerAccount: 20,
  /**
   * Uploads (documents and reference documents together) handed a URL and not yet completed or swept
   * (domain/documents/open-uploads.ts): each may hold bytes in the store until it is swept.
   */
  openUploadsPerAccount: 500,
  /** Batches not yet final (domain/batches/). */
  unfinishedBatchesPerAccount: 5,
  /** Batch items running at once over all of an account's batches. */
  batchItemsInFlightPerAccount: 50,
} as const;

export function limitReached(what: string, limit: number, remedy = 'remove one first'): ApiError {
  return new ApiError(409, 'limit_reached', `This account already has ${limit} ${what}, the most allowed; ${remedy}.`);
}

/**
 * Refuses with 409 `limit_reached` when the account holds more than `most` (`count()`, read through the kind's
 * roster, domain/store/memberships.ts). A creation calls it twice: with `limit - 1` before writing anything, and with
 * `limit` right after its insert, with `takeBack` undoing that insert. Counting before inserting alone would let
 * concurrent creations each see room and all succeed (there are no transactions to serialise them); counting after
 * the insert cannot over-admit, because every racer counts every other racer that inserted before it counted (a
 * racer's id is on the roster before its insert). Under a race at the limit more than one creation may be refused;
 * the client's retry then finds the room.
 */
export async function refuseAbove(
  count: () => Promise<number>,
  most: number,
  what: { name: string; limit: number; remedy?: string },
  takeBack?: () => Promise<void>,
): Promise<void> {
  if ((await count()) <= most) return;
  await takeBack?.();
  throw limitReached(what.name, what.limit, what.remedy);
}

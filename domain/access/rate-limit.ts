/**
 * Request limits counted in MongoDB, so every API process shares one count: per API
 * key, and per client address for failed authentications.
 *
 * A sliding window, estimated from two fixed one-minute buckets: the count of the current bucket plus
 * the previous bucket's count weighted by how much of it the sliding minute still covers. A fixed window alone
 * admits a full limit at the end of one minute and another at the start of the next (2× at the edge); here the
 * previous minute's requests keep counting, fading out, so a burst at the edge is refused.
 *
 * Every write is one atomic single-document update: rolling the buckets over is a compare-and-set on the bucket
 * start and count read; admitting is an `$inc` whose result decides, taken back (`$inc -1`) when it went over, so
 * concurrent requests on any number of processes never over-admit. A failure of any of this is the caller's to
 * answer as 503 (`RateLimiterUnavailable`): never a 500, never an unlimited pass.
 */
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../platform/db';

interface BucketDoc {
  _id: string; // `<key id>` or `auth-fail:<address>`
  /** Start of the current one-minute bucket (aligned to the minute). */
  bucket_start: Date;
  count: number;
  /** The count of the bucket just before `bucket_start`. */
  prev_count: number;
  expires_at: Date;
}

/** What a caller may keep of the buckets to decide from later without reading them again. */
export type BucketView = Pick<BucketDoc, '_id' | 'bucket_start' | 'count' | 'prev_count'>;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the current bucket ends: the estimate only falls from then on. */
  resetAt: Date;
  /** When refused: seconds until a request would be admitted. */
  retryAfterS: number;
}

/** The limiter could not decide (database down, or a contention it could not settle): answer 503. */
export class RateLimiterUnavailable extends Error {
  constructor(cause?: unknown) {
    super('the rate limiter could not decide', { cause });
    this.name = 'RateLimiterUnavailable';
  }
}

export const WINDOW_MS = 60_000;
const MAX_ATTEMPTS = 8;

const bucketOf = (now: Date) => new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);

/** The sliding-minute estimate at `now` for a bucket pair: previous count, weighted, plus the current count. */
function estimate(doc: Pick<BucketDoc, 'prev_count' | 'count' | 'bucket_start'>, now: Date): number {
  const covered = 1 - (now.getTime() - doc.bucket_start.getTime()) / WINDOW_MS;
  return doc.prev_count * Math.max(0, covered) + doc.count;
}

/** Seconds until one more request fits under `limit` (requests arriving meanwhile aside). */
function secondsUntilAdmitted(doc: BucketView, limit: number, now: Date): number {
  const elapsed = now.getTime() - doc.bucket_start.getTime();
  let waitMs: number;
  if (doc.count + 1 <= limit) {
    // Within this bucket, once the previous bucket's weight has faded enough.
    waitMs = doc.prev_count > 0 ? WINDOW_MS * (1 - (limit - doc.count - 1) / doc.prev_count) - elapsed : 0;
  } else {
    // This bucket alone is full: into the next one, once this bucket's weight has faded enough.
    waitMs = WINDOW_MS - elapsed + WINDOW_MS * (1 - (limit - 1) / doc.count);
  }
  return Math.max(1, Math.ceil(waitMs / 1000));
}

function decision(doc: BucketView, limit: number, allowed: boolean, now: Date): RateDecision {
  return {
    allowed,
    limit,
    remaining: Math.max(0, Math.floor(limit - estimate(doc, now))),
    resetAt: new Date(doc.bucket_start.getTime() + WINDOW_MS),
    retryAfterS: allowed ? 0 : secondsUntilAdmitted(doc, limit, now),
  };
}

/** The pair of buckets current at `now`, rolled over (atomically) when a minute boundary has passed. */
async function currentBuckets(db: Db, id: string, now: Date): Promise<BucketDoc> {
  const buckets = db.collection<BucketDoc>(COLLECTIONS.rateLimits);
  const start = bucketOf(now);
  const expires = new Date(start.getTime() + 2 * WINDOW_MS);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const doc = await buckets.findOne({ _id: id });
    if (doc && !(doc.bucket_start instanceof Date)) {
      // A fixed-window document of an earlier version: start afresh (it only ever held one minute).
      await buckets.deleteOne({ _id: id, bucket_start: { $exists: false } });
      continue;
    }
    if (doc && doc.bucket_start.getTime() >= start.getTime()) return doc;
    if (!doc) {
      try {
        const fresh: BucketDoc = { _id: id, bucket_start: start, count: 0, prev_count: 0, expires_at: expires };
        await buckets.insertOne(fresh);
        return fresh;
      } catch (err) {
        if ((err as { code?: number }).code !== 11000) throw err;
        continue; // another process created it: read it again
      }
    }
    // A minute boundary passed: the current bucket becomes the previous one if it is the minute just before.
    const prev = doc.bucket_start.getTime() === start.getTime() - WINDOW_MS ? doc.count : 0;
    const rolled = await buckets.findOneAndUpdate(
      { _id: id, bucket_start: doc.bucket_start, count: doc.count },
      { $set: { bucket_start: start, count: 0, prev_count: prev, expires_at: expires } },
      { returnDocument: 'after' },
    );
    if (rolled) return rolled;
    // Another request rolled it over or counted in the old bucket meanwhile: look again.
  }
  throw new RateLimiterUnavailable(new Error(`could not settle the buckets of ${id}`));
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw err instanceof RateLimiterUnavailable ? err : new RateLimiterUnavailable(err);
  }
}

/** Counts one request against `id` when it fits under `limit` requests per sliding minute. */
export async function consume(db: Db, id: string, limit: number, now = new Date()): Promise<RateDecision> {
  return (await consumeView(db, id, limit, now)).decision;
}

/** `consume`, also answering the buckets it saw, so a caller can decide the next requests from them for a while. */
export function consumeView(
  db: Db,
  id: string,
  limit: number,
  now = new Date(),
): Promise<{ decision: RateDecision; buckets: BucketView }> {
  return guarded(async () => {
    const buckets = db.collection<BucketDoc>(COLLECTIONS.rateLimits);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      // Common case first: the buckets are current, and one update counts the request. Otherwise roll them over.
      const bucketStart = attempt === 0 ? bucketOf(now) : (await currentBuckets(db, id, now)).bucket_start;
      const counted = await buckets.findOneAndUpdate(
        { _id: id, bucket_start: bucketStart },
        { $inc: { count: 1 } },
        { returnDocument: 'after' },
      );
      if (!counted) continue; // rolled over between the read and the count: count in the new bucket
      if (estimate(counted, now) <= limit) return { decision: decision(counted, limit, true, now), buckets: counted };
      // Over: take this request back out, so refused requests never count against the next ones.
      await buckets.updateOne({ _id: id, bucket_start: counted.bucket_start }, { $inc: { count: -1 } });
      const back = { ...counted, count: counted.count - 1 };
      return { decision: decision(back, limit, false, now), buckets: back };
    }
    throw new RateLimiterUnavailable(new Error(`could not count a request for ${id}`));
  });
}

/** The buckets of `id` as they stand at `now` (rolled over in the view only), or empty ones: one read, no write. */
export function view(db: Db, id: string, now = new Date()): Promise<BucketView> {
  return guarded(async () =>
    viewOf(await db.collection<BucketDoc>(COLLECTIONS.rateLimits).findOne({ _id: id }), id, now),
  );
}

function viewOf(found: BucketView | null, id: string, now: Date): BucketView {
  const doc = found && found.bucket_start instanceof Date ? found : null;
  const start = bucketOf(now);
  if (!doc || doc.bucket_start.getTime() < start.getTime() - WINDOW_MS) {
    return { _id: id, bucket_start: start, count: 0, prev_count: 0 };
  }
  if (doc.bucket_start.getTime() < start.getTime())
    return { ...doc, bucket_start: start, count: 0, prev_count: doc.count };
  return doc;
}

/** What a view of the buckets says about one more request at `now` (a view may be a few seconds old). */
export function decide(bucket: BucketView, limit: number, now = new Date()): RateDecision {
  const current = viewOf(bucket, bucket._id, now);
  return decision(current, limit, estimate(current, now) + 1 <= limit, now);
}

/** Whether one more request against `id` would be admitted, without counting it. */
export async function peek(db: Db, id: string, limit: number, now = new Date()): Promise<RateDecision> {
  return decide(await view(db, id, now), limit, now);
}

export interface Lease {
  /** Tokens granted: each admits one request, until `bucketStart` ends. 0 when the window is full. */
  granted: number;
  bucketStart: Date;
  /** The buckets right after the lease (its own tokens counted): for headers and Retry-After. */
  buckets: BucketView;
}

/**
 * Takes up to `want` tokens from `id`'s sliding window in one atomic `$inc`, and in the same update
 * gives back `giveBack` unused tokens of an earlier lease taken in this bucket or the one before. The tokens
 * count as requests from the moment they are leased, so a lease can never let the window exceed `limit`: whatever
 * the `$inc` took beyond it is taken back at once, as `consume` does for one request. Tokens are only good until
 * the end of the bucket they were counted in, so the sliding estimate weighs each exactly as a request.
 */
export function lease(
  db: Db,
  id: string,
  limit: number,
  want: number,
  giveBack: { bucketStart: Date; tokens: number } | null,
  now = new Date(),
): Promise<Lease> {
  return guarded(async () => {
    const buckets = db.collection<BucketDoc>(COLLECTIONS.rateLimits);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const bucketStart = attempt === 0 ? bucketOf(now) : (await currentBuckets(db, id, now)).bucket_start;
      // Unused tokens go back to the bucket they were counted in: this one, or the one just before it (its count
      // became `prev_count` when the buckets rolled over). Older ones no longer weigh anything.
      const back = giveBack && giveBack.tokens > 0 ? giveBack : null;
      const sameBucket = back?.bucketStart.getTime() === bucketStart.getTime();
      const lastBucket = back?.bucketStart.getTime() === bucketStart.getTime() - WINDOW_MS;
      const counted = await buckets.findOneAndUpdate(
        { _id: id, bucket_start: bucketStart },
        {
          $inc: { count: want - (sameBucket ? back!.tokens : 0), ...(lastBucket ? { prev_count: -back!.tokens } : {}) },
        },
        { returnDocument: 'after' },
      );
      if (!counted) continue; // rolled over (or not created yet): lease in the current bucket
      const over = Math.ceil(estimate(counted, now) - limit);
      const excess = Math.min(want, Math.max(0, over));
      if (excess > 0) {
        await buckets.updateOne({ _id: id, bucket_start: counted.bucket_start }, { $inc: { count: -excess } });
      }
      return {
        granted: want - excess,
        bucketStart: counted.bucket_start,
        buckets: { ...counted, count: counted.count - excess },
      };
    }
    throw new RateLimiterUnavailable(new Error(`could not lease tokens for ${id}`));
  });
}

/** The limiter's id for failed authentications from one client address. */
export const authFailureId = (address: string) => `auth-fail:${address}`;

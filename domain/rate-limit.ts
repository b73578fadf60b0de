/**
 * Request limits counted in MongoDB, so every API process shares one count (DESIGN.md decisions 6 and 32): per API
 * key, and per client address for failed authentications.
 *
 * A sliding window, estimated from two fixed one-minute buckets (decision 112): the count of the current bucket plus
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
import { COLLECTIONS } from './db';

interface BucketDoc {
  _id: string; // `<key id>` or `auth-fail:<address>`
  /** Start of the current one-minute bucket (aligned to the minute). */
  bucket_start: Date;
  count: number;
  /** The count of the bucket just before `bucket_start`. */
  prev_count: number;
  expires_at: Date;
}

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
function secondsUntilAdmitted(doc: BucketDoc, limit: number, now: Date): number {
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

function decision(doc: BucketDoc, limit: number, allowed: boolean, now: Date): RateDecision {
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
export function consume(db: Db, id: string, limit: number, now = new Date()): Promise<RateDecision> {
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
      if (estimate(counted, now) <= limit) return decision(counted, limit, true, now);
      // Over: take this request back out, so refused requests never count against the next ones.
      await buckets.updateOne({ _id: id, bucket_start: counted.bucket_start }, { $inc: { count: -1 } });
      return decision({ ...counted, count: counted.count - 1 }, limit, false, now);
    }
    throw new RateLimiterUnavailable(new Error(`could not count a request for ${id}`));
  });
}

/** Whether one more request against `id` would be admitted, without counting it. */
export function peek(db: Db, id: string, limit: number, now = new Date()): Promise<RateDecision> {
  return guarded(async () => {
    const found = await db.collection<BucketDoc>(COLLECTIONS.rateLimits).findOne({ _id: id });
    const doc = found && found.bucket_start instanceof Date ? found : null;
    const start = bucketOf(now);
    let view: BucketDoc;
    if (!doc || doc.bucket_start.getTime() < start.getTime() - WINDOW_MS) {
      view = { _id: id, bucket_start: start, count: 0, prev_count: 0, expires_at: start };
    } else if (doc.bucket_start.getTime() < start.getTime()) {
      view = { ...doc, bucket_start: start, count: 0, prev_count: doc.count };
    } else {
      view = doc;
    }
    const allowed = estimate(view, now) + 1 <= limit;
    return decision(view, limit, allowed, now);
  });
}

/** The limiter's id for failed authentications from one client address. */
export const authFailureId = (address: string) => `auth-fail:${address}`;

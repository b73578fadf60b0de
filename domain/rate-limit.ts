/**
 * Per-key request limits, counted in MongoDB so every API process shares one count. Each key has a one-minute
 * window that starts at its first request after the previous window ended; both the increment and the reset are
 * single atomic document updates, so concurrent requests on any number of processes never over-admit.
 */
import type { Db } from 'mongodb';
import { COLLECTIONS } from './db';

interface WindowDoc {
  _id: string; // the key id
  window_start: Date;
  count: number;
  expires_at: Date;
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the current window ends. */
  resetAt: Date;
}

const WINDOW_MS = 60_000;

export async function consume(db: Db, keyId: string, limit: number, now = new Date()): Promise<RateDecision> {
  const windows = db.collection<WindowDoc>(COLLECTIONS.rateLimits);
  const windowFloor = new Date(now.getTime() - WINDOW_MS);
  for (let attempt = 0; attempt < 3; attempt++) {
    // Common case: count this request in the open window.
    const open = await windows.findOneAndUpdate(
      { _id: keyId, window_start: { $gt: windowFloor } },
      { $inc: { count: 1 } },
      { returnDocument: 'after' },
    );
    if (open) return decide(open, limit);
    // No open window: start one (replacing an ended one). Losing the race to another process is a duplicate key
    // on insert or a missed filter; either way the next attempt counts in the window the winner opened.
    try {
      const fresh = await windows.findOneAndUpdate(
        { _id: keyId, window_start: { $lte: windowFloor } },
        { $set: { window_start: now, count: 1, expires_at: new Date(now.getTime() + WINDOW_MS) } },
        { upsert: true, returnDocument: 'after' },
      );
      if (fresh) return decide(fresh, limit);
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
    }
  }
  throw new Error(`rate limit window for ${keyId} could not be settled`);
}

function decide(doc: WindowDoc, limit: number): RateDecision {
  return {
    allowed: doc.count <= limit,
    limit,
    remaining: Math.max(0, limit - doc.count),
    resetAt: new Date(doc.window_start.getTime() + WINDOW_MS),
  };
}

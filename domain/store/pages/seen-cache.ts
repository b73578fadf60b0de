/** What this process remembers between list reads: settled items it has seen, and the last head of each list. */
import type { Document } from 'mongodb';

/**
 * Settled items this process has already seen, by page, item and generation. An item's content under one generation
 * never changes (every change to a settled item claims its entry first, which bumps the generation), so a copy is
 * used exactly when a stored snapshot would be: the entry, read afresh on every request, is not held and has that
 * generation. A change made through another process is therefore seen at once, as with stored snapshots; the cache
 * saves only the read and decoding of the snapshot page. Bounded by the items' JSON size; least recently used first out.
 */
const CACHE_BYTES = 16 * 1024 * 1024;
const seen = new Map<string, { doc: Document; bytes: number }>();
let seenBytes = 0;
export const seenKey = (page: string, id: string, g: number) => `${page}\u0000${id}\u0000${g}`;

export function recall(key: string): Document | undefined {
  const hit = seen.get(key);
  if (!hit) return undefined;
  seen.delete(key); // most recently used last
  seen.set(key, hit);
  return hit.doc;
}

export function remember(key: string, doc: Document, bytes = JSON.stringify(doc).length): void {
  if (seen.has(key) || bytes > CACHE_BYTES / 64) return;
  seen.set(key, { doc, bytes });
  seenBytes += bytes;
  for (const [k, v] of seen) {
    if (seenBytes <= CACHE_BYTES) break;
    seen.delete(k);
    seenBytes -= v.bytes;
  }
}

/** Forgets every item this process remembers (tests: reads that must come from the store). */
export function forgetListedItems(): void {
  seen.clear();
  seenBytes = 0;
}

/** The last head this process saw of each list (positions only), bounded; a guess, never trusted as the head. */
export const lastHeads = new Map<string, { hi?: number; lo?: number; floor?: number }>();
const HEADS_KEPT = 10_000;

export function seeHead(id: string, head: { hi?: number; lo?: number; floor?: number }): void {
  lastHeads.delete(id);
  lastHeads.set(id, { hi: head.hi, lo: head.lo, floor: head.floor });
  if (lastHeads.size > HEADS_KEPT) lastHeads.delete(lastHeads.keys().next().value!);
}

/**
 * How many extractions one worker process takes at once: the indexing queue's activity slots. Each extraction runs
 * a parsing sandbox that may grow to its resident limit, and the worker then holds the stored text it returns, so
 * the SDK's default of 100 slots let a burst of uploads ask a process for about 57 GB. A reference's indexing step
 * takes a slot of the same queue and runs the indexing sandbox, whose limit is INDEXING_MEMORY_MB: a slot counts
 * the larger of the two. Tasks beyond the slots wait in Temporal, where another worker process may take them; no
 * timeout runs while they wait.
 */
import { totalmem } from 'node:os';
import { MAX_RESULT_BYTES } from '../activities/indexing/sandbox';
import { MAX_OUTPUT_BYTES, SANDBOX_DEFAULTS } from '../activities/parsing/sandbox';

/**
 * What one extraction may hold at most: the sandbox's resident limit (its OCR limit, when it reads a page by OCR)
 * and the stored text the worker receives.
 */
export const EXTRACTION_MEMORY_BYTES =
  Math.max(SANDBOX_DEFAULTS.maxMemoryMb, SANDBOX_DEFAULTS.ocrMaxMemoryMb) * 2 ** 20 + MAX_OUTPUT_BYTES;

/** What one indexing step may hold at most: its sandbox's resident limit and the result the worker receives. */
export const indexingMemoryBytes = (indexingMemoryMb: number): number => indexingMemoryMb * 2 ** 20 + MAX_RESULT_BYTES;

/** The share of the process's memory extractions may take together; the rest is the worker's own. */
const EXTRACTION_SHARE = 0.5;

const MAX_SLOTS = 100;

/**
 * `EXTRACTION_SLOTS` when set; otherwise as many of the larger of an extraction and an indexing step (at
 * `indexingMemoryMb`) as the share of `memoryBytes` holds, at least one.
 */
export function extractionSlots(configured: number | undefined, memoryBytes: number, indexingMemoryMb: number): number {
  if (configured !== undefined) return configured;
  const perSlot = Math.max(EXTRACTION_MEMORY_BYTES, indexingMemoryBytes(indexingMemoryMb));
  return Math.max(1, Math.min(MAX_SLOTS, Math.floor((memoryBytes * EXTRACTION_SHARE) / perSlot)));
}

/** The memory this process may use: its cgroup's limit in a container, else the machine's. */
export function processMemoryBytes(): number {
  const machine = totalmem();
  // 0 (or undefined on older Node) when no limit is known; a cgroup with no limit may report more than the machine.
  const limit = process.constrainedMemory?.() ?? 0;
  return limit > 0 ? Math.min(limit, machine) : machine;
}

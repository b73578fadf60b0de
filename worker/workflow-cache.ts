/**
 * The sticky workflow cache of one worker process. Temporal's SDK sizes each Worker's cache
 * from the whole V8 heap (`max(floor((heap MiB - 200) × 600 / 1024), 10)` workflows, at roughly 1 MB each by its
 * own measure), and this process runs one Worker per task queue: left to the default, three caches each sized for
 * the whole heap may together hold three times what the heap can. One budget — `WORKER_MAX_CACHED_WORKFLOWS`, else
 * the SDK's formula for the process's heap — is split evenly between the process's Workers. A workflow evicted from
 * the cache is replayed from its history on its next task: CPU, never correctness.
 */
import { getHeapStatistics } from 'node:v8';

/** The SDK's default for one Worker over a heap of `heapLimitBytes` (reuseV8Context, the SDK's default). */
export function sdkDefaultCachedWorkflows(heapLimitBytes: number): number {
  const heapMiB = heapLimitBytes / 2 ** 20;
  return Math.max(Math.floor((Math.max(heapMiB - 200, 0) * 600) / 1024), 10);
}

/** Cached workflows per Worker: the process's budget split between `workers`, at least 2 (the SDK's floor). */
export function cachedWorkflowsPerWorker(
  configured: number | undefined,
  workers: number,
  heapLimitBytes = getHeapStatistics().heap_size_limit,
): number {
  const budget = configured ?? sdkDefaultCachedWorkflows(heapLimitBytes);
  return Math.max(2, Math.floor(budget / Math.max(1, workers)));
}

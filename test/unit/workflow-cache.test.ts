/**
 * One workflow-cache budget per worker process, split between its task queues' Workers (worker/workflow-cache.ts):
 * left to the SDK, each of the three Workers sized its cache for the whole heap.
 */
import { cachedWorkflowsPerWorker, sdkDefaultCachedWorkflows } from '../../worker/workflow-cache';

const GiB = 2 ** 30;

it("is the SDK's own default for a process serving one queue", () => {
  // The SDK's formula: max(floor((heap MiB - 200) × 600 / 1024), 10).
  expect(sdkDefaultCachedWorkflows(4 * GiB)).toBe(2282);
  expect(cachedWorkflowsPerWorker(undefined, 1, 4 * GiB)).toBe(2282);
});

it('splits the same budget between the queues of a process serving all three, so together they hold no more', () => {
  const each = cachedWorkflowsPerWorker(undefined, 3, 4 * GiB);
  expect(each).toBe(760);
  expect(each * 3).toBeLessThanOrEqual(sdkDefaultCachedWorkflows(4 * GiB));
});

it('takes WORKER_MAX_CACHED_WORKFLOWS as the whole process budget, never below the SDK floor of 2 per Worker', () => {
  expect(cachedWorkflowsPerWorker(300, 3, 4 * GiB)).toBe(100);
  expect(cachedWorkflowsPerWorker(2, 3, 4 * GiB)).toBe(2);
  expect(cachedWorkflowsPerWorker(undefined, 3, 128 * 2 ** 20)).toBe(3);
});

/**
 * The Temporal client's call context (deadlines and abort signals) against the real server: switched off between
 * calls, so the rest of the API process runs without async hooks, and still applied to every
 * call made through the gateway — one at a time, overlapping, and after it was switched off.
 */
import { randomUUID } from 'node:crypto';
import { parseConfig } from '../../domain/platform/config';
import { connectTemporal, withinDeadline, type TemporalHandle } from '../../domain/jobs';
import { resultWithin } from '../../domain/jobs/connection';
import { classifyDependencyFailure } from '../../domain/backing-services/dependency-failure';
import { testNamespaces } from '../support/env';

let handle: TemporalHandle;
// Nobody polls this queue in the idle namespace: a job started there never runs, and waiting for its result blocks.
const queue = `call-context-${randomUUID()}`;
const started: string[] = [];

/**
 * Whether the storage is on, where Node says (before async-context frames it keeps its state in `enabled`; with
 * frames, Node 24's default, there are no hooks to switch off and only the bounds below are checked).
 */
const contextOn = () =>
  (handle.connection as unknown as { callContextStorage: { enabled?: boolean } }).callContextStorage.enabled;
const expectContext = (on: boolean) => {
  const state = contextOn();
  if (typeof state === 'boolean') expect(state).toBe(on);
};

async function jobNobodyRuns(): Promise<ReturnType<TemporalHandle['client']['workflow']['getHandle']>> {
  const id = `call-context-${randomUUID()}`;
  started.push(id);
  return withinDeadline(handle, () => handle.client.workflow.start('noop', { taskQueue: queue, workflowId: id }));
}

beforeAll(async () => {
  handle = await connectTemporal(parseConfig({ ...process.env, TEMPORAL_NAMESPACE: testNamespaces().idle }));
});
afterAll(async () => {
  for (const id of started)
    await handle.client.workflow
      .getHandle(id)
      .terminate('test over')
      .catch(() => undefined);
  await handle.close();
});

it('is off once the connection is made and after each call', async () => {
  expectContext(false);
  await withinDeadline(handle, () => handle.connection.workflowService.getSystemInfo({}));
  expectContext(false);
});

it('still bounds a call made after it was switched off', async () => {
  const job = await jobNobodyRuns();
  expectContext(false);
  // Without its deadline the result's long poll would wait for the server's own (about 20 s, then again), and end
  // without an error: only the call's own deadline ends it so, as the 503 the API would answer names.
  const failure = await withinDeadline(handle, () => job.result(), 500).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(classifyDependencyFailure(failure)).toEqual({ dependency: 'temporal', reason: 'grpc DEADLINE_EXCEEDED' });
  expectContext(false);
});

it('keeps a call bounded while other calls start and settle beside it', async () => {
  const job = await jobNobodyRuns();
  const t0 = Date.now();
  const waiting = resultWithin(handle, job, 1500);
  // Calls that settle while the wait is in flight must not switch its abort signal off.
  for (let i = 0; i < 5; i++) await withinDeadline(handle, () => handle.connection.workflowService.getSystemInfo({}));
  expectContext(true);
  // Undefined only when its own abort signal ended the wait (with the signal off, the wait would go on), and not
  // before its time: a settling call did not abort it early.
  await expect(waiting).resolves.toBeUndefined();
  expect(Date.now() - t0).toBeGreaterThanOrEqual(1400);
  expectContext(false);
});

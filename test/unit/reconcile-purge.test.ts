/**
 * The reconciler's retention purge runs at most hourly per worker process (activities/reconcile.ts): on the embedded
 * store each purge scans whole collections, and the reconciler passes every minute. A fake database counts the
 * purge's commands; the clock is the test's.
 */
import type { Db } from 'mongodb';
import { PURGE_INTERVAL_MS, reconcileActivities } from '../../activities/reconcile';

function countingDb(fail: { now: boolean }) {
  const commands: string[] = [];
  const db = {
    collection: (name: string) => ({
      deleteMany: async () => {
        commands.push(`deleteMany ${name}`);
        if (fail.now) throw new Error('database away');
        return { deletedCount: 2 };
      },
      find: () => {
        const cursor = {
          sort: () => cursor,
          limit: () => cursor,
          toArray: async () => (commands.push(`find ${name}`), []),
        };
        return cursor;
      },
    }),
  } as unknown as Db;
  return { db, commands };
}

test('purges at the first pass, skips passes within the hour, purges again after it, and retries a failed purge', async () => {
  const fail = { now: false };
  const { db, commands } = countingDb(fail);
  let clock = 1_000_000;
  const steps = reconcileActivities(
    { db, config: {} as never, temporal: { namespace: 'test' } as never, storage: {} as never },
    () => clock,
  );

  expect(await steps.purgeExpired()).toEqual({
    idempotency: 2,
    deliveries: 0,
    keys: 2,
    uploads: { expired: 0, deleted: 0 },
  });
  const afterFirst = commands.length;
  expect(afterFirst).toBeGreaterThan(0);

  clock += PURGE_INTERVAL_MS - 60_000;
  expect(await steps.purgeExpired()).toBeNull();
  expect(commands).toHaveLength(afterFirst);

  clock += 60_000;
  fail.now = true;
  await expect(steps.purgeExpired()).rejects.toThrow('database away');
  fail.now = false;
  clock += 60_000;
  expect(await steps.purgeExpired()).toEqual({
    idempotency: 2,
    deliveries: 0,
    keys: 2,
    uploads: { expired: 0, deleted: 0 },
  });
  expect(commands.length).toBeGreaterThan(afterFirst + 1);
});

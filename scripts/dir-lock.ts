/**
 * A lock across processes on one machine, as a directory (mkdir is atomic): the project's Python environments are
 * built on first use by whichever test asks, and `npm test` runs test files side by side (scripts/test.ts), so two
 * may ask at once. Synchronous, as the builds it guards are.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';

/** Longer than any build it guards (pip's own limit is 600 s): a lock this old was left by a killed process. */
const STALE_MS = 1_200_000;

export function withDirLock<T>(lock: string, work: () => T): T {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > STALE_MS) rmSync(lock, { force: true, recursive: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { force: true, recursive: true });
  }
}

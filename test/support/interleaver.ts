/**
 * Deterministic interleaving of concurrent database code against the real database, for property tests. Each
 * concurrent call (a "flow") gets a Db whose every collection operation first waits at a gate. Once every flow is
 * parked at a gate or finished — so nothing is in flight — a chooser (driven by fast-check, so failures shrink and
 * replay) picks which flow's operation runs next, and may make that operation "crash" just before or just after it
 * reaches the database (the process dying mid-call: the write happened or not, and the caller never heard back).
 * Between two operations the test can look at the database while nothing moves.
 */
import type { Collection, Db } from 'mongodb';

export type CrashPoint = 'none' | 'before' | 'after';

/** Thrown into a flow in place of a database answer, as if its process had died there. */
export class Crash extends Error {
  constructor(readonly at: string) {
    super(`simulated crash at ${at}`);
    this.name = 'Crash';
  }
}

type Gate = <T>(label: string, op: () => Promise<T>) => Promise<T>;

function gatedCollection(collection: Collection, name: string, gate: Gate): Collection {
  return new Proxy(collection, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (prop === 'find') {
        // find() builds a cursor without touching the server; its toArray() is the operation.
        return (...args: unknown[]) => {
          const cursor = method.apply(target, args) as { toArray: () => Promise<unknown[]> };
          return { toArray: () => gate(`${name}.find`, () => cursor.toArray()) };
        };
      }
      return (...args: unknown[]) =>
        gate(`${name}.${String(prop)}`, () => method.apply(target, args) as Promise<unknown>);
    },
  });
}

function gatedDb(db: Db, gate: Gate): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'collection') return Reflect.get(target, prop, receiver) as unknown;
      return (name: string) => gatedCollection(target.collection(name), name, gate);
    },
  });
}

export interface Parked {
  flow: number;
  label: string;
}

/** Picks the next parked operation to run (an index into `parked`) and whether it crashes. */
export type Chooser = (parked: Parked[]) => { index: number; crash: CrashPoint };

export interface Outcome<T> {
  /** What each flow returned (after its retries), or the error that was not a simulated crash. */
  results: PromiseSettledResult<T>[];
  /** Every operation in the order it ran, for failure messages. */
  trace: string[];
}

/**
 * Runs `calls` concurrently over `db`, one operation at a time in the chooser's order. A call that crashes is
 * retried from the start in the same flow — what a Temporal activity retry or a client retry does.
 * `between` runs whenever nothing is in flight, before each operation and once at the end.
 */
export async function interleave<T>(
  db: Db,
  calls: Array<(db: Db) => Promise<T>>,
  choose: Chooser,
  between: () => Promise<void> = async () => undefined,
): Promise<Outcome<T>> {
  const parked: Array<Parked & { resume: (crash: CrashPoint) => void }> = [];
  const trace: string[] = [];
  let running = calls.length;
  let wake: (() => void) | undefined;
  const changed = () => {
    if (running === 0 && wake) {
      const w = wake;
      wake = undefined;
      w();
    }
  };
  const quiet = () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => (wake = resolve)));

  const gateFor =
    (flow: number): Gate =>
    async (label, op) => {
      const crash = await new Promise<CrashPoint>((resume) => {
        parked.push({ flow, label, resume });
        running--;
        changed();
      });
      trace.push(`flow ${flow}: ${label}${crash === 'none' ? '' : ` (crash ${crash})`}`);
      if (crash === 'before') throw new Crash(label);
      const result = await op();
      if (crash === 'after') throw new Crash(label);
      return result;
    };

  const flows = calls.map(async (call, i) => {
    try {
      const db_ = gatedDb(db, gateFor(i));
      for (;;) {
        try {
          return await call(db_);
        } catch (err) {
          if (!(err instanceof Crash)) throw err;
          trace.push(`flow ${i}: retried after the crash`);
        }
      }
    } finally {
      running--;
      changed();
    }
  });

  for (;;) {
    await quiet();
    await between();
    if (parked.length === 0) break;
    const { index, crash } = choose(parked);
    const [next] = parked.splice(index % parked.length, 1);
    running++;
    next!.resume(crash);
  }
  return { results: await Promise.allSettled(flows), trace };
}

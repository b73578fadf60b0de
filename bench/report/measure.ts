/** Measuring: loads (autocannon), CPU from /proc, the machine's quiet, the database's own read rate. */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { Db, Document } from 'mongodb';
import { QUIET_MAX_S, DURATION_S, CONNECTIONS, CLK_TCK } from './settings';
import { say } from './phases';

export const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/** CPU seconds (user + system) a process has used so far. */
export const cpuSeconds = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK; // utime and stime: fields 14 and 15 of the line
};

/** CPU seconds so far of each process the stack's work runs in (this bench's own process is the clients). */
export type CpuSnapshot = Record<string, number>;
export function cpuSnapshot(pids: Record<string, number | undefined>): CpuSnapshot {
  const snapshot: CpuSnapshot = {};
  for (const [name, pid] of Object.entries(pids)) {
    if (pid === undefined) continue;
    try {
      snapshot[name] = cpuSeconds(pid);
    } catch {
      // Gone meanwhile (a process stopped by a phase): not counted.
    }
  }
  const own = process.cpuUsage();
  snapshot['bench (clients)'] = (own.user + own.system) / 1e6;
  return snapshot;
}
/** Milliseconds of CPU per item, process by process, between two snapshots. */
export function cpuPerItem(before: CpuSnapshot, after: CpuSnapshot, items: number): Record<string, number> {
  return Object.fromEntries(
    Object.keys(after)
      .filter((k) => k in before)
      .map((k) => [k, ((after[k]! - before[k]!) * 1000) / Math.max(1, items)]),
  );
}

export interface Load {
  name: string;
  p50: number;
  p99: number;
  rps: number;
  total: number;
  non2xx: number;
  errors: number;
}

/** The median of the values measured; null if any round failed to measure (a failure is not averaged away). */
export function median(values: Array<number | null>): number | null {
  if (values.some((v) => v === null)) return null;
  const sorted = (values as number[]).slice().sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function load(name: string, opts: autocannon.Options): Promise<Load> {
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts });
  return {
    name,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** A load on the server of process `pid`, and that process's CPU per request answered (null unless all were 2xx). */
export async function loadWithCpu(
  name: string,
  pid: number,
  opts: autocannon.Options,
): Promise<{ load: Load; cpuMs: number | null }> {
  const cpu0 = cpuSeconds(pid);
  const measured = await load(name, opts);
  const cpuMs = measured.total > 0 && measured.non2xx === 0 ? ((cpuSeconds(pid) - cpu0) * 1000) / measured.total : null;
  return { load: measured, cpuMs };
}

/** The machine's busy share of its CPUs over `ms` (from /proc/stat: everything but idle and iowait). */
export async function busyShare(ms: number): Promise<number> {
  const read = () => {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { idle: f[3]! + f[4]!, total: f.reduce((a, b) => a + b, 0) };
  };
  const a = read();
  await new Promise((r) => setTimeout(r, ms));
  const b = read();
  return 1 - (b.idle - a.idle) / Math.max(1, b.total - a.total);
}

/**
 * Waits (at most BENCH_QUIET_MAX_S, 5 minutes) until the machine is less than 15 % busy over 3 s in a row; answers
 * the seconds waited.
 */
export async function quiet(): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < QUIET_MAX_S * 1000) {
    const busy = await busyShare(3000);
    if (busy < 0.15) break;
    say(`machine ${Math.round(busy * 100)} % busy; waiting`);
  }
  return (performance.now() - t0) / 1000;
}

/** The database's own rate: findOne by `_id` through the driver, `inFlight` at a time, for `seconds`. */
export async function findOneRate(
  db: Db,
  collection: string,
  id: string,
  inFlight: number,
  seconds: number,
): Promise<number> {
  const coll = db.collection<Document>(collection);
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < until) {
        await coll.findOne({ _id: id as never });
        done++;
      }
    }),
  );
  return done / ((performance.now() - t0) / 1000);
}

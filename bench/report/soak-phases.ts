/**
 * The soak (issue 44): three phases of SOAK_RUNS test-mode runs, each delivering `run.succeeded` to the account's
 * endpoint; at the end of each phase, after SOAK_IDLE_S of idle, each process's VmRSS is read, then each process
 * runs a full garbage collection (bench/memory-probe.ts) and its memory is read again: the goal's figure, the
 * memory it retains, not garbage V8 has yet to collect. A process that keeps growing from phase 2 to phase 3
 * (past 10 %) holds something per run: a leak or an unbounded cache.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { MemoryReading } from '../memory-probe';
import { rssMb } from './measure';
import { failures, phase, say } from './phases';
import { describe, exits } from './processes';
import { LOG_DIR, MEMORY_PORTS, SOAK_IDLE_S, SOAK_RUNS } from './settings';
import type { SoakPhase } from './soak';

/** What the soak drives: its runs (`runs`), the wait for a quiet API (`settle`), and the processes it reads. */
export interface SoakStage {
  settle: () => Promise<void>;
  runs: (label: string) => Promise<unknown>;
  apiPid: number;
  workerPid: number;
}

export async function runSoak({ settle, runs, apiPid, workerPid }: SoakStage): Promise<SoakPhase[]> {
  const soak: SoakPhase[] = [];
  const collected = async (name: 'api' | 'worker'): Promise<MemoryReading | null> => {
    try {
      const res = await fetch(`http://127.0.0.1:${MEMORY_PORTS[name]}/gc`, { method: 'POST' });
      if (!res.ok) throw new Error(`answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as MemoryReading;
    } catch (err) {
      failures.push({ phase: `soak: the ${name}'s collection`, error: describe(err) });
      return null;
    }
  };
  for (let n = 1; SOAK_RUNS > 0 && n <= 3; n++) {
    const reading = await phase(`soak phase ${n} (${SOAK_RUNS} runs)`, async () => {
      await settle();
      await runs(`soak phase ${n}`);
      await new Promise((r) => setTimeout(r, SOAK_IDLE_S * 1000));
      const idle = {
        api: exits.has('api') ? null : rssMb(apiPid),
        worker: exits.has('worker') ? null : rssMb(workerPid),
      };
      const read = async (name: 'api' | 'worker') =>
        idle[name] === null ? null : { idleRss: idle[name], collected: await collected(name) };
      const result = { api: await read('api'), worker: await read('worker') };
      // Every figure of the reading, each worker thread's heap too, for a closer look than the report's table.
      writeFileSync(join(LOG_DIR, `soak-phase-${n}.json`), JSON.stringify(result, null, 2));
      say(
        `soak phase ${n}: VmRSS MB after the idle / after a full collection: API ${result.api?.idleRss.toFixed(1)} / ` +
          `${result.api?.collected?.rss.toFixed(1)}, worker ${result.worker?.idleRss.toFixed(1)} / ` +
          `${result.worker?.collected?.rss.toFixed(1)} (load average ${loadavg()[0]!.toFixed(1)})`,
      );
      return result;
    });
    soak.push(reading ?? { api: null, worker: null });
  }
  return soak;
}

/** The soak's readings (issue 44) and its section of the report. */
import type { MemoryReading } from '../memory-probe';
import { SOAK_RUNS, SOAK_IDLE_S } from './settings';

/** One process's memory at the end of a soak phase: VmRSS after the idle, then its reading after a full collection. */
export interface SoakReading {
  idleRss: number;
  collected: MemoryReading | null;
}
export type SoakPhase = { api: SoakReading | null; worker: SoakReading | null };

/**
 * The soak's table and its verdict: phase 3 within 10 % of phase 2, per process, on VmRSS read after the idle and a
 * full garbage collection in each of the process's V8 isolates (retained memory, not uncollected garbage); then
 * where that memory is, and the reading after the idle alone, for comparison.
 */
export function soakSection(soak: SoakPhase[]): string[] {
  if (soak.length === 0) return [];
  const f = (v: number | null | undefined) => (v == null ? 'n/a' : v.toFixed(1));
  const change = (two: number | null | undefined, three: number | null | undefined) =>
    two == null || three == null ? null : ((three - two) / two) * 100;
  const signed = (c: number) => `${c >= 0 ? '+' : ''}${c.toFixed(1)} %`;
  const row = (name: 'api' | 'worker', pick: (r: SoakReading) => number | null | undefined) => {
    const values = soak.map((p) => (p[name] ? pick(p[name]) : null));
    const c = change(values[1], values[2]);
    return { cells: values.map(f).join(' | '), change: c };
  };
  const processes = [
    ['api', 'API'],
    ['worker', 'worker'],
  ] as const;
  const goal = processes.map(([name, label]) => {
    const r = row(name, (x) => x.collected?.rss);
    const verdict =
      r.change === null ? 'not measured' : `${signed(r.change)} (${Math.abs(r.change) <= 10 ? 'met' : 'NOT met'})`;
    return `| ${label} | ${r.cells} | ${verdict} |`;
  });
  const detail = processes.flatMap(([name, label]) => {
    const lines: Array<[string, (x: SoakReading) => number | null | undefined]> = [
      ['VmRSS after the idle alone, before the collection', (x) => x.idleRss],
      ['VmRSS after the collection (the goal row above)', (x) => x.collected?.rss],
      [
        `V8 heaps, used (the main thread's and ${threadCount(soak, name)} worker threads')`,
        (x) => x.collected?.heapUsed,
      ],
      ['V8 heaps, committed', (x) => x.collected?.heapCommitted],
      ["external (the main isolate's Buffers, ArrayBuffers, native objects)", (x) => x.collected?.external],
      [
        "the rest of VmRSS (code, native libraries and their allocations, the allocator's free lists)",
        (x) => (x.collected ? x.collected.rss - x.collected.heapCommitted - x.collected.external : null),
      ],
    ];
    return lines.map(([what, pick]) => {
      const r = row(name, pick);
      return `| ${label} | ${what} | ${r.cells} | ${r.change === null ? '—' : signed(r.change)} |`;
    });
  });
  const caches = soak.map((p) =>
    p.worker?.collected?.caches.length
      ? p.worker.collected.caches.map((c) => `${c.taskQueue} ${c.peak} at most, ${c.cached} at the reading`).join(', ')
      : 'n/a',
  );
  return [
    `## Soak: three phases of ${SOAK_RUNS} runs with webhook deliveries`,
    '',
    `Resident memory (VmRSS, MB) at the end of each phase, read after ${SOAK_IDLE_S} s idle and a full garbage collection ` +
      "in every V8 isolate of the process (the bench's entry bench/memory-probe.ts asks for it over the inspector " +
      'protocol): the memory the process retains, which a leak or an unbounded cache would make grow. ' +
      'Goal: phase 3 within 10 % of phase 2.',
    '',
    '| process | phase 1 | phase 2 | phase 3 | phase 3 vs 2 |',
    '|---|---|---|---|---|',
    ...goal,
    '',
    'Where that memory is (MB; after the collection unless said otherwise):',
    '',
    '| process | reading | phase 1 | phase 2 | phase 3 | phase 3 vs 2 |',
    '|---|---|---|---|---|---|',
    ...detail,
    '',
    `Workflows in the worker's sticky caches, per task queue, the most during each phase and at its reading (each ` +
      `cache's bound: ${soak.find((p) => p.worker?.collected?.caches.length)?.worker?.collected?.caches[0]?.max ?? 'n/a'}, ` +
      `docs/decisions.md 324): ${caches.map((c, i) => `phase ${i + 1}: ${c}`).join('; ')}.`,
    '',
  ];
}

/** The worker threads a process had at its last reading (the worker's workflow threads). */
export function threadCount(soak: SoakPhase[], name: 'api' | 'worker'): number {
  return [...soak].reverse().find((p) => p[name]?.collected)?.[name]?.collected?.threads.length ?? 0;
}

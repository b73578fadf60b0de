/**
 * Calibration statistics off the worker's main thread (issue 53 item 3): a child process per
 * report or comparison (activities/calibration-stats-child.ts), forked as the sandboxes are (sandbox-process.ts) with
 * its heap capped and its resident set watched, doing one criterion at a time and saying so, so the activity
 * heartbeats with its progress while the worker's event loop goes on serving workflow tasks and other activities.
 * A child that runs out of memory or dies fails only this attempt.
 */
import { Context } from '@temporalio/activity';
import type { compareCriterion, CriterionReport, ScoredPair, Thresholds } from '../domain/agreement-metrics/agreement';
import type { CalibrationRow } from '../domain/calibrations/report';
import type { Criterion } from '../domain/agreement-metrics/agreement';
import { cancellationSignal } from './heartbeat';
import type { CalibrationReportInput } from './rendering/calibration-report';
import type { RenderedFile } from './rendering/types';
import { forkSandbox, ranOutOfHeap, watchMemory } from './sandbox-process';

/** The child's heap (V8's cap); its resident set may reach CALIBRATION_STATS_RSS_MB before it is stopped. */
export const CALIBRATION_STATS_HEAP_MB = 1024;
export const CALIBRATION_STATS_RSS_MB = 1536;

export interface ReportResult {
  reports: CriterionReport[];
  pairs: Record<string, ScoredPair[]>;
  html: string;
  xlsx: RenderedFile;
}

export type StatsRequest =
  | {
      kind: 'report';
      criteria: Criterion[];
      rows: CalibrationRow[];
      seed: number;
      thresholds: Thresholds;
      meta: Omit<CalibrationReportInput, 'criteria' | 'thresholds'>;
    }
  | { kind: 'compare'; args: Parameters<typeof compareCriterion> };

export type StatsReply =
  | { kind: 'progress'; done: number; of: number }
  | { kind: 'result'; value: unknown }
  | { kind: 'error'; message: string };

/** Heartbeats with progress details when inside an activity; nothing outside one. */
function heartbeat(details: unknown): void {
  try {
    Context.current().heartbeat(details);
  } catch {
    // not in an activity (unit tests)
  }
}

/** A statistics child for one activity attempt: `ask` sends it one request at a time; `close` ends it. */
export function statsChild(limits = { heapMb: CALIBRATION_STATS_HEAP_MB, rssMb: CALIBRATION_STATS_RSS_MB }) {
  const child = forkSandbox(__dirname, 'calibration-stats-child', limits.heapMb);
  child.stdout?.resume();
  let overMemory = false;
  const watch = watchMemory(child, limits.rssMb, () => {
    overMemory = true;
    child.kill('SIGKILL');
  });
  const signal = cancellationSignal();
  const onAbort = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', onAbort);
  let pending: { resolve: (v: unknown) => void; reject: (e: Error) => void } | null = null;
  let exited: Error | null = null;
  child.on('message', (reply: StatsReply) => {
    if (reply.kind === 'progress') return heartbeat({ criterion: reply.done, of: reply.of });
    const waiting = pending;
    pending = null;
    if (reply.kind === 'result') waiting?.resolve(reply.value);
    else waiting?.reject(new Error(`calibration statistics failed: ${reply.message}`));
  });
  child.on('exit', (code, sig) => {
    exited = new Error(
      overMemory || ranOutOfHeap(code, sig)
        ? `calibration statistics ran out of memory (heap ${limits.heapMb} MB, resident ${limits.rssMb} MB)`
        : `calibration statistics ended (${sig ?? code})`,
    );
    pending?.reject(exited);
    pending = null;
  });
  const ask = <T>(request: StatsRequest): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (exited) return reject(exited);
      pending = { resolve: resolve as (v: unknown) => void, reject };
      child.send(request);
    });
  return {
    report: (request: Omit<Extract<StatsRequest, { kind: 'report' }>, 'kind'>) =>
      ask<ReportResult>({ kind: 'report', ...request }),
    compare: async (...args: Parameters<typeof compareCriterion>) => {
      const result = await ask<ReturnType<typeof compareCriterion>>({ kind: 'compare', args });
      heartbeat({ compared: args[0].key });
      return result;
    },
    close() {
      watch.stop();
      signal?.removeEventListener('abort', onAbort);
      if (!exited) child.kill('SIGKILL');
    },
  };
}

/** Runs `work` with a statistics child, always ended after. */
export async function withStatsChild<T>(work: (child: ReturnType<typeof statsChild>) => Promise<T>): Promise<T> {
  const child = statsChild();
  try {
    return await work(child);
  } finally {
    child.close();
  }
}

/** Where the report is written and what it keeps of the last one. */
import { readFileSync } from 'node:fs';

/**
 * The report's "Historical figures" section (past sessions' figures, moved there from docs/decisions.md): a new report
 * replaces everything above it and keeps it as it was, since those figures belong to their own machine and hour.
 */
export function historyOf(file: string): string {
  let old: string;
  try {
    old = readFileSync(file, 'utf8');
  } catch {
    return '';
  }
  const at = old.indexOf('\n## Historical figures');
  return at < 0 ? '' : old.slice(at);
}
/**
 * Knobs set for the run that change where or when it runs, not what a figure means (a port of its own beside another
 * session's bench, a shorter wait for a quiet machine): said under the command, so the command shown is the run's.
 */
export function placementKnobs(): string[] {
  const set = ['BENCH_PORT', 'BENCH_QUIET_MAX_S']
    .filter((k) => process.env[k])
    .map((k) => `\`${k}=${process.env[k]}\``);
  return set.length ? [`Also set: ${set.join(', ')} (where and when it ran; no figure depends on them).`, ''] : [];
}

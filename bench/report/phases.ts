/** The bench's phases: each logged, each failure kept for the report instead of ending the bench. */
import { SOAK_ONLY, LOG_DIR } from './settings';
import { describe, exits } from './processes';

export interface Row {
  measure: string;
  goal: string;
  measured: string;
  ceiling: string;
  met: boolean | null; // null: not measured
}

/** A phase's error, printed in the report instead of losing the phases that worked. */
export const failures: Array<{ phase: string; error: string }> = [];
export const say = (l: string) => process.stderr.write(`[bench] ${new Date().toISOString().slice(11, 19)} ${l}\n`);

export async function phase<T>(name: string, work: () => Promise<T>): Promise<T | null> {
  if (SOAK_ONLY && !name.startsWith('soak')) return null;
  say(name);
  try {
    return await work();
  } catch (err) {
    const dead = [...exits].map(([child, how]) => `${child} ${how}`).join('; ');
    const error = `${describe(err)}${dead ? ` (${dead}; see ${LOG_DIR})` : ''}`;
    failures.push({ phase: name, error });
    say(`${name} FAILED: ${error}`);
    return null;
  }
}

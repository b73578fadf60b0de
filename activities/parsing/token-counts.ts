/**
 * Token counts of an input document's sections, computed once in the parsing sandbox (sandbox-child.ts) and stored
 * with its text, so that the runs that send it do not count it again (up to 40 s of CPU a run). Best effort: a
 * section without a count is counted by the run, as every section was before. Loaded only in the sandbox's child.
 */
import type { StoredSection } from '../../domain/documents/stored-text';
import type { Section } from './types';

/** When to count, and for how long: given by the parent with each request. */
export interface CountingBudget {
  /** Counting must be over by this point of the child's clock (`performance.now()`, from the child's start). */
  untilMs: number;
  /** The child's resident-memory limit, which the watchdog enforces. */
  maxMemoryMb: number;
}

/**
 * Shorter documents are left to the runs: loading the tokenizer costs each extraction about 200 ms and 70 MB, and a
 * run counts 100,000 characters of prose in about 30 ms.
 */
export const COUNT_FROM_CHARS = 100_000;

/** The tokenizer's tables and the counting's garbage, measured at about 95 MB: counting never starts nearer the limit. */
const TOKENIZER_HEADROOM_MB = 128;

/** The rate is judged only after this long: the first parts count slower, while the tokenizer warms up. */
const JUDGE_AFTER_MS = 1_000;

/**
 * `sections` with `tokens` on each one counted. Counting goes part by part and stops, leaving the rest without
 * counts, once `untilMs` has passed or the rate so far says it will (CJK text counts at about 0.3 M characters a
 * second: 20 M characters of it would take a minute, and the sandbox kills its child at its deadline). Each step is
 * usually at most about 50,000 characters (`countsByPart`), a fraction of a second even for CJK.
 */
export function withTokenCounts(sections: Section[], budget: CountingBudget): StoredSection[] {
  const chars = sections.reduce((n, s) => n + s.text.length, 0);
  if (chars < COUNT_FROM_CHARS) return sections;
  if (process.memoryUsage().rss / 1048576 + TOKENIZER_HEADROOM_MB > budget.maxMemoryMb) return sections;
  if (performance.now() >= budget.untilMs) return sections;
  // Required here, not imported above: the tokenizer's tables load with the module.
  const { countsByPart } = require('../indexing/tokens') as typeof import('../indexing/tokens');
  const started = performance.now();
  let done = 0;
  const counted: StoredSection[] = [];
  for (const [i, section] of sections.entries()) {
    let tokens = 0;
    for (const part of countsByPart(section.text)) {
      tokens += part.tokens;
      done += part.chars;
      const now = performance.now();
      const spent = now - started;
      const late =
        now > budget.untilMs || (spent > JUDGE_AFTER_MS && now + (spent / done) * (chars - done) > budget.untilMs);
      if (late) return [...counted, ...sections.slice(i)];
    }
    counted.push({ ...section, tokens });
  }
  return counted;
}

/**
 * Confidence from repeated judgments (docs/decisions.md 660): k answers to the same context, the
 * consensus of each criterion over the valid ones, how many of them agree with it, and the one answer the run keeps.
 * Pure: the live evaluator and the test-mode stub hand their answers here.
 */
import { readPointer } from '../agreement-metrics/pointer';
import type { Criterion, LabelValue } from '../agreement-metrics/agreement';

export type { Criterion, LabelValue };

/** Numeric answers within this share of the criterion's range (or of the consensus's size) count as equal. */
export const NUMERIC_TOLERANCE = 0.05;

export interface CriterionConfidence {
  /** The share of the valid answers equal to the consensus, 0–1. */
  value: number;
  /** Null when no answer held a value at the pointer. */
  consensus: LabelValue | null;
  /** Each valid answer's value at the pointer, in sample order (null where it had none). */
  samples: (LabelValue | null)[];
}

export interface Consensus {
  /** The kept answer with each criterion's value set to its consensus. */
  output: Record<string, unknown>;
  /** Which of the answers it is (its citations are that answer's). */
  chosen: number;
  confidence: Record<string, CriterionConfidence>;
  /** The lowest of the criteria's confidences; null without criteria. */
  confidence_min: number | null;
}

/** A value as a criterion reads it: a number, string or boolean; anything else (absent, an object) is none. */
function valueAt(output: Record<string, unknown>, pointer: string): LabelValue | null {
  const v = readPointer(output, pointer);
  return typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? v : null;
}

/**
 * The consensus of one criterion: the median for ordinal and numeric (the lower middle value for an even count, a
 * value some answer gave), the mode for categorical and boolean (a tie takes the earliest answer's). Values of the
 * wrong type for a median (a model writing "4" for 4) are set aside, then the mode decides among what is left.
 */
export function consensusValue(kind: Criterion['kind'], values: readonly (LabelValue | null)[]): LabelValue | null {
  const present = values.filter((v): v is LabelValue => v !== null);
  if (present.length === 0) return null;
  if (kind === 'ordinal' || kind === 'numeric') {
    const numbers = present.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    if (numbers.length > 0) return numbers.sort((a, b) => a - b)[Math.floor((numbers.length - 1) / 2)]!;
  }
  const counts = new Map<LabelValue, number>();
  for (const v of present) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = present[0]!;
  for (const v of present) if (counts.get(v)! > counts.get(best)!) best = v;
  return best;
}

/** Whether an answer's value counts as the consensus: equal, or for numeric within the tolerance. */
export function agrees(criterion: Criterion, value: LabelValue | null, consensus: LabelValue | null): boolean {
  if (value === null || consensus === null) return value === consensus;
  if (criterion.kind === 'numeric' && typeof value === 'number' && typeof consensus === 'number') {
    const scale =
      criterion.min !== undefined && criterion.max !== undefined ? criterion.max - criterion.min : Math.abs(consensus);
    return Math.abs(value - consensus) <= NUMERIC_TOLERANCE * scale;
  }
  return value === consensus;
}

/**
 * The consensus of `answers` (the valid ones, in sample order; at least one). The kept answer is the one differing
 * from the consensus on the fewest criteria, the earliest on a tie; its values at the criteria's pointers are then
 * replaced by the consensus, so `output` and `confidence` never disagree.
 */
export function consensusOf(criteria: readonly Criterion[], answers: readonly Record<string, unknown>[]): Consensus {
  if (answers.length === 0) throw new Error('consensus of no answers');
  const confidence: Record<string, CriterionConfidence> = {};
  const differing = answers.map(() => 0);
  for (const criterion of criteria) {
    const samples = answers.map((a) => valueAt(a, criterion.pointer));
    const consensus = consensusValue(criterion.kind, samples);
    let agreeing = 0;
    samples.forEach((v, i) => {
      if (agrees(criterion, v, consensus)) agreeing++;
      else differing[i]!++;
    });
    confidence[criterion.key] = { value: agreeing / samples.length, consensus, samples };
  }
  let chosen = 0;
  differing.forEach((d, i) => {
    if (d < differing[chosen]!) chosen = i;
  });
  const output = structuredClone(answers[chosen]!);
  for (const criterion of criteria) {
    const consensus = confidence[criterion.key]!.consensus;
    if (consensus !== null) writePointer(output, criterion.pointer, consensus);
  }
  const values = Object.values(confidence).map((c) => c.value);
  return { output, chosen, confidence, confidence_min: values.length ? Math.min(...values) : null };
}

/**
 * Sets the value at an RFC 6901 pointer where its parent exists (an object or an array index); the whole document
 * (`""`) and a pointer leading nowhere are left as they are: the answer had no value there to replace.
 */
export function writePointer(document: Record<string, unknown>, pointer: string, value: unknown): void {
  if (pointer === '') return;
  const tokens = pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = tokens.pop()!;
  const parent = readPointer(document, tokens.length ? `/${pointer.slice(1).split('/').slice(0, -1).join('/')}` : '');
  if (Array.isArray(parent)) {
    if (/^(0|[1-9][0-9]*)$/.test(last) && Number(last) < parent.length) parent[Number(last)] = value;
  } else if (parent !== null && typeof parent === 'object') {
    (parent as Record<string, unknown>)[last] = value;
  }
}

/**
 * Reading a person's answer to a review's criterion, shared by the CLI's `assay review` and the console's queue so
 * both accept the same spellings and refuse the same values before the API would (decision 47: each value is checked
 * like a calibration label).
 */
import type { ReviewCriterion } from './client';

export type ReviewValue = string | number | boolean;

/** A typed answer: its value, `keep` (the model's value stands, open reviews only), or what a value must be. */
export type ReviewAnswer = { value: ReviewValue } | { keep: true } | { error: string };

/** What a value of `c` looks like, for a prompt or a field's hint: `1=formal, 2=casual`, `yes/no`, `whole number 1–6`. */
export function describeScale(c: ReviewCriterion): string {
  if (c.kind === 'categorical') return (c.labels ?? []).map((l, i) => `${i + 1}=${l}`).join(', ');
  if (c.kind === 'boolean') return 'yes/no';
  const range = c.min !== null && c.max !== null ? ` ${c.min}–${c.max}` : '';
  return `${c.kind === 'ordinal' ? 'whole number' : 'number'}${range}`;
}

/**
 * Reads `text` as a value of `c`: a label (any case) or its 1-based number, yes/no for a boolean, a number in range.
 * Empty keeps the model's value in an open review and is refused in a blind one, which needs every criterion.
 */
export function parseReviewAnswer(c: ReviewCriterion, text: string, blind: boolean): ReviewAnswer {
  const t = text.trim();
  if (t === '') return blind ? { error: 'a blind review needs a value for every criterion' } : { keep: true };
  switch (c.kind) {
    case 'boolean':
      if (/^(y|yes|true|1)$/i.test(t)) return { value: true };
      if (/^(n|no|false|0)$/i.test(t)) return { value: false };
      return { error: 'answer yes or no' };
    case 'categorical': {
      const labels = c.labels ?? [];
      const label = labels.find((l) => l === t) ?? labels.find((l) => l.toLowerCase() === t.toLowerCase());
      if (label !== undefined) return { value: label };
      const byNumber = /^\d+$/.test(t) ? labels[Number(t) - 1] : undefined;
      return byNumber !== undefined ? { value: byNumber } : { error: `one of ${labels.join(', ')}` };
    }
    default: {
      const n = Number(t);
      const outOfRange = (c.min !== null && n < c.min) || (c.max !== null && n > c.max);
      if (!Number.isFinite(n) || (c.kind === 'ordinal' && !Number.isInteger(n)) || outOfRange)
        return { error: describeScale(c) };
      return { value: n };
    }
  }
}

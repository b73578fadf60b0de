/**
 * Consensus and confidence over repeated judgments: the median's lower middle, the mode's
 * earliest tie, the numeric tolerance, the kept answer and the consensus written into it.
 */
import { agrees, consensusOf, consensusValue, type Criterion } from '../../domain/confidence/consensus';

const score: Criterion = { key: 'score', pointer: '/score', kind: 'ordinal', min: 1, max: 5 };
const label: Criterion = { key: 'label', pointer: '/label', kind: 'categorical', labels: ['a', 'b', 'c'] };
const pass: Criterion = { key: 'pass', pointer: '/pass', kind: 'boolean' };
const amount: Criterion = { key: 'amount', pointer: '/totals/amount', kind: 'numeric', min: 0, max: 1000 };

describe('consensusValue', () => {
  it('takes the median for ordinal and numeric, the lower middle value for an even count', () => {
    expect(consensusValue('ordinal', [5, 1, 3])).toBe(3);
    expect(consensusValue('ordinal', [4, 1, 3, 2])).toBe(2);
    expect(consensusValue('numeric', [10, 40, 20, 30])).toBe(20);
  });
  it('takes the mode for categorical and boolean, the earliest answer on a tie', () => {
    expect(consensusValue('categorical', ['b', 'a', 'a', 'b', 'c'])).toBe('b');
    expect(consensusValue('categorical', ['c', 'a', 'a'])).toBe('a');
    expect(consensusValue('boolean', [false, true])).toBe(false);
  });
  it('answers null when no answer has a value', () => {
    expect(consensusValue('ordinal', [null, null])).toBeNull();
  });
});

describe('agrees', () => {
  it('counts numeric answers within 5 % of the declared range as the consensus', () => {
    expect(agrees(amount, 549, 500)).toBe(true);
    expect(agrees(amount, 551, 500)).toBe(false);
  });
  it('uses 5 % of the consensus’s absolute value without a range', () => {
    const free: Criterion = { key: 'x', pointer: '/x', kind: 'numeric' };
    expect(agrees(free, -104, -100)).toBe(true);
    expect(agrees(free, -106, -100)).toBe(false);
  });
});

describe('consensusOf', () => {
  const answers = [
    { score: 4, label: 'a', pass: true, totals: { amount: 100 }, note: 'first' },
    { score: 2, label: 'b', pass: true, totals: { amount: 700 }, note: 'second' },
    { score: 3, label: 'b', pass: true, totals: { amount: 110 }, note: 'third' },
  ];
  const result = consensusOf([score, label, pass, amount], answers);

  it('gives each criterion its consensus, its confidence and the samples', () => {
    expect(result.confidence).toEqual({
      score: { value: 1 / 3, consensus: 3, samples: [4, 2, 3] },
      label: { value: 2 / 3, consensus: 'b', samples: ['a', 'b', 'b'] },
      pass: { value: 1, consensus: true, samples: [true, true, true] },
      amount: { value: 2 / 3, consensus: 110, samples: [100, 700, 110] },
    });
    expect(result.confidence_min).toBe(1 / 3);
  });
  it('keeps the answer closest to the consensus, with the consensus written in', () => {
    expect(result.chosen).toBe(2);
    expect(result.output).toEqual({ score: 3, label: 'b', pass: true, totals: { amount: 110 }, note: 'third' });
  });
  it('keeps the earliest answer on a tie and never changes the answers it was given', () => {
    const tie = consensusOf([score], [{ score: 1 }, { score: 3 }, { score: 3 }, { score: 1 }]);
    expect(tie.chosen).toBe(0);
    expect(tie.output).toEqual({ score: 1 });
    const split = consensusOf(
      [label],
      [
        { label: 'a', n: 1 },
        { label: 'b', n: 2 },
        { label: 'b', n: 3 },
      ],
    );
    expect(split).toMatchObject({ chosen: 1, output: { label: 'b', n: 2 } });
    expect(answers[0]).toEqual({ score: 4, label: 'a', pass: true, totals: { amount: 100 }, note: 'first' });
  });
  it('writes the consensus over the kept answer’s own value when it differs', () => {
    const r = consensusOf(
      [score, label],
      [
        { score: 5, label: 'a' },
        { score: 1, label: 'a' },
        { score: 3, label: 'c' },
      ],
    );
    expect(r.chosen).toBe(0);
    expect(r.output).toEqual({ score: 3, label: 'a' });
  });
  it('has no minimum without criteria', () => {
    expect(consensusOf([], [{ a: 1 }]).confidence_min).toBeNull();
  });
});

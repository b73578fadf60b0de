/** RFC 6901 pointers into a run's output: what a criterion reads, or undefined. */
import { readPointer } from '../../domain/agreement-metrics/pointer';

const output = { score: 4, 'a/b': { '~k': true }, scores: [{ clarity: 3 }, { clarity: 5 }], nothing: null };

it.each([
  ['', output],
  ['/score', 4],
  ['/a~1b/~0k', true],
  ['/scores/1/clarity', 5],
  ['/nothing', null],
])('%s reads its value', (pointer, value) => {
  expect(readPointer(output, pointer)).toEqual(value);
});

it.each(['/missing', '/scores/2/clarity', '/scores/01/clarity', '/scores/-', '/score/deeper', '/toString'])(
  '%s leads nowhere: undefined, never a guess',
  (pointer) => {
    expect(readPointer(output, pointer)).toBeUndefined();
  },
);

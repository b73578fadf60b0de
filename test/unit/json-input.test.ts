/** What parsed JSON from outside may be (100 levels deep, no `__proto__` key): the walker, bodies and model answers. */
import {
  FORBIDDEN_KEY_MESSAGE,
  jsonInputProblem,
  MAX_JSON_DEPTH,
  nestedDeeperThan,
} from '../../domain/platform/json-input';
import { parseAnswer } from '../../activities/prompt';

/** `levels` arrays inside one another: `[]` is one level. */
const arrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
/** `levels` objects inside one another, the innermost holding `leaf`. */
const objects = (levels: number, leaf = '1') => '{"a":'.repeat(levels - 1) + `{"a":${leaf}}` + '}'.repeat(levels - 1);

describe('jsonInputProblem', () => {
  it('names the depth or the __proto__ key, wherever it sits, and nothing in an ordinary body', () => {
    expect(jsonInputProblem(JSON.parse(arrays(MAX_JSON_DEPTH + 1)))).toBe(`nests deeper than ${MAX_JSON_DEPTH} levels`);
    expect(jsonInputProblem(JSON.parse('{"a": [{"b": {"__proto__": 1}}]}'))).toBe(FORBIDDEN_KEY_MESSAGE);
    expect(jsonInputProblem({ metadata: { proto: 1, constructor: 'x' }, list: [1, 'two'] })).toBeNull();
  });
});

describe('nestedDeeperThan', () => {
  it('counts arrays and objects alike, scalars as no level', () => {
    expect([nestedDeeperThan('x', 0), nestedDeeperThan(null, 0), nestedDeeperThan(7, 0)]).toEqual([
      false,
      false,
      false,
    ]);
    expect([nestedDeeperThan({}, 0), nestedDeeperThan({}, 1)]).toEqual([true, false]);
    expect([nestedDeeperThan({ a: [{}] }, 2), nestedDeeperThan({ a: [{}] }, 3)]).toEqual([true, false]);
  });

  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more, whichever branch goes deep`, () => {
    expect(nestedDeeperThan(JSON.parse(arrays(MAX_JSON_DEPTH)))).toBe(false);
    expect(nestedDeeperThan(JSON.parse(arrays(MAX_JSON_DEPTH + 1)))).toBe(true);
    expect(nestedDeeperThan(JSON.parse(objects(MAX_JSON_DEPTH)))).toBe(false);
    const wide = {
      shallow: Array.from({ length: 1000 }, (_, i) => ({ i })),
      deep: JSON.parse(objects(MAX_JSON_DEPTH)) as unknown,
    };
    expect(nestedDeeperThan(wide)).toBe(true);
  });

  it('answers for a value a million levels deep, where JSON.stringify overflows the stack', () => {
    const deep = JSON.parse(arrays(1_000_000)) as unknown;
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(nestedDeeperThan(deep)).toBe(true);
  });
});

describe('a model answer nested past the limit', () => {
  const accepts = () => true;
  it('yields no JSON output (the answer is not used), where a shallower one is read', () => {
    expect(parseAnswer(objects(MAX_JSON_DEPTH), 'json', accepts).output).not.toBeNull();
    expect(parseAnswer(objects(10_000), 'json', accepts)).toEqual({ output: null, evidence: [] });
    expect(parseAnswer(`{"output": {"score": 1}, "evidence": ${arrays(10_000)}}`, 'json', accepts).output).toBeNull();
  });

  it('leaves a Markdown report to stand as written', () => {
    const text = `# Report\n\n${objects(10_000)}`;
    expect(parseAnswer(text, 'markdown', accepts)).toEqual({ output: { markdown: text }, evidence: [] });
  });
});

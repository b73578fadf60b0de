/** Tenant patterns run on RE2: linear time, and a pattern RE2 cannot run makes the schema invalid. */
import { RE2JS } from 're2js';
import { schemaProblems, validateAgainstSchema } from '../../domain/json-schema/validate';
import { schemaOfRows, schemaOfValue } from '../../domain/json-schema/infer';

it('matches `(a+)+$` against 10,000 a’s and a ! on RE2, in linear time', () => {
  const schema = { type: 'string', pattern: '(a+)+$' };
  const compiled = jest.spyOn(RE2JS, 'compile');
  try {
    expect(schemaProblems(schema)).toEqual([]);
    expect(validateAgainstSchema(schema, 'xxaaa').valid).toBe(true);
    // Compiled by RE2, whose time is linear in the input, before the long input is tried: a backtracking engine
    // would never answer it (2^10,000 ways to split the a's), and would hang the test rather than fail it.
    expect(compiled.mock.calls.map(([pattern]) => pattern)).toContain('(a+)+$');
  } finally {
    compiled.mockRestore();
  }
  expect(validateAgainstSchema(schema, `${'a'.repeat(10_000)}!`).valid).toBe(false);
});

it('keeps ECMAScript pattern semantics for ordinary patterns: unanchored search, anchors, classes', () => {
  const digits = { type: 'string', pattern: '^\\d{3}-[a-z]+$' };
  expect(validateAgainstSchema(digits, '123-abc').valid).toBe(true);
  expect(validateAgainstSchema(digits, '1234-abc').valid).toBe(false);
  expect(validateAgainstSchema({ type: 'string', pattern: 'b+' }, 'abba').valid).toBe(true);
  expect(validateAgainstSchema({ type: 'string', pattern: 'z' }, 'abba').valid).toBe(false);
});

it('applies patternProperties through the same engine, each schema with its own patterns', () => {
  const schema = { type: 'object', patternProperties: { '^x_': { type: 'number' } }, additionalProperties: false };
  expect(validateAgainstSchema(schema, { x_a: 1 }).valid).toBe(true);
  expect(validateAgainstSchema(schema, { x_a: 'one' }).errors).toEqual(['/x_a must be number']);
  expect(validateAgainstSchema(schema, { y: 1 }).valid).toBe(false);
  // A second schema whose pattern differs is not answered by the first one's compiled pattern.
  expect(validateAgainstSchema({ type: 'string', pattern: '^q$' }, 'q').valid).toBe(true);
  expect(validateAgainstSchema({ type: 'string', pattern: '^r$' }, 'q').valid).toBe(false);
});

it('reports backreferences and lookaround as problems (refused at 400 by the API)', () => {
  expect(schemaProblems({ type: 'string', pattern: '(a)\\1' })).toEqual([expect.stringMatching(/regexp/)]);
  expect(schemaProblems({ type: 'string', pattern: '^(?=x)x$' })).toEqual([expect.stringMatching(/regexp/)]);
  expect(schemaProblems({ type: 'object', patternProperties: { '(?<=x)y': {} } })).toEqual([
    expect.stringMatching(/regexp/),
  ]);
});

it('names a $ref that only refers to itself, rather than answering with the stack overflow it causes', () => {
  const problem = ['has a $ref that leads back to itself through $refs alone'];
  expect(
    schemaProblems({ type: 'object', properties: { a: { $ref: '#/$defs/x' } }, $defs: { x: { $ref: '#/$defs/x' } } }),
  ).toEqual(problem);
  expect(schemaProblems({ $ref: '#/$defs/a', $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } } })).toEqual(
    problem,
  );
  // A recursive schema whose $ref sits under a keyword (a tree of nodes) is ordinary, and validates.
  const tree = {
    $ref: '#/$defs/node',
    $defs: { node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } } } },
  };
  expect(schemaProblems(tree)).toEqual([]);
  expect(validateAgainstSchema(tree, { children: [{ children: [] }] }).valid).toBe(true);
  expect(validateAgainstSchema(tree, { children: [{ children: 1 }] }).valid).toBe(false);
});

describe('inference from a structured sample', () => {
  it('describes a JSON value: nested objects, integer vs number, and array items of differing shapes merged', () => {
    const schema = schemaOfValue({ title: 'x', score: 3, ratio: 0.5, items: [{ a: 1, b: true }, { a: 2.5 }] });
    expect(schema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        title: { type: 'string' },
        score: { type: 'integer' },
        ratio: { type: 'number' },
        items: {
          type: 'array',
          items: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'boolean' } }, required: ['a'] },
        },
      },
      required: ['title', 'score', 'ratio', 'items'],
    });
    expect(validateAgainstSchema(schema, { title: 'y', score: 1, ratio: 2, items: [] }).valid).toBe(true);
  });

  it('describes header rows as {rows: [...]}, typing each column by its values, and gives null without a header', () => {
    const schema = schemaOfRows([
      ['name', 'age', 'passed', 'note'],
      ['Ada', '36', 'true', ''],
      ['Bob', '41', 'false', 'late'],
    ]);
    const row = { name: 'Cy', age: 5, passed: true, note: 'x' };
    expect(validateAgainstSchema(schema!, { rows: [row] }).valid).toBe(true);
    expect(validateAgainstSchema(schema!, { rows: [{ ...row, age: 'five' }] }).valid).toBe(false);
    expect(schemaOfRows([[' ', '']])).toBeNull();
  });
});

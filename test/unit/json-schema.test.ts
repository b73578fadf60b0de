/** Tenant patterns run on RE2 (docs/decisions.md 89): linear time, and a pattern RE2 cannot run makes the schema invalid. */
import { schemaProblems, validateAgainstSchema } from '../../domain/json-schema/validate';

it('matches `(a+)+$` against 10,000 a’s and a ! in well under 100 ms', () => {
  const schema = { type: 'string', pattern: '(a+)+$' };
  expect(schemaProblems(schema)).toEqual([]);
  const started = performance.now();
  expect(validateAgainstSchema(schema, `${'a'.repeat(10_000)}!`).valid).toBe(false);
  expect(performance.now() - started).toBeLessThan(100);
  expect(validateAgainstSchema(schema, 'xxaaa').valid).toBe(true);
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
  expect(schemaProblems({ type: 'object', patternProperties: { '(?<=x)y': {} } })).toEqual([expect.stringMatching(/regexp/)]);
});

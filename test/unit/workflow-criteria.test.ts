/**
 * A workflow's criteria against its output schema: a pointer the schema does not declare, or
 * declares with a type the kind cannot hold, is named by its index; references, arrays and branches are followed.
 */
import type { CriterionDoc } from '../../domain/calibration-sets/calibration-sets';
import { criteriaProblems } from '../../domain/evaluation-workflows/criteria';

const criterion = (pointer: string, kind: CriterionDoc['kind']): CriterionDoc => ({
  key: 'k',
  pointer,
  kind,
  min: kind === 'ordinal' ? 1 : null,
  max: kind === 'ordinal' ? 5 : null,
  labels: kind === 'categorical' ? ['a', 'b'] : null,
});

const SCHEMA = {
  type: 'object',
  $defs: { score: { type: 'integer', minimum: 1, maximum: 5 } },
  properties: {
    overall: { $ref: '#/$defs/score' },
    grade: { enum: ['a', 'b'] },
    amount: { type: ['number', 'null'] },
    passed: { type: 'boolean' },
    rows: { type: 'array', items: { type: 'object', properties: { score: { $ref: '#/$defs/score' } } } },
    either: { anyOf: [{ type: 'object', properties: { x: { type: 'string' } } }, { type: 'null' }] },
    free: {},
  },
};

it('accepts pointers the schema declares with a fitting type', () => {
  expect(
    criteriaProblems(
      [
        criterion('/overall', 'ordinal'),
        criterion('/grade', 'categorical'),
        criterion('/amount', 'numeric'),
        criterion('/passed', 'boolean'),
        criterion('/rows/0/score', 'ordinal'),
        criterion('/either/x', 'categorical'),
        criterion('/free', 'boolean'),
      ],
      SCHEMA,
    ),
  ).toEqual([]);
});

it('names the criterion of an undeclared pointer or a type that does not fit', () => {
  const problems = criteriaProblems(
    [
      criterion('/overall', 'ordinal'),
      criterion('/missing/x', 'boolean'),
      criterion('/grade', 'numeric'),
      criterion('', 'boolean'),
    ],
    SCHEMA,
  );
  expect(problems.map((p) => p.path)).toEqual(['criteria.1.pointer', 'criteria.2.pointer', 'criteria.3.pointer']);
  expect(problems[0]!.message).toMatch(/^criteria\[1\].*no property at \/missing/);
  expect(problems[1]!.message).toMatch(/^criteria\[2\].*string.*numeric/);
});

import { stubOutput } from '../../../activities/models/stub';
import { minimalInstance } from '../../../domain/json-schema/sample';
import { validateAgainstSchema } from '../../../domain/json-schema/validate';
import type { OutputFormat } from '../../../activities/rendering';

/** What a customer's evaluation schema looks like: nested objects, arrays with minItems, enums, ranges, formats. */
const SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
  required: ['document_id', 'reviewed_at', 'reviewer_email', 'verdict', 'overall_score', 'criteria', 'metadata'],
  properties: {
    document_id: { type: 'string', pattern: '^DOC-[0-9]{4}-[A-Z]{2}$' },
    reviewed_at: { type: 'string', format: 'date-time' },
    reviewer_email: { type: 'string', format: 'email' },
    verdict: { enum: ['pass', 'fail', 'needs_review'] },
    overall_score: { type: 'integer', minimum: 0, maximum: 100 },
    confidence: { type: 'number', minimum: 0, maximum: 1, multipleOf: 0.01 },
    criteria: {
      type: 'array',
      minItems: 3,
      maxItems: 6,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'score', 'severity'],
        properties: {
          name: { type: 'string', minLength: 3, maxLength: 40 },
          score: { type: 'integer', minimum: 1, maximum: 10 },
          severity: { type: 'string', enum: ['low', 'medium', 'high'] },
          comment: { type: 'string', maxLength: 500 },
          evidence_url: { type: 'string', format: 'uri' },
        },
      },
    },
    tags: { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true, maxItems: 5 },
    metadata: {
      type: 'object',
      required: ['pages', 'language'],
      properties: {
        pages: { type: 'integer', minimum: 1 },
        language: { type: 'string', enum: ['en', 'fr', 'de'] },
        due: { type: 'string', format: 'date' },
        id: { type: 'string', format: 'uuid' },
      },
    },
  },
};

const runIds = Array.from({ length: 200 }, (_, i) => `run_01JD${String(i).padStart(4, '0')}ZZZZZZZZZZZZZZZZZZ`);

describe('test-mode stub with an output_schema', () => {
  it('is valid for 200 different run ids, and different for each', async () => {
    const outputs = await Promise.all(runIds.map((runId) => stubOutput({ runId, format: 'json', schema: SCHEMA })));
    for (const output of outputs) expect(validateAgainstSchema(SCHEMA, output)).toEqual({ valid: true, errors: [] });
    expect(new Set(outputs.map((o) => JSON.stringify(o))).size).toBe(runIds.length);
  });

  it('is identical for the same run id, whatever ran in between', async () => {
    const first = await stubOutput({ runId: 'run_same', format: 'json', schema: SCHEMA });
    await stubOutput({ runId: 'run_other', format: 'json', schema: SCHEMA });
    const second = await stubOutput({ runId: 'run_same', format: 'json', schema: structuredClone(SCHEMA) });
    expect(second).toEqual(first);
    // Concurrent generations share no random state.
    const concurrent = await Promise.all(
      ['run_same', 'run_other', 'run_same'].map((runId) => stubOutput({ runId, format: 'json', schema: SCHEMA })),
    );
    expect(concurrent[0]).toEqual(first);
    expect(concurrent[2]).toEqual(first);
  });

  it('leaves the schema object untouched', async () => {
    const schema = structuredClone(SCHEMA);
    await stubOutput({ runId: 'run_x', format: 'json', schema });
    expect(schema).toEqual(SCHEMA);
  });

  it('reads a draft-07 $schema header as 2020-12', async () => {
    const schema = { ...SCHEMA, $schema: 'http://json-schema.org/draft-07/schema#' };
    const output = await stubOutput({ runId: 'run_draft7', format: 'json', schema });
    expect(validateAgainstSchema(schema, output).valid).toBe(true);
  });

  it('returns the structured result for docx, xlsx and csv, and {markdown} for markdown', async () => {
    for (const format of ['docx', 'xlsx', 'csv'] as const) {
      expect(validateAgainstSchema(SCHEMA, await stubOutput({ runId: 'run_f', format, schema: SCHEMA })).valid).toBe(
        true,
      );
    }
    const markdown = await stubOutput({ runId: 'run_f', format: 'markdown', schema: SCHEMA });
    expect(Object.keys(markdown)).toEqual(['markdown']);
    expect(markdown.markdown).toMatch(/^# Evaluation report \(test mode\)\n/);
    expect(markdown.markdown).toContain('| Name | Score | Severity |');
  });

  it('falls back to a minimal valid instance when the faker cannot satisfy the schema', async () => {
    // json-schema-faker cannot resolve `$anchor` references; the minimal instance can.
    const schema = {
      type: 'object',
      required: ['score'],
      properties: { score: { $ref: '#positive' } },
      $defs: { positive: { $anchor: 'positive', type: 'integer', exclusiveMinimum: 5 } },
    };
    const output = await stubOutput({ runId: 'run_anchor', format: 'json', schema });
    expect(output).toEqual({ score: 6 });
  });

  it('fails with a clear message when no valid instance can be built', async () => {
    const impossible = {
      type: 'object',
      required: ['a'],
      properties: { a: { type: 'array', items: { enum: ['x', 'y'] }, minItems: 3, uniqueItems: true } },
    };
    await expect(stubOutput({ runId: 'run_i', format: 'json', schema: impossible })).rejects.toThrow(
      /^Could not build a test-mode output that satisfies the output_schema: \/a/,
    );
  });

  it('refuses schemas whose minimum sizes no stub (or model) could produce', async () => {
    const huge = { type: 'object', required: ['a'], properties: { a: { type: 'array', minItems: 1e9 } } };
    await expect(stubOutput({ runId: 'run_h', format: 'json', schema: huge })).rejects.toThrow('minItems 1000000000');
  });

  it('refuses a schema whose root is not an object, except for markdown', async () => {
    const schema = { type: 'array', items: { type: 'integer' }, minItems: 1 };
    await expect(stubOutput({ runId: 'run_a', format: 'json', schema })).rejects.toThrow(
      /describes an array, not an object/,
    );
    const markdown = await stubOutput({ runId: 'run_a', format: 'markdown', schema });
    expect(markdown.markdown).toContain('## Value');
  });
});

describe('test-mode stub without a schema', () => {
  const structured: OutputFormat[] = ['json', 'docx', 'xlsx', 'csv'];

  it.each(structured)('is a plausible evaluation object for %s', async (format) => {
    for (const runId of runIds.slice(0, 50)) {
      const output = await stubOutput({ runId, format });
      expect(Object.keys(output)).toEqual(['summary', 'overall_score', 'criteria', 'recommendations']);
      expect(output.summary).toEqual(expect.stringContaining(runId));
      expect(Number.isInteger(output.overall_score)).toBe(true);
      expect(output.overall_score).toBeGreaterThanOrEqual(0);
      expect(output.overall_score).toBeLessThanOrEqual(100);
      const criteria = output.criteria as { name: string; score: number; comment: string }[];
      expect(criteria.length).toBeGreaterThanOrEqual(3);
      expect(criteria.length).toBeLessThanOrEqual(5);
      for (const c of criteria)
        expect(c).toEqual({ name: expect.any(String), score: expect.any(Number), comment: expect.any(String) });
      expect(new Set(criteria.map((c) => c.name)).size).toBe(criteria.length);
      expect(output.recommendations).toEqual(expect.arrayContaining([expect.any(String)]));
    }
  });

  it('is {markdown} with a heading, the score and a criteria table for markdown', async () => {
    const structuredOutput = await stubOutput({ runId: 'run_md', format: 'json' });
    const output = await stubOutput({ runId: 'run_md', format: 'markdown' });
    expect(Object.keys(output)).toEqual(['markdown']);
    const text = String(output.markdown);
    expect(text).toMatch(/^# Evaluation report \(test mode\)\n/);
    expect(text).toContain(`- **Overall score:** ${String(structuredOutput.overall_score)}`);
    expect(text).toContain('| Name | Score | Comment |');
    for (const c of structuredOutput.criteria as { name: string; score: number; comment: string }[]) {
      expect(text).toContain(`| ${c.name} | ${c.score} | ${c.comment} |`);
    }
  });

  it('is deterministic per run id and differs between run ids', async () => {
    expect(await stubOutput({ runId: 'run_a', format: 'json' })).toEqual(
      await stubOutput({ runId: 'run_a', format: 'json' }),
    );
    const outputs = await Promise.all(runIds.map((runId) => stubOutput({ runId, format: 'json' })));
    expect(new Set(outputs.map((o) => JSON.stringify(o))).size).toBe(runIds.length);
    expect(new Set(outputs.map((o) => JSON.stringify(o.criteria))).size).toBeGreaterThan(50);
  });
});

describe('validateAgainstSchema', () => {
  it('lists every error with its path', () => {
    const result = validateAgainstSchema(SCHEMA, { verdict: 'maybe', overall_score: 101, extra: 1 });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual(
      expect.arrayContaining([
        "(root) must have required property 'document_id'",
        '(root) must NOT have additional properties (extra)',
        '/verdict must be equal to one of the allowed values',
        '/overall_score must be <= 100',
      ]),
    );
  });

  it('accepts decimal multiples that binary floating point gets wrong', () => {
    expect(validateAgainstSchema({ type: 'number', multipleOf: 0.1 }, 0.3).valid).toBe(true);
    expect(validateAgainstSchema({ type: 'number', multipleOf: 0.1 }, 0.35).valid).toBe(false);
  });

  it('tolerates unknown keywords and formats, and reports a broken schema instead of throwing', () => {
    expect(validateAgainstSchema({ type: 'string', format: 'made-up', 'x-ui': {} }, 'a').valid).toBe(true);
    const broken = validateAgainstSchema({ type: 'nonsense' }, 1);
    expect(broken.valid).toBe(false);
    expect(broken.errors[0]).toMatch(/^the schema itself is invalid/);
  });

  it('validates different schemas that share an $id', () => {
    const v1 = { $id: 'https://example.test/eval.json', type: 'object', required: ['a'] };
    const v2 = { $id: 'https://example.test/eval.json', type: 'object', required: ['b'] };
    expect(validateAgainstSchema(v1, { a: 1 }).valid).toBe(true);
    expect(validateAgainstSchema(v2, { a: 1 }).errors).toEqual(["(root) must have required property 'b'"]);
  });

  it('checks formats', () => {
    expect(validateAgainstSchema({ type: 'string', format: 'email' }, 'not-an-email').valid).toBe(false);
    expect(validateAgainstSchema({ type: 'string', format: 'date-time' }, '2025-01-01T00:00:00Z').valid).toBe(true);
  });
});

describe('minimalInstance', () => {
  const build = (schema: Record<string, unknown>) =>
    minimalInstance(schema, { root: schema, patternString: () => 'P' });

  it('uses required properties, const, enum, defaults and lower bounds', () => {
    const schema = {
      type: 'object',
      required: ['c', 'e', 'd', 'n', 'x', 's', 'f', 'list', 'dep'],
      dependentRequired: { dep: ['extra'] },
      properties: {
        c: { const: 'fixed' },
        e: { enum: ['first', 'second'] },
        d: { type: 'string', default: 'dflt' },
        n: { type: 'integer', exclusiveMinimum: 4, multipleOf: 3 },
        x: { type: 'number', maximum: -2 },
        s: { type: 'string', minLength: 6, maxLength: 8 },
        f: { type: 'string', format: 'email' },
        list: { type: 'array', minItems: 2, items: { type: 'integer', minimum: 1 }, uniqueItems: true },
        dep: { type: 'boolean' },
        extra: { type: ['null', 'string'] },
        optional: { type: 'string' },
      },
    };
    const value = build(schema);
    expect(value).toEqual({
      c: 'fixed',
      e: 'first',
      d: 'dflt',
      n: 6,
      x: -2,
      s: 'stubxx',
      f: 'stub@example.com',
      list: [1, 2],
      dep: false,
      extra: null,
    });
    expect(validateAgainstSchema(schema, value).valid).toBe(true);
  });

  it('follows local references, allOf, and the first anyOf branch', () => {
    const schema = {
      $id: 'https://example.test/s.json',
      allOf: [{ type: 'object', required: ['a'] }, { required: ['b'] }],
      properties: {
        a: { $ref: 'https://example.test/s.json#/$defs/a~1b' },
        b: { anyOf: [{ type: 'integer', minimum: 2 }, { type: 'string' }] },
      },
      $defs: { 'a/b': { type: 'string', pattern: '^P$' } },
    };
    const value = build(schema);
    expect(value).toEqual({ a: 'P', b: 2 });
    expect(validateAgainstSchema(schema, value).valid).toBe(true);
  });
});

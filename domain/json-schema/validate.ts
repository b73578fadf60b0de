/**
 * Client-supplied JSON Schemas (a workflow's `output_schema`): checked when a workflow is created, and used to
 * validate every model output and test-mode stub. One ajv instance, draft 2020-12, set up for ordinary user schemas:
 * - strict mode off and logger off: titles, examples and vendor keywords must not fail a run or flood the log;
 * - `multipleOfPrecision`: without it ajv divides in binary floating point and calls 0.3 "not a multiple of 0.1";
 * - an older draft named in `$schema` (draft-07 is what most users paste) is read as 2020-12, whose common
 *   keywords mean the same;
 * - every compiled `$id` is unregistered again, so two schemas sharing an `$id` never collide.
 * - `pattern` and `patternProperties` run on RE2 (re2js), whose time is linear in the input: a tenant's
 *   `(a+)+$` cannot stall the worker that validates a model output (docs/decisions.md 89). A pattern RE2 cannot compile
 *   (backreferences, lookaround) makes the schema invalid, so it is refused at 400 when the workflow is saved.
 * Compiled validators are cached by schema text (bounded).
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { RE2JS } from 're2js';

type Schema = Record<string, unknown>;

/**
 * ajv's `code.regExp` engine: `(pattern, flags) => {test}`. ajv asks for `u`, which RE2 always is. ajv shares
 * compiled patterns between schemas keyed by `toString()`, so it must name the pattern.
 */
const re2Engine = Object.assign(
  (pattern: string): { test: (input: string) => boolean; toString: () => string } => {
    const compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
    return { test: (input: string) => compiled.test(input), toString: () => `re2:${pattern}` };
  },
  { code: 'require("re2js").RE2JS' },
);

const ajv = new Ajv2020({
  strict: false,
  allErrors: true,
  logger: false,
  multipleOfPrecision: 9,
  code: { regExp: re2Engine as never },
});
addFormats(ajv);

const validators = new Map<string, ValidateFunction>();
const MAX_CACHED_VALIDATORS = 500;

export function normalizeSchema(schema: Schema): Schema {
  if (typeof schema.$schema !== 'string' || schema.$schema.includes('2020-12')) return schema;
  const { $schema: _dropped, ...rest } = schema;
  return rest;
}

function compiled(schema: Schema): ValidateFunction {
  const normal = normalizeSchema(schema);
  const key = JSON.stringify(normal);
  let validate = validators.get(key);
  if (!validate) {
    try {
      validate = ajv.compile(normal);
    } finally {
      ajv.removeSchema(normal);
    }
    if (validators.size >= MAX_CACHED_VALIDATORS) validators.delete(validators.keys().next().value ?? '');
    validators.set(key, validate);
  }
  return validate;
}

/** Problems that make `schema` unusable as an output contract; empty when it is fine. */
export function schemaProblems(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return ['must be a JSON Schema object'];
  const normal = normalizeSchema(schema as Schema);
  if (!ajv.validateSchema(normal)) {
    return (ajv.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`);
  }
  try {
    compiled(normal);
  } catch (err) {
    return [err instanceof Error ? err.message : 'cannot be compiled'];
  }
  return [];
}

export function validateAgainstSchema(schema: Schema, value: unknown): { valid: boolean; errors: string[] } {
  let validate: ValidateFunction;
  try {
    validate = compiled(schema);
  } catch (err) {
    return { valid: false, errors: [`the schema itself is invalid: ${err instanceof Error ? err.message : String(err)}`] };
  }
  if (validate(value)) return { valid: true, errors: [] };
  const errors = (validate.errors ?? []).map((e) => {
    const extra = typeof e.params.additionalProperty === 'string' ? ` (${e.params.additionalProperty})` : '';
    return `${e.instancePath === '' ? '(root)' : e.instancePath} ${e.message ?? 'is invalid'}${extra}`;
  });
  return { valid: false, errors };
}

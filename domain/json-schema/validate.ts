/**
 * Client-supplied JSON Schemas (a workflow's `output_schema`): checked when a workflow is created, and used to
 * validate every model output and test-mode stub. ajv, draft 2020-12, set up for ordinary user schemas:
 * - strict mode off and logger off: titles, examples and vendor keywords must not fail a run or flood the log;
 * - `multipleOfPrecision`: without it ajv divides in binary floating point and calls 0.3 "not a multiple of 0.1";
 * - an older draft named in `$schema` (draft-07 is what most users paste) is read as 2020-12, whose common
 *   keywords mean the same;
 * - every compiled `$id` is unregistered again, so two schemas sharing an `$id` never collide.
 * - `pattern` and `patternProperties` run on RE2 (re2js), whose time is linear in the input: a tenant's
 *   `(a+)+$` cannot stall the worker that validates a model output. A pattern RE2 cannot compile
 *   (backreferences, lookaround) makes the schema invalid, so it is refused at 400 when the workflow is saved.
 * Compiled validators are cached by schema text, with the ajv instance that made them (bounded: see `Generation`).
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

function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    logger: false,
    multipleOfPrecision: 9,
    code: { regExp: re2Engine as never },
  });
  addFormats(ajv);
  return ajv;
}

/**
 * An ajv instance and the validators it compiled. ajv keeps every schema it compiles, and the function made from it,
 * in the instance's code scope for the instance's life (ajv/dist/compile/index.js `scopeValue`); `removeSchema` does
 * not free them. One instance for the process grew by every distinct schema ever checked or used: about 1.3 MB per
 * 64 KB schema, in the API and in every worker. So an instance compiles its share and is
 * then replaced; the one before stays while its validators are looked up, and is dropped with them next time.
 */
interface Generation {
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction>;
  /** Schema text compiled by this instance, failed compilations included (they leave their values in its scope too). */
  chars: number;
}

/** Each generation's share: at most two are alive, so at most twice this is retained. */
const GENERATION_VALIDATORS = 250;
const GENERATION_CHARS = 1_000_000;

const newGeneration = (): Generation => ({ ajv: newAjv(), validators: new Map(), chars: 0 });
let current = newGeneration();
let previous: Generation | null = null;

export function normalizeSchema(schema: Schema): Schema {
  if (typeof schema.$schema !== 'string' || schema.$schema.includes('2020-12')) return schema;
  const { $schema: _dropped, ...rest } = schema;
  return rest;
}

function compiled(schema: Schema): ValidateFunction {
  const normal = normalizeSchema(schema);
  const key = JSON.stringify(normal);
  const known = current.validators.get(key) ?? previous?.validators.get(key);
  if (known) return known;
  if (current.validators.size >= GENERATION_VALIDATORS || current.chars >= GENERATION_CHARS) {
    previous = current;
    current = newGeneration();
  }
  current.chars += key.length;
  let validate: ValidateFunction;
  try {
    validate = current.ajv.compile(normal);
  } finally {
    current.ajv.removeSchema(normal);
  }
  current.validators.set(key, validate);
  return validate;
}

/** Problems that make `schema` unusable as an output contract; empty when it is fine. */
export function schemaProblems(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return ['must be a JSON Schema object'];
  const normal = normalizeSchema(schema as Schema);
  const { ajv } = current;
  if (!ajv.validateSchema(normal)) {
    return (ajv.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`);
  }
  try {
    compiled(normal);
  } catch (err) {
    // ajv follows a `$ref` to a `$ref` by recursion: a loop of them overflows the stack.
    if (err instanceof RangeError) return ['has a $ref that leads back to itself through $refs alone'];
    return [err instanceof Error ? err.message : 'cannot be compiled'];
  }
  return [];
}

export function validateAgainstSchema(schema: Schema, value: unknown): { valid: boolean; errors: string[] } {
  let validate: ValidateFunction;
  try {
    validate = compiled(schema);
  } catch (err) {
    return {
      valid: false,
      errors: [`the schema itself is invalid: ${err instanceof Error ? err.message : String(err)}`],
    };
  }
  if (validate(value)) return { valid: true, errors: [] };
  const errors = (validate.errors ?? []).map((e) => {
    const extra = typeof e.params.additionalProperty === 'string' ? ` (${e.params.additionalProperty})` : '';
    return `${e.instancePath === '' ? '(root)' : e.instancePath} ${e.message ?? 'is invalid'}${extra}`;
  });
  return { valid: false, errors };
}

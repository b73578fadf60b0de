/**
 * Sample instances of a JSON Schema (a workflow's `output_schema`): what the test-mode model returns
 * (activities/models/stub.ts). Deterministic per seed key, so a retried activity produces the
 * very same sample, and always checked with the one validator (validate.ts, RE2 patterns) before it is returned.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateAgainstSchema } from './validate';

type PlainObject = Record<string, unknown>;

const isPlainObject = (value: unknown): value is PlainObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// ---------------------------------------------------------------------------------------------------------------
// Seeding (also the stub's, for its evidence and report)
// ---------------------------------------------------------------------------------------------------------------

/** FNV-1a over the key's bytes (a run id): a stable 32-bit seed (never 0, which some PRNGs treat as "unseeded"). */
export function seedFrom(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash === 0 ? 1 : hash;
}

/** Mulberry32: tiny, fast and good enough to pick stub words; the same generator json-schema-faker uses. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// With a schema: json-schema-faker, validated, with fallbacks
// ---------------------------------------------------------------------------------------------------------------

const FAKER_ATTEMPTS = 4;

/**
 * An instance of `schema`, valid against it (ajv, validate.ts), the same for the same `seedKey`. json-schema-faker
 * draws it; draws that fail validation (or throw) are retried with seeds derived from the key, then a constructed
 * minimal instance is the last resort. Throws when no valid instance comes out, naming why, and refuses schemas
 * whose lower bounds would build huge values.
 */
export async function sampleInstance(schema: PlainObject, seedKey: string): Promise<unknown> {
  assertStubbable(schema);
  const faker = await loadFaker();
  const failures: string[] = [];
  for (let attempt = 0; attempt < FAKER_ATTEMPTS; attempt += 1) {
    const seed = attempt === 0 ? seedFrom(seedKey) : seedFrom(`${seedKey}#${attempt}`);
    // Every optional field first: a full sample shows test-mode users the whole shape. Half the attempts use the
    // faker's default coin-flips instead, for schemas that forbid some fields together (`not`, maxProperties).
    const alwaysFakeOptionals = attempt % 2 === 0;
    try {
      const value = await faker.generate(schema, { seed, alwaysFakeOptionals });
      const check = validateAgainstSchema(schema, value);
      if (check.valid) return value;
      failures.push(...check.errors);
    } catch (err) {
      failures.push(err instanceof Error ? err.message : String(err));
    }
  }
  const patternString = (s: PlainObject): unknown => {
    try {
      return faker.generateSync(s, { seed: seedFrom(seedKey) });
    } catch {
      return ''; // a pattern the faker cannot generate for: validation below names it
    }
  };
  const minimal = minimalInstance(schema, { root: schema, patternString });
  const check = validateAgainstSchema(schema, minimal);
  if (check.valid) return minimal;
  const reasons = [...new Set([...check.errors, ...failures])].slice(0, 5).join('; ');
  throw new Error(`Could not build a test-mode output that satisfies the output_schema: ${reasons}`);
}

const loadFakerModule = () => import('json-schema-faker');
type Faker = Awaited<ReturnType<typeof loadFakerModule>>;
let fakerModule: Promise<Faker> | undefined;

/**
 * json-schema-faker is ESM-only and exports only an `import` condition, so a static import (compiled to require
 * here) cannot resolve it; a dynamic import() can, under Node, tsx and compiled output alike. Jest's CommonJS
 * module registry knows no `import` condition: there the entry file is loaded by path, and jest compiles it.
 */
function loadFaker(): Promise<Faker> {
  fakerModule ??= loadFakerModule().catch(() => require(fakerEntryFile()) as Faker);
  return fakerModule;
}

function fakerEntryFile(): string {
  for (const dir of require.resolve.paths('json-schema-faker') ?? []) {
    const manifest = join(dir, 'json-schema-faker', 'package.json');
    if (!existsSync(manifest)) continue;
    const exportsField = (
      JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: { '.'?: { import?: { default?: string } } } }
    ).exports;
    return join(dir, 'json-schema-faker', exportsField?.['.']?.import?.default ?? 'dist/index.js');
  }
  throw new Error('json-schema-faker is not installed.');
}

/**
 * A schema is user input: `minItems: 1e9` would have the worker build a billion-item array. No live model could
 * answer such a schema either, so the stub refuses it with a clear message instead.
 */
const STUB_LIMITS = new Map([
  ['minItems', 1_000],
  ['minProperties', 1_000],
  ['minContains', 1_000],
  ['minLength', 100_000],
]);

function assertStubbable(schema: unknown, depth = 0): void {
  if (depth > 64) return;
  if (Array.isArray(schema)) {
    for (const item of schema) assertStubbable(item, depth + 1);
    return;
  }
  if (!isPlainObject(schema)) return;
  for (const [key, value] of Object.entries(schema)) {
    const limit = STUB_LIMITS.get(key);
    if (limit !== undefined && typeof value === 'number' && value > limit) {
      throw new Error(`The output_schema asks for ${key} ${value}; test mode stubs at most ${limit}.`);
    }
    if (typeof value === 'object') assertStubbable(value, depth + 1);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The minimal instance: required properties only, from const/enum/default/lower bounds
// ---------------------------------------------------------------------------------------------------------------

interface MinimalContext {
  root: PlainObject;
  /** Strings under a `pattern` cannot be made up by hand; the faker's regex generator makes them. */
  patternString: (schema: PlainObject) => unknown;
}

const MAX_MINIMAL_DEPTH = 32;

const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '00:00:00Z',
  duration: 'P1D',
  email: 'stub@example.com',
  'idn-email': 'stub@example.com',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uri: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  iri: 'https://example.com/',
  'iri-reference': 'https://example.com/',
  'uri-template': 'https://example.com/{id}',
  uuid: '00000000-0000-4000-8000-000000000000',
  'json-pointer': '/stub',
  'relative-json-pointer': '0',
  regex: '^stub$',
};

export function minimalInstance(schema: unknown, ctx: MinimalContext, depth = 0): unknown {
  if (!isPlainObject(schema) || depth > MAX_MINIMAL_DEPTH) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('default' in schema) return schema.default;
  const { $ref, allOf, anyOf, oneOf, ...rest } = schema;
  if (typeof $ref === 'string') {
    const target = resolveRef(ctx.root, $ref);
    return minimalInstance(isPlainObject(target) ? mergeSchemas(target, rest) : rest, ctx, depth + 1);
  }
  if (Array.isArray(allOf)) {
    const merged = allOf.filter(isPlainObject).reduce<PlainObject>((acc, part) => mergeSchemas(acc, part), { ...rest });
    return minimalInstance(merged, ctx, depth + 1);
  }
  const branches = Array.isArray(anyOf) ? anyOf : Array.isArray(oneOf) ? oneOf : undefined;
  const first = branches?.find(isPlainObject);
  if (first) return minimalInstance(mergeSchemas(rest, first), ctx, depth + 1);

  switch (typeOf(schema)) {
    case 'object':
      return minimalObject(schema, ctx, depth);
    case 'array':
      return minimalArray(schema, ctx, depth);
    case 'string':
      return minimalString(schema, ctx);
    case 'integer':
      return minimalNumber(schema, true);
    case 'number':
      return minimalNumber(schema, false);
    case 'boolean':
      return false;
    default:
      return null;
  }
}

function typeOf(schema: PlainObject): string {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type) && typeof schema.type[0] === 'string') return schema.type[0];
  const has = (...keys: string[]) => keys.some((k) => k in schema);
  if (has('properties', 'required', 'additionalProperties', 'minProperties', 'patternProperties')) return 'object';
  if (has('items', 'prefixItems', 'minItems', 'contains')) return 'array';
  if (has('minLength', 'maxLength', 'pattern', 'format')) return 'string';
  if (has('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf')) return 'number';
  return 'null';
}

function minimalObject(schema: PlainObject, ctx: MinimalContext, depth: number): PlainObject {
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const fallback = isPlainObject(schema.additionalProperties) ? schema.additionalProperties : {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((k): k is string => typeof k === 'string')
    : [];
  const wanted = [...new Set(required)];
  const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  for (const key of Object.keys(properties))
    if (wanted.length < minProperties && !wanted.includes(key)) wanted.push(key);
  const dependents = isPlainObject(schema.dependentRequired) ? schema.dependentRequired : {};
  for (const key of [...wanted]) {
    const also = dependents[key];
    if (Array.isArray(also))
      for (const dep of also) if (typeof dep === 'string' && !wanted.includes(dep)) wanted.push(dep);
  }
  // hasOwn: a field named "constructor" must not pick up Object.prototype's.
  const own = (key: string): unknown => (Object.hasOwn(properties, key) ? properties[key] : undefined);
  const schemaOf = (key: string): unknown => own(key) ?? patternSchema(schema.patternProperties, key) ?? fallback;
  // fromEntries defines own properties, so a field named "__proto__" stays data instead of replacing the prototype.
  return Object.fromEntries(wanted.map((key) => [key, minimalInstance(schemaOf(key), ctx, depth + 1)]));
}

function patternSchema(patternProperties: unknown, key: string): unknown {
  if (!isPlainObject(patternProperties)) return undefined;
  for (const [pattern, schema] of Object.entries(patternProperties)) {
    try {
      if (new RegExp(pattern, 'u').test(key)) return schema;
    } catch {
      // A pattern JavaScript cannot compile matches nothing here; ajv reports it if it matters.
    }
  }
  return undefined;
}

function minimalArray(schema: PlainObject, ctx: MinimalContext, depth: number): unknown[] {
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
  const minContains = typeof schema.minContains === 'number' ? schema.minContains : 1;
  const containing = isPlainObject(schema.contains) ? Array.from({ length: minContains }, () => schema.contains) : [];
  const count = Math.max(typeof schema.minItems === 'number' ? schema.minItems : 0, containing.length);
  const items: unknown[] = [];
  for (let i = 0; i < count; i += 1) {
    const itemSchema = i < containing.length ? containing[i] : i < prefix.length ? prefix[i] : (schema.items ?? {});
    let item = minimalInstance(itemSchema, ctx, depth + 1);
    // uniqueItems: walk an enum, or step numbers, so repeated minimal items stay distinct.
    if (schema.uniqueItems === true && isPlainObject(itemSchema)) {
      if (Array.isArray(itemSchema.enum) && i < itemSchema.enum.length) item = itemSchema.enum[i];
      else if (typeof item === 'number')
        item += i * (typeof itemSchema.multipleOf === 'number' ? itemSchema.multipleOf : 1);
      else if (typeof item === 'string' && itemSchema.pattern === undefined && i > 0) item = `${item}${i}`;
    }
    items.push(item);
  }
  return items;
}

function minimalString(schema: PlainObject, ctx: MinimalContext): unknown {
  if (typeof schema.pattern === 'string') {
    const { pattern, minLength, maxLength } = schema;
    return ctx.patternString({
      type: 'string',
      pattern,
      ...(minLength === undefined ? {} : { minLength }),
      ...(maxLength === undefined ? {} : { maxLength }),
    });
  }
  const sample =
    typeof schema.format === 'string' && Object.hasOwn(FORMAT_SAMPLES, schema.format)
      ? FORMAT_SAMPLES[schema.format]
      : undefined;
  if (sample !== undefined) return sample;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  return 'stub'.padEnd(min, 'x').slice(0, max);
}

function minimalNumber(schema: PlainObject, integer: boolean): number {
  const num = (key: string): number | undefined =>
    typeof schema[key] === 'number' ? (schema[key] as number) : undefined;
  const [min, exMin, max, exMax, step] = [
    num('minimum'),
    num('exclusiveMinimum'),
    num('maximum'),
    num('exclusiveMaximum'),
    num('multipleOf'),
  ];
  let value = 0;
  if (min !== undefined) value = min;
  else if (exMin !== undefined)
    value = integer ? Math.floor(exMin) + 1 : exMin + (exMax !== undefined ? (exMax - exMin) / 2 : 1);
  else if (max !== undefined && max < 0) value = max;
  else if (exMax !== undefined && exMax <= 0) value = integer ? Math.ceil(exMax) - 1 : exMax - 1;
  if (integer) value = Math.ceil(value);
  if (step !== undefined && step > 0) value = Math.ceil(value / step) * step;
  return value;
}

/** Shallow merge for allOf/anyOf branches: properties and required lists combine, other keywords take the later. */
function mergeSchemas(a: PlainObject, b: PlainObject): PlainObject {
  const merged: PlainObject = { ...a, ...b };
  if (isPlainObject(a.properties) || isPlainObject(b.properties)) {
    merged.properties = {
      ...(isPlainObject(a.properties) ? a.properties : {}),
      ...(isPlainObject(b.properties) ? b.properties : {}),
    };
  }
  if (Array.isArray(a.required) || Array.isArray(b.required)) {
    merged.required = [
      ...(Array.isArray(a.required) ? a.required : []),
      ...(Array.isArray(b.required) ? b.required : []),
    ];
  }
  return merged;
}

/**
 * References within the schema itself: JSON pointers (`#/$defs/x`), anchors (`#name`, which the faker cannot
 * resolve) and either of those behind the root's own `$id`. A remote reference cannot be fetched by a stub.
 */
function resolveRef(root: PlainObject, ref: string): unknown {
  const local = typeof root.$id === 'string' && ref.startsWith(root.$id) ? ref.slice(root.$id.length) : ref;
  if (local === '' || local === '#') return root;
  if (local.startsWith('#/')) return resolvePointer(root, local.slice(2));
  if (local.startsWith('#')) return findAnchor(root, local.slice(1), 0);
  return undefined;
}

function resolvePointer(root: PlainObject, pointer: string): unknown {
  let node: unknown = root;
  for (const raw of pointer.split('/')) {
    if (!isPlainObject(node) && !Array.isArray(node)) return undefined;
    let token: string;
    try {
      token = decodeURIComponent(raw);
    } catch {
      token = raw;
    }
    node = (node as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

function findAnchor(node: unknown, anchor: string, depth: number): PlainObject | undefined {
  if (depth > 64 || (!isPlainObject(node) && !Array.isArray(node))) return undefined;
  if (isPlainObject(node) && node.$anchor === anchor) return node;
  for (const child of Object.values(node)) {
    const found = findAnchor(child, anchor, depth + 1);
    if (found) return found;
  }
  return undefined;
}

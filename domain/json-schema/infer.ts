/**
 * Infers a draft 2020-12 JSON Schema from a structured sample (a workflow's `output_schema_sample_id`): the shape of
 * a JSON value, or of rows under a header row (a CSV, a sheet), as `{rows: [{column: value}]}`. Column values decide
 * integer / number / boolean / string types. Reading the sample file into a value or rows is parsing's job
 * (activities/parsing/infer-schema.ts); this is pure.
 */
type Schema = Record<string, unknown>;

/** How many array items or rows are looked at. */
export const SAMPLE_ROWS = 200;
const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** The schema of a JSON value. */
export function schemaOfValue(value: unknown): Schema {
  return { $schema: DIALECT, ...ofValue(value, 0) };
}

/** The schema of rows whose first row is the header; null without a named column. */
export function schemaOfRows(rows: string[][]): Schema | null {
  const [header, ...body] = rows;
  const columns = (header ?? []).map((h) => h.trim()).filter(Boolean);
  if (columns.length === 0) return null;
  const properties: Record<string, Schema> = {};
  columns.forEach((name, i) => {
    properties[name] = columnType(body.map((r) => r[i] ?? '').filter((v) => v !== ''));
  });
  return {
    $schema: DIALECT,
    type: 'object',
    properties: {
      rows: { type: 'array', items: { type: 'object', properties, required: columns, additionalProperties: false } },
    },
    required: ['rows'],
  };
}

function columnType(values: string[]): Schema {
  if (values.length === 0) return { type: 'string' };
  if (values.every((v) => /^-?\d+$/.test(v))) return { type: 'integer' };
  if (values.every((v) => v.trim() !== '' && Number.isFinite(Number(v)))) return { type: 'number' };
  if (values.every((v) => /^(true|false)$/i.test(v))) return { type: 'boolean' };
  return { type: 'string' };
}

function ofValue(value: unknown, depth: number): Schema {
  if (depth > 12) return {};
  if (value === null) return { type: 'null' };
  if (Array.isArray(value)) {
    const items = value.slice(0, SAMPLE_ROWS).map((v) => ofValue(v, depth + 1));
    return { type: 'array', items: items[0] ? merge(items) : {} };
  }
  switch (typeof value) {
    case 'string':
      return { type: 'string' };
    case 'number':
      return { type: Number.isInteger(value) ? 'integer' : 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'object': {
      const entries = Object.entries(value as Record<string, unknown>);
      return {
        type: 'object',
        properties: Object.fromEntries(entries.map(([k, v]) => [k, ofValue(v, depth + 1)])),
        required: entries.map(([k]) => k),
      };
    }
    default:
      return {};
  }
}

/** One schema for array items of possibly differing shapes: object properties are unioned, types widened. */
function merge(schemas: Schema[]): Schema {
  const types = new Set(schemas.map((s) => s.type));
  if (types.size === 1 && types.has('object')) {
    const properties: Record<string, Schema[]> = {};
    for (const s of schemas) {
      for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Schema>))
        (properties[k] ??= []).push(v);
    }
    const required = Object.keys(properties).filter((k) => properties[k]!.length === schemas.length);
    return {
      type: 'object',
      properties: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, merge(v)])),
      required,
    };
  }
  if (types.size === 1) return schemas[0]!;
  if ([...types].every((t) => t === 'integer' || t === 'number')) return { type: 'number' };
  return {};
}

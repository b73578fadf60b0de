/**
 * How every renderer reads a model output. Outputs are arbitrary JSON chosen by a model and a user's schema, so
 * the renderers never assume fields: they classify values (scalar, table = array of objects, list, nested
 * object) with these helpers, and every value has a text form, so no shape can make a renderer throw.
 */

export type Scalar = string | number | boolean | null;
export type PlainObject = Record<string, unknown>;

/**
 * Nesting beyond this is shown as JSON text: past a handful of levels headings and dotted keys stop helping a
 * reader, and a bound keeps recursion safe on pathological outputs.
 */
export const MAX_DEPTH = 6;

export function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** A non-empty array whose every item is an object: shown as a table with one column per key. */
export function isTable(value: unknown): value is PlainObject[] {
  return Array.isArray(value) && value.length > 0 && value.every(isPlainObject);
}

/** The markdown text when the output is a markdown run's `{markdown}` shape, else undefined. */
export function markdownBody(output: PlainObject): string | undefined {
  const keys = Object.keys(output);
  return keys.length === 1 && typeof output.markdown === 'string' ? output.markdown : undefined;
}

/** Own entries that JSON would keep: `undefined` and functions are skipped, as JSON.stringify skips them. */
export function entriesOf(object: PlainObject): [string, unknown][] {
  return Object.entries(object).filter(([, v]) => v !== undefined && typeof v !== 'function');
}

/** A row's own value for a column; a row without "constructor" must not show Object.prototype's. */
export function cellOf(row: PlainObject, key: string): unknown {
  return Object.hasOwn(row, key) ? row[key] : undefined;
}

/** Keys of all rows in first-seen order, so ragged rows still line up under one header. */
export function unionKeys(rows: readonly PlainObject[]): string[] {
  const keys = new Set<string>();
  for (const row of rows) for (const [key] of entriesOf(row)) keys.add(key);
  return [...keys];
}

/** `overall_score` → `Overall score`, `riskLevel` → `Risk level`: field names read as labels in documents. */
export function humanize(key: string): string {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\s]+/g, ' ')
    .trim();
  if (spaced === '') return key === '' ? '(unnamed)' : key;
  return spaced.charAt(0).toUpperCase() + spaced.slice(1).toLowerCase();
}

/** JSON text that never throws: a structure too deep for JSON.stringify's recursion still gets a placeholder. */
export function jsonText(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, null, indent) ?? '';
  } catch {
    return '[value too deeply nested to show]';
  }
}

/** The text of a value in a cell or line: scalars as written, `null` empty, nested values as compact JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return jsonText(value);
}

/** Like cellText, but `null` reads as a dash: in a document an empty value next to a label looks like a bug. */
export function displayText(value: unknown): string {
  return value === null ? '—' : cellText(value);
}

/** A table cell in a document: a missing key is blank, an explicit null a dash. */
export function tableText(value: unknown): string {
  return value === undefined ? '' : displayText(value);
}

/**
 * Removes characters XML 1.0 forbids (C0 controls except tab/LF/CR, lone surrogates, U+FFFE/U+FFFF). docx and
 * xlsx are XML inside a zip: one such character from a model makes Word or Excel refuse the whole file.
 */
export function xmlSafe(text: string): string {
  return text.replace(
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '',
  );
}

/** At most `max` UTF-16 units, never splitting a surrogate pair (half an emoji is invalid XML). */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, Math.max(cut, 0));
}

/**
 * Nested objects become dotted keys (`scores.clarity`); arrays and anything past MAX_DEPTH stay whole for the
 * caller to show. An empty nested object is kept as a value so the field does not silently vanish.
 */
export function flatten(object: PlainObject, prefix = '', depth = 0): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [key, value] of entriesOf(object)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (isPlainObject(value) && Object.keys(value).length > 0 && depth < MAX_DEPTH) {
      out.push(...flatten(value, path, depth + 1));
    } else {
      out.push([path, value]);
    }
  }
  return out;
}

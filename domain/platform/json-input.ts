/**
 * What parsed JSON from outside may be, checked in one walk before anything else meets it (api/router.ts for every
 * body, JSON or multipart; activities/prompt.ts for model answers):
 * - at most MAX_JSON_DEPTH levels deep. `JSON.parse` accepts a million levels; what comes after it does not:
 *   `JSON.stringify`, the BSON serializer and ajv recurse, and overflow the stack a few thousand levels down (a
 *   `RangeError`, which would be a 500 on the request path and a failed attempt in the worker). MongoDB itself
 *   refuses documents nested deeper than 100 levels, so nothing legitimate needs more.
 * - no `__proto__` key. `JSON.parse` keeps it as an ordinary property, but copying it into another object (what
 *   validation does with a record such as run metadata) sets that object's prototype instead, so the key vanished
 *   without a word. The JSON body parser (@hapi/bourne, under co-body) refuses it before this walk for the same
 *   reason, and the router answers its refusal with the same message.
 */
export const MAX_JSON_DEPTH = 100;

export const FORBIDDEN_KEY_MESSAGE = 'uses "__proto__" as a key, which no request may';

/**
 * The first problem found, or null. Walks with its own stack, so a value a million levels deep is answered without
 * recursion, after at most `max` levels of it. `{}` is one level, `{"a": []}` two; scalars are none.
 */
function walk(value: unknown, max: number, keys: boolean): 'too_deep' | 'forbidden_key' | null {
  const stack: Array<{ node: object; depth: number }> = [];
  if (value !== null && typeof value === 'object') stack.push({ node: value, depth: 1 });
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > max) return 'too_deep';
    if (keys && Object.prototype.hasOwnProperty.call(node, '__proto__')) return 'forbidden_key';
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push({ node: child as object, depth: depth + 1 });
    }
  }
  return null;
}

/** True when `value` nests arrays and objects more than `max` levels. */
export function nestedDeeperThan(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  return walk(value, max, false) === 'too_deep';
}

/** What is wrong with a request body, as the refusal's detail says it, or null when nothing is. */
export function jsonInputProblem(value: unknown): string | null {
  const problem = walk(value, MAX_JSON_DEPTH, true);
  if (problem === 'too_deep') return `nests deeper than ${MAX_JSON_DEPTH} levels`;
  return problem === 'forbidden_key' ? FORBIDDEN_KEY_MESSAGE : null;
}

/**
 * How deep parsed JSON from outside may nest. `JSON.parse` accepts a million levels; what comes after it does not:
 * `JSON.stringify`, the BSON serializer and ajv recurse, and overflow the stack a few thousand levels down (a
 * `RangeError`, which would be a 500 on the request path and a failed attempt in the worker). MongoDB itself refuses
 * documents nested deeper than 100 levels, so nothing legitimate needs more: request bodies and model answers are
 * checked against this limit right after parsing (docs/decisions.md 270).
 */
export const MAX_JSON_DEPTH = 100;

/**
 * True when `value` nests arrays and objects more than `max` levels (`{}` is one level, `{"a": []}` two). Walks with
 * its own stack, so a value a million levels deep is answered without recursion, after at most `max` levels of it.
 */
export function nestedDeeperThan(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const stack: Array<{ node: object; depth: number }> = [];
  if (value !== null && typeof value === 'object') stack.push({ node: value, depth: 1 });
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push({ node: child as object, depth: depth + 1 });
    }
  }
  return false;
}

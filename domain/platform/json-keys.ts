/**
 * The one key parsed JSON from outside may not use: `__proto__`. `JSON.parse` keeps it as an ordinary property, but
 * copying it into another object (what validation does with a record such as run metadata) sets that object's
 * prototype instead, so the key vanished without a word; the JSON body parser (@hapi/bourne, under co-body) refuses it
 * for the same reason. Both ways in (a JSON body, a multipart form's JSON fields) answer the same refusal.
 */
export const FORBIDDEN_KEY_MESSAGE = 'uses "__proto__" as a key, which no request may';

/** True when `value` holds an own `__proto__` key at any depth (walked with its own stack, like json-depth.ts). */
export function hasForbiddenKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Object.prototype.hasOwnProperty.call(node, '__proto__')) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push(child);
  }
  return false;
}

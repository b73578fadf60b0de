/**
 * Reads an RFC 6901 JSON Pointer in a run's output: `""` is the whole document, `~1` and `~0` unescape `/` and `~`,
 * an array is indexed by a decimal index. Answers `undefined` where the pointer leads nowhere (the criterion is then
 * unscorable for that run, never guessed).
 */
export function readPointer(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  let here: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(here)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
      here = here[Number(token)];
    } else if (here !== null && typeof here === 'object' && Object.prototype.hasOwnProperty.call(here, token)) {
      here = (here as Record<string, unknown>)[token];
    } else return undefined;
  }
  return here;
}

/**
 * Properties of the Idempotency-Key fingerprint (domain/access/idempotency.ts). A retry is replayed only when its
 * fingerprint equals the first request's, so two things must hold for every request a client can send:
 * the same request written differently (key order, whitespace, escapes) gets the same fingerprint, and any
 * request that differs in content gets another one — otherwise a changed retry would silently get the old answer
 * instead of 409 `idempotency_key_reused`.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { canonicalJson, requestHash } from '../../../domain/access/idempotency';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What the server sees of a body: JSON.parse of what was sent (so -0 and 0 are the same number on the wire). */
const wire = (v: unknown): Json => JSON.parse(JSON.stringify(v)) as Json;
const sameRequest = (a: unknown, b: unknown) => isDeepStrictEqual(wire(a), wire(b));

/** The same value with every object's keys in another order (seeded, so a failure replays exactly). */
function reorderKeys(value: Json, seed: number): Json {
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state;
  };
  const walk = (v: Json): Json => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      const entries = Object.entries(v).map(([k, x]) => [k, walk(x)] as const);
      for (let i = entries.length - 1; i > 0; i--) {
        const j = next() % (i + 1);
        [entries[i], entries[j]] = [entries[j]!, entries[i]!];
      }
      // fromEntries defines own properties, so a "__proto__" key stays a key, as JSON.parse makes it.
      return Object.fromEntries(entries);
    }
    return v;
  };
  return walk(value);
}

type Path = Array<string | number>;

function locations(v: Json, path: Path = []): Path[] {
  const here = [path];
  if (Array.isArray(v)) return here.concat(...v.map((x, i) => locations(x, [...path, i])));
  if (v && typeof v === 'object') return here.concat(...Object.entries(v).map(([k, x]) => locations(x, [...path, k])));
  return here;
}

function update(v: Json, path: Path, change: (x: Json) => Json): Json {
  if (path.length === 0) return change(v);
  const [head, ...rest] = path;
  if (Array.isArray(v)) return v.map((x, i) => (i === head ? update(x, rest, change) : x));
  const obj = v as Record<string, Json>;
  return Object.fromEntries(Object.entries(obj).map(([k, x]) => [k, k === head ? update(x, rest, change) : x]));
}

type Mutation = 'replace' | 'add' | 'remove' | 'swap' | 'stringify' | 'wrap';

/** One small edit at one place: the near misses a fingerprint is most likely to confuse. */
function mutate(v: Json, at: number, kind: Mutation, other: Json, key: string): Json {
  const all = locations(v);
  const path = all[at % all.length]!;
  return update(v, path, (x) => {
    switch (kind) {
      case 'replace':
        return other;
      case 'stringify': // 1 → "1", null → "null", {a:1} → '{"a":1}'
        return JSON.stringify(x);
      case 'wrap': // x → [x]
        return [x];
      case 'add':
        if (Array.isArray(x)) return [...x, other];
        if (x && typeof x === 'object') return Object.fromEntries([...Object.entries(x), [key, other]]);
        return { [key]: x };
      case 'remove':
        if (Array.isArray(x)) return x.slice(1);
        if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).slice(1));
        return null;
      case 'swap':
        if (Array.isArray(x) && x.length > 1) return [x[x.length - 1]!, ...x.slice(1, -1), x[0]!];
        return x;
    }
  });
}

const json = fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<Json>;
const endpoint = fc.constantFrom('POST /workflows/{workflowId}/runs', 'POST /documents', 'POST /keys');
const mutation = fc.constantFrom<Mutation>('replace', 'add', 'remove', 'swap', 'stringify', 'wrap');

describe('request fingerprint', () => {
  it('is the same for the same request, whatever the key order', () => {
    fc.assert(
      fc.property(endpoint, json, json, fc.integer(), (e, params, body, seed) => {
        const first = requestHash([e, params, {}, body]);
        const retry = requestHash([e, reorderKeys(params, seed), {}, reorderKeys(body, seed + 1)]);
        expect(retry).toBe(first);
      }),
    );
  });

  it('is the same for a body sent with other whitespace or escapes, once parsed', () => {
    fc.assert(
      fc.property(json, (body) => {
        const pretty = JSON.parse(JSON.stringify(body, null, 2)) as Json;
        const escaped = JSON.parse(
          JSON.stringify(body).replace(
            /[\u007f-\uffff]/g,
            (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
          ),
        ) as Json;
        expect(requestHash(['e', pretty])).toBe(requestHash(['e', body]));
        expect(requestHash(['e', escaped])).toBe(requestHash(['e', body]));
      }),
    );
  });

  it('differs for any change in content, however small', () => {
    fc.assert(
      fc.property(
        endpoint,
        json,
        fc.nat(),
        mutation,
        json,
        fc.string({ maxLength: 4 }),
        (e, body, at, kind, other, key) => {
          const changed = mutate(body, at, kind, other, key);
          fc.pre(!sameRequest(body, changed));
          expect(requestHash([e, {}, {}, changed])).not.toBe(requestHash([e, {}, {}, body]));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('differs for any two requests that are not the same', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        fc.pre(!sameRequest(a, b));
        expect(canonicalJson(a)).not.toBe(canonicalJson(b));
      }),
    );
  });

  it('ties the request to its endpoint and to where each part sits', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), json, json, (e1, e2, params, body) => {
        fc.pre(e1 !== e2);
        expect(requestHash([e1, params, body])).not.toBe(requestHash([e2, params, body]));
        fc.pre(!sameRequest(params, body));
        expect(requestHash([e1, params, body])).not.toBe(requestHash([e1, body, params]));
      }),
    );
  });

  // Multipart runs add each file's bytes as a part: bytes can hold anything, including the separator between parts.
  it('differs when file parts are split, joined or moved, whatever bytes they hold', () => {
    const bytes = fc.uint8Array({ maxLength: 24 }).map((a) => Buffer.from(a));
    const part = fc.oneof(json, bytes);
    fc.assert(
      fc.property(
        fc.array(part, { maxLength: 5 }),
        bytes,
        bytes,
        fc.nat(),
        fc.constantFrom(0x00, 0x2c, 0x22),
        (parts, a, b, at, glue) => {
          const i = at % (parts.length + 1);
          const base = [...parts.slice(0, i), a, b, ...parts.slice(i)];
          const joined = [...parts.slice(0, i), Buffer.concat([a, Buffer.from([glue]), b]), ...parts.slice(i)];
          const merged = [...parts.slice(0, i), Buffer.concat([a, b]), ...parts.slice(i)];
          const asText = [...parts.slice(0, i), a.toString('latin1'), b, ...parts.slice(i)];
          for (const variant of [joined, merged, asText]) {
            if (isDeepStrictEqual(variant, base)) continue;
            expect(requestHash(['e', ...variant])).not.toBe(requestHash(['e', ...base]));
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

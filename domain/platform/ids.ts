/**
 * Resource ids: a type prefix plus a 26-character ULID, so ids sort by creation time (cursor pagination relies on
 * it) and say what they name. Secrets use base62 from the CSPRNG.
 */
import { createHash, randomBytes, randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulid';

export const ID_PREFIXES = {
  workflow: 'wf',
  run: 'run',
  referenceDocument: 'ref',
  document: 'doc',
  webhookEndpoint: 'whk',
  webhookDelivery: 'whd',
  event: 'evt',
  apiKey: 'key',
  request: 'req',
  /** A prompt generation (POST /prompt-templates/generate): the subject of its ledger entries. */
  generation: 'gen',
  batch: 'bat',
  calibrationSet: 'cset',
  calibrationItem: 'csi',
  calibration: 'cal',
  review: 'rev',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

/**
 * The same draw as ulid's own PRNG (one CSPRNG byte / 256 per character), from a pooled buffer: ulid's default asks
 * the CSPRNG once per character, 16 calls per id, which showed in the API's profile (a request id per request).
 */
const pool = Buffer.alloc(4096);
let pooled = pool.length;
function pooledRandom(): number {
  if (pooled === pool.length) {
    randomFillSync(pool);
    pooled = 0;
  }
  return pool[pooled++]! / 256;
}

const nextUlid = monotonicFactory(pooledRandom);

export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${nextUlid()}`;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * An id of `kind` fixed by what it derives from, so every attempt of one operation names the same resource: the time
 * of `from` (an id), and randomness drawn from a hash of `seed`. With `ordinal`, the last 5 characters are the ordinal
 * (below 32^5), so the ids of one operation sort in its order.
 */
export function derivedId(kind: IdKind, from: string, seed: string, ordinal?: number): string {
  const time = from.slice(from.indexOf('_') + 1, from.indexOf('_') + 11);
  const digest = createHash('sha256').update(seed).digest();
  const hashed = ordinal === undefined ? 16 : 11;
  let random = '';
  for (let i = 0; i < hashed; i++) random += CROCKFORD[digest[i]! % 32];
  if (ordinal !== undefined) for (let i = 4; i >= 0; i--) random += CROCKFORD[Math.floor(ordinal / 32 ** i) % 32];
  return `${ID_PREFIXES[kind]}_${time}${random}`;
}

const ULID_BODY = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** True when `id` has the prefix of `kind` and a well-formed ULID body. */
export function isId(kind: IdKind, id: string): boolean {
  const prefix = `${ID_PREFIXES[kind]}_`;
  return id.startsWith(prefix) && ULID_BODY.test(id.slice(prefix.length));
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` base62 characters, uniformly distributed (rejection sampling avoids modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

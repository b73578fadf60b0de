/**
 * Resource ids: a type prefix plus a 26-character ULID, so ids sort by creation time (cursor pagination relies on
 * it) and say what they name. Secrets use base62 from the CSPRNG.
 */
import { randomBytes, randomFillSync } from 'node:crypto';
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

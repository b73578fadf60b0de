/**
 * Which webhook targets may be called: `https` only unless insecure targets are allowed,
 * and no private, loopback, link-local or otherwise non-public address unless private targets are allowed. The
 * same check runs at registration (400 naming `url`) and at every delivery, where the sender then connects to the
 * very address that was checked, so a DNS answer that changes between check and connect (rebinding) cannot
 * redirect a delivery inside the network.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { ipv6Bytes } from '../platform/ip-address';

export interface TargetPolicy {
  allowPrivate: boolean;
  allowInsecure: boolean;
  /** How long a host name may take to resolve (`WEBHOOK_LOOKUP_TIMEOUT_MS`); LOOKUP_TIMEOUT_MS when unset. */
  lookupTimeoutMs?: number;
}

/**
 * A tenant's endpoint may name a host whose name server never answers: the registration or attempt waiting on it
 * gives up after this long, refusing the target as for a name that does not resolve.
 */
export const LOOKUP_TIMEOUT_MS = 5_000;

export interface ResolvedTarget {
  url: URL;
  /** The address to connect to: checked, and the only one the sender may use. */
  address: string;
  family: 4 | 6;
}

/** Why a target was refused, in words fit for the client (registration) and the delivery log. */
export class TargetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetRefused';
  }
}

export type Lookup = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Special-purpose ranges (IANA registries): nothing a public webhook receiver lives on. */
const NON_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, including the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, …)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routable inside some networks)
  ['ff00::', 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

const zero = (b: Uint8Array, from: number, to: number) => b.slice(from, to).every((x) => x === 0);
const v4At = (b: Uint8Array, at: number) => [b[at], b[at + 1], b[at + 2], b[at + 3]].join('.');

/**
 * The IPv4 address an IPv6 address carries, for the forms that reach it: IPv4-compatible `::a.b.c.d` (::/96),
 * IPv4-mapped `::ffff:a.b.c.d` (::ffff:0:0/96, also written in hex as `::ffff:7f00:1`), IPv4-translated
 * `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d` (64:ff9b::/96) and 6to4 `2002:AABB:CCDD::/48`. Classified by that
 * address, a private IPv4 target cannot be smuggled in as an IPv6 literal.
 */
export function embeddedIpv4(address: string): string | null {
  const b = ipv6Bytes(address);
  if (!b) return null;
  if (zero(b, 0, 12)) return v4At(b, 12); // ::/96 (including :: and ::1, which land in 0.0.0.0/8)
  if (zero(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return v4At(b, 12); // ::ffff:0:0/96
  if (zero(b, 0, 8) && b[8] === 0xff && b[9] === 0xff && zero(b, 10, 12)) return v4At(b, 12); // ::ffff:0:0:0/96
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(b, 4, 12)) return v4At(b, 12); // 64:ff9b::/96
  if (b[0] === 0x20 && b[1] === 0x02) return v4At(b, 2); // 2002::/16
  return null;
}

/** True for every address that is not a public unicast address. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 4) return NON_PUBLIC.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 && NON_PUBLIC.check(v4, 'ipv4')) return true;
    const bytes = ipv6Bytes(address)!;
    // Checked on the canonical form, so no spelling of an address slips past the list.
    const canonical = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16)).join(
      ':',
    );
    return NON_PUBLIC.check(canonical, 'ipv6');
  }
  return true; // not an address at all: never connect to it
}

/** Scheme and shape checks that need no network. */
export function parseTargetUrl(raw: string, policy: TargetPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused('must be an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TargetRefused('must use https');
  if (url.protocol === 'http:' && !policy.allowInsecure)
    throw new TargetRefused('must use https (plain http is not allowed)');
  if (url.username || url.password) throw new TargetRefused('must not contain credentials');
  if (!url.hostname) throw new TargetRefused('must name a host');
  return url;
}

/**
 * The lookup's answers, or TargetRefused when it fails or has not answered within `timeoutMs`. What is given up on
 * is only the wait: a system lookup (`getaddrinfo`) keeps its thread until the system resolver's own timeout ends
 * it (glibc: 5 s per attempt and name server), which this deadline does not shorten but no longer waits for.
 */
async function lookupWithin(
  lookup: Lookup,
  host: string,
  timeoutMs: number,
): Promise<Array<{ address: string; family: number }>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new TargetRefused(`host "${host}" did not resolve within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
  });
  const answered = lookup(host).catch(() => {
    throw new TargetRefused(`host "${host}" could not be resolved`);
  });
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
    answered.catch(() => undefined); // a lookup that fails after the deadline is no unhandled rejection
  }
}

/**
 * Resolves the URL's host (every address DNS answers) and refuses it when any answer is not public and private
 * targets are not allowed: one private answer is enough for a rebinding attacker to aim at.
 */
export async function resolveTarget(
  raw: string,
  policy: TargetPolicy,
  lookup: Lookup = systemLookup,
): Promise<ResolvedTarget> {
  const url = parseTargetUrl(raw, policy);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let answers: Array<{ address: string; family: number }>;
  if (isIP(host)) {
    answers = [{ address: host, family: isIP(host) }];
  } else {
    answers = await lookupWithin(lookup, host, policy.lookupTimeoutMs ?? LOOKUP_TIMEOUT_MS);
    if (answers.length === 0) throw new TargetRefused(`host "${host}" could not be resolved`);
  }
  if (!policy.allowPrivate) {
    const blocked = answers.find((a) => isNonPublicAddress(a.address));
    if (blocked) {
      throw new TargetRefused(
        `points at a private, loopback or link-local address (${blocked.address}); webhook targets must be public`,
      );
    }
  }
  const chosen = answers[0]!;
  return { url, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}

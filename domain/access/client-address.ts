/**
 * The client address failed authentications are counted by (a valid key is never refused by it). An IPv4 address
 * is itself; an IPv6 client is its /64, the block one subscriber is given, since it can pick any of the 2^64
 * addresses inside for each request; an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, what a dual-stack socket
 * reports) is its IPv4 address. Anything else (no address at all) is kept as it is.
 */
import { isIP } from 'node:net';
import { ipv6Bytes } from '../platform/ip-address';

export function clientAddressGroup(address: string): string {
  if (isIP(address) === 4) return address;
  const bytes = ipv6Bytes(address);
  if (!bytes) return address;
  if (bytes.subarray(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff)
    return Array.from(bytes.subarray(12)).join('.');
  const groups = Array.from({ length: 4 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16));
  return `${groups.join(':')}::/64`;
}

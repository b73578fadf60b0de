/**
 * IP addresses as bytes, whatever their spelling: what the webhook target checks (domain/webhooks/url.ts) and the
 * client address of failed authentications (domain/access/client-address.ts) compare.
 */
import { isIP } from 'node:net';

/** The 16 bytes of an IPv6 address in any textual form (compressed, dotted tail, zone id), or null. */
export function ipv6Bytes(address: string): Uint8Array | null {
  const text = address.replace(/%.*$/, '').toLowerCase();
  if (isIP(text) !== 6) return null;
  let groups: string[];
  const halves = text.split('::');
  const parts = (h: string) => (h === '' ? [] : h.split(':'));
  let tail = halves.length === 2 ? parts(halves[1]!) : parts(halves[0]!);
  const head = halves.length === 2 ? parts(halves[0]!) : [];
  // A dotted IPv4 tail stands for the last two groups.
  const last = tail[tail.length - 1];
  if (last && last.includes('.')) {
    const o = last.split('.').map(Number);
    tail = [...tail.slice(0, -1), ((o[0]! << 8) | o[1]!).toString(16), ((o[2]! << 8) | o[3]!).toString(16)];
  }
  if (halves.length === 2) {
    groups = [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail];
  } else {
    groups = tail;
  }
  if (groups.length !== 8) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    const v = parseInt(g, 16);
    bytes[2 * i] = v >> 8;
    bytes[2 * i + 1] = v & 255;
  });
  return bytes;
}

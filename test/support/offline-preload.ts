/**
 * Preloaded (`--require`) into a child process and, through the inherited execArgv, into each of its worker threads:
 * every way Node reaches the network throws and says so on stderr, so a test can prove a library stays offline.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';

const blocked = (what: string) =>
  function refuse(): never {
    process.stderr.write(`NETWORK ATTEMPT: ${what}\n`);
    throw new Error(`network is blocked in this process (${what})`);
  };

globalThis.fetch = blocked('fetch') as unknown as typeof fetch;
for (const [name, mod] of [
  ['http', http],
  ['https', https],
] as const) {
  Object.assign(mod, { request: blocked(`${name}.request`), get: blocked(`${name}.get`) });
}
Object.assign(net, { connect: blocked('net.connect'), createConnection: blocked('net.createConnection') });
Object.assign(tls, { connect: blocked('tls.connect') });
Object.assign(dns, { lookup: blocked('dns.lookup') });

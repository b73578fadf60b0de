/**
 * Failed authentications behind a load balancer: two API
 * processes behind a forwarding proxy that appends each client's address to X-Forwarded-For. A valid credential is
 * never refused for anyone's failures; failing credentials are limited per client address, the address taken past
 * the configured number of trusted proxy hops, counted across both processes; IPv6 clients are grouped by /64.
 */
import { request as httpRequest } from 'node:http';
import { randomBase62 } from '../../domain/platform/ids';
import { WINDOW_MS } from '../../domain/access/rate-limit';
import { createTestContext } from '../support/app';
import { startForwardingProxy, type ForwardingProxy } from '../support/forwarding-proxy';
import { newAccount } from '../support/identity';
import { useTwoApiProcesses } from '../support/two-apis';

const apis = useTwoApiProcesses({ TRUST_PROXY_HOPS: '1', AUTH_FAILURES_PER_MINUTE: '30' });
let proxy: ForwardingProxy;
beforeAll(async () => {
  proxy = await startForwardingProxy(apis.origins);
});
afterAll(async () => {
  await proxy?.close();
});

/** The sliding window counts the previous minute too: a burst that crosses a minute's edge is not a fresh budget. */
async function awayFromMinuteEdge(neededMs: number): Promise<void> {
  const intoMinute = Date.now() % WINDOW_MS;
  if (intoMinute + neededMs > WINDOW_MS) await new Promise((r) => setTimeout(r, WINDOW_MS - intoMinute + 50));
}

interface Answer {
  status: number;
  origin: string;
  code: string | undefined;
}

/** A request through the proxy from `from` (any 127.0.0.0/8 address is this machine), as a client elsewhere makes it. */
function viaProxy(path: string, token: string, from: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: proxy.port, path, localAddress: from, headers: { Authorization: `Bearer ${token}` } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            origin: String(res.headers['x-test-origin']),
            code: (JSON.parse(text) as { error?: { code: string } }).error?.code,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const randomAddress = () =>
  `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
const guess = () => `ak_live_${randomBase62(32)}`;

it('answers a valid key and session from an address over its limit, which still refuses failing credentials', async () => {
  await awayFromMinuteEdge(15_000);
  const a = await newAccount(apis.t);
  const good = await a.key();
  // A customer shares its address (one NAT, one office) with a client that keeps failing.
  const shared = randomAddress();
  const failing: Answer[] = [];
  for (let i = 0; i < 40; i++) failing.push(await viaProxy('/v1/runs', guess(), shared));
  // Counted across both processes: 30 failures, then refusals, from either.
  expect(failing.map((r) => r.status)).toEqual([...Array(30).fill(401), ...Array(10).fill(429)]);
  expect(new Set(failing.slice(30).map((r) => r.origin))).toEqual(new Set(['0', '1']));
  expect(failing[39]!.code).toBe('rate_limited');

  const served = [await viaProxy('/v1/runs', good, shared), await viaProxy('/v1/runs', good, shared)];
  expect(served.map((r) => r.status)).toEqual([200, 200]);
  expect(new Set(served.map((r) => r.origin))).toEqual(new Set(['0', '1']));
  expect((await viaProxy('/v1/keys', a.session, shared)).status).toBe(200);
  // Failing credentials from there are still refused, on both processes.
  expect([
    (await viaProxy('/v1/runs', guess(), shared)).status,
    (await viaProxy('/v1/runs', guess(), shared)).status,
  ]).toEqual([429, 429]);
});

it('limits each client behind the balancer by its own address, not by the balancer’s', async () => {
  await awayFromMinuteEdge(15_000);
  const attacker = randomAddress();
  for (let i = 0; i < 35; i++) await viaProxy('/v1/runs', guess(), attacker);
  expect((await viaProxy('/v1/runs', guess(), attacker)).status).toBe(429);
  // Every client reaches the processes from the balancer's one address; each is still judged by its own.
  const other = randomAddress();
  const answers = [await viaProxy('/v1/runs', guess(), other), await viaProxy('/v1/runs', guess(), other)];
  expect(answers.map((r) => [r.status, r.code])).toEqual([
    [401, 'unauthorized'],
    [401, 'unauthorized'],
  ]);
});

describe('the client address', () => {
  it('groups IPv6 clients by /64, and an IPv4-mapped address with its IPv4 one', async () => {
    const ctx = await createTestContext({ AUTH_FAILURES_PER_MINUTE: '3', TRUST_PROXY_HOPS: '1' });
    try {
      const fail = async (from: string) =>
        (await ctx.api.get('/v1/runs').set('Authorization', `Bearer ${guess()}`).set('X-Forwarded-For', from)).status;
      const group = () => 1 + Math.floor(Math.random() * 65_000);
      const [g1, g2] = [group(), group()];
      const net = `2001:db8:${g1.toString(16)}:${g2.toString(16)}`;
      // Three addresses of one /64 (written three ways) are one client…
      expect([await fail(`${net}::1`), await fail(`${net}:0:0:0:2`), await fail(`${net}:ffff:ffff:ffff:ffff`)]).toEqual(
        [401, 401, 401],
      );
      expect(await fail(`${net}:1234::99`)).toBe(429);
      // …and the next /64 is another.
      expect(await fail(`2001:db8:${g1.toString(16)}:${(g2 + 1).toString(16)}::1`)).toBe(401);

      const v4 = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
      expect([await fail(v4), await fail(`::ffff:${v4}`), await fail(v4)]).toEqual([401, 401, 401]);
      expect(await fail(`::ffff:${v4}`)).toBe(429);
    } finally {
      await ctx.close();
    }
  });

  it('is taken past the configured number of trusted proxy hops', async () => {
    const ctx = await createTestContext({ AUTH_FAILURES_PER_MINUTE: '3', TRUST_PROXY_HOPS: '2' });
    try {
      // A CDN in front of the balancer: the client's address is the second entry from the right; what the client
      // wrote itself (left of it) and which CDN edge relayed it (right of it) do not change who it is.
      const client = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
      const fail = async (xff: string) =>
        (await ctx.api.get('/v1/runs').set('Authorization', `Bearer ${guess()}`).set('X-Forwarded-For', xff)).status;
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push(await fail(`10.9.9.${i}, ${client}, 192.0.2.${i}`));
      expect(codes).toEqual([401, 401, 401, 429]);
      expect(await fail(`${client}, 100.64.${Math.floor(Math.random() * 250)}.7, 192.0.2.9`)).toBe(401);
    } finally {
      await ctx.close();
    }
  });
});

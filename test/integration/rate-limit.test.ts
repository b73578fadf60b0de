/**
 * Rate limits against the real stack: the 601st request in a minute on a 600 rpm key is 429 with Retry-After, and
 * two API processes (this in-process app and a spawned `api/server.ts`) share one count; the sliding window admits
 * no second burst at a minute's edge; failed authentications are throttled per client address; a limiter that
 * cannot decide answers 503.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import supertest from 'supertest';
import { createApp } from '../../api/app';
import { COLLECTIONS } from '../../domain/platform/db';
import { randomBase62 } from '../../domain/platform/ids';
import { consume, lease, RateLimiterUnavailable, WINDOW_MS } from '../../domain/access/rate-limit';
import { createTestContext, type TestContext } from '../support/app';
import { newAccount } from '../support/identity';

let t: TestContext;
let second: ChildProcess;
const SECOND_PORT = Number(process.env.PORT ?? 8089) + 2;

beforeAll(async () => {
  t = await createTestContext();
  second = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', '..', 'api', 'server.ts')], {
    env: { ...process.env, PORT: String(SECOND_PORT), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`second API did not start:\n${out}`)), 30_000);
    second.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('assay api listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    second.stderr!.on('data', (d: Buffer) => {
      out += d.toString();
    });
  });
});
afterAll(async () => {
  second.kill('SIGTERM');
  await t.close();
});

/** The sliding window counts the previous minute too: a burst that crosses a minute's edge is not a fresh budget. */
async function awayFromMinuteEdge(neededMs: number): Promise<void> {
  const intoMinute = Date.now() % WINDOW_MS;
  if (intoMinute + neededMs > WINDOW_MS) await new Promise((r) => setTimeout(r, WINDOW_MS - intoMinute + 50));
}

it('shares a 600 rpm budget across two API processes and answers the 601st with 429', async () => {
  await awayFromMinuteEdge(20_000);
  const a = await newAccount(t);
  const token = await a.key();
  const remote = supertest(`http://127.0.0.1:${SECOND_PORT}`);
  const targets = [t.api, remote];
  const statuses: number[] = [];
  const remaining: number[] = [];
  // 600 requests, alternating processes, 10 at a time.
  for (let batch = 0; batch < 60; batch++) {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        targets[i % 2]!.get('/v1/usage/balance').set('Authorization', `Bearer ${token}`),
      ),
    );
    for (const res of answers) {
      statuses.push(res.status);
      remaining.push(Number(res.headers['x-ratelimit-remaining']));
      expect(res.headers['x-ratelimit-limit']).toBe('600');
    }
  }
  expect(statuses.filter((s) => s === 200)).toHaveLength(600);
  expect(Math.min(...remaining)).toBe(0);

  const over = await remote.get('/v1/usage/balance').set('Authorization', `Bearer ${token}`);
  expect(over.status).toBe(429);
  expect(over.body.error.code).toBe('rate_limited');
  const retryAfter = Number(over.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(over.headers['x-ratelimit-remaining']).toBe('0');
  expect(Number(over.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
  const local = await t.api.get('/v1/usage/balance').set('Authorization', `Bearer ${token}`);
  expect(local.status).toBe(429);
});

it("honours a key's own rate_limit_rpm, per key", async () => {
  await awayFromMinuteEdge(5_000);
  const a = await newAccount(t);
  const slow = await a.key({ rate_limit_rpm: 3 });
  const other = await a.key();
  const codes: number[] = [];
  for (let i = 0; i < 4; i++)
    codes.push((await t.api.get('/v1/usage/balance').set('Authorization', `Bearer ${slow}`)).status);
  expect(codes).toEqual([200, 200, 200, 429]);
  expect((await t.api.get('/v1/usage/balance').set('Authorization', `Bearer ${other}`)).status).toBe(200);
});

describe('the sliding window', () => {
  const minute = (n: number) => new Date(Math.floor(Date.now() / WINDOW_MS + 10 + n) * WINDOW_MS);
  const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

  it('admits no second full burst at the edge of a minute', async () => {
    const id = `test-edge-${randomBase62(8)}`;
    const edge = minute(0);
    const admitted = async (when: Date, n: number) => {
      let ok = 0;
      for (let i = 0; i < n; i++) if ((await consume(t.database.db, id, 10, when)).allowed) ok++;
      return ok;
    };
    // The whole limit in the last second of one minute…
    expect(await admitted(at(edge, -1000), 10)).toBe(10);
    // …and a fixed window would admit 10 more a second later. Across those two seconds: still at most 10.
    expect(await admitted(at(edge, 1000), 10)).toBe(0);
    // Just past half-way into the next minute, a little over half of the previous burst has left the sliding
    // minute (weight 0.49: 4.9 of it still counts), so 5 more fit.
    expect(await admitted(at(edge, 30_500), 10)).toBe(5);
    // A minute with nothing before it starts from zero.
    expect(await admitted(at(edge, 3 * WINDOW_MS), 12)).toBe(10);
  });

  it('tells how long to wait, and never counts refused requests', async () => {
    const id = `test-wait-${randomBase62(8)}`;
    const start = minute(1);
    for (let i = 0; i < 5; i++) await consume(t.database.db, id, 5, at(start, 50_000));
    const refused = await consume(t.database.db, id, 5, at(start, 50_000));
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    // Next minute, 1 of the 5 fades out after 12 s: 10 s left of this minute + 12 s.
    expect(refused.retryAfterS).toBe(22);
    for (let i = 0; i < 20; i++) await consume(t.database.db, id, 5, at(start, 55_000));
    expect((await consume(t.database.db, id, 5, at(start, WINDOW_MS + 12_500))).allowed).toBe(true);
  });

  it('never over-admits concurrent requests', async () => {
    const id = `test-race-${randomBase62(8)}`;
    const when = minute(2);
    const answers = await Promise.all(Array.from({ length: 40 }, () => consume(t.database.db, id, 15, when)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(15);
    const doc = await t.database.db.collection(COLLECTIONS.rateLimits).findOne({ _id: id as never });
    expect(doc?.count).toBe(15);
  });
});

describe('leased blocks (docs/decisions.md 165)', () => {
  const minute = (n: number) => new Date(Math.floor(Date.now() / WINDOW_MS + 20 + n) * WINDOW_MS);
  const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

  it('never go past the limit, and leave no fresh budget at the edge of a minute', async () => {
    const id = `test-lease-edge-${randomBase62(8)}`;
    const edge = minute(0);
    expect((await lease(t.database.db, id, 10, 6, null, at(edge, -2000))).granted).toBe(6);
    expect((await lease(t.database.db, id, 10, 6, null, at(edge, -1500))).granted).toBe(4);
    const full = await lease(t.database.db, id, 10, 1, null, at(edge, -1000));
    expect(full.granted).toBe(0);
    expect(full.buckets.count).toBe(10);
    // A second later the whole previous minute still weighs 9.8 of the 10.
    expect((await lease(t.database.db, id, 10, 5, null, at(edge, 1000))).granted).toBe(0);
    // Half-way, 4.9 of it still counts: 5 tokens fit, whatever is asked.
    expect((await lease(t.database.db, id, 10, 8, null, at(edge, 30_500))).granted).toBe(5);
  });

  it('give back tokens left unused when their minute ended, so they stop weighing on the next one', async () => {
    const id = `test-lease-prev-${randomBase62(8)}`;
    const m = minute(4);
    const held = await lease(t.database.db, id, 10, 8, null, at(m, 50_000));
    expect(held.granted).toBe(8);
    // 1 s into the next minute, all 8 come back unused: the whole limit is free again.
    const next = await lease(
      t.database.db,
      id,
      10,
      10,
      { bucketStart: held.bucketStart, tokens: 8 },
      at(m, WINDOW_MS + 1000),
    );
    expect(next.granted).toBe(10);
    expect(next.buckets.prev_count).toBe(0);
  });

  it('give back what a lease left unused in the same bucket, and never over-grant concurrent leases', async () => {
    const id = `test-lease-back-${randomBase62(8)}`;
    const when = minute(2);
    const first = await lease(t.database.db, id, 10, 8, null, at(when, 1000));
    expect(first.granted).toBe(8);
    expect((await lease(t.database.db, id, 10, 5, null, at(when, 2000))).granted).toBe(2);
    // The first holder used 3 of its 8: 5 go back with its next lease of 1.
    const again = await lease(t.database.db, id, 10, 1, { bucketStart: first.bucketStart, tokens: 5 }, at(when, 3000));
    expect(again.granted).toBe(1);
    expect(again.buckets.count).toBe(6);
    const racing = await Promise.all(
      Array.from({ length: 10 }, () => lease(t.database.db, id, 10, 3, null, at(when, 4000))),
    );
    expect(racing.reduce((n, l) => n + l.granted, 0)).toBeLessThanOrEqual(4);
    const doc = await t.database.db.collection(COLLECTIONS.rateLimits).findOne({ _id: id as never });
    expect(doc?.count).toBeLessThanOrEqual(10);
  });
});

describe('a limiter that cannot decide', () => {
  it('throws RateLimiterUnavailable when the database is gone, and the API answers 503, never 500', async () => {
    const client = new MongoClient(t.config.mongodbUri, { serverSelectionTimeoutMS: 500 });
    await client.connect();
    const db = client.db(t.config.MONGODB_DB);
    await client.close();
    await expect(consume(db, 'whatever', 10)).rejects.toBeInstanceOf(RateLimiterUnavailable);

    const app = createApp({ ...t.deps, db });
    const res = await supertest(app.callback())
      .get('/v1/usage/balance')
      .set('Authorization', `Bearer ak_live_${randomBase62(32)}`);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('service_unavailable');
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('failed authentications', () => {
  let limited: TestContext;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    limited = await createTestContext({ AUTH_FAILURES_PER_MINUTE: '30' });
    server = limited.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await limited.close();
  });

  /** A request from `from` (any 127.0.0.0/8 address is this machine), as a client elsewhere would make it. */
  function get(path: string, token: string, from: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: { error?: { code: string } } }>(
      (resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path,
            localAddress: from,
            headers: { Authorization: `Bearer ${token}`, ...headers },
          },
          (res) => {
            let text = '';
            res.on('data', (d: Buffer) => (text += d.toString()));
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }));
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
  }
  const randomAddress = () =>
    `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

  it('throttles 200 random ak_live_ tokens from one address with 429 after the configured 30', async () => {
    await awayFromMinuteEdge(15_000);
    const attacker = randomAddress();
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let i = 0; i < 200; i++) {
      const res = await get('/v1/runs', `ak_live_${randomBase62(32)}`, attacker);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.error?.code).toBe('rate_limited');
        // The headers describe the address's limit, the one that refused it.
        expect([res.headers['x-ratelimit-limit'], res.headers['x-ratelimit-remaining']]).toEqual(['30', '0']);
        expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
        retryAfter = res.headers['retry-after'];
      }
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(170).fill(429));
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(120);

    // A valid key from the throttled address is served: only failing credentials are refused there, so a customer
    // sharing an address with a failing client is not locked out.
    // The account is made through the suite's own context: its client is 127.0.0.1, which the test files running
    // alongside fail authentication from on purpose, so through `limited` that address may itself be throttled.
    const a = await newAccount(t);
    const good = await a.key();
    expect((await get('/v1/runs', good, attacker)).status).toBe(200);
    expect((await get('/v1/runs', `ak_live_${randomBase62(32)}`, attacker)).status).toBe(429);
    // Session routes too: key management is no side door for guessing, and no lock-out either.
    expect((await get('/v1/keys', a.session, attacker)).status).toBe(200);
    expect((await get('/v1/keys', `${a.session}x`, attacker)).status).toBe(429);
    expect((await get('/v1/keys', `${a.session}x`, randomAddress())).status).toBe(401);
    // Another address is untouched, and successful requests never count as failures.
    const honest = randomAddress();
    for (let i = 0; i < 40; i++) expect((await get('/v1/runs', good, honest)).status).toBe(200);
    expect((await get('/v1/runs', `ak_live_${randomBase62(32)}`, honest)).status).toBe(401);
  });

  it('ignores X-Forwarded-For unless the deployment trusts its proxy', async () => {
    const from = randomAddress();
    for (let i = 0; i < 30; i++) {
      await get('/v1/runs', `ak_live_${randomBase62(32)}`, from, { 'X-Forwarded-For': `203.0.113.${i}` });
    }
    // Thirty different claimed addresses were one socket address: it is throttled.
    expect(
      (await get('/v1/runs', `ak_live_${randomBase62(32)}`, from, { 'X-Forwarded-For': '198.51.100.1' })).status,
    ).toBe(429);

    const proxied = await createTestContext({ AUTH_FAILURES_PER_MINUTE: '3', TRUST_PROXY: 'true' });
    try {
      const client = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await proxied.api
          .get('/v1/runs')
          .set('Authorization', `Bearer ak_live_${randomBase62(32)}`)
          .set('X-Forwarded-For', client);
        codes.push(res.status);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      const other = await proxied.api
        .get('/v1/runs')
        .set('Authorization', `Bearer ak_live_${randomBase62(32)}`)
        .set('X-Forwarded-For', `${client}1`);
      expect(other.status).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

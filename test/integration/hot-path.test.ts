/**
 * The authenticated hot path with per-process state, against the real database and two API
 * processes: a revoked key is refused at once by the process that revoked it and within 5 s by another; two
 * processes hammering one key admit at most 1.1 × its per-minute limit; and one process serves a key's requests
 * without a database read or write per request, with exact X-RateLimit-Remaining headers.
 */
import type { Collection, Db, Document } from 'mongodb';
import supertest from 'supertest';
import { createApp } from '../../api/app';
import { COLLECTIONS } from '../../domain/platform/db';
import { WINDOW_MS } from '../../domain/access/rate-limit';
import { KeyCache } from '../../domain/access/key-cache';
import type { TestContext } from '../support/app';
import { newAccount } from '../support/identity';
import { useTwoApiProcesses } from '../support/two-apis';

const apis = useTwoApiProcesses();
let t: TestContext;
let origins: [string, string];
beforeAll(() => {
  ({ t, origins } = apis);
});

async function call(origin: string, method: string, path: string, token: string) {
  const res = await fetch(`${origin}/v1${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { error?: { code: string }; public_id?: string };
  return { status: res.status, headers: res.headers, body };
}

/** The sliding window counts the previous minute too: a burst that crosses a minute's edge is not a fresh budget. */
async function awayFromMinuteEdge(neededMs: number): Promise<void> {
  const intoMinute = Date.now() % WINDOW_MS;
  if (intoMinute + neededMs > WINDOW_MS) await new Promise((r) => setTimeout(r, WINDOW_MS - intoMinute + 50));
}

it('refuses a revoked key at once on the revoking process and within 5 s on another', async () => {
  const a = await newAccount(t);
  const created = await fetch(`${origins[0]}/v1/keys`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${a.session}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'revoke me', mode: 'test' }),
  });
  const { token, public_id } = (await created.json()) as { token: string; public_id: string };
  // Both processes know the key (and hold its state) before it is revoked; so does a third, whose clock is ours.
  for (const origin of origins) expect((await call(origin, 'GET', '/usage/balance', token)).status).toBe(200);
  const third = new KeyCache(t.database.db, t.config.API_KEY_HASH_SECRET);
  const known = Date.now();
  await third.authenticate(token, new Date(known));

  const revoked = await call(origins[0], 'DELETE', `/keys/${public_id}`, a.session);
  expect(revoked.status).toBe(200);
  const revokedAt = Date.now();
  const here = await call(origins[0], 'GET', '/usage/balance', token);
  expect([here.status, here.body.error?.code]).toEqual([401, 'api_key_revoked']);

  // Within 5 s: past that, a process answers from a fresh read of the key, not from what it knew.
  await expect(third.authenticate(token, new Date(known + 5_000))).rejects.toMatchObject({
    status: 401,
    code: 'api_key_revoked',
  });
  // And the other API process refuses it too (waited for, however busy the machine).
  let elsewhere = await call(origins[1], 'GET', '/usage/balance', token);
  while (elsewhere.status === 200 && Date.now() - revokedAt < 30_000) {
    await new Promise((r) => setTimeout(r, 100));
    elsewhere = await call(origins[1], 'GET', '/usage/balance', token);
  }
  expect([elsewhere.status, elsewhere.body.error?.code]).toEqual([401, 'api_key_revoked']);
  // And it stays refused on both.
  for (const origin of origins) expect((await call(origin, 'GET', '/usage/balance', token)).status).toBe(401);
});

it('admits at most 1.1 × the per-minute limit of a key hammered through two processes', async () => {
  const limit = 300;
  await awayFromMinuteEdge(30_000);
  const a = await newAccount(t);
  const token = await a.key({ rate_limit_rpm: limit });
  const admitted = [0, 0];
  const refusedRetryAfter: number[] = [];
  let next = 0;
  const total = 3 * limit;
  // 20 requests in flight on each process until 3 × the limit were sent.
  await Promise.all(
    Array.from({ length: 40 }, async (_, lane) => {
      const which = lane % 2;
      while (next < total) {
        next++;
        const res = await call(origins[which]!, 'GET', '/usage/balance', token);
        expect(res.headers.get('x-ratelimit-limit')).toBe(String(limit));
        const remaining = Number(res.headers.get('x-ratelimit-remaining'));
        expect(remaining).toBeGreaterThanOrEqual(0);
        expect(remaining).toBeLessThanOrEqual(limit);
        if (res.status === 200) admitted[which]!++;
        else {
          expect([res.status, res.body.error?.code, remaining]).toEqual([429, 'rate_limited', 0]);
          refusedRetryAfter.push(Number(res.headers.get('retry-after')));
        }
      }
    }),
  );
  const sum = admitted[0]! + admitted[1]!;
  expect(sum).toBeLessThanOrEqual(1.1 * limit);
  // Blocks leased and left unused elsewhere never starve the key: it gets (nearly) its whole limit.
  expect(sum).toBeGreaterThanOrEqual(0.9 * limit);
  expect(admitted[0]).toBeGreaterThan(0);
  expect(admitted[1]).toBeGreaterThan(0);
  expect(refusedRetryAfter.length).toBe(total - sum);
  for (const s of refusedRetryAfter) expect(s).toBeGreaterThanOrEqual(1);
});

/** `db`, counting the operations each collection receives. */
function counting(db: Db): { db: Db; ops: Map<string, number> } {
  const ops = new Map<string, number>();
  const wrap = (name: string, inner: Collection<Document>) =>
    new Proxy(inner, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const op = `${name}.${String(prop)}`;
          ops.set(op, (ops.get(op) ?? 0) + 1);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'collection') return (name: string) => wrap(name, target.collection(name));
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: proxy, ops };
}

it('serves a key without a database read or write per request, with exact remaining counts', async () => {
  await awayFromMinuteEdge(20_000);
  const a = await newAccount(t);
  const limit = 6000;
  const token = await a.key({ rate_limit_rpm: limit });
  const { db, ops } = counting(t.deps.db);
  const api = supertest(createApp({ ...t.deps, db }).callback());
  const requests = 200;
  const remaining: number[] = [];
  for (let i = 0; i < requests; i++) {
    const res = await api.get('/v1/usage/balance').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    remaining.push(Number(res.headers['x-ratelimit-remaining']));
  }
  // One process alone: each request takes exactly one from what is left, leases or not.
  expect(remaining).toEqual(Array.from({ length: requests }, (_, i) => limit - 1 - i));

  const count = (prefix: string) =>
    [...ops].filter(([op]) => op.startsWith(`${prefix}.`)).reduce((n, [, c]) => n + c, 0);
  // Leases double while they run out: a handful of writes for 200 requests; the key is read once per ~second.
  expect(count(COLLECTIONS.rateLimits)).toBeLessThanOrEqual(requests / 10);
  expect(count(COLLECTIONS.apiKeyCredentials)).toBe(1);
  expect(count(COLLECTIONS.apiKeys)).toBeLessThanOrEqual(requests / 10);
});

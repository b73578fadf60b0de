/**
 * Rate limits against the real stack: the 601st request in a minute on a 600 rpm key is 429 with Retry-After, and
 * two API processes (this in-process app and a spawned `api/server.ts`) share one count.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import supertest from 'supertest';
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

it('shares a 600 rpm budget across two API processes and answers the 601st with 429', async () => {
  const a = await newAccount(t);
  const token = await a.key();
  const remote = supertest(`http://127.0.0.1:${SECOND_PORT}`);
  const targets = [t.api, remote];
  const statuses: number[] = [];
  const remaining: number[] = [];
  // 600 requests, alternating processes, 10 at a time.
  for (let batch = 0; batch < 60; batch++) {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => targets[i % 2]!.get('/v1/usage/balance').set('Authorization', `Bearer ${token}`)),
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
  const a = await newAccount(t);
  const slow = await a.key({ rate_limit_rpm: 3 });
  const other = await a.key();
  const codes: number[] = [];
  for (let i = 0; i < 4; i++) codes.push((await t.api.get('/v1/usage/balance').set('Authorization', `Bearer ${slow}`)).status);
  expect(codes).toEqual([200, 200, 200, 429]);
  expect((await t.api.get('/v1/usage/balance').set('Authorization', `Bearer ${other}`)).status).toBe(200);
});

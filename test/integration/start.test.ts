/**
 * `npm start` as a newcomer meets it (issue 53, item 14): it prints the product's addresses only once the whole
 * product is ready, so the first health answer after them is `ok` — the worker polling every task queue — never
 * `degraded`. Run as `scripts/start.ts` on a free port, its own namespace and database, against the services the
 * suite already runs (which it finds running, so it leaves them alone when it stops).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { parseConfig } from '../../domain/platform/config';
import { ownDatabase } from '../support/app';
import { testNamespaces } from '../support/env';
import { freePort } from '../support/ports';

const ROOT = join(__dirname, '..', '..');
const NS = `${testNamespaces().main}-start`;

let child: ChildProcess | undefined;
afterAll(async () => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child!.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
});

it('prints its addresses only when health is ok, and the first health answer after them is ok', async () => {
  await ensureNamespace(parseConfig(process.env).temporalAddress, NS);
  const port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...(await ownDatabase('start')),
      TEMPORAL_NAMESPACE: NS,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const printed = await new Promise<string>((resolve, reject) => {
    child!.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (/ {2}API {10}http/.test(out)) resolve(out);
    });
    child!.once('exit', (code) => reject(new Error(`npm start exited (${code}) before it was ready:\n${out}`)));
  });
  expect(printed).toContain(`http://127.0.0.1:${port}/v1`);

  const health = await fetch(`http://127.0.0.1:${port}/v1/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({
    status: 'ok',
    checks: { mongodb: 'ok', temporal: 'ok', storage: 'ok', worker: 'ok' },
  });
}, 180_000);

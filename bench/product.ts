/**
 * The product a bench section drives over HTTP (bench/batches.ts, bench/ocr.ts): the local stack (started if
 * missing), the section's own Temporal namespace and database (dropped before and after, so a section never reads
 * another's leftovers), a worker process with its default slots, the API in this process, and the calls every
 * section makes (a fresh test-mode account, an upload). bench/report.ts builds its own, with its probes and both list
 * strategies.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createApp } from '../api/app';
import { signLocalSessionToken } from '../domain/access/session-tokens';
import { grant, toMilli } from '../domain/billing/credits';
import { ensureNamespace } from '../domain/jobs/namespaces';
import { openProduct } from '../domain/operations/start-up';
import { parseConfig } from '../domain/platform/config';
import { ensureIndexes } from '../domain/platform/db';
import { randomBase62 } from '../domain/platform/ids';
import { createLogger } from '../domain/platform/logger';
import { startStack } from '../scripts/stack/services';
import { startWorker } from '../test/support/processes';

export interface BenchProductOptions {
  /** The section's database and Temporal namespace, its own. */
  database: string;
  namespace: string;
  bucket?: string;
  /** The API's port; any free one when unset. */
  port?: number;
}

export type Json = Record<string, any>;

export interface BenchProduct {
  /** `http://127.0.0.1:<port>/v1` */
  base: string;
  temporal: Awaited<ReturnType<typeof openProduct>>['temporal'];
  /** The worker process's id (its time and memory, read from /proc). */
  workerPid: number | undefined;
  /** One API call; any status of 300 or more throws with the answer's start. */
  call(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: Json }>;
  /** A new account of its own and a test-mode key over it. */
  testKey(): Promise<string>;
  /** A new account of its own granted `credits`, and a live key over it (its runs call the worker's model slots). */
  liveKey(credits: number): Promise<string>;
  /** Creates a document and PUTs its bytes to the presigned URL; `complete` is the caller's to call. */
  upload(key: string, bytes: Buffer, filename: string, mimeType: string): Promise<{ id: string; putAt: number }>;
  stop(): Promise<void>;
}

export async function startBenchProduct(options: BenchProductOptions): Promise<BenchProduct> {
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    MONGODB_DB: options.database,
    S3_BUCKET: options.bucket ?? 'assay-bench',
    TEMPORAL_NAMESPACE: options.namespace,
    // The bench measures the product, not its rate limiter.
    DEFAULT_RATE_LIMIT_RPM: '1000000',
  };
  const config = parseConfig(env);
  await startStack(config, (l) => process.stderr.write(`[stack] ${l}\n`));
  await ensureNamespace(config.temporalAddress, options.namespace);
  const { database, storage, temporal, close } = await openProduct(config);
  await database.db.dropDatabase();
  await ensureIndexes(database.db);
  const worker = await startWorker({ ...env, LOG_LEVEL: 'info' });
  const server = createApp({
    config,
    logger: createLogger('warn', 'bench'),
    db: database.db,
    storage,
    temporal,
  }).listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;

  const call: BenchProduct['call'] = async (method, path, token, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Json;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return { status: res.status, body: json };
  };
  const newKey = async (mode: 'test' | 'live') => {
    const accountId = `acct_${randomBase62(10)}`;
    const session = await signLocalSessionToken(config.SESSION_JWT_SECRET, { sub: 'bench', accountId });
    return { key: (await call('POST', '/keys', session, { name: 'bench', mode })).body.token as string, accountId };
  };
  return {
    base,
    temporal,
    workerPid: worker.child.pid,
    call,
    async testKey() {
      return (await newKey('test')).key;
    },
    async liveKey(credits) {
      const { key, accountId } = await newKey('live');
      await grant(database.db, accountId, `grant_bench_${accountId}`, toMilli(credits), 'regular');
      return key;
    },
    async upload(key, bytes, filename, mimeType) {
      const doc = (await call('POST', '/documents', key, { filename, mime_type: mimeType, size_bytes: bytes.length }))
        .body;
      const put = await fetch(doc.upload_url as string, {
        method: 'PUT',
        // fetch sets the length itself and refuses one given.
        headers: Object.fromEntries(
          Object.entries(doc.upload_headers as Record<string, string>).filter(([h]) => h !== 'Content-Length'),
        ),
        body: bytes,
      });
      if (!put.ok) throw new Error(`PUT ${filename}: ${put.status}`);
      return { id: doc.id as string, putAt: performance.now() };
    },
    async stop() {
      server.close();
      await worker.stop();
      await database.db.dropDatabase().catch(() => undefined);
      await close();
    },
  };
}

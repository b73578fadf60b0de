/**
 * The API under test, in-process (supertest against the Koa callback), wired to the real stack exactly as
 * api/server.ts wires it, with every answer checked against the published OpenAPI document.
 */
import type Koa from 'koa';
import supertest from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { apiRoutes, createApp, type AppDeps } from '../../api/app';
import { parseConfig, type Config } from '../../domain/platform/config';
import { openProduct } from '../../domain/operations/start-up';
import type { Database } from '../../domain/platform/db';
import { createLogger } from '../../domain/platform/logger';
import type { TemporalHandle } from '../../domain/jobs';
import { MongoClient } from 'mongodb';
import { conformanceChecker } from './conformance';

export interface TestContext {
  config: Config;
  deps: AppDeps;
  database: Database;
  temporal: TemporalHandle;
  api: TestAgent;
  /** The same app `api` drives, for a test that needs it listening on a port (a browser). */
  app: Koa;
  close(): Promise<void>;
}

/** `lazyTemporal`: connect to Temporal on first use, so `TEMPORAL_ADDRESS` may name a server that is not there. */
export async function createTestContext(
  overrides: NodeJS.ProcessEnv = {},
  options: { lazyTemporal?: boolean } = {},
): Promise<TestContext> {
  const config = parseConfig({ ...process.env, ...overrides });
  const { database, storage, temporal } = await openProduct(config, options);
  const deps: AppDeps = {
    config,
    logger: createLogger(config.LOG_LEVEL, 'assay-api-test'),
    db: database.db,
    storage,
    temporal,
  };
  const app = createApp(deps);
  // Outermost, so it sees each answer exactly as the client gets it (test/support/conformance.ts).
  app.middleware.unshift(conformanceChecker(apiRoutes(deps)));
  const api = supertest(app.callback());
  return {
    config,
    deps,
    database,
    temporal,
    api,
    app,
    close: async () => {
      storage.s3.destroy();
      await Promise.allSettled([database.close(), temporal.close()]);
    },
  };
}

/**
 * A database of the file's own, empty, named after the lane's: for a file that makes thousands of records (the
 * embedded store scans a collection for most queries, so its neighbours in the lane would pay for them). Give the
 * answer to createTestContext and to the worker the file starts.
 */
export async function ownDatabase(suffix: string): Promise<{ MONGODB_DB: string }> {
  const config = parseConfig(process.env);
  const name = `${config.MONGODB_DB}_${suffix}`;
  const client = new MongoClient(config.mongodbUri, { serverSelectionTimeoutMS: 5000 });
  try {
    await client.connect();
    await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
  return { MONGODB_DB: name };
}

/**
 * API process entry: load config, connect to the database, the object store and Temporal, prepare indexes and the
 * bucket, listen, and shut down gracefully on SIGINT/SIGTERM (stop accepting, finish in-flight requests, close).
 */
import { loadConfig } from '../domain/platform/config';
import { openProduct } from '../domain/operations/start-up';
import { createLogger } from '../domain/platform/logger';
import { createApp } from './app';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'assay-api');
  const { database, storage, temporal, store } = await openProduct(config);
  logger.info({ list_strategy: store.strategy, reason: store.reason }, 'store strategy chosen');

  const app = createApp({ config, logger, db: database.db, storage, temporal });
  const server = app.listen(config.PORT, config.HOST, () => {
    logger.info({ url: `${config.publicBaseUrl}/v1` }, 'assay api listening');
  });
  server.keepAliveTimeout = 65_000; // longer than common load-balancer idle timeouts

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down api');
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    server.close(() => {
      void Promise.allSettled([database.close(), temporal.close()]).then(() => {
        clearTimeout(force);
        process.exit(0);
      });
    });
    server.closeIdleConnections();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`assay api failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

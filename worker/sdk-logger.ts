/**
 * Routes the Temporal SDK's own log lines into the worker's pino logger, so the process logs one format.
 *
 * The SDK hands a failure over as `meta.error` (an `Error`: "Activity failed", "Workflow task failed"). JSON has no
 * place for an Error's message and stack (they are not enumerable), so logged as it came the line read
 * `"error":{}` and an operator could not tell why an activity failed. It is logged under pino's `err` key instead,
 * whose serializer keeps the type, message, stack and cause.
 */
import type { Logger as SdkLogger, LogLevel, LogMetadata } from '@temporalio/worker';
import type { Logger } from '../domain/platform/logger';

const LEVELS: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

function fields(meta: LogMetadata | undefined): Record<string, unknown> {
  if (!meta) return {};
  const { error, ...rest } = meta as LogMetadata & { error?: unknown };
  return error instanceof Error ? { ...rest, err: error } : meta;
}

export function sdkLogger(logger: Logger): SdkLogger {
  // The SDK logs at debug on every task; below the logger's level the fields are not even built.
  const log = (level: LogLevel, message: string, meta?: LogMetadata) => {
    const method = LEVELS[level];
    if (logger.isLevelEnabled(method)) logger[method](fields(meta), message);
  };
  return {
    log,
    trace: (m, meta) => log('TRACE', m, meta),
    debug: (m, meta) => log('DEBUG', m, meta),
    info: (m, meta) => log('INFO', m, meta),
    warn: (m, meta) => log('WARN', m, meta),
    error: (m, meta) => log('ERROR', m, meta),
  };
}

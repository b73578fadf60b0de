/** Routes the Temporal SDK's own log lines into the worker's pino logger, so the process logs one format. */
import type { Logger as SdkLogger, LogLevel, LogMetadata } from '@temporalio/worker';
import type { Logger } from '../domain/platform/logger';

const LEVELS: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

export function sdkLogger(logger: Logger): SdkLogger {
  const log = (level: LogLevel, message: string, meta?: LogMetadata) => logger[LEVELS[level]](meta ?? {}, message);
  return {
    log,
    trace: (m, meta) => log('TRACE', m, meta),
    debug: (m, meta) => log('DEBUG', m, meta),
    info: (m, meta) => log('INFO', m, meta),
    warn: (m, meta) => log('WARN', m, meta),
    error: (m, meta) => log('ERROR', m, meta),
  };
}

/**
 * The process logger. Secrets never reach it: credentials in headers and known secret fields are redacted by path,
 * and request logging (api/middleware/request-log.ts) logs no bodies.
 */
import pino, { type Logger } from 'pino';

export type { Logger };

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.token',
  '*.secret',
  '*.password',
  '*.api_key',
  '*.authorization',
];

export function createLogger(level: string, name: string): Logger {
  return pino({
    name,
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: name },
  });
}

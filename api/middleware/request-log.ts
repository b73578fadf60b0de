/**
 * One log line per request: method, route path, status, duration, request id. Never headers or bodies, so no token
 * or secret can reach the log.
 */
import type { Middleware } from 'koa';
import type { Logger } from '../../domain/platform/logger';

export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = {
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        route: ctx._matchedRoute,
        status: ctx.status,
        ms: Math.round(ms * 10) / 10,
      };
      if (ctx.status >= 500) logger.error(line, 'request');
      else logger.info(line, 'request');
    }
  };
}

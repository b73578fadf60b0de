/**
 * Counts every request and its latency into the process's `ApiMetrics`, labelled by the matched route template
 * (`/v1/runs/:runId`), never the raw path: ids in paths would make one series per resource. Sits outside the error
 * middleware, so the status is the one the client got.
 */
import type { Middleware } from 'koa';
import type { ApiMetrics } from '../../domain/platform/metrics';

export function requestMetrics(metrics: ApiMetrics): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = typeof ctx._matchedRoute === 'string' ? ctx._matchedRoute : 'unmatched';
      metrics.observeRequest({ route, method: ctx.method, status: String(ctx.status) }, seconds);
    }
  };
}

/**
 * `GET /metrics` (outside `/v1`: it is for the operators' Prometheus, not for API clients, and is not in the
 * OpenAPI document). Guarded by its own bearer, `METRICS_TOKEN`, compared in constant time; with no token
 * configured the endpoint does not exist (404), so a deployment never exposes it by accident.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Db } from 'mongodb';
import { errors } from '../../domain/http/errors';
import { CONTENT_TYPE, type ApiMetrics } from '../../domain/platform/metrics';
import { renderScrapeGauges } from '../../domain/operations/metrics-gauges';
import { route, type RouteSpec } from '../route';

// Hashing both sides gives equal lengths, which timingSafeEqual needs, without leaking the token's length.
const digest = (v: string) => createHash('sha256').update(v).digest();

export function metricsRoutes(deps: { db: Db; token: string | undefined; metrics: ApiMetrics }): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/metrics',
      access: { kind: 'public' },
      tag: 'Meta',
      summary: 'Prometheus metrics',
      hidden: true,
      responses: { 200: { description: 'Prometheus text format', contentType: CONTENT_TYPE } },
      errors: {
        401: '`unauthorized`: no valid metrics token.',
        404: '`not_found`: the endpoint is off (no METRICS_TOKEN configured).',
      },
      handler: async ({ ctx }) => {
        if (!deps.token) throw errors.routeNotFound(ctx.method, ctx.path);
        const presented = /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1] ?? '';
        if (!timingSafeEqual(digest(presented), digest(deps.token))) {
          throw errors.unauthorized('A valid metrics token is required: Authorization: Bearer <METRICS_TOKEN>.');
        }
        const lines = [...deps.metrics.render(), ...(await renderScrapeGauges(deps.db))];
        return {
          status: 200,
          contentType: CONTENT_TYPE,
          headers: { 'Cache-Control': 'no-store' },
          body: `${lines.join('\n')}\n`,
        };
      },
    }),
  ];
}

/**
 * `GET /health`: unauthenticated, probes every dependency, an answer served again for `cacheMs` — the route is
 * public and each call sends four probes.
 */
import { cachedHealth, type HealthDeps } from '../../domain/backing-services/health';
import { Health } from '../../domain/backing-services/health-schemas';
import { route, type RouteSpec } from '../route';

export function healthRoutes(deps: HealthDeps & { cacheMs: number }): RouteSpec[] {
  const health = cachedHealth(deps, deps.cacheMs);
  return [
    route({
      method: 'get',
      path: '/health',
      access: { kind: 'public' },
      tag: 'Health',
      summary: 'Service health',
      description:
        'Each dependency is `ok` or `down`; any `down` makes the status `degraded`. Always 200. An answer may be up to a few seconds old.',
      responses: { 200: { description: 'Health of the service and its dependencies.', schema: Health } },
      handler: async ({ ctx }) => {
        ctx.set('Cache-Control', 'no-store');
        return { status: 200, body: await health() };
      },
    }),
  ];
}

/** `GET /health`: unauthenticated, probes every dependency (DESIGN.md decision 22). */
import { checkHealth, type HealthDeps } from '../../domain/dependencies/health';
import { Health } from '../../domain/dependencies/health-schemas';
import { route, type RouteSpec } from '../route';

export function healthRoutes(deps: HealthDeps): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/health',
      access: { kind: 'public' },
      tag: 'Health',
      summary: 'Service health',
      description: 'Each dependency is `ok` or `down`; any `down` makes the status `degraded`. Always 200.',
      responses: { 200: { description: 'Health of the service and its dependencies.', schema: Health } },
      handler: async ({ ctx }) => {
        ctx.set('Cache-Control', 'no-store');
        return { status: 200, body: await checkHealth(deps) };
      },
    }),
  ];
}

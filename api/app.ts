/**
 * The Koa application: middleware order lives here and only here. Outermost first:
 * request id → forwarding-header warning → request log → request metrics → error envelope → routers (/v1 API, /docs, /metrics) → 404.
 */
import Router from '@koa/router';
import Koa from 'koa';
import { KeyCache } from '../domain/access/key-cache';
import { Cursors } from '../domain/http/pagination';
import { FailureThrottle, KeyLimiter } from '../domain/access/rate-leases';
import { createSessionVerifier } from '../domain/access/session';
import { errors } from '../domain/http/errors';
import { errorHandler } from './middleware/errors';
import { ignoredForwardingWarning } from './middleware/forwarded-headers';
import { requestId } from './middleware/request-id';
import { requestLog } from './middleware/request-log';
import { requestMetrics } from './middleware/request-metrics';
import { ApiMetrics } from '../domain/platform/metrics';
import { metricsRoutes } from './routes/metrics';
import { buildOpenApiDocument } from './openapi';
import { route, type RouteSpec } from './route';
import { mountRoutes } from './router';
import { consoleRoutes } from './routes/console';
import { docsRoutes } from './routes/docs';
import { healthRoutes } from './routes/health';
import { calibrationSetRoutes } from './routes/calibration-sets';
import { reviewRoutes } from './routes/reviews';
import { catalogRoutes } from './routes/catalog';
import { documentRoutes } from './routes/documents';
import { eventRoutes } from './routes/events';
import { keyRoutes } from './routes/keys';
import { referenceDocumentRoutes } from './routes/reference-documents';
import { runRoutes } from './routes/runs';
import { batchRoutes } from './routes/batches';
import { calibrationRoutes } from './routes/calibrations';
import { workflowRoutes } from './routes/workflows';
import { usageRoutes } from './routes/usage';
import { webhookRoutes } from './routes/webhooks';

export type { AppDeps, RouteDeps } from './deps';
import type { AppDeps, RouteDeps } from './deps';

export const API_PREFIX = '/v1';

/** Every `/v1` route declaration. Tests walk this list to prove each route's access checks. */
export function apiRoutes(
  appDeps: AppDeps,
  keys = new KeyCache(appDeps.db, appDeps.config.API_KEY_HASH_SECRET, appDeps.config.API_KEY_HASH_SECRET_FALLBACKS),
): RouteSpec[] {
  // Cursors are signed with a key derived from a server secret, so no client can forge one; earlier secrets verify.
  const cursorKey = (secret: string) => `${secret}:cursors`;
  const cursors = new Cursors(
    cursorKey(appDeps.config.API_KEY_HASH_SECRET),
    appDeps.config.API_KEY_HASH_SECRET_FALLBACKS.map(cursorKey),
  );
  const deps: RouteDeps = { ...appDeps, keys, cursors };
  const routes: RouteSpec[] = [
    ...healthRoutes({
      db: deps.db,
      storage: deps.storage,
      temporal: deps.temporal,
      timeoutMs: deps.config.HEALTH_CHECK_TIMEOUT_MS,
      cacheMs: deps.config.HEALTH_CACHE_MS,
    }),
    ...keyRoutes(deps.config, deps.keys),
    ...catalogRoutes(deps),
    ...workflowRoutes(deps),
    ...runRoutes(deps),
    ...batchRoutes(deps),
    ...calibrationRoutes(deps),
    ...documentRoutes(deps),
    ...referenceDocumentRoutes(deps),
    ...webhookRoutes(deps),
    ...eventRoutes(deps),
    ...usageRoutes(),
    ...calibrationSetRoutes(deps),
    ...reviewRoutes(deps),
  ];
  let document: Record<string, unknown> | undefined;
  routes.push(
    route({
      method: 'get',
      path: '/openapi.json',
      access: { kind: 'public' },
      tag: 'Meta',
      summary: 'This OpenAPI document',
      hidden: true,
      responses: { 200: { description: 'OpenAPI 3.1 document' } },
      handler: async () => {
        document ??= buildOpenApiDocument(routes, `${deps.config.publicBaseUrl}${API_PREFIX}`);
        return { status: 200, body: document };
      },
    }),
  );
  return routes;
}

export function createApp(deps: AppDeps): Koa {
  // The client address (failed-authentication limits) is the socket's, or with N trusted proxy hops the N-th
  // X-Forwarded-For entry from the right: what the outermost trusted proxy saw.
  const hops = deps.config.proxyHops;
  const app = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  app.silent = true; // errors are logged by the error middleware, never printed raw

  // Per-process state of the hot path (rate-limit blocks, the failed-authentication view, cached keys), so a warm
  // process authenticates without a database round trip: one per app, so every app sees its own revocations.
  const keys = new KeyCache(deps.db, deps.config.API_KEY_HASH_SECRET, deps.config.API_KEY_HASH_SECRET_FALLBACKS);
  const options = {
    jsonBodyLimit: deps.config.JSON_BODY_LIMIT,
    auth: {
      config: deps.config,
      db: deps.db,
      verifySession: deps.verifySession ?? createSessionVerifier(deps.config),
      keys,
      limiter: new KeyLimiter(deps.db),
      failures: new FailureThrottle(deps.db),
    },
  };
  const api = new Router({ prefix: API_PREFIX });
  mountRoutes(api, apiRoutes(deps, keys), options);
  const docs = new Router();
  mountRoutes(docs, docsRoutes(), options);
  mountRoutes(docs, consoleRoutes(deps.config), options);
  const metrics = new ApiMetrics();
  mountRoutes(docs, metricsRoutes({ db: deps.db, token: deps.config.METRICS_TOKEN, metrics }), options);

  app.use(requestId());
  app.use(ignoredForwardingWarning(deps.config, deps.logger));
  app.use(requestLog(deps.logger));
  app.use(requestMetrics(metrics));
  app.use(errorHandler(deps.logger));
  app.use(api.routes());
  // A known path with a method it lacks — including one no route has, such as TRACE (the router's 501, which its
  // `throw` mode raised as a bare error, answered 500) — is 405 in the envelope, with the Allow header HTTP requires.
  const allowedMethods = api.allowedMethods() as Koa.Middleware;
  app.use(async (ctx, next) => {
    await allowedMethods(ctx, next);
    if ((ctx.status === 405 || ctx.status === 501) && ctx.body === undefined) {
      const allow = ctx.response.get('Allow');
      throw allow ? errors.methodNotAllowed(allow) : errors.routeNotFound(ctx.method, ctx.path);
    }
  });
  app.use(docs.routes());
  return app;
}

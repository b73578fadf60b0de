/**
 * The one place that turns failures into the error envelope `{error: {code, message, request_id}}`.
 * `ApiError`s are shown as they are; an unavailable dependency (the one classifier, domain/backing-services/dependency-failure.ts) is
 * 503 with `Retry-After`; anything else is logged with its stack and answered 500 `internal_error` with no internal
 * text.
 */
import type { Middleware } from 'koa';
import { classifyDependencyFailure } from '../../domain/backing-services/dependency-failure';
import { ApiError, errors } from '../../domain/http/errors';
import type { Logger } from '../../domain/platform/logger';

export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw errors.routeNotFound(ctx.method, ctx.path);
    } catch (err) {
      let apiError: ApiError;
      const unavailable = err instanceof ApiError ? undefined : classifyDependencyFailure(err);
      if (err instanceof ApiError) {
        apiError = err;
      } else if (unavailable) {
        logger.warn(
          { err, requestId: ctx.state.requestId, dependency: unavailable.dependency, reason: unavailable.reason },
          'dependency unavailable',
        );
        apiError = errors.serviceUnavailable();
      } else {
        logger.error({ err, requestId: ctx.state.requestId, method: ctx.method, path: ctx.path }, 'unhandled error');
        apiError = new ApiError(500, 'internal_error', 'An internal error occurred; it has been logged.');
      }
      ctx.status = apiError.status;
      for (const [name, value] of Object.entries(apiError.headers ?? {})) ctx.set(name, value);
      ctx.body = {
        error: {
          code: apiError.code,
          message: apiError.message,
          request_id: ctx.state.requestId as string,
          ...(apiError.details ? { details: apiError.details } : {}),
        },
      };
    }
  };
}

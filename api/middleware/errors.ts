/**
 * The one place that turns failures into the error envelope `{error: {code, message, request_id}}`.
 * `ApiError`s are shown as they are; an unavailable dependency is 503; anything else is logged with its stack and
 * answered 500 `internal_error` with no internal text.
 */
import type { Middleware } from 'koa';
import { DeadlineExceeded } from '../../domain/deadline';
import { ApiError, errors } from '../../domain/errors';
import type { Logger } from '../../domain/logger';

const UNAVAILABLE_NAMES = new Set([
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoTopologyClosedError',
  'ServiceError', // Temporal client: server unreachable
  'ConnectionError',
]);

export function isDependencyUnavailable(err: unknown): boolean {
  if (err instanceof DeadlineExceeded) return true;
  const e = err as { name?: string; code?: string; $metadata?: unknown };
  if (e?.name && UNAVAILABLE_NAMES.has(e.name)) return true;
  // Node socket errors from the S3 SDK or elsewhere.
  return ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(e?.code ?? '');
}

export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw errors.routeNotFound(ctx.method, ctx.path);
    } catch (err) {
      let apiError: ApiError;
      if (err instanceof ApiError) {
        apiError = err;
      } else if (isDependencyUnavailable(err)) {
        logger.warn({ err, requestId: ctx.state.requestId }, 'dependency unavailable');
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

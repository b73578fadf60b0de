/** Gives every request an id (`req_…`), echoed in `X-Request-Id` and in every error body, for support and logs. */
import type { Middleware } from 'koa';
import { newId } from '../../domain/platform/ids';

export function requestId(): Middleware {
  return async (ctx, next) => {
    const id = newId('request');
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    await next();
  };
}

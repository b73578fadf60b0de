/**
 * Mounts route declarations (api/route.ts) on a Koa router. Every route passes through the same steps in the same
 * order — access check, then input validation, then the handler — so no route can skip one.
 */
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { errors, type ErrorDetail } from '../domain/errors';
import type { RouteSpec } from './route';

export function toKoaPath(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ':$1');
}

export function zodDetails(error: z.ZodError, root?: string): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: [root, ...issue.path.map(String)].filter(Boolean).join('.') || '(root)',
    message: issue.message,
  }));
}

function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, root: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const details = zodDetails(result.error, root);
    throw errors.invalidRequest(`Invalid ${root}: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`, details);
  }
  return result.data;
}

function jsonBody(limit: string): Middleware {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: limit, encoding: 'utf-8' });
  return async (ctx, next) => {
    if (ctx.request.length && !ctx.is('application/json')) {
      throw errors.unsupportedMediaType('Send the request body as application/json.');
    }
    try {
      await parse(ctx, async () => undefined);
    } catch (err) {
      const e = err as { status?: number; type?: string };
      if (e.status === 413 || e.type === 'entity.too.large') {
        throw errors.payloadTooLarge(`The JSON body exceeds ${limit}.`);
      }
      if (e.status === 415) throw errors.unsupportedMediaType('Send the request body as UTF-8 application/json.');
      throw errors.invalidJson();
    }
    await next();
  };
}

export interface MountOptions {
  jsonBodyLimit: string;
}

export function mountRoutes(router: Router, routes: RouteSpec[], options: MountOptions): void {
  const parseJson = jsonBody(options.jsonBodyLimit);
  for (const spec of routes) {
    const steps: Middleware[] = [];
    if (spec.body) steps.push(parseJson);
    steps.push(async (ctx: Context) => {
      const params = spec.params ? parseOrThrow(spec.params, ctx.params, 'path') : {};
      const query = spec.query ? parseOrThrow(spec.query, ctx.query, 'query') : {};
      const rawBody = (ctx.request as { body?: unknown }).body;
      const body = spec.body ? parseOrThrow(spec.body, rawBody ?? {}, 'body') : undefined;
      const reply = await spec.handler({ params, query, body, ctx });
      ctx.status = reply.status;
      for (const [name, value] of Object.entries(reply.headers ?? {})) ctx.set(name, value);
      if (reply.contentType) ctx.type = reply.contentType;
      if (reply.body !== undefined) ctx.body = reply.body;
    });
    router[spec.method](toKoaPath(spec.path), ...steps);
  }
}

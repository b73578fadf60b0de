/**
 * Mounts route declarations (api/route.ts) on a Koa router. Every route passes through the same steps in the same
 * order — access check, then input validation, then the handler — so no route can skip one. Validation is also where
 * the input limits every route shares live: bodies nested at most 100 levels (deeper ones overflow the serializers
 * and MongoDB), no query parameter a route does not declare, and refusals that list at most 20 problems (listing
 * every problem answered a 1 MB body with 3.5 MB).
 */
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { errors, type ErrorDetail } from '../domain/http/errors';
import { TenantDb } from '../domain/store';
import { FORBIDDEN_KEY_MESSAGE, jsonInputProblem } from '../domain/platform/json-input';
import { authorize, type AuthDeps } from './middleware/auth';
import { acceptedScopes, scopeWords, type Reply, type RouteInput, type RouteSpec } from './route';
import { idempotent } from './middleware/idempotency';
import { parseMultipart } from './middleware/multipart';

export function toKoaPath(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * The refusal's details: the first `MAX_DETAILS` problems, each path segment cut at 64 characters and each message
 * at 200. A 1 MB body of 20,000 bad metadata keys was answered with every key in full (3.5 MB), and 2,000 unknown
 * fields with one message naming them all; a client fixes the first ones and sends again.
 */
const MAX_DETAILS = 20;
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
const segment = (key: PropertyKey) => cut(String(key), 64);

export function zodDetails(error: z.ZodError, root?: string): ErrorDetail[] {
  return error.issues.slice(0, MAX_DETAILS).map((issue) => ({
    path: [root, ...issue.path.map(segment)].filter(Boolean).join('.') || '(root)',
    message: cut(issue.message, 200),
  }));
}

function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, root: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const details = zodDetails(result.error, root);
    const more = result.error.issues.length - details.length;
    const listed = details.map((d) => `${d.path} ${d.message}`).join('; ');
    throw errors.invalidRequest(`Invalid ${root}: ${listed}${more > 0 ? `; and ${more} more` : ''}`, details);
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
      // Valid JSON the parser refuses for a key: say so, rather than that it is not JSON.
      if (err instanceof SyntaxError && err.message.includes('forbidden prototype property')) {
        throw errors.invalidRequest(`Invalid body: the JSON ${FORBIDDEN_KEY_MESSAGE}.`, [
          { path: 'body', message: FORBIDDEN_KEY_MESSAGE },
        ]);
      }
      throw errors.invalidJson();
    }
    await next();
  };
}

/**
 * The refusals every route with this declaration can answer, whatever its handler does: they come from the steps
 * below (access, validation, body parsing, idempotency) and from the error middleware (a dependency down). The
 * OpenAPI document lists them next to the route's own `errors`.
 */
export function sharedErrors(spec: RouteSpec): Record<number, string> {
  const out: Record<number, string> = {};
  if (spec.params || spec.query || spec.body || spec.idempotency) {
    out[400] = spec.body
      ? '`invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON.'
      : '`invalid_request`: a parameter failed validation (see `details`).';
  }
  if (spec.access.kind !== 'public') {
    out[401] =
      spec.access.kind === 'session'
        ? '`unauthorized`: no valid session token.'
        : '`unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`.';
  }
  if (spec.access.kind === 'api_key') {
    out[403] = `\`insufficient_scope\`: the key lacks ${scopeWords(spec.access)}.`;
  }
  if (spec.access.kind !== 'public') {
    out[429] =
      spec.access.kind === 'api_key'
        ? '`rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds.'
        : '`rate_limited`: this address failed authentication too often; retry after `Retry-After` seconds.';
  }
  if (spec.idempotency) {
    out[409] =
      '`idempotency_key_reused`: the Idempotency-Key came with another request; `idempotency_key_in_use`: its first request is still running.';
  }
  if (spec.body) {
    out[413] = spec.multipart
      ? '`payload_too_large`: the JSON body or the multipart files exceed their limit.'
      : '`payload_too_large`: the JSON body exceeds its limit.';
    out[415] = spec.multipart
      ? '`unsupported_media_type`: send application/json (or multipart/form-data).'
      : '`unsupported_media_type`: send application/json.';
  }
  if (spec.access.kind !== 'public') {
    out[503] = '`service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds.';
  }
  return out;
}

export interface MountOptions {
  jsonBodyLimit: string;
  auth: AuthDeps;
}

const noTenant = new Proxy({} as TenantDb, {
  get() {
    throw new Error('a public route has no tenant');
  },
});

export function mountRoutes(router: Router, routes: RouteSpec[], options: MountOptions): void {
  const parseJson = jsonBody(options.jsonBodyLimit);
  for (const spec of routes) {
    const parseThisJson = spec.bodyLimit ? jsonBody(spec.bodyLimit) : parseJson;
    // A query parameter the route does not take is refused, as an unknown body field is: `?statuss=failed` answering
    // every run unfiltered would look like an answer.
    const querySchema = spec.query instanceof z.ZodObject ? spec.query.strict() : spec.query;
    const steps: Middleware[] = [];
    // Access is checked before the body is read: an unauthenticated caller cannot make us parse anything.
    steps.push(async (ctx, next) => {
      // Which declaration answers, for middleware outside the router (the tests' response-conformance check).
      ctx.state.route = spec;
      ctx.state.principal = await authorize(ctx, spec.access, options.auth);
      await next();
    });
    if (spec.body) {
      const multipart = spec.multipart ? parseMultipart(spec.multipart.maxTotalBytes) : undefined;
      steps.push((ctx, next) =>
        multipart && ctx.is('multipart/form-data') ? multipart(ctx, next) : parseThisJson(ctx, next),
      );
    }
    steps.push(async (ctx: Context) => {
      const principal = ctx.state.principal as RouteInput<unknown, unknown, unknown>['principal'];
      const tenant = principal ? new TenantDb(options.auth.db, principal.accountId) : noTenant;
      const params = spec.params ? parseOrThrow(spec.params, ctx.params, 'path') : {};
      const query = querySchema ? parseOrThrow(querySchema, ctx.query, 'query') : {};
      const rawBody = (ctx.request as { body?: unknown }).body;
      // Before anything recursive (validation, hashing, storing) meets it: too deep, those overflow the stack; a
      // `__proto__` key, validation would drop (domain/platform/json-input.ts).
      const problem = spec.body ? jsonInputProblem(rawBody) : null;
      if (problem)
        throw errors.invalidRequest(`Invalid body: the JSON ${problem}.`, [{ path: 'body', message: problem }]);
      const body = spec.body ? parseOrThrow(spec.body, rawBody ?? {}, 'body') : undefined;
      let reply: Reply;
      if (spec.idempotency && principal && ctx.get('Idempotency-Key')) {
        // Keys of the two modes never share a record: a live request never replays a test answer.
        const scope = { accountId: principal.accountId, mode: principal.kind === 'session' ? null : principal.mode };
        reply = await idempotent(
          ctx,
          options.auth.db,
          scope,
          spec,
          [params, query, body],
          (reservedId, renewReservation) =>
            spec.handler({ params, query, body, ctx, principal, tenant, reservedId, renewReservation }),
        );
      } else {
        reply = await spec.handler({ params, query, body, ctx, principal, tenant });
      }
      ctx.status = reply.status;
      for (const [name, value] of Object.entries(reply.headers ?? {})) ctx.set(name, value);
      if (reply.contentType) ctx.type = reply.contentType;
      if (reply.body !== undefined) ctx.body = reply.body;
    });
    router[spec.method](toKoaPath(spec.path), ...steps);
  }
}

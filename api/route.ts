/**
 * A route is declared once, as data: method, path, who may call it, the zod schemas of its input and output, and
 * its handler. The router (api/router.ts) mounts every declaration with the same authentication, validation and
 * error handling, and the OpenAPI document (api/openapi.ts) is generated from the same declarations, so the
 * published contract and the enforced one cannot drift apart.
 */
import type { Context } from 'koa';
import type { z } from 'zod';
import type { KeyPrincipal } from '../domain/access/api-keys';
import type { Scope } from '../domain/access/scopes';
import type { SessionPrincipal } from '../domain/access/session';
import type { TenantDb } from '../domain/store';

/**
 * Who may call a route: anyone (`public`), a signed-in user of the identity provider (`session`, for /keys), or
 * an API key holding `scope`. Every non-public route is tenant-scoped.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'session' }
  | {
      kind: 'api_key';
      scope: Scope | readonly Scope[];
      /** A scope the key must hold as well (creating a calibration runs a batch, which spends credits as runs do). */
      also?: Scope;
    };

/**
 * The scopes an API-key route accepts: one, or (a list) any one of several — `GET /events` serves a key that reads
 * runs or reference documents, and shows each only the events it may read.
 */
export function acceptedScopes(access: Extract<Access, { kind: 'api_key' }>): readonly Scope[] {
  return typeof access.scope === 'string' ? [access.scope] : access.scope;
}

/** How the scopes a route needs read in its 403 and its documentation: "`a` or `b`", then "and `c`". */
export function scopeWords(access: Extract<Access, { kind: 'api_key' }>): string {
  const any = acceptedScopes(access)
    .map((s) => `\`${s}\``)
    .join(' or ');
  return access.also ? `${any} and \`${access.also}\`` : any;
}

export type Principal = KeyPrincipal | SessionPrincipal;

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  /** Non-JSON bodies (the docs page) name their media type. */
  contentType?: string;
  /** The answer carries `Retry-After` (a 202 while work goes on). */
  retryAfter?: boolean;
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  ctx: Context;
  /** The authenticated caller; absent on public routes. */
  principal?: Principal;
  /** Data access bound to the caller's account; throws on public routes, which have no account. */
  tenant: TenantDb;
  /**
   * On routes with `idempotency`: the id reserved for the resource this request creates. A retry with the same
   * Idempotency-Key gets the same id back, so it resumes the same creation.
   */
  reservedId?: string;
  /** On routes with `idempotency`: reserves a fresh id under the key, when the reserved resource was abandoned. */
  renewReservation?: () => Promise<string>;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  contentType?: string;
}

export interface RouteSpec<
  P extends z.ZodObject = z.ZodObject,
  Q extends z.ZodObject = z.ZodObject,
  B extends z.ZodType = z.ZodType,
> {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** OpenAPI style, relative to the mount point: `/runs/{runId}`. */
  path: string;
  access: Access;
  summary: string;
  tag: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  responses: Record<number, ResponseSpec>;
  /**
   * The refusals this route's handler can answer (in the error envelope), by status: what the caller did wrong
   * and the `code`s, e.g. `{ 404: 'No such run.' }`. Those every route shares (validation, authentication, scope,
   * rate limit, body limits, idempotency, dependencies down) are added from the declaration by the router's
   * `sharedErrors`; the published document lists both, and the tests fail on any status not listed.
   */
  errors?: Record<number, string>;
  /** Kept out of the published document (the docs page itself). */
  hidden?: boolean;
  /** Also accept multipart/form-data (legacy form): fields become the body, files land in `ctx.state.files`. */
  multipart?: { maxTotalBytes: number; description: string };
  /** The JSON body's limit when it is not the app's (JSON_BODY_LIMIT): refused with 413 while it streams past it. */
  bodyLimit?: string;
  /** Honour `Idempotency-Key` (same key and body replay the stored answer); `reserve` makes the new resource's id. */
  idempotency?: { reserve: () => string };
  handler: (input: RouteInput<z.infer<P>, z.infer<Q>, z.infer<B>>) => Promise<Reply>;
}

/** Identity function that lets TypeScript infer the handler's input types from the schemas. */
export function route<P extends z.ZodObject, Q extends z.ZodObject, B extends z.ZodType>(
  spec: RouteSpec<P, Q, B>,
): RouteSpec {
  return spec as unknown as RouteSpec;
}

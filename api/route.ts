/**
 * A route is declared once, as data: method, path, who may call it, the zod schemas of its input and output, and
 * its handler. The router (api/router.ts) mounts every declaration with the same authentication, validation and
 * error handling, and the OpenAPI document (api/openapi.ts) is generated from the same declarations, so the
 * published contract and the enforced one cannot drift apart.
 */
import type { Context } from 'koa';
import type { z } from 'zod';

/** Who may call a route. Later access kinds (session token, API key scope) extend this union. */
export type Access = { kind: 'public' };

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  /** Non-JSON bodies (the docs page) name their media type. */
  contentType?: string;
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  ctx: Context;
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
  /** Kept out of the published document (the docs page itself). */
  hidden?: boolean;
  handler: (input: RouteInput<z.infer<P>, z.infer<Q>, z.infer<B>>) => Promise<Reply>;
}

/** Identity function that lets TypeScript infer the handler's input types from the schemas. */
export function route<P extends z.ZodObject, Q extends z.ZodObject, B extends z.ZodType>(
  spec: RouteSpec<P, Q, B>,
): RouteSpec {
  return spec as unknown as RouteSpec;
}

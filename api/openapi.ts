/**
 * The OpenAPI 3.1 document, generated from the same route declarations and zod schemas the router enforces.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ErrorBody } from '../domain/schemas/common';
import { acceptedScopes, type RouteSpec } from './route';
import { sharedErrors } from './router';

const API_VERSION = '1.0.0';

/** The legacy multipart form: text fields carry JSON strings, files are binary parts. */
const MultipartRunForm = z.object({
  mode: z.enum(['async', 'sync']).optional(),
  metadata: z.string().optional().meta({ description: 'A JSON object, as a string.' }),
  input_documents: z.string().optional().meta({ description: 'A JSON array of document ids, as a string.' }),
  'files[]': z.array(z.string().meta({ format: 'binary' })).optional(),
});

const SECURITY: Record<RouteSpec['access']['kind'], Array<Record<string, string[]>>> = {
  public: [],
  session: [{ SessionToken: [] }],
  api_key: [{ ApiKey: [] }],
};

export function buildOpenApiDocument(routes: RouteSpec[], serverUrl: string): Record<string, unknown> {
  const registry = new OpenAPIRegistry();

  for (const spec of routes) {
    if (spec.hidden) continue;
    const responses: Record<string, unknown> = {};
    for (const [status, r] of Object.entries(spec.responses)) {
      responses[status] = r.schema
        ? { description: r.description, content: { [r.contentType ?? 'application/json']: { schema: r.schema } } }
        : { description: r.description };
    }
    // Every refusal by its status, not a catch-all `default`: a client (and the conformance checks) can tell an
    // answer the API gives on purpose from one it never should (a 500 is a bug, so it is not listed).
    for (const [status, description] of Object.entries(errorResponses(spec))) {
      responses[status] = { description, content: { 'application/json': { schema: ErrorBody } } };
    }
    registry.registerPath({
      method: spec.method,
      path: spec.path,
      summary: spec.summary,
      description: [
        spec.description,
        spec.access.kind === 'api_key' ? `Requires scope ${acceptedScopes(spec.access).map((s) => `\`${s}\``).join(' or ')}.` : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
      tags: [spec.tag],
      operationId: operationId(spec),
      security: SECURITY[spec.access.kind],
      ...(spec.access.kind === 'api_key' ? { 'x-required-scope': spec.access.scope } : {}),
      request: {
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.query ? { query: spec.query } : {}),
        ...(spec.body
          ? {
              body: {
                required: true,
                ...(spec.multipart ? { description: spec.multipart.description } : {}),
                content: {
                  'application/json': { schema: spec.body },
                  ...(spec.multipart ? { 'multipart/form-data': { schema: MultipartRunForm } } : {}),
                },
              },
            }
          : {}),
      },
      responses: responses as never,
    });
  }

  registry.registerComponent('securitySchemes', 'ApiKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key: `ak_live_…` or `ak_test_…`.',
  });
  registry.registerComponent('securitySchemes', 'SessionToken', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "A session token of the identity provider (for /keys only).",
  });
  const generator = new OpenApiGeneratorV31(registry.definitions);
  return generator.generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Assay API',
      version: API_VERSION,
      description:
        'Evaluate documents with a prompt and reference documents. Authenticate with `Authorization: Bearer <API key>`.',
    },
    servers: [{ url: serverUrl }],
  }) as unknown as Record<string, unknown>;
}

/** The refusals of `spec`: those its declaration implies (api/router.ts) and its own, one description per status. */
export function errorResponses(spec: RouteSpec): Record<number, string> {
  const out: Record<number, string> = { ...sharedErrors(spec) };
  for (const [status, description] of Object.entries(spec.errors ?? {})) {
    out[Number(status)] = out[Number(status)] ? `${description} ${out[Number(status)]}` : description;
  }
  return out;
}

function operationId(spec: RouteSpec): string {
  const words = spec.path
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/[{}]/g, '').replace(/[-_](\w)/g, (_, c: string) => c.toUpperCase()));
  return [spec.method, ...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join('');
}

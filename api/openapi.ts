/**
 * The OpenAPI 3.1 document, generated from the same route declarations and zod schemas the router enforces.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../domain/http/errors';
import { ErrorBody } from '../domain/http/schemas';
import { acceptedScopes, scopeWords, type RouteSpec } from './route';
import { sharedErrors } from './router';

/** The API's version (`info.version`); both SDK packages carry it, so a package's version names its contract. */
export const API_VERSION = '1.0.0';

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
      const headers = responseHeaders(spec, Number(status));
      responses[status] = r.schema
        ? {
            description: r.description,
            headers,
            content: { [r.contentType ?? 'application/json']: { schema: r.schema } },
          }
        : { description: r.description, headers };
    }
    // Every refusal by its status, not a catch-all `default`: a client (and the conformance checks) can tell an
    // answer the API gives on purpose from one it never should. Each lists its `error.code`s as an enum. A 500 is
    // a bug, never an answer on purpose; it is listed only so clients know its envelope and code.
    const refusals: Record<number, string> = {
      ...errorResponses(spec),
      500: '`internal_error`: a fault on our side, logged under the request id; never an expected answer.',
    };
    for (const [status, description] of Object.entries(refusals)) {
      responses[status] = {
        description,
        headers: responseHeaders(spec, Number(status)),
        content: { 'application/json': { schema: errorBodyWith(errorCodesIn(description)) } },
      };
    }
    registry.registerPath({
      method: spec.method,
      path: spec.path,
      summary: spec.summary,
      description: [
        spec.description,
        spec.access.kind === 'api_key' ? `Requires scope ${scopeWords(spec.access)}.` : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
      tags: [spec.tag],
      operationId: operationId(spec),
      security: SECURITY[spec.access.kind],
      ...(spec.access.kind === 'api_key' ? { 'x-required-scope': spec.access.scope } : {}),
      request: {
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.idempotency ? { headers: IdempotencyHeader } : {}),
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
    description: 'A session token of the identity provider (for /keys only).',
  });
  // Error answers inline their own code enums; the common envelope stays published for reference.
  const errorSchema = (z.toJSONSchema(ErrorBody) as { $defs: Record<string, unknown> }).$defs.Error;
  registry.registerComponent('schemas', 'Error', errorSchema as never);
  const generator = new OpenApiGeneratorV31(registry.definitions);
  const document = generator.generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Assay API',
      version: API_VERSION,
      description:
        'Evaluate documents with a prompt and reference documents. Authenticate with `Authorization: Bearer <API key>`.',
    },
    servers: [{ url: serverUrl }],
  }) as unknown as Record<string, unknown>;
  addFormats(document);
  return document;
}

const IdempotencyHeader = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({
      description:
        'Makes a retry safe: the same key and body within 24 hours replays the first answer (`Idempotent-Replayed: true`) ' +
        'instead of creating again; another body is 409 `idempotency_key_reused`. Keys are scoped to the account, the ' +
        "key's mode (live or test) and the operation. 1 to 255 printable ASCII characters.",
      example: 'order-4711-run',
    }),
});

type HeaderObject = { description: string; required: boolean; schema: Record<string, unknown> };
const integerHeader = (description: string, required: boolean): HeaderObject => ({
  description,
  required,
  schema: { type: 'integer' },
});
const stringHeader = (description: string, required: boolean): HeaderObject => ({
  description,
  required,
  schema: { type: 'string' },
});

/** The response headers of `spec` at `status`, as the middleware and the handlers set them. */
export function responseHeaders(spec: RouteSpec, status: number): Record<string, HeaderObject> {
  const headers: Record<string, HeaderObject> = {
    'X-Request-Id': stringHeader(
      'The id of this request (`req_…`), also in every error body; quote it to support.',
      true,
    ),
  };
  // The rate limit is counted once the key is authenticated, so every answer after that carries it (not a 401).
  if (spec.access.kind === 'api_key' && status !== 401) {
    const required = status < 500;
    headers['X-RateLimit-Limit'] = integerHeader(
      "Requests per minute this key may make (the key's `rate_limit_rpm`).",
      required,
    );
    headers['X-RateLimit-Remaining'] = integerHeader('Requests left in the current minute.', required);
    headers['X-RateLimit-Reset'] = integerHeader('When the current window ends, as unix seconds.', required);
  }
  if (status === 429 || status === 503 || spec.responses[status]?.retryAfter)
    headers['Retry-After'] = integerHeader('Seconds to wait before retrying.', true);
  if (spec.idempotency && status !== 401 && status !== 403 && status !== 429 && status < 500) {
    headers['Idempotent-Replayed'] = stringHeader(
      '`true` when this is the stored answer to an earlier request with the same `Idempotency-Key`.',
      false,
    );
  }
  if (spec.multipart && status >= 200 && status < 300) {
    headers.Deprecation = stringHeader('`true` on answers to the legacy multipart form (RFC 9745).', false);
    headers.Sunset = stringHeader('When the multipart form stops working, an HTTP date (RFC 8594).', false);
    headers.Link = stringHeader('The documentation of the replacement, `rel="deprecation"`.', false);
  }
  return headers;
}

/** The error codes a refusal description names (in backticks), in the order named. */
export function errorCodesIn(description: string): ErrorCode[] {
  const named = [...description.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
  return [...new Set(named.filter((c): c is ErrorCode => (ERROR_CODES as readonly string[]).includes(c)))];
}

function errorBodyWith(codes: ErrorCode[]) {
  const code = codes.length ? z.enum(codes as [ErrorCode, ...ErrorCode[]]) : z.string();
  return z.object({
    error: z.object({
      code: code.meta({ description: 'What went wrong, for programs; `message` says it for people.' }),
      message: z.string(),
      request_id: z.string(),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  });
}

/**
 * Formats the schemas would otherwise leave implicit, by one naming rule over every object in the document:
 * timestamps (`*_at`) are `date-time` and addresses (`url`, `*_url`) are `uri`. One rule, so a new field cannot
 * forget it; the conformance checks validate formats, so a field the rule misnames fails the tests.
 */
function addFormats(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(addFormats);
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.properties && typeof schema.properties === 'object') {
    for (const [name, field] of Object.entries(schema.properties as Record<string, Record<string, unknown>>)) {
      const type = field.type;
      const isString = type === 'string' || (Array.isArray(type) && type.includes('string'));
      if (!isString || field.format) continue;
      if (/_at$/.test(name)) field.format = 'date-time';
      else if (/(^|_)url$/.test(name)) field.format = 'uri';
    }
  }
  for (const value of Object.values(schema)) addFormats(value);
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

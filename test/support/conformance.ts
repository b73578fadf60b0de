/**
 * Response conformance: every answer the in-process API gives during the integration tests is checked against the
 * published contract — the OpenAPI document generated from the route declarations (api/openapi.ts). The status must
 * be listed for the operation that answered (success and refusals alike), the content type must be the documented
 * one, and a JSON body must validate against the documented schema (JSON Schema 2020-12, with ajv). Objects may not
 * carry fields the document does not name: an undocumented field is drift between contract and behaviour too.
 *
 * Routes kept out of the document (the docs page, /metrics, the document itself) are checked against their
 * declarations instead: a declared status, the declared content type, refusals in the error envelope. A request no
 * route matched may only be refused (404 unknown path, 405 known path with another method) in the envelope.
 *
 * Violations are collected here; test/support/conformance-gate.ts fails the test that caused them.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Context, Middleware } from 'koa';
import { buildOpenApiDocument, errorResponses } from '../../api/openapi';
import { route, type RouteSpec } from '../../api/route';
import { Event } from '../../domain/event-schemas/schemas';

export interface Violation {
  method: string;
  url: string;
  status: number;
  problem: string;
  errors?: ErrorObject[];
  body?: string;
}

const found: Violation[] = [];

/** The violations since the last call, and forgets them. */
export function drainViolations(): Violation[] {
  return found.splice(0, found.length);
}

export function formatViolations(violations: Violation[]): string {
  return violations
    .map((v) => {
      const errors = (v.errors ?? [])
        .map((e) => `      ${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
        .join('\n');
      return [`  ${v.method} ${v.url} → ${v.status}: ${v.problem}`, errors, v.body ? `      body: ${v.body}` : '']
        .filter(Boolean)
        .join('\n');
    })
    .join('\n');
}

type Json = Record<string, unknown>;

/**
 * Objects that list their properties and say nothing about others get `additionalProperties: false`. Not under
 * `allOf`, where each branch sees only its own properties (the generator emits none today).
 */
function closeObjects(node: unknown, underAllOf = false): void {
  if (Array.isArray(node)) {
    for (const item of node) closeObjects(item, underAllOf);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (
    schema.properties &&
    typeof schema.properties === 'object' &&
    !('additionalProperties' in schema) &&
    !underAllOf
  ) {
    schema.additionalProperties = false;
  }
  for (const [key, value] of Object.entries(schema)) {
    // Under `properties` the keys are field names, not keywords: walk each field's schema.
    if (key === 'properties' && value && typeof value === 'object') {
      for (const field of Object.values(value as Json)) closeObjects(field);
    } else {
      closeObjects(value, key === 'allOf');
    }
  }
}

const pointer = (...tokens: string[]) =>
  tokens.map((t) => encodeURIComponent(t.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');
const bare = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();
const mediaType = (ctx: Context) => bare(ctx.response.get('Content-Type') || '');

function jsonOf(body: unknown): unknown {
  return body === undefined || body === null ? body : JSON.parse(JSON.stringify(body));
}

/**
 * The document of `routes`, built once per test run: building it costs seconds of CPU (zod-to-openapi walks every
 * schema), and the suite makes a test context, each with its checker, a few hundred times. Within a run the code is
 * fixed, so the routes' methods, paths and statuses name the document; globalSetup gives the run's directory.
 */
function documentOf(routes: RouteSpec[], serverUrl: string): Record<string, unknown> {
  const dir = process.env.ASSAY_TEST_RUN_DIR;
  if (!dir) return buildOpenApiDocument(routes, serverUrl);
  const signature = routes.map((r) => `${r.method} ${r.path} ${r.hidden ? 'h' : ''} ${Object.keys(r.responses)}`);
  const name = createHash('sha256')
    .update(JSON.stringify([serverUrl, signature]))
    .digest('hex')
    .slice(0, 16);
  const file = join(dir, `openapi-${name}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const document = buildOpenApiDocument(routes, serverUrl);
  // Written whole, then renamed: a file side by side reads either nothing or all of it.
  writeFileSync(`${file}.${process.pid}`, JSON.stringify(document));
  renameSync(`${file}.${process.pid}`, file);
  return document;
}

/** An outermost Koa middleware (test-only) that checks each answer after the rest of the app has produced it. */
export function conformanceChecker(routes: RouteSpec[]): Middleware {
  const document = documentOf(routes, 'http://127.0.0.1/v1') as {
    paths: Record<string, Record<string, Json>>;
  };
  const strict = structuredClone(document);
  closeObjects(strict);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(strict as object, 'openapi.json');
  const validators = new Map<string, ValidateFunction>();
  const validator = (ref: string) => {
    let v = validators.get(ref);
    if (!v) {
      v = ajv.compile({ $ref: `openapi.json#/${ref}` });
      validators.set(ref, v);
    }
    return v;
  };
  const errorEnvelope = validator(pointer('components', 'schemas', 'Error'));

  return async (ctx, next) => {
    await next();
    const spec = ctx.state.route as RouteSpec | undefined;
    const status = ctx.status;
    const report = (problem: string, errors?: ErrorObject[] | null) =>
      found.push({
        method: ctx.method,
        url: ctx.originalUrl,
        status,
        problem,
        ...(errors ? { errors } : {}),
        body:
          typeof ctx.body === 'object' && !Buffer.isBuffer(ctx.body) && !isStream(ctx.body)
            ? JSON.stringify(ctx.body).slice(0, 600)
            : undefined,
      });
    const checkEnvelope = () => {
      if (mediaType(ctx) !== 'application/json')
        return report(`a refusal answered as ${mediaType(ctx) || 'no content type'}`);
      if (!errorEnvelope(jsonOf(ctx.body))) report('a refusal outside the error envelope', errorEnvelope.errors);
    };

    if (status >= 500 && status !== 503) return report('a server error');
    if (!spec) {
      // No declaration answered: the router refused the path (404) or the method (405).
      if (status !== 404 && status !== 405) return report('an answer from no route');
      return checkEnvelope();
    }

    const operation = spec.hidden ? undefined : document.paths[spec.path]?.[spec.method];
    if (!operation) {
      // Kept out of the document: check against the declaration itself.
      const declared = spec.responses[status];
      if (declared) {
        if (declared.contentType && mediaType(ctx) !== bare(declared.contentType))
          report(`content type ${mediaType(ctx)}, declared ${declared.contentType}`);
        return;
      }
      if (errorResponses(spec)[status] === undefined)
        return report(`status not declared for ${spec.method.toUpperCase()} ${spec.path}`);
      return checkEnvelope();
    }

    const responses = operation.responses as Record<
      string,
      { content?: Record<string, unknown>; headers?: Record<string, { required?: boolean }> }
    >;
    const documented = responses[String(status)];
    if (!documented)
      return report(
        `status not documented for ${spec.method.toUpperCase()} ${spec.path} (documented: ${Object.keys(responses).join(', ')})`,
      );
    for (const [name, header] of Object.entries(documented.headers ?? {})) {
      if (header.required && !ctx.response.get(name)) report(`the documented header ${name} is missing`);
    }
    const media = Object.keys(documented.content ?? {}).map(bare);
    if (media.length === 0) {
      if (ctx.body !== undefined && ctx.body !== null && ctx.body !== '')
        report('a body where the document says there is none');
      return;
    }
    const type = mediaType(ctx);
    if (!media.includes(type)) return report(`content type ${type || '(none)'}, documented ${media.join(', ')}`);
    if (type !== 'application/json') return; // streams and files: status and type only
    const validate = validator(
      pointer('paths', spec.path, spec.method, 'responses', String(status), 'content', 'application/json', 'schema'),
    );
    const json = jsonOf(ctx.body);
    if (!validate(json)) return report('the body does not match the documented schema', validate.errors);
    for (const problem of runRuleViolations(json)) report(problem);
  };
}

/**
 * What the schema alone cannot say: a succeeded run carries its signed `output_file` (the schema allows null for
 * every other status), wherever a run appears — a run, a page of runs, an event's `data.run`. An event's run is
 * the run as it was: succeeded then, possibly refunded since, when its file is withheld.
 */
export function runRuleViolations(body: unknown, path = ''): string[] {
  if (Array.isArray(body)) return body.flatMap((item, i) => runRuleViolations(item, `${path}/${i}`));
  if (!body || typeof body !== 'object') return [];
  const node = body as Json;
  const out: string[] = [];
  if (node.object === 'run' && node.status === 'succeeded') {
    const file = node.output_file as { url?: string; expires_at?: string } | null | undefined;
    const inEvent = path.endsWith('/data/run');
    if (!file) {
      if (!(inEvent && file === null)) out.push(`${path || '(root)'}: a succeeded run without output_file`);
    } else if (!(Date.parse(file.expires_at ?? '') > Date.now()))
      out.push(`${path || '(root)'}: output_file already expired`);
  }
  for (const [key, value] of Object.entries(node)) out.push(...runRuleViolations(value, `${path}/${key}`));
  return out;
}

/**
 * A webhook payload (the raw bytes a receiver got) checked against the published contract: the `Event` schema
 * without `object` (a payload is the event resource minus that field), plus the run rules above. Answers the problems.
 */
export function webhookPayloadProblems(rawBody: Buffer | string): string[] {
  let payload: Json;
  try {
    payload = JSON.parse(rawBody.toString()) as Json;
  } catch {
    return ['the payload is not JSON'];
  }
  if ('object' in payload) return ['a webhook payload carries `object`'];
  const validate = eventValidator();
  if (!validate({ ...payload, object: 'event' })) {
    return (validate.errors ?? []).map(
      (e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
    );
  }
  return runRuleViolations(payload);
}

let eventValidate: ValidateFunction | undefined;
function eventValidator(): ValidateFunction {
  if (eventValidate) return eventValidate;
  // The Event schema as the published document has it (with every component it references), closed like the rest.
  const carrier = route({
    method: 'get',
    path: '/event',
    access: { kind: 'public' },
    tag: 'Events',
    summary: 'carrier',
    responses: { 200: { description: 'an event', schema: Event } },
    handler: async () => ({ status: 200 }),
  });
  const strict = structuredClone(documentOf([carrier], 'http://127.0.0.1/v1'));
  closeObjects(strict);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(strict as object, 'openapi.json');
  eventValidate = ajv.compile({ $ref: 'openapi.json#/components/schemas/Event' });
  return eventValidate;
}

function isStream(body: unknown): boolean {
  return !!body && typeof (body as { pipe?: unknown }).pipe === 'function';
}

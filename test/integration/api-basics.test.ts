/** The API's common behaviour: envelope, request ids, unknown routes, the OpenAPI document and the docs page. */
import SwaggerParser from '@apidevtools/swagger-parser';
import { createTestContext, type TestContext } from '../support/app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

describe('errors', () => {
  it('answers an unknown route with 404 in the envelope, carrying the request id', async () => {
    const res = await t.api.get('/v1/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(res.body.error.request_id).toMatch(/^req_/);
    expect(res.headers['x-request-id']).toBe(res.body.error.request_id);
  });

  it('answers a known path with the wrong method with 405 and the methods it allows', async () => {
    const res = await t.api.delete('/v1/health');
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe('method_not_allowed');
    expect(res.headers.allow).toMatch(/\bGET\b/);
    // A method no route has at all (Schemathesis sent TRACE, which answered 500) is refused the same way.
    const trace = await t.api.trace('/v1/runs');
    expect([trace.status, trace.body.error?.code, trace.headers.allow]).toEqual([
      405,
      'method_not_allowed',
      expect.stringMatching(/\bGET\b/),
    ]);
    const unknown = await t.api.trace('/v1/no-such-thing');
    expect([unknown.status, unknown.body.error?.code]).toEqual([404, 'not_found']);
  });

  it('gives every response its own request id', async () => {
    const [a, b] = await Promise.all([t.api.get('/v1/health'), t.api.get('/v1/health')]);
    expect(a.headers['x-request-id']).toMatch(/^req_/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document listing the health route', async () => {
    const res = await t.api.get('/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.paths['/health'].get.responses['200']).toBeDefined();
    await expect(SwaggerParser.validate(structuredClone(res.body))).resolves.toBeDefined();
  });

  it('documents the events and run-quote routes with their schemas and scope', async () => {
    const doc = (await t.api.get('/v1/openapi.json')).body;
    const answer = (op: { responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> }) =>
      op.responses['200']!.content['application/json']!.schema.$ref;
    const list = doc.paths['/events'].get;
    const one = doc.paths['/events/{eventId}'].get;
    const quote = doc.paths['/workflows/{workflowId}/runs/quote'].post;
    expect([answer(list), answer(one), answer(quote)]).toEqual([
      '#/components/schemas/EventList',
      '#/components/schemas/Event',
      '#/components/schemas/RunQuote',
    ]);
    // Events: any of the four read scopes lets a key in; it then sees the kinds it may read (`calibration.completed`
    // is read with `calibrations:read`, `review.completed` with `reviews:read`).
    expect([list, one, quote].map((op) => op['x-required-scope'])).toEqual([
      ['runs:read', 'reference_documents:read', 'calibrations:read', 'reviews:read'],
      ['runs:read', 'reference_documents:read', 'calibrations:read', 'reviews:read'],
      'runs:read',
    ]);
    expect(schemas0(doc).RunQuote!.required).not.toContain('balance');
    expect(list.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['cursor', 'limit', 'type']);
    expect(quote.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/CreateRunRequest');
    expect(Object.keys(quote.requestBody.content)).toEqual(['application/json']);
    const schemas = doc.components.schemas;
    expect(schemas.Event.required).toEqual(['id', 'object', 'type', 'created_at', 'data']);
    expect(schemas.RunQuote.properties.balance.$ref).toBe('#/components/schemas/Balance');
  });
});

const schemas0 = (doc: { components: { schemas: Record<string, { required?: string[] }> } }) => doc.components.schemas;

describe('docs page', () => {
  it('loads only assets served by this API', async () => {
    const page = await t.api.get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const refs = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThanOrEqual(4);
    for (const ref of refs) {
      expect(ref.startsWith('/')).toBe(true);
      const asset = await t.api.get(ref);
      expect(asset.status).toBe(200);
      expect(Number(asset.headers['content-length'] ?? asset.body?.length ?? 1)).toBeGreaterThan(0);
    }
    const init = await t.api.get('/docs/init.js');
    expect(init.text).toContain("url: '/v1/openapi.json'");
    expect(init.text).toContain('validatorUrl: null');
  });

  it('refuses files outside its asset list', async () => {
    const res = await t.api.get('/docs/assets/package.json');
    expect(res.status).toBe(404);
  });
});

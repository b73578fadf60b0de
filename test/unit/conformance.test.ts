/**
 * The response-conformance check the integration tests run under (test/support/conformance.ts) must itself be able
 * to fail: a small app with declared routes answers conforming and non-conforming responses, and only the
 * non-conforming ones are reported.
 */
import Router from '@koa/router';
import Koa from 'koa';
import supertest from 'supertest';
import { z } from 'zod';
import { errorHandler } from '../../api/middleware/errors';
import { requestId } from '../../api/middleware/request-id';
import { route, type RouteSpec } from '../../api/route';
import { mountRoutes } from '../../api/router';
import { errors } from '../../domain/http/errors';
import { createLogger } from '../../domain/platform/logger';
import { conformanceChecker, drainViolations, runRuleViolations, webhookPayloadProblems } from '../support/conformance';

const Thing = z
  .object({ id: z.string(), tags: z.array(z.string()), note: z.string().nullable() })
  .meta({ id: 'Thing' });

function answering(
  path: string,
  answer: () => Promise<{ status: number; body?: unknown }>,
  extra: Partial<RouteSpec> = {},
): RouteSpec {
  return route({
    method: 'get',
    path,
    access: { kind: 'public' },
    tag: 'Test',
    summary: path,
    responses: { 200: { description: 'a thing', schema: Thing } },
    handler: answer,
    ...extra,
  });
}

const good = { id: 't1', tags: ['a'], note: null };
const routes: RouteSpec[] = [
  answering('/good', async () => ({ status: 200, body: good })),
  answering('/extra-field', async () => ({ status: 200, body: { ...good, secret: 'x' } })),
  answering('/wrong-type', async () => ({ status: 200, body: { ...good, note: 5 } })),
  answering('/missing-field', async () => ({ status: 200, body: { id: 't1', note: null } })),
  answering('/undocumented-status', async () => ({ status: 202, body: good })),
  answering(
    '/declared-refusal',
    async () => {
      throw errors.notFound('thing');
    },
    { errors: { 404: 'no such thing' } },
  ),
  answering('/undeclared-refusal', async () => {
    throw errors.conflict('thing_busy', 'busy');
  }),
  answering('/crash', async () => {
    throw new Error('boom');
  }),
  answering('/html', async () => ({ status: 200, body: '<p>hi</p>' })),
];

const app = new Koa();
app.use(conformanceChecker(routes));
app.use(requestId());
app.use(errorHandler(createLogger('silent', 'conformance-test')));
const router = new Router({ prefix: '/v1' });
mountRoutes(router, routes, { jsonBodyLimit: '1mb', auth: {} as never });
app.use(router.routes());
const api = supertest(app.callback());

async function problems(path: string): Promise<string[]> {
  drainViolations();
  await api.get(path);
  return drainViolations().map((v) => v.problem);
}

it('passes answers that match the document, declared refusals and unknown routes', async () => {
  expect(await problems('/v1/good')).toEqual([]);
  expect(await problems('/v1/declared-refusal')).toEqual([]);
  expect(await problems('/v1/no-such-route')).toEqual([]);
});

it('reports bodies that stray from the schema: an undocumented field, a wrong type, a missing field', async () => {
  for (const path of ['/v1/extra-field', '/v1/wrong-type', '/v1/missing-field']) {
    expect({ path, problems: await problems(path) }).toEqual({
      path,
      problems: ['the body does not match the documented schema'],
    });
  }
});

it('reports statuses the operation does not list, server errors, and another content type', async () => {
  expect(await problems('/v1/undocumented-status')).toEqual([
    expect.stringMatching(/^status not documented for GET \/undocumented-status/),
  ]);
  expect(await problems('/v1/undeclared-refusal')).toEqual([
    expect.stringMatching(/^status not documented for GET \/undeclared-refusal/),
  ]);
  expect(await problems('/v1/crash')).toEqual(['a server error']);
  expect(await problems('/v1/html')).toEqual(['content type text/html, documented application/json']);
});

describe('the run rules the schema cannot state', () => {
  const run = { object: 'run', id: 'run_1', status: 'succeeded' };
  const file = {
    url: 'http://127.0.0.1:9000/x',
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    mime_type: 'application/json',
  };

  it('fails a succeeded run without output_file, alone, in a page or in an event', () => {
    expect(runRuleViolations({ ...run, output_file: null })).toEqual(['(root): a succeeded run without output_file']);
    expect(runRuleViolations({ data: [{ ...run, output_file: file }, { ...run }] })).toEqual([
      '/data/1: a succeeded run without output_file',
    ]);
    expect(
      runRuleViolations({
        data: { run: { ...run, output_file: { ...file, expires_at: '2000-01-01T00:00:00.000Z' } } },
      }),
    ).toEqual(['/data/run: output_file already expired']);
  });

  it('passes a succeeded run with a live file, and any other status with null', () => {
    expect(runRuleViolations({ ...run, output_file: file })).toEqual([]);
    expect(runRuleViolations({ ...run, status: 'refunded', output_file: null })).toEqual([]);
  });

  it('checks a webhook payload against the Event schema', () => {
    expect(webhookPayloadProblems('not json')).toEqual(['the payload is not JSON']);
    expect(
      webhookPayloadProblems(
        JSON.stringify({
          id: 'evt_1',
          type: 'run.succeeded',
          created_at: new Date().toISOString(),
          data: { run: { id: 'run_1' } },
        }),
      ).length,
    ).toBeGreaterThan(0);
  });
});

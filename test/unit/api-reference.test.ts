/**
 * docs/api-reference.md documents every route the application serves: each route has a
 * `### METHOD /path` heading there, and each such heading names a served route. The served routes are read from the
 * route declarations the app mounts — the `/v1` list (hidden ones included), the docs page and `/metrics` — and from
 * the OpenAPI document built from them, so a new route without docs, or docs for a removed route, fails here. Every
 * error code the API answers is in its §3 table.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_PREFIX, apiRoutes } from '../../api/app';
import { buildOpenApiDocument } from '../../api/openapi';
import type { RouteSpec } from '../../api/route';
import { docsRoutes } from '../../api/routes/docs';
import { metricsRoutes } from '../../api/routes/metrics';
import { ERROR_CODES } from '../../domain/http/errors';
import { parseConfig } from '../../domain/platform/config';

const ROOT = join(__dirname, '..', '..');
const REFERENCE = readFileSync(join(ROOT, 'docs', 'api-reference.md'), 'utf8');

/** `### GET /v1/runs` or, for routes documented together, `### GET /docs, GET /docs/init.js`: `GET /v1/runs`, … */
export function documentedRoutes(markdown: string): string[] {
  return [...markdown.matchAll(/^### (.+)$/gm)].flatMap((m) =>
    [...m[1]!.matchAll(/\b(GET|POST|PATCH|PUT|DELETE) (\/\S*?)(?=,|\s|$)/g)].map((r) => `${r[1]} ${r[2]}`),
  );
}

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

// Route declarations only read their dependencies inside handlers, so none of these is touched.
const config = parseConfig({ NODE_ENV: 'development' });
const v1 = apiRoutes({ config, logger: {} as never, db: {} as never, storage: {} as never, temporal: {} as never });
const outside: RouteSpec[] = [
  ...docsRoutes(),
  ...metricsRoutes({ db: {} as never, token: undefined, metrics: {} as never }),
];
const served = [
  ...v1.map((r) => key(r.method, `${API_PREFIX}${r.path}`)),
  ...outside.map((r) => key(r.method, r.path)),
];
const documented = documentedRoutes(REFERENCE);

it('documents every operation of the OpenAPI document', () => {
  const document = buildOpenApiDocument(v1, 'http://127.0.0.1:8080/v1') as {
    paths: Record<string, Record<string, unknown>>;
  };
  const operations = Object.entries(document.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => key(method, `${API_PREFIX}${path}`)),
  );
  expect(operations.length).toBeGreaterThan(30);
  expect(operations.filter((op) => !documented.includes(op))).toEqual([]);
});

it('documents exactly the routes the app serves, each once', () => {
  expect(served.filter((r) => !documented.includes(r))).toEqual([]); // served, not documented
  expect(documented.filter((r) => !served.includes(r))).toEqual([]); // documented, not served
  expect(documented.filter((r, i) => documented.indexOf(r) !== i)).toEqual([]); // documented twice
});

it('lists every error code in its errors table (§3)', () => {
  const errorsSection = REFERENCE.split(/^## /m).find((s) => s.startsWith('§3 '))!;
  expect(errorsSection).toBeDefined();
  const missing = ERROR_CODES.filter((code) => !new RegExp(`^\\| \\d{3} \\| \`${code}\` \\|`, 'm').test(errorsSection));
  expect(missing).toEqual([]);
});

it('numbers its sections §1…§N in order, so citations stay stable', () => {
  const numbers = [...REFERENCE.matchAll(/^## §(\d+) /gm)].map((m) => Number(m[1]));
  expect(numbers.length).toBeGreaterThan(10);
  expect(numbers).toEqual(numbers.map((_, i) => i + 1));
});

it('reads route headings, and only headings (the check itself)', () => {
  const sample = [
    '### POST /v1/workflows/{workflowId}/runs',
    '### GET /docs, GET /docs/, GET /docs/init.js',
    '## §3 Errors',
    'Prose naming GET /v1/nope is not a heading.',
    '| GET | /v1/table | neither |',
  ].join('\n');
  expect(documentedRoutes(sample)).toEqual([
    'POST /v1/workflows/{workflowId}/runs',
    'GET /docs',
    'GET /docs/',
    'GET /docs/init.js',
  ]);
});

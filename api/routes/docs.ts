/**
 * `/docs`: the API reference page (Swagger UI), with every asset served from this process — the page makes no
 * request to any other host (enforced by its Content-Security-Policy).
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { errors } from '../../domain/http/errors';
import { route, type RouteSpec } from '../route';

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const CSP = [
  "default-src 'self'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Assay API reference</title>
  <link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

// validatorUrl: null stops Swagger UI from calling the public validator service.
const INIT = `window.ui = SwaggerUIBundle({
  url: '/v1/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout'
});
`;

const assetDir = dirname(require.resolve('swagger-ui-dist/package.json'));
const cache = new Map<string, Buffer>();

async function asset(name: string): Promise<Buffer> {
  let bytes = cache.get(name);
  if (!bytes) {
    bytes = await readFile(join(assetDir, name));
    cache.set(name, bytes);
  }
  return bytes;
}

const headers = { 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff' };

export function docsRoutes(): RouteSpec[] {
  const page = (path: string) =>
    route({
      method: 'get',
      path,
      access: { kind: 'public' },
      tag: 'Docs',
      summary: 'API reference page',
      hidden: true,
      responses: { 200: { description: 'HTML page', contentType: 'text/html' } },
      handler: async () => ({ status: 200, body: PAGE, contentType: 'text/html; charset=utf-8', headers }),
    });
  return [
    page('/docs'),
    page('/docs/'),
    route({
      method: 'get',
      path: '/docs/init.js',
      access: { kind: 'public' },
      tag: 'Docs',
      summary: 'Docs page start-up script',
      hidden: true,
      responses: { 200: { description: 'script' } },
      handler: async () => ({ status: 200, body: INIT, contentType: 'application/javascript; charset=utf-8', headers }),
    }),
    route({
      method: 'get',
      path: '/docs/assets/{file}',
      access: { kind: 'public' },
      tag: 'Docs',
      summary: 'Docs page asset',
      hidden: true,
      params: z.object({ file: z.string() }),
      responses: { 200: { description: 'asset' } },
      errors: { 404: '`not_found`: not one of the page assets.' },
      handler: async ({ params }) => {
        const type = ASSETS[params.file];
        if (!type) throw errors.notFound('asset');
        return {
          status: 200,
          body: await asset(params.file),
          contentType: type,
          headers: { ...headers, 'Cache-Control': 'public, max-age=86400' },
        };
      },
    }),
  ];
}

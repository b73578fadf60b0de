/**
 * `/console`: the web console (console/src, built into console/dist by scripts/build-console.ts), served from the
 * API's own origin so it calls `/v1` like any client: its key in the Authorization header, scopes and tenants
 * enforced by the routes it calls. The page carries no inline script or style, and a Content-Security-Policy lets it
 * load only this origin's assets and talk only to this origin and the object store (uploads, page images and
 * downloads are presigned URLs there). Assets are named by their content's hash: cached for a year, served
 * pre-compressed.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Config } from '../../domain/platform/config';
import { ApiError, errors } from '../../domain/http/errors';
import { route, type RouteSpec } from '../route';

/** What scripts/build-console.ts writes beside the assets. */
interface ConsoleManifest {
  script: string;
  style: string;
}

const DIST = join(__dirname, '..', '..', 'console', 'dist');
const TYPES: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export function consoleCsp(config: Pick<Config, 's3PublicEndpoint'>): string {
  const store = new URL(config.s3PublicEndpoint).origin;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: ${store}`,
    `connect-src 'self' ${store}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The manifest is read once per process; a process started before a build answers 503 until restarted. */
let manifest: Promise<ConsoleManifest | null> | null = null;
function readManifest(): Promise<ConsoleManifest | null> {
  manifest ??= readFile(join(DIST, 'manifest.json'), 'utf8').then(
    (text) => JSON.parse(text) as ConsoleManifest,
    () => {
      manifest = null; // not built yet: look again on the next request
      return null;
    },
  );
  return manifest;
}

const notBuilt = () =>
  new ApiError(503, 'service_unavailable', 'The console is not built: run `npm run build:console` (npm start does).');

export function consoleRoutes(config: Config): RouteSpec[] {
  const headers = {
    'Content-Security-Policy': consoleCsp(config),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
  };
  const page = (path: string, params?: z.ZodObject) =>
    route({
      method: 'get',
      path,
      access: { kind: 'public' },
      tag: 'Console',
      summary: 'The web console',
      hidden: true,
      ...(params ? { params } : {}),
      responses: { 200: { description: 'HTML page', contentType: 'text/html' } },
      errors: { 503: '`service_unavailable`: the console has not been built.' },
      handler: async () => {
        const built = await readManifest();
        if (!built) throw notBuilt();
        const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Assay console</title>
<link rel="icon" href="data:,">
<meta name="assay-temporal-ui" content="${escapeAttribute(config.temporalUiUrl)}">
<meta name="assay-temporal-namespace" content="${escapeAttribute(config.TEMPORAL_NAMESPACE)}">
<link rel="stylesheet" href="/console/assets/${built.style}">
<script type="module" src="/console/assets/${built.script}"></script>
</head>
<body>
<div id="app"></div>
<noscript>The Assay console needs JavaScript.</noscript>
</body>
</html>
`;
        // The page names the current assets: always revalidated, never cached past a deploy.
        return {
          status: 200,
          body,
          contentType: 'text/html; charset=utf-8',
          headers: { ...headers, 'Cache-Control': 'no-cache' },
        };
      },
    });

  const segment = z.string().max(200);
  return [
    route({
      method: 'get',
      path: '/console/assets/{file}',
      access: { kind: 'public' },
      tag: 'Console',
      summary: 'A console asset',
      hidden: true,
      params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]+\.(js|css)$/) }),
      responses: { 200: { description: 'asset' } },
      errors: { 404: '`not_found`: not one of the built assets.' },
      handler: async ({ params, ctx }) => {
        const built = await readManifest();
        if (!built) throw notBuilt();
        if (params.file !== built.script && params.file !== built.style) throw errors.notFound('asset');
        const accepts = ctx.acceptsEncodings('br', 'gzip', 'identity');
        const encoding = accepts === 'br' ? 'br' : accepts === 'gzip' ? 'gzip' : null;
        const file = join(DIST, 'assets', encoding ? `${params.file}.${encoding === 'br' ? 'br' : 'gz'}` : params.file);
        return {
          status: 200,
          body: await readFile(file),
          contentType: TYPES[params.file.split('.').pop() ?? ''] ?? 'application/octet-stream',
          headers: {
            ...headers,
            'Cache-Control': 'public, max-age=31536000, immutable',
            Vary: 'Accept-Encoding',
            ...(encoding ? { 'Content-Encoding': encoding } : {}),
          },
        };
      },
    }),
    page('/console'),
    page('/console/{view}', z.object({ view: segment })),
    page('/console/{view}/{id}', z.object({ view: segment, id: segment })),
  ];
}

/**
 * Builds the web console (console/src, a Preact app over the TypeScript SDK) into console/dist: one script and one
 * stylesheet named by their content's hash (so the API serves them with a year's caching), each also stored brotli-
 * and gzip-compressed (so the API never compresses on a request), and `manifest.json` naming them. Builds only what
 * is stale: the manifest records a hash of every input, and an unchanged tree is left alone, so `npm start`,
 * `npm test` and `npm run build` can each call it. `npx tsx scripts/build-console.ts [--force]`.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';

const ROOT = join(__dirname, '..');
export const CONSOLE_DIST = join(ROOT, 'console', 'dist');
const INPUTS = ['console/src', 'console/tsconfig.json', 'clients/typescript/src', 'scripts/build-console.ts'];

export interface ConsoleManifest {
  inputs: string;
  script: string;
  style: string;
  /** Each asset's bytes as served: what the first load costs. */
  sizes: Record<string, { raw: number; br: number; gzip: number }>;
}

async function filesUnder(path: string): Promise<string[]> {
  const info = await stat(path);
  if (!info.isDirectory()) return [path];
  const entries = await readdir(path, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => filesUnder(join(path, e.name))));
  return nested.flat();
}

/** A hash over every input file's path and bytes, and the versions of what the bundle includes. */
async function inputsHash(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await Promise.all(INPUTS.map((p) => filesUnder(join(ROOT, p))))).flat().sort();
  for (const file of files)
    hash
      .update(relative(ROOT, file))
      .update('\0')
      .update(await readFile(file));
  for (const pkg of ['preact', 'openapi-fetch', 'esbuild']) {
    const { version } = JSON.parse(await readFile(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as {
      version: string;
    };
    hash.update(`${pkg}@${version}`);
  }
  return hash.digest('hex');
}

export async function readConsoleManifest(dist = CONSOLE_DIST): Promise<ConsoleManifest | null> {
  try {
    return JSON.parse(await readFile(join(dist, 'manifest.json'), 'utf8')) as ConsoleManifest;
  } catch {
    return null;
  }
}

/**
 * The SDK verifies webhook signatures with `node:crypto` and reads upload paths with `node:fs`; the browser does
 * neither (it holds no webhook secret, and uploads a File's bytes), so those imports resolve to functions that say so.
 */
const nodeBuiltinsUnavailable: Plugin = {
  name: 'node-builtins-unavailable',
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path, namespace: 'node-unavailable' }));
    b.onLoad({ filter: /.*/, namespace: 'node-unavailable' }, (args) => ({
      contents: `const unavailable = () => { throw new Error(${JSON.stringify(`${args.path} is not available in the browser`)}); };
        export const createHmac = unavailable, timingSafeEqual = unavailable, readFile = unavailable;`,
      loader: 'js',
    }));
  },
};

export async function buildConsole(
  options: { force?: boolean; say?: (line: string) => void } = {},
): Promise<ConsoleManifest> {
  const say = options.say ?? (() => undefined);
  const inputs = await inputsHash();
  const current = await readConsoleManifest();
  if (!options.force && current?.inputs === inputs) return current;

  const started = Date.now();
  await rm(CONSOLE_DIST, { recursive: true, force: true });
  const result = await build({
    entryPoints: [join(ROOT, 'console', 'src', 'main.tsx')],
    outdir: join(CONSOLE_DIST, 'assets'),
    entryNames: '[name]-[hash]',
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    tsconfig: join(ROOT, 'console', 'tsconfig.json'),
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
    plugins: [nodeBuiltinsUnavailable],
  });
  const outputs = Object.keys(result.metafile.outputs).map((p) => join(ROOT, p));
  const script = outputs.find((p) => p.endsWith('.js'));
  const style = outputs.find((p) => p.endsWith('.css'));
  if (!script || !style) throw new Error(`the console build wrote no script or no stylesheet: ${outputs.join(', ')}`);

  const sizes: ConsoleManifest['sizes'] = {};
  for (const file of [script, style]) {
    const bytes = await readFile(file);
    const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    const gz = gzipSync(bytes, { level: 9 });
    await writeFile(`${file}.br`, br);
    await writeFile(`${file}.gz`, gz);
    sizes[basename(file)] = { raw: bytes.length, br: br.length, gzip: gz.length };
  }
  const manifest: ConsoleManifest = { inputs, script: basename(script), style: basename(style), sizes };
  await mkdir(CONSOLE_DIST, { recursive: true });
  await writeFile(join(CONSOLE_DIST, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const total = Object.values(sizes).reduce((n, s) => n + s.br, 0);
  say(`console built in ${Date.now() - started} ms: ${manifest.script}, ${manifest.style} (${total} bytes brotli)`);
  return manifest;
}

if (require.main === module) {
  buildConsole({ force: process.argv.includes('--force'), say: (line) => process.stdout.write(`${line}\n`) }).catch(
    (err: unknown) => {
      process.stderr.write(`console build failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}

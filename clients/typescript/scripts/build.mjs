/**
 * `npm run build`, and `prepack` (so `npm pack` and `npm publish` always ship a fresh build). Writes dist/:
 *   cjs/index.js, cjs/bin.js  CommonJS bundles made by esbuild, openapi-fetch inside them: no runtime dependency
 *   cjs/*.d.ts                the types, by the TypeScript compiler (declarations only)
 *   esm/index.mjs, .d.mts     the ES module entry point: the CommonJS build's exports, re-exported by name
 * One implementation behind both entry points: an application that loads the SDK both ways still has one AssayError
 * class, so `instanceof` holds. The Assay repository's docs/decisions.md 330 says why.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(pkg, 'package.json'));
const { buildSync } = require('esbuild');
const { engines } = require('./package.json');
const dist = join(pkg, 'dist');

rmSync(dist, { recursive: true, force: true });
const bundled = buildSync({
  entryPoints: [join(pkg, 'src', 'index.ts'), join(pkg, 'src', 'bin.ts')],
  outdir: join(dist, 'cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: `node${/\d+(\.\d+)?/.exec(engines.node)[0]}`,
  legalComments: 'none', // openapi-fetch's license ships whole, in dist/THIRD-PARTY-LICENSES
  logLevel: 'warning',
  write: false,
});
mkdirSync(join(dist, 'cjs'), { recursive: true });
for (const file of bundled.outputFiles) {
  // esbuild heads each bundled module with its path from here; where node_modules sits is this checkout's business.
  writeFileSync(file.path, file.text.replace(/^(\s*)\/\/ (?:\.\.\/)+node_modules\//gm, '$1// node_modules/'));
}
execFileSync(
  process.execPath,
  [require.resolve('typescript/bin/tsc'), '-p', join(pkg, 'tsconfig.json'), '--emitDeclarationOnly'],
  { stdio: 'inherit' },
);

const names = Object.keys(require(join(dist, 'cjs', 'index.js')))
  .filter((name) => name !== '__esModule' && name !== 'default')
  .sort();
if (!names.includes('Assay')) throw new Error(`dist/cjs/index.js exports no Assay: ${names.join(', ')}`);
mkdirSync(join(dist, 'esm'), { recursive: true });
writeFileSync(
  join(dist, 'esm', 'index.mjs'),
  `// The ES module entry point of @assay/sdk: the CommonJS build's exports, by name.\n` +
    `import sdk from '../cjs/index.js';\n\n` +
    `export const {\n${names.map((n) => `  ${n},\n`).join('')}} = sdk;\n`,
);
writeFileSync(join(dist, 'esm', 'index.d.mts'), `export * from '../cjs/index.js';\n`);

const fetchPkg = require('openapi-fetch/package.json');
const fetchLicense = readFileSync(join(dirname(require.resolve('openapi-fetch/package.json')), 'LICENSE'), 'utf8');
writeFileSync(
  join(dist, 'THIRD-PARTY-LICENSES'),
  `dist/cjs bundles ${fetchPkg.name} ${fetchPkg.version} (${fetchPkg.homepage}), under this license:\n\n${fetchLicense}`,
);

/**
 * Build outputs are not source: after the README's `(cd clients/typescript && npm pack)` or a Python SDK build, the
 * checkout holds compiled and installed files that `npm run lint` must not read (they once failed it with parsing
 * errors). ESLint and Prettier skip what .gitignore ignores; a file is written under each ignored place and both
 * tools are asked, the way `npm run lint` asks them, whether they would read it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
/** Not parseable, not formatted: linting or format-checking it fails. */
const BROKEN = 'export const   = ;\n';
const probe = `lint-probe-${process.pid}`;
/** One file under each place a build or install writes (all in .gitignore). */
const built = [
  `clients/typescript/dist/${probe}.d.ts`,
  `clients/typescript/dist/${probe}.ts`,
  `clients/python/build/${probe}.ts`,
  `bench/tmp/${probe}.ts`,
  `.fuzz/${probe}.ts`,
];
const source = 'api/server.ts';

function run(args: string[]) {
  return spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
}

/** `path → ignored?` as ESLint sees it with the project's eslint.config.mjs. */
function eslintIgnores(paths: string[]): Record<string, boolean> {
  const script = `
    const { ESLint } = require('eslint');
    const eslint = new ESLint({ cwd: process.cwd() });
    Promise.all(${JSON.stringify(paths)}.map(async (p) => [p, await eslint.isPathIgnored(p)]))
      .then((pairs) => process.stdout.write(JSON.stringify(Object.fromEntries(pairs))));`;
  const result = run(['-e', script]);
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as Record<string, boolean>;
}

/** The Prettier part of `npm run lint`, on `paths` instead of `.`. */
function prettierCheck(paths: string[]) {
  const lint = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { lint: string } }).scripts
    .lint;
  const command = /prettier (.*) \.$/.exec(
    lint
      .split('&&')
      .find((part) => part.includes('prettier'))!
      .trim(),
  );
  if (!command) throw new Error(`no \`prettier … .\` in the lint script: ${lint}`);
  const args = command[1]!.split(/\s+/);
  return run([join(ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs'), ...args, ...paths]);
}

beforeAll(() => {
  for (const file of built) {
    mkdirSync(dirname(join(ROOT, file)), { recursive: true });
    writeFileSync(join(ROOT, file), BROKEN);
  }
});
afterAll(() => {
  for (const file of built) rmSync(join(ROOT, file), { force: true });
});

it('ESLint skips files under what .gitignore ignores, and still reads the source', () => {
  const ignored = eslintIgnores([...built, source]);
  expect(ignored).toEqual({ ...Object.fromEntries(built.map((file) => [file, true])), [source]: false });
});

it('Prettier, as `npm run lint` runs it, skips files under what .gitignore ignores', () => {
  const skipped = prettierCheck(built);
  expect({ status: skipped.status, output: skipped.stdout + skipped.stderr }).toEqual({ status: 0, output: '' });
  // The same check on an unformatted file it does read fails, so the pass above is the ignore at work.
  const readable = join('test', 'unit', `${probe}.ts`);
  writeFileSync(join(ROOT, readable), BROKEN);
  try {
    expect(prettierCheck([readable]).status).not.toBe(0);
  } finally {
    rmSync(join(ROOT, readable), { force: true });
  }
});

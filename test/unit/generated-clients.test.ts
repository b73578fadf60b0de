/**
 * The SDKs' generated code matches the API's contract as it is now: regenerating from the OpenAPI document the
 * route declarations produce must give exactly the committed files, so a contract change without
 * `npm run generate:clients` fails here (and in CI). Also: the README's quickstarts are the tested example files.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

// As a process, exactly as `npm run generate:clients -- --check` runs (openapi-typescript is ESM inside).
it('clients/typescript/src/generated/schema.ts and clients/python/assay/models.py are up to date', () => {
  const check = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'scripts', 'generate-clients.ts'), '--check'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 600_000,
    },
  );
  if (check.status !== 0)
    throw new Error(`generate-clients --check exited ${check.status}:\n${check.stdout}${check.stderr}`);
  expect(check.stdout).toContain('generated clients are up to date');
}, 600_000);

it('the --check mode notices a generated file that differs', () => {
  // Runs the comparison on a copy of the real sources with one byte changed, without touching the committed files.
  const script = `
    const { generatedSources, staleFiles, GENERATED } = require('./scripts/generate-clients');
    const { readFileSync } = require('node:fs');
    generatedSources().then((sources) => {
      const fresh = staleFiles(sources);
      const altered = staleFiles({ ...sources, python: sources.python + '# edited by hand\\n' });
      process.stdout.write(JSON.stringify({ fresh, altered, python: GENERATED.python }));
    });`;
  const out = JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 600_000,
    }),
  );
  expect(out.fresh).toEqual([]);
  expect(out.altered).toEqual([out.python]);
}, 600_000);

it("the README's TypeScript and Python quickstarts are examples/quickstart.ts and examples/quickstart.py verbatim", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  for (const [lang, file] of [
    ['ts', 'quickstart.ts'],
    ['python', 'quickstart.py'],
  ] as const) {
    const source = readFileSync(join(ROOT, 'examples', file), 'utf8');
    expect(readme).toContain(`\`\`\`${lang}\n${source}\`\`\``);
  }
});

/**
 * What people read about the SDK packages before adding one: both carry the API's version (the OpenAPI document's
 * `info.version`), the repository and both packages one license with its text beside each, and both name the same
 * repository. Building and installing them is test/integration/packages.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_VERSION } from '../../api/openapi';
import { VERSION } from '../../clients/typescript/src/version';

const ROOT = join(__dirname, '..', '..');
const read = (...path: string[]) => readFileSync(join(ROOT, ...path), 'utf8');
const rootPackage = JSON.parse(read('package.json')) as { license: string };
const npmPackage = JSON.parse(read('clients', 'typescript', 'package.json')) as {
  version: string;
  license: string;
  homepage: string;
  repository: { url: string; directory: string };
};
const pyproject = read('clients', 'python', 'pyproject.toml');
const pythonVersion = /^__version__ = "([^"]+)"$/m.exec(read('clients', 'python', 'assay', '_version.py'))?.[1];
/** `[project.urls]` of pyproject.toml. */
const pythonUrls = Object.fromEntries(
  [...(/^\[project\.urls\]\n((?:\w+ = ".*"\n)+)/m.exec(pyproject)?.[1] ?? '').matchAll(/^(\w+) = "(.*)"$/gm)].map(
    (m) => [m[1], m[2]],
  ),
);

it("both SDK packages and the TypeScript SDK's User-Agent carry the API's version", () => {
  expect(API_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  expect({ npm: npmPackage.version, userAgent: VERSION, python: pythonVersion }).toEqual({
    npm: API_VERSION,
    userAgent: API_VERSION,
    python: API_VERSION,
  });
  // The Python package's version is read from assay/_version.py, not written twice.
  expect(pyproject).toMatch(/^dynamic = \["version"\]$/m);
  expect(pyproject).toContain('version = { attr = "assay._version.__version__" }');
  expect(pyproject).not.toMatch(/^version = "/m);
});

it("each package's CHANGELOG starts with its current version (after what is not released yet, if anything)", () => {
  for (const dir of ['typescript', 'python']) {
    const headings = [...read('clients', dir, 'CHANGELOG.md').matchAll(/^## (\S+)/gm)].map((m) => m[1]);
    expect(headings[0] === 'Unreleased' ? headings[1] : headings[0]).toBe(API_VERSION);
  }
});

it('the repository and both packages are under one license, Apache-2.0, its text beside each', () => {
  expect([rootPackage.license, npmPackage.license, /^license = "(.*)"$/m.exec(pyproject)?.[1]]).toEqual([
    'Apache-2.0',
    'Apache-2.0',
    'Apache-2.0',
  ]);
  const license = read('LICENSE');
  expect(license).toMatch(/^\s*Apache License\s+Version 2\.0, January 2004/);
  expect(read('clients', 'typescript', 'LICENSE')).toBe(license);
  expect(read('clients', 'python', 'LICENSE')).toBe(license);
  expect(pyproject).toContain('license-files = ["LICENSE"]');
});

it('both packages name the same repository and link to their own README and CHANGELOG', () => {
  const repository = pythonUrls.Repository!;
  expect(repository).toMatch(/^https:\/\//);
  expect(npmPackage.repository).toEqual({ type: 'git', url: `git+${repository}.git`, directory: 'clients/typescript' });
  expect(npmPackage.homepage).toBe(`${repository}/tree/main/clients/typescript#readme`);
  expect(pythonUrls).toMatchObject({
    Homepage: `${repository}/tree/main/clients/python#readme`,
    Changelog: `${repository}/blob/main/clients/python/CHANGELOG.md`,
  });
});

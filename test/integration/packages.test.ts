/**
 * The SDK packages as someone outside this repository meets them, against the real stack through a listening API.
 * TypeScript: `npm pack` (which builds through `prepack`), the tarball installed offline into an empty project, and
 * there an ES module script and a CommonJS script uploading, running, waiting and downloading the output, a
 * TypeScript file using the SDK's types compiled with `tsc --strict`, and `npx assay run … --wait --out`. Python:
 * `python -m build` (the sdist, then the wheel from it), the wheel installed into a fresh venv with only its declared
 * requirements, and the README's quickstart run there. Neither installed tree may name this repository or its tools.
 * One pack and one install serve every TypeScript check; the build venv is .venv-sdk (scripts/python-venv.ts).
 */
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { Assay, type Run } from '../../clients/typescript/src';
import { ensureSdkVenv, PYTHON_CLIENT_DIR, SDK_WHEELHOUSE } from '../../scripts/python-venv';
import { ROOT, runProcess, type Finished } from '../support/cli';
import { newAccount } from '../support/identity';
import { startListeningApi, type ListeningApi } from '../support/listening-api';

jest.setTimeout(180_000);

const SDK_DIR = join(ROOT, 'clients', 'typescript');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const ESSAY = join(ROOT, 'examples', 'essay.txt');

let api: ListeningApi;
let assay: Assay;
let env: NodeJS.ProcessEnv;
let tmp: string;
/** The empty project the npm tarball is installed into. */
let app: string;
let tarballFiles: string[];

/**
 * Runs a command as a shell outside npm would: without the npm_* variables `npm test` exports (npm_config_local_prefix
 * would point a nested npm back at this repository). Throws with the output when it fails.
 */
async function sh(command: string, args: string[], cwd: string, extra: NodeJS.ProcessEnv = {}): Promise<Finished> {
  const unset = Object.fromEntries(Object.keys(process.env).flatMap((k) => (/^npm_/i.test(k) ? [[k, undefined]] : [])));
  const result = await runProcess(command, args, { ...unset, ...extra }, 240_000, cwd);
  if (result.code !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
  return result;
}

/** The files under `dir`, less Python's byte code (compiled at install, in the venv, from the files checked here). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => !f.includes('__pycache__'))
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());
}

/**
 * What an installed tree must not contain: this checkout's path or any absolute path of the machine it was built on,
 * a path climbing out of the package, a file of the repository, or a development tool of the repository.
 */
function repositoryTraces(dir: string): string[] {
  const patterns = [
    new RegExp(ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    /\/work\//,
    /\.\.\/\.\./,
    // a file of the repository named by its path (a link to it in a URL is fine)
    /(?<![\w/.-])(api|domain|activities|workflows|worker|scripts|test|bench|examples|clients|docs)\/[\w./-]+\.(ts|js|py|md)\b/,
    /\btsx\b/,
    /\bjest\b/,
    /@swc\//,
  ];
  const found: string[] = [];
  for (const file of filesUnder(dir)) {
    let text = readFileSync(file, 'utf8');
    // npm leaves package.json's scripts in the package; they run only on a checkout of the source.
    if (file === join(dir, 'package.json')) text = JSON.stringify({ ...JSON.parse(text), scripts: undefined });
    for (const pattern of patterns) {
      const match = pattern.exec(text);
      if (match)
        found.push(`${relative(dir, file)}: ${JSON.stringify(text.slice(match.index - 40, match.index + 40))}`);
    }
  }
  return found;
}

/** Asserts the first line `run_… succeeded (mime)` names a run that succeeded and the rest is its output. */
async function expectFinishedRun(result: Finished): Promise<Run> {
  expect(result.stderr).toBe('');
  const [first, ...rest] = result.stdout.trimEnd().split('\n');
  const runId = /^(run_\w+) succeeded \(application\/json(; charset=utf-8)?\)$/.exec(first ?? '')?.[1];
  expect(runId).toBeDefined();
  const run = await assay.runs.get(runId!);
  expect(run.status).toBe('succeeded');
  expect(JSON.parse(rest.join('\n'))).toEqual(run.output);
  return run;
}

beforeAll(async () => {
  api = await startListeningApi();
  const key = await (await newAccount(api.t)).key({ mode: 'test' });
  assay = new Assay({ apiKey: key, baseUrl: api.baseUrl });
  env = { ASSAY_API_KEY: key, ASSAY_BASE_URL: api.baseUrl };
  tmp = mkdtempSync(join(tmpdir(), 'assay-packages-'));

  await sh('npm', ['pack', '--pack-destination', tmp], SDK_DIR);
  const tarball = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack left no tarball in ${tmp}`);
  tarballFiles = (await sh('tar', ['-tzf', join(tmp, tarball)], tmp)).stdout.trim().split('\n');
  app = join(tmp, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }));
  copyFileSync(ESSAY, join(app, 'essay.txt'));
  // --offline: a package with no runtime dependency needs nothing from a registry.
  await sh('npm', ['install', '--offline', '--no-audit', '--no-fund', join(tmp, tarball)], app);
}, 300_000);

afterAll(async () => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  await api?.close();
});

describe('the TypeScript SDK installed from its npm tarball', () => {
  it('ships the built ES module and CommonJS entry points, their types and the license, with no source', () => {
    const files = tarballFiles.map((f) => f.replace(/^package\//, ''));
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'LICENSE',
        'README.md',
        'CHANGELOG.md',
        'dist/cjs/index.js',
        'dist/cjs/index.d.ts',
        'dist/cjs/bin.js',
        'dist/esm/index.mjs',
        'dist/esm/index.d.mts',
      ]),
    );
    expect(files.filter((f) => f.startsWith('src/') || (/\.[cm]?ts$/.test(f) && !/\.d\.[cm]?ts$/.test(f)))).toEqual([]);
    const installed = JSON.parse(readFileSync(join(app, 'node_modules', '@assay', 'sdk', 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      scripts?: Record<string, string>;
      exports: Record<string, unknown>;
    };
    expect(installed.dependencies ?? {}).toEqual({});
    // Nothing runs when it is installed (prepack builds it only when packed from source).
    expect(Object.keys(installed.scripts ?? {}).filter((s) => /install|prepare/.test(s))).toEqual([]);
    expect(installed.exports['.']).toEqual({
      import: { types: './dist/esm/index.d.mts', default: './dist/esm/index.mjs' },
      require: { types: './dist/cjs/index.d.ts', default: './dist/cjs/index.js' },
    });
    // Nothing but the SDK was installed.
    expect(readdirSync(join(app, 'node_modules')).sort()).toEqual(['.bin', '.package-lock.json', '@assay']);
  });

  it('an ES module script uploads, runs, waits and prints the output; import and require share one AssayError', async () => {
    writeFileSync(
      join(app, 'quickstart.mjs'),
      `import { createRequire } from 'node:module';
import { Assay, AssayError } from '@assay/sdk';

if (createRequire(import.meta.url)('@assay/sdk').AssayError !== AssayError) throw new Error('two AssayError classes');
const assay = new Assay(); // ASSAY_API_KEY, ASSAY_BASE_URL
const document = await assay.documents.upload('essay.txt');
const workflow = await assay.workflows.create({
  product_code: 'essay_grading',
  name: 'ESM',
  prompt_template_id: 'tpl_rubric_scoring',
});
const run = await assay.runs.create(workflow.id, { input_documents: [document.id] });
const finished = await assay.runs.wait(run.id, { timeoutMs: 60_000 });
const output = await assay.runs.output(finished.id);
console.log(\`\${finished.id} \${finished.status} (\${output.mimeType})\`);
console.log(output.text());
`,
    );
    const run = await expectFinishedRun(await sh(process.execPath, ['quickstart.mjs'], app, env));
    expect(run.input_documents).toHaveLength(1);
  });

  it('a CommonJS script does the same and catches a typed NotFoundError', async () => {
    writeFileSync(
      join(app, 'quickstart.cjs'),
      `const { Assay, NotFoundError } = require('@assay/sdk');

async function main() {
  const assay = new Assay({ apiKey: process.env.ASSAY_API_KEY, baseUrl: process.env.ASSAY_BASE_URL });
  const missing = await assay.runs.get('run_00000000000000000000000000').catch((err) => err);
  if (!(missing instanceof NotFoundError) || missing.code !== 'not_found') throw missing;
  const document = await assay.documents.upload('essay.txt');
  const workflow = await assay.workflows.create({
    product_code: 'essay_grading',
    name: 'CommonJS',
    prompt_template_id: 'tpl_rubric_scoring',
  });
  const run = await assay.runs.create(workflow.id, { input_documents: [document.id] });
  const finished = await assay.runs.wait(run.id, { timeoutMs: 60_000 });
  const output = await assay.runs.output(finished.id);
  console.log(\`\${finished.id} \${finished.status} (\${output.mimeType})\`);
  console.log(output.text());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
`,
    );
    await expectFinishedRun(await sh(process.execPath, ['quickstart.cjs'], app, env));
  });

  it('TypeScript using the SDK types compiles under tsc --strict, as an ES module and as CommonJS', async () => {
    // The @ts-expect-error lines fail the compile if the SDK's types were missing (everything `any`) or too loose.
    const source = `import {
  Assay,
  NotFoundError,
  webhooks,
  type Batch,
  type BatchStatus,
  type Run,
  type RunStatus,
  type WebhookEvent,
} from '@assay/sdk';

const assay = new Assay({ apiKey: 'ak_test_example', maxRetries: 1 });

export async function statuses(workflowId: string): Promise<RunStatus[]> {
  const out: RunStatus[] = [];
  for await (const run of assay.runs.list({ workflowId, limit: 10 })) out.push(run.status);
  return out;
}
export const eventType = (body: string, header: string, secret: string): WebhookEvent['type'] =>
  webhooks.verify(body, header, secret).type;
export const missing = (err: unknown): boolean => err instanceof NotFoundError && err.status === 404;
export const inputs = (run: Run): string[] => run.input_documents;
// @ts-expect-error not a run status
export const wrong: RunStatus = 'done';
// @ts-expect-error runs.create needs the workflow id
export const noWorkflow = () => assay.runs.create();
export async function succeeded(workflowId: string, documentIds: string[]): Promise<number> {
  const items = documentIds.map((id) => ({ input_documents: [id], external_id: id }));
  const batch = await assay.batches.create(workflowId, { items, max_concurrency: 5 });
  const done: Batch = await assay.batches.wait(batch.id, { onProgress: (b) => console.log(b.counts.running) });
  const results = await assay.batches.downloadResults(done.id, { format: 'jsonl' });
  return results.bytes.byteLength + done.counts.succeeded;
}
// @ts-expect-error a run's status, not a batch's
export const wrongBatch: BatchStatus = 'failed';
// @ts-expect-error not a results format
export const wrongFormat = () => assay.batches.results('bat_1', { format: 'xls' });
`;
    writeFileSync(join(app, 'typed.mts'), source);
    writeFileSync(join(app, 'typed.cts'), source);
    // And a real mistake, which must be the one error reported.
    writeFileSync(
      join(app, 'mistake.mts'),
      `import type { Run } from '@assay/sdk';\nexport const id: number = ({} as Run).id;\n`,
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          noEmit: true,
          // No @types/node: the SDK's declarations need only the standard library and fetch's types. Its own
          // .d.ts files are checked (no skipLibCheck); TypeScript's bundled lib files are not, to save time.
          lib: ['es2023', 'dom'],
          types: [],
          skipDefaultLibCheck: true,
        },
        files: ['typed.mts', 'typed.cts', 'mistake.mts'],
      }),
    );
    const compiled = await runProcess(process.execPath, [TSC, '--strict', '-p', 'tsconfig.json'], {}, 240_000, app);
    expect(compiled.stderr).toBe('');
    expect(compiled.stdout.trim()).toMatch(
      /^mistake\.mts\(2,14\): error TS2322: Type 'string' is not assignable to type 'number'\.$/,
    );
    expect(compiled.code).not.toBe(0);
  });

  it('`npx assay run … --wait --out` runs a workflow on a file and saves its output', async () => {
    const wf = await assay.workflows.create({
      product_code: 'essay_grading',
      name: 'CLI',
      prompt_template_id: 'tpl_rubric_scoring',
    });
    const ran = await sh(
      'npx',
      ['--no-install', 'assay', 'run', wf.id, 'essay.txt', '--wait', '--out', 'out.json'],
      app,
      env,
    );
    const runId = /^(run_\w+)\s+succeeded\s+/m.exec(ran.stdout)?.[1];
    expect(runId).toBeDefined();
    expect(ran.stderr).toContain('wrote out.json (application/json');
    const run = await assay.runs.get(runId!);
    expect(JSON.parse(readFileSync(join(app, 'out.json'), 'utf8'))).toEqual(run.output);
  });

  it('names nothing of this repository: no path, no development tool, no import outside the package', () => {
    const pkg = join(app, 'node_modules', '@assay', 'sdk');
    expect(repositoryTraces(pkg)).toEqual([]);
    const outside: string[] = [];
    for (const file of filesUnder(pkg).filter((f) => /\.(c|m)?js$|\.d\.(c|m)?ts$/.test(f))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:require\(|import\(|from\s+)["']([^"']+)["']/g)) {
        const spec = m[1]!;
        if (builtinModules.includes(spec.replace(/^node:/, ''))) continue;
        const target = resolve(dirname(file), spec);
        if (spec.startsWith('.') && !relative(pkg, target).startsWith('..')) continue;
        outside.push(`${relative(pkg, file)}: ${spec}`);
      }
    }
    expect(outside).toEqual([]);
  });
});

describe('the Python SDK built as a wheel and an sdist', () => {
  let dist: string;
  let venv: string;

  beforeAll(async () => {
    const python = ensureSdkVenv((line) => process.stdout.write(`[python] ${line}\n`));
    dist = join(tmp, 'python-dist');
    // Without --sdist/--wheel, build makes the sdist and then the wheel from it: the wheel proves the sdist whole.
    await sh(python, ['-m', 'build', '--no-isolation', '--outdir', dist, PYTHON_CLIENT_DIR], tmp);
    venv = join(tmp, 'venv');
    await sh('python3', ['-m', 'venv', '--without-pip', venv], tmp);
    const wheel = readdirSync(dist).find((f) => f.endsWith('.whl'));
    // Only the wheel and its declared requirements (from the pinned wheelhouse), through .venv-sdk's pip.
    if (!wheel) throw new Error(`python -m build left no wheel in ${dist}`);
    const pip = ['-m', 'pip', '--python', join(venv, 'bin', 'python'), 'install', '--quiet', '--no-index'];
    await sh(python, [...pip, '--find-links', SDK_WHEELHOUSE, join(dist, wheel)], tmp);
  }, 600_000);

  it('builds assay_sdk at the API version, with the license, the README and py.typed, and no tests', async () => {
    const version = /^__version__ = "(.+)"$/m.exec(
      readFileSync(join(PYTHON_CLIENT_DIR, 'assay', '_version.py'), 'utf8'),
    )![1];
    expect(readdirSync(dist).sort()).toEqual([`assay_sdk-${version}-py3-none-any.whl`, `assay_sdk-${version}.tar.gz`]);
    const sdist = (await sh('tar', ['-tzf', join(dist, `assay_sdk-${version}.tar.gz`)], tmp)).stdout.split('\n');
    const root = `assay_sdk-${version}`;
    expect(sdist).toEqual(
      expect.arrayContaining(
        ['LICENSE', 'README.md', 'CHANGELOG.md', 'pyproject.toml', 'assay/py.typed'].map((f) => `${root}/${f}`),
      ),
    );
    expect(sdist.filter((f) => f.startsWith(`${root}/tests`))).toEqual([]);
  });

  it("installs into a fresh venv, where the README's quickstart uploads, runs, waits and prints the output", async () => {
    const project = join(tmp, 'pyapp');
    mkdirSync(join(project, 'examples'), { recursive: true });
    copyFileSync(join(ROOT, 'examples', 'quickstart.py'), join(project, 'quickstart.py'));
    copyFileSync(ESSAY, join(project, 'examples', 'essay.txt'));
    const python = join(venv, 'bin', 'python');
    const where = await sh(
      python,
      ['-c', 'import assay, sys; print(assay.__file__); print(assay.__version__)'],
      project,
    );
    const [file, version] = where.stdout.trim().split('\n');
    expect(file!.startsWith(join(venv, 'lib'))).toBe(true);
    expect(version).toBe(JSON.parse(readFileSync(join(SDK_DIR, 'package.json'), 'utf8')).version);
    expect(statSync(join(dirname(file!), 'py.typed')).isFile()).toBe(true);

    await expectFinishedRun(await sh(python, ['quickstart.py'], project, env));
  });

  it('names nothing of this repository in the installed package', () => {
    const lib = join(venv, 'lib');
    const sitePackages = join(
      lib,
      readdirSync(lib).find((v) => v.startsWith('python'))!,
      'site-packages',
    );
    const installed = readdirSync(sitePackages).filter((d) => d === 'assay' || d.startsWith('assay_sdk-'));
    expect(installed.sort()).toEqual(['assay', expect.stringMatching(/^assay_sdk-.*\.dist-info$/)]);
    expect(installed.flatMap((d) => repositoryTraces(join(sitePackages, d)))).toEqual([]);
  });
});

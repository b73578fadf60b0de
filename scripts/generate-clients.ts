/**
 * `npm run generate:clients`: regenerates the SDKs' code from the OpenAPI document the API serves at
 * /v1/openapi.json — built here in-process from the route declarations (api/openapi.ts), so nothing is started:
 *   clients/typescript/src/generated/schema.ts  (openapi-typescript)
 *   clients/python/assay/models.py              (datamodel-code-generator, pinned in .venv-sdk)
 *   clients/python/assay/_sync.py               (from the asynchronous client _async.py: scripts/sync-client.ts)
 * `--check` writes nothing and exits 1 naming each file that differs from what generation would write now; a test
 * runs it, so a change to the API's contract without regeneration fails `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { apiRoutes } from '../api/app';
import { buildOpenApiDocument } from '../api/openapi';
import { parseConfig } from '../domain/platform/config';
import { ensureSdkVenv, venvBin } from './python-venv';
import { SYNC_CLIENT, syncClientNow } from './sync-client';

const ROOT = join(__dirname, '..');
export const GENERATED = {
  typescript: join(ROOT, 'clients', 'typescript', 'src', 'generated', 'schema.ts'),
  python: join(ROOT, 'clients', 'python', 'assay', 'models.py'),
  pythonSync: SYNC_CLIENT,
};
/** A fixed server address: the SDKs take theirs from the caller, and the output must not depend on the environment. */
const SERVER_URL = 'http://127.0.0.1:8080/v1';
/** Names no file of the repository: the header ships in the installed packages, which name nothing of it. */
const HEADER =
  "Generated from the Assay API's OpenAPI document (/v1/openapi.json). Do not edit; run `npm run generate:clients`.";

export function openApiDocument(): Record<string, unknown> {
  // Route declarations only read their dependencies inside handlers, so none of these is touched.
  const config = parseConfig({ NODE_ENV: 'development' });
  const routes = apiRoutes({
    config,
    logger: {} as never,
    db: {} as never,
    storage: {} as never,
    temporal: {} as never,
  });
  return buildOpenApiDocument(routes, SERVER_URL);
}

async function typescriptSource(document: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(document as never, { alphabetize: false, exportType: false });
  return `// ${HEADER}\n/* eslint-disable */\n${astToString(ast)}`;
}

function pythonSource(document: Record<string, unknown>): string {
  ensureSdkVenv((line) => process.stderr.write(`[generate] ${line}\n`));
  const dir = mkdtempSync(join(tmpdir(), 'assay-gen-'));
  try {
    const input = join(dir, 'openapi.json');
    const output = join(dir, 'models.py');
    writeFileSync(input, JSON.stringify(document));
    execFileSync(
      venvBin('datamodel-codegen'),
      [
        '--input',
        input,
        '--input-file-type',
        'openapi',
        '--output',
        output,
        '--output-model-type',
        'pydantic_v2.BaseModel',
        '--target-python-version',
        '3.10',
        '--enum-field-as-literal',
        'all',
        '--use-annotated',
        '--use-standard-collections',
        '--use-union-operator',
        '--field-constraints',
        '--use-schema-description',
        '--use-field-description',
        '--formatters',
        'black',
        'isort',
        '--disable-timestamp',
        '--custom-file-header',
        `# ${HEADER}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PYTHONWARNINGS: 'ignore' } },
    );
    return readFileSync(output, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What each generated file should contain now. */
export async function generatedSources(): Promise<Record<keyof typeof GENERATED, string>> {
  const document = openApiDocument();
  return { typescript: await typescriptSource(document), python: pythonSource(document), pythonSync: syncClientNow() };
}

/** The generated files whose content differs from `sources` (an empty list: up to date). */
export function staleFiles(sources: Record<keyof typeof GENERATED, string>): string[] {
  return (Object.keys(GENERATED) as Array<keyof typeof GENERATED>)
    .filter((kind) => {
      let current = '';
      try {
        current = readFileSync(GENERATED[kind], 'utf8');
      } catch {
        // missing counts as stale
      }
      return current !== sources[kind];
    })
    .map((kind) => GENERATED[kind]);
}

async function main(): Promise<void> {
  const sources = await generatedSources();
  if (process.argv.includes('--check')) {
    const stale = staleFiles(sources);
    if (stale.length === 0) return void process.stdout.write('generated clients are up to date\n');
    process.stderr.write(`out of date (run \`npm run generate:clients\`):\n${stale.map((f) => `  ${f}`).join('\n')}\n`);
    process.exit(1);
  }
  for (const kind of Object.keys(GENERATED) as Array<keyof typeof GENERATED>) {
    writeFileSync(GENERATED[kind], sources[kind]);
    process.stdout.write(`wrote ${GENERATED[kind]}\n`);
  }
}

if (require.main === module)
  void main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });

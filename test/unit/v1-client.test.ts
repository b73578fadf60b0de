/**
 * The contract only grows: a client generated from the current OpenAPI document by
 * openapi-typescript, used by a program written against v1's field types (test/fixtures/v1-client/program.ts), still
 * compiles under `tsc --strict`. The document is built as `npm run generate:clients` builds it, in a child process
 * (openapi-typescript is ESM inside), and the client is generated into a temporary directory.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');
const PROGRAM = join(ROOT, 'test', 'fixtures', 'v1-client', 'program.ts');

it('a v1 program compiles under tsc --strict against a client generated from the current OpenAPI document', () => {
  const dir = mkdtempSync(join(tmpdir(), 'assay-v1-client-'));
  try {
    const script = `
      const { openApiDocument } = require('./scripts/generate-clients');
      import('openapi-typescript').then(async ({ default: openapiTS, astToString }) => {
        const ast = await openapiTS(openApiDocument(), { alphabetize: false, exportType: false });
        require('node:fs').writeFileSync(${JSON.stringify(join(dir, 'schema.ts'))}, astToString(ast));
      });`;
    execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: ROOT, timeout: 300_000 });
    const program = readFileSync(PROGRAM, 'utf8').replace(
      "'../../../clients/typescript/src/generated/schema'",
      "'./schema'",
    );
    expect(program).toContain("from './schema'");
    writeFileSync(join(dir, 'program.ts'), program);

    const compiled = ts.createProgram([join(dir, 'program.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      types: [],
    });
    const problems = ts
      .getPreEmitDiagnostics(compiled)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 300_000);

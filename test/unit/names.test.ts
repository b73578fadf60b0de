/**
 * Names that say one thing (issue 41): no two exported functions of domain/ and activities/ share a name across
 * folders (a capability of domain/, or activities/). Two `startRun`s — one starting a run's job, one marking the run
 * started — read the same at every call site and did different things. A failure prints each shared name and where.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { ROOT, sourceFiles } from '../support/import-graph';

const exported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The functions a file exports by declaration: `export function f`, `export const f = (…) => …` or `function`. */
export function exportedFunctions(source: string): string[] {
  const file = ts.createSourceFile('f.ts', source, ts.ScriptTarget.ES2022, false);
  const names: string[] = [];
  for (const statement of file.statements) {
    if (!exported(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) names.push(statement.name.text);
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        const init = d.initializer;
        if (ts.isIdentifier(d.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
          names.push(d.name.text);
      }
    }
  }
  return names;
}

const folderOf = (file: string) => (file.startsWith('domain/') ? file.split('/').slice(0, 2).join('/') : 'activities');

it('exports no function name from two folders of domain/ and activities/', () => {
  const where = new Map<string, Set<string>>();
  const files = new Map<string, string[]>();
  for (const file of sourceFiles(['domain', 'activities'])) {
    for (const name of exportedFunctions(readFileSync(join(ROOT, file), 'utf8'))) {
      where.set(name, (where.get(name) ?? new Set()).add(folderOf(file)));
      files.set(name, [...(files.get(name) ?? []), file]);
    }
  }
  const shared = [...where.entries()]
    .filter(([, folders]) => folders.size > 1)
    .map(([name]) => `${name}: ${files.get(name)!.join(', ')}`)
    .sort();
  expect(shared).toEqual([]);
});

it('sees every kind of exported function (the reader itself)', () => {
  const source = [
    'export function a() {}',
    'export async function b() {}',
    'export const c = () => 1;',
    'export const d = async function () {};',
    'export const e = 1;',
    'function f() {}',
    'export interface G {}',
  ].join('\n');
  expect(exportedFunctions(source)).toEqual(['a', 'b', 'c', 'd']);
});

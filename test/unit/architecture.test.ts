/**
 * The import graph, type-only imports included (test/support/import-graph.ts). ESLint's `import-x/no-cycle`
 * (npm run lint) catches run-time cycles; this test catches the type-level tangles it skips. The jobs gateway types
 * its calls by the signatures the jobs contract declares (domain/jobs/contract.ts), never by workflow code.
 */
import { cycles, importGraph } from '../support/import-graph';

const APP = ['api', 'domain', 'activities', 'workflows', 'worker', 'scripts'];
it('has no import cycle, type-level included', () => {
  expect(cycles(importGraph(APP))).toEqual([]);
});

it('finds a cycle when there is one (the detector itself)', () => {
  const graph = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts']],
    ['d.ts', ['a.ts']],
  ]);
  expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
});

it('never reaches workflow code from domain/, not even its types', () => {
  const offenders = [...importGraph(APP).entries()]
    .filter(([from]) => from.startsWith('domain/'))
    .flatMap(([from, targets]) => targets.filter((to) => to.startsWith('workflows/')).map((to) => `${from} → ${to}`));
  expect(offenders).toEqual([]);
});

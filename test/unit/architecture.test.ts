/**
 * The import graph, type-only imports included (test/support/import-graph.ts). ESLint's `import-x/no-cycle`
 * (npm run lint) catches run-time cycles; this test catches the type-level tangles it skips. One loop is by design:
 * the jobs gateway types its calls through the workflow functions (`import type` of workflows/, issue 18), and
 * workflow code types its activity proxies through the activities, which use domain/. Every other cycle fails.
 */
import { cycles, importGraph } from '../support/import-graph';

const APP = ['api', 'domain', 'activities', 'workflows', 'worker', 'scripts'];
/** The one sanctioned back edge: the gateway mirrors the workflows' signatures. */
const GATEWAY_MIRROR = { from: 'domain/jobs/index.ts', to: 'workflows/index.ts' };

it('has no import cycle but the gateway mirroring the workflow types', () => {
  const graph = importGraph(APP);
  expect(graph.get(GATEWAY_MIRROR.from)).toContain(GATEWAY_MIRROR.to);
  graph.set(
    GATEWAY_MIRROR.from,
    graph.get(GATEWAY_MIRROR.from)!.filter((to) => to !== GATEWAY_MIRROR.to),
  );
  expect(cycles(graph)).toEqual([]);
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

it('reaches Temporal workflow code from domain/ only through the gateway', () => {
  const offenders = [...importGraph(APP).entries()]
    .filter(([from]) => from.startsWith('domain/') && from !== GATEWAY_MIRROR.from)
    .flatMap(([from, targets]) => targets.filter((to) => to.startsWith('workflows/')).map((to) => `${from} → ${to}`));
  expect(offenders).toEqual([]);
});

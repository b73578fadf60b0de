/**
 * The store seam (domain/store/, docs/decisions.md 350): every module outside it — application code, the benchmark
 * and the tests alike — reaches it through its public index only, so none can come to depend on which strategy
 * runs. And domain/http/ is left holding HTTP concerns only.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { importGraph, ROOT } from '../support/import-graph';

const STORE = 'domain/store/';
const PUBLIC = 'domain/store/index.ts';
const EVERYWHERE = ['api', 'domain', 'activities', 'workflows', 'worker', 'scripts', 'bench', 'test'];

/** `from → to` for every import of a store file other than its index, from a file outside the store. */
function reachesIn(graph: Map<string, string[]>): string[] {
  return [...graph.entries()]
    .filter(([from]) => !from.startsWith(STORE))
    .flatMap(([from, targets]) =>
      targets.filter((to) => to.startsWith(STORE) && to !== PUBLIC).map((to) => `${from} → ${to}`),
    );
}

it('is imported from outside through its index only', () => {
  const graph = importGraph(EVERYWHERE);
  // The seam is in use (a graph that missed the store would pass vacuously).
  expect([...graph.values()].filter((targets) => targets.includes(PUBLIC)).length).toBeGreaterThan(10);
  expect(reachesIn(graph)).toEqual([]);
});

it('names a module that reaches past the index (the check itself)', () => {
  const graph = new Map([
    ['domain/runs/list.ts', ['domain/store/index.ts']],
    ['api/middleware/auth.ts', ['domain/store/pages/roster.ts']],
    ['domain/store/index.ts', ['domain/store/pages/roster.ts']],
  ]);
  expect(reachesIn(graph)).toEqual(['api/middleware/auth.ts → domain/store/pages/roster.ts']);
});

it('leaves domain/http/ with HTTP concerns only', () => {
  expect(readdirSync(join(ROOT, 'domain', 'http')).sort()).toEqual(['errors.ts', 'pagination.ts', 'schemas.ts']);
});

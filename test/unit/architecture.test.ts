/**
 * The import graph, type-only imports included (test/support/import-graph.ts). ESLint's `import-x/no-restricted-paths`
 * and `import-x/no-cycle` (npm run lint) hold the top-level arrows and run-time cycles; this test holds the rest:
 * no import circle at all (type-level included), and inside domain/ every import points down the layer order
 * below, the order README.md's "Dependencies inside domain/" table shows. A failure prints the offending edges.
 */
import { cycles, importGraph } from '../support/import-graph';

const APP = ['api', 'domain', 'activities', 'workflows', 'worker', 'scripts'];

/**
 * domain/'s folders, lowest first: a folder imports only folders listed before it. Plumbing first (it imports no
 * capability), then the capabilities in the one direction they use each other. A new folder must be placed here.
 */
const PLUMBING = ['domain/platform', 'domain/http', 'domain/store', 'domain/jobs', 'domain/backing-services'];
const CAPABILITIES = [
  'domain/json-schema',
  'domain/agreement-metrics',
  'domain/confidence',
  'domain/access',
  'domain/billing',
  'domain/catalog',
  'domain/webhooks',
  'domain/documents',
  'domain/calibration-sets',
  'domain/reviews',
  'domain/evaluation-workflows',
  'domain/runs',
  'domain/batches',
  'domain/calibrations',
  'domain/event-schemas',
  'domain/collections',
  'domain/operations',
];
const LAYERS = [...PLUMBING, ...CAPABILITIES];

const folderOf = (file: string) => file.split('/').slice(0, 2).join('/');

function domainEdges(graph: Map<string, string[]>): Array<{ from: string; to: string; edge: string }> {
  return [...graph.entries()].flatMap(([from, targets]) =>
    targets
      .filter((to) => from.startsWith('domain/') && to.startsWith('domain/') && folderOf(from) !== folderOf(to))
      .map((to) => ({ from, to, edge: `${from} → ${to}` })),
  );
}

const graph = importGraph(APP);

it('places every folder of domain/ in the layer order', () => {
  const folders = [...new Set([...graph.keys()].filter((f) => f.startsWith('domain/')).map(folderOf))].sort();
  expect(folders.filter((f) => !LAYERS.includes(f))).toEqual([]);
});

it('has no upward import inside domain/ (type-only imports included)', () => {
  const upward = domainEdges(graph)
    .filter(({ from, to }) => LAYERS.indexOf(folderOf(to)) > LAYERS.indexOf(folderOf(from)))
    .map(({ edge }) => edge);
  expect(upward).toEqual([]);
});

it('has no two folders of domain/ importing each other', () => {
  const edges = domainEdges(graph);
  const pairs = new Set(edges.map(({ from, to }) => `${folderOf(from)} → ${folderOf(to)}`));
  const both = edges
    .filter(({ from, to }) => pairs.has(`${folderOf(to)} → ${folderOf(from)}`))
    .map(({ edge }) => edge)
    .sort();
  expect(both).toEqual([]);
});

it('keeps plumbing free of capabilities', () => {
  const offenders = domainEdges(graph)
    .filter(({ from, to }) => PLUMBING.includes(folderOf(from)) && CAPABILITIES.includes(folderOf(to)))
    .map(({ edge }) => edge);
  expect(offenders).toEqual([]);
});

it('has no import cycle, type-level included', () => {
  expect(cycles(graph)).toEqual([]);
});

it('finds a cycle when there is one (the detector itself)', () => {
  const sample = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts']],
    ['d.ts', ['a.ts']],
  ]);
  expect(cycles(sample)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
});

it('never reaches workflow code from domain/, not even its types (the jobs contract declares the signatures)', () => {
  const offenders = [...graph.entries()]
    .filter(([from]) => from.startsWith('domain/'))
    .flatMap(([from, targets]) => targets.filter((to) => to.startsWith('workflows/')).map((to) => `${from} → ${to}`));
  expect(offenders).toEqual([]);
});

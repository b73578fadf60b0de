/**
 * The store seam (domain/store/): every module outside it — application code, the benchmark
 * and the tests alike — reaches it through its public index only, so none can come to depend on which strategy
 * runs. And domain/http/ is left holding HTTP concerns only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importGraph, ROOT, sourceFiles } from '../support/import-graph';

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

/**
 * The store's protocol is the store's (domain/store/collection.ts): outside it, application code declares its
 * collections with `defineCollection` and touches them through what that returns, never the watch list, lists,
 * memberships (rosters) or natural keys themselves, never a list position, and no comment reasons about what a
 * strategy does. The store's own tests may reach further: they test it.
 */
const APPLICATION = ['api', 'domain', 'activities', 'workflows', 'worker', 'scripts', 'bench'];

/** What the store's index exports for its own protocol, which only the store itself uses. */
const PROTOCOL = [
  'watchJob',
  'unwatchJob',
  'watchEntry',
  'watchMark',
  'watchSources',
  'watchedByMark',
  'UNWATCHED',
  'MARKED_KINDS',
  'WATCH_MARK_READ',
  'MarkWrite',
  'WatchCandidate',
  'WatchSource',
  'WatchedJobDoc',
  'WatchedKind',
  'lists',
  'Lists',
  'ListSpec',
  'Listed',
  'ListPage',
  'LIST_SORT',
  'forgetListedItems',
  'NOT_CLOSED',
  'CLOSED_POS',
  'ClosableSpec',
  'Membership',
  'Memberships',
  'MembershipSpec',
  'Enrolled',
  'createOnce',
  'purgeNaturalKeys',
  'OnceWriter',
];

const storeImport = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'[./]*(?:domain\/)?store'/g;
const STRATEGY_COMMENT = /under .(pages|query)/;

/** What each application file outside the store does that is the store's: `file: what`. */
function reachesIntoProtocol(files: Array<{ file: string; text: string }>): string[] {
  const found: string[] = [];
  for (const { file, text } of files) {
    if (file.startsWith(STORE)) continue;
    const names = [...text.matchAll(storeImport)].flatMap((m) =>
      m[1]!.split(',').map(
        (n) =>
          n
            .replace(/^\s*type\s+/, '')
            .trim()
            .split(/\s+as\s+/)[0]!,
      ),
    );
    if (names.some((n) => PROTOCOL.includes(n))) found.push(`${file}: imports`);
    if (text.includes('list_pos')) found.push(`${file}: list_pos`);
    if (STRATEGY_COMMENT.test(text)) found.push(`${file}: comments`);
  }
  return found.sort();
}

it('keeps the store’s protocol inside the store', () => {
  const files = sourceFiles(APPLICATION).map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));
  // The check reads the application (a listing that missed it would pass vacuously).
  expect(files.filter((f) => f.file.startsWith('domain/runs/')).length).toBeGreaterThan(5);
  expect(reachesIntoProtocol(files)).toEqual([]);
});

it('names a file that reaches into the protocol (the check itself)', () => {
  const files = [
    { file: 'domain/reviews/reviews.ts', text: "import { watchJob, type TenantDb } from '../store';" },
    { file: 'domain/reviews/list.ts', text: 'const sort = { list_pos: -1 };' },
    { file: 'domain/reviews/notes.ts', text: '// under `pages` this reads one page' },
    { file: 'domain/reviews/fine.ts', text: "import { defineCollection, type TenantDb } from '../store';" },
    { file: 'domain/store/watch.ts', text: "// under `query`: list_pos from './watch'" },
  ];
  expect(reachesIntoProtocol(files)).toEqual([
    'domain/reviews/list.ts: list_pos',
    'domain/reviews/notes.ts: comments',
    'domain/reviews/reviews.ts: imports',
  ]);
});

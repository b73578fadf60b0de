/**
 * The docs a reader of the repository follows: docs/architecture.md exists and the README
 * links it, and every repository path the docs cite exists.
 *
 * A cited path is (a) a code span whose whole content is a path under one of the repository's top-level folders
 * (`domain/runs/lifecycle.ts`, `test/replay/histories/`), (b) such a path in prose or a code block when it names a
 * file (it ends in an extension: `bench/report.ts`), or (c) a relative Markdown link target, resolved from the file
 * that holds it. Spans with placeholders or globs (`routes/<resource>.ts`, `evaluateRun-local-*`) are patterns, not
 * paths, and are not checked.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { apiReferenceSections, badApiReferenceCitations } from '../support/api-reference-citations';
import { badReferences, parseDecisionLog } from '../support/decision-log';

const ROOT = join(__dirname, '..', '..');
const TOP = [
  'api',
  'domain',
  'activities',
  'workflows',
  'worker',
  'scripts',
  'bench',
  'test',
  'clients',
  'examples',
  'docs',
];
const EXTENSIONS = ['ts', 'mts', 'js', 'mjs', 'cjs', 'md', 'json', 'py', 'txt', 'toml', 'yml', 'yaml', 'sh', 'pdf'];

const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  'bench/RESULTS.md',
];

const top = TOP.join('|');
const CODE_SPAN = new RegExp(String.raw`\`((?:${top})/[\w./-]*)\``, 'g');
const PROSE_FILE = new RegExp(
  String.raw`(?<![\w./\`-])((?:${top})/(?:[\w-]+/)*[\w.-]*\.(?:${EXTENSIONS.join('|')}))(?![\w/\`-])`,
  'g',
);
const LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;

interface Cited {
  file: string;
  line: number;
  path: string;
  /** The path from the repository's root. */
  resolved: string;
}

function cited(file: string, markdown = readFileSync(join(ROOT, file), 'utf8')): Cited[] {
  const found: Cited[] = [];
  markdown.split('\n').forEach((text, i) => {
    const line = i + 1;
    for (const m of text.matchAll(CODE_SPAN)) found.push({ file, line, path: m[1]!, resolved: m[1]! });
    for (const m of text.matchAll(PROSE_FILE)) found.push({ file, line, path: m[1]!, resolved: m[1]! });
    for (const m of text.matchAll(LINK)) {
      const target = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue; // a URL or an absolute path
      found.push({ file, line, path: target, resolved: relative(ROOT, join(ROOT, dirname(file), target)) });
    }
  });
  return found;
}

it('cites only repository paths that exist, in README.md, docs/*.md and bench/RESULTS.md', () => {
  const all = DOCS.flatMap((file) => cited(file));
  // What it checked, so a citation the patterns miss shows as missing here rather than passing unseen.
  console.log(
    `${all.length} cited paths in ${DOCS.join(', ')}, e.g.\n` +
      all
        .slice(0, 8)
        .map((c) => `${c.file}:${c.line} ${c.path}`)
        .join('\n'),
  );
  expect(all.length).toBeGreaterThan(100);
  const missing = all
    .filter((c) => !existsSync(join(ROOT, c.resolved)))
    .map((c) => `${c.file}:${c.line}: ${c.path}${c.path === c.resolved ? '' : ` (${c.resolved})`} does not exist`);
  expect(missing).toEqual([]);
});

it('has docs/architecture.md and docs/api-reference.md, linked from the README and from docs/decisions.md', () => {
  expect(existsSync(join(ROOT, 'docs', 'architecture.md'))).toBe(true);
  expect(existsSync(join(ROOT, 'docs', 'api-reference.md'))).toBe(true);
  const links = (file: string) =>
    [...readFileSync(join(ROOT, file), 'utf8').matchAll(LINK)].map((m) =>
      relative(ROOT, join(ROOT, dirname(file), m[1]!)),
    );
  expect(links('README.md')).toContain('docs/architecture.md');
  expect(links('README.md')).toContain('docs/api-reference.md');
  expect(links('docs/decisions.md')).toContain('docs/architecture.md');
  expect(links('docs/decisions.md')).toContain('docs/api-reference.md');
});

it('tells cited paths from patterns and prose (the check itself)', () => {
  const sample = [
    'See `domain/runs/lifecycle.ts` and domain/nope.ts, then [the log](decisions.md) and [a site](https://x.y/a.md).',
    'Patterns: `routes/<resource>.ts`, `api/routes/<resource>.ts`, `test/replay/histories` `evaluateRun-local-*`.',
    'Figures: no-op workflows/s; a directory in prose, bench/, is not checked; `bench/missing/` is.',
  ].join('\n');
  expect(cited('docs/sample.md', sample).map((c) => `${c.line} ${c.path} → ${c.resolved}`)).toEqual([
    '1 domain/runs/lifecycle.ts → domain/runs/lifecycle.ts',
    '1 domain/nope.ts → domain/nope.ts',
    '1 decisions.md → docs/decisions.md',
    '2 test/replay/histories → test/replay/histories',
    '3 bench/missing/ → bench/missing/',
  ]);
});

it('cites current entries of docs/decisions.md in the README, docs/architecture.md and docs/api-reference.md', () => {
  const log = parseDecisionLog(readFileSync(join(ROOT, 'docs', 'decisions.md'), 'utf8'));
  const bad = ['README.md', 'docs/architecture.md', 'docs/api-reference.md'].flatMap((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    // docs/architecture.md cites entries in brackets, `[443]` or `[171–173, 210–212]`: read as references.
    const brackets = [...text.matchAll(/\[(\d+(?:[–-]\d+)?(?:, \d+(?:[–-]\d+)?)*)\]/g)].map((m) => `decisions ${m[1]}`);
    return badReferences([text, ...brackets].join('\n'), log).map((problem) => `${file}: ${problem}`);
  });
  expect(bad).toEqual([]);
});

it('cites the API contract in the docs only as sections of docs/api-reference.md', () => {
  const sections = apiReferenceSections(readFileSync(join(ROOT, 'docs', 'api-reference.md'), 'utf8'));
  const bad = DOCS.flatMap((file) =>
    badApiReferenceCitations(readFileSync(join(ROOT, file), 'utf8'), sections).map((problem) => `${file}: ${problem}`),
  );
  expect(bad).toEqual([]);
});

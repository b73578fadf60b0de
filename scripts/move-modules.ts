/**
 * Moves modules and rewrites every relative import that points at them (or from them), repo-wide, plus the
 * mentions of their paths in comments, the README and docs/decisions.md: regrouping folders (domain/ by capability,
 * issue 18) stays a mechanical step that `tsc`, `npm run lint` and the tests then check, never a hand edit of imports.
 * Usage: `npx tsx scripts/move-modules.ts . mapping.json`, mapping: { "domain/old.ts": "domain/new/place.ts", ... }
 * Uses `git mv`. Handles static/dynamic imports, export-from, require(), jest.mock() and require.resolve() strings.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import ts from 'typescript';

const [repo, mappingFile] = process.argv.slice(2) as [string, string];
const mapping: Record<string, string> = JSON.parse(readFileSync(mappingFile, 'utf8'));

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(join(repo, dir))) {
    if (
      ['node_modules', '.git', '.tools', '.data', 'dist', '.venv-ci', '.fuzz'].includes(name) ||
      name.startsWith('.venv')
    )
      continue;
    const rel = dir ? `${dir}/${name}` : name;
    if (statSync(join(repo, rel)).isDirectory()) files(rel, out);
    else if (/\.(ts|mts|cts|js|mjs|cjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

function resolveSpec(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = posix.normalize(posix.join(posix.dirname(from), spec));
  for (const c of [base, `${base}.ts`, `${base}/index.ts`, `${base}.json`]) {
    if (existsSync(join(repo, c)) && statSync(join(repo, c)).isFile()) return c;
  }
  return undefined;
}

function specFor(fromNew: string, targetNew: string, oldSpec: string): string {
  let t = targetNew;
  const keepExt = /\.(json|js|mjs|cjs)$/.test(oldSpec);
  if (!keepExt) t = t.replace(/\.ts$/, '');
  const wasIndex = !keepExt && !/index$/.test(oldSpec);
  if (wasIndex && t.endsWith('/index')) t = t.slice(0, -'/index'.length);
  let s = posix.relative(posix.dirname(fromNew), t);
  if (!s.startsWith('.')) s = `./${s}`;
  return s;
}

const all = files('');
const newPath = (p: string) => mapping[p] ?? p;
let edits = 0;
for (const file of all) {
  const text = readFileSync(join(repo, file), 'utf8');
  const found: { pos: number; end: number; spec: string }[] = [];
  const info = ts.preProcessFile(text, true, true);
  for (const f of info.importedFiles) {
    // preProcessFile's positions are approximate around the quotes: find the specifier text itself.
    const at = text.indexOf(f.fileName, Math.max(0, f.pos - 2));
    if (at >= 0) found.push({ pos: at, end: at + f.fileName.length, spec: f.fileName });
  }
  // jest.mock('…') / require.resolve('…') strings
  for (const m of text.matchAll(/(?:jest\.mock|require\.resolve)\(\s*(['"])(\.[^'"]+)\1/g)) {
    const start = m.index! + m[0].indexOf(m[2]!);
    if (!found.some((f) => f.pos === start)) found.push({ pos: start, end: start + m[2]!.length, spec: m[2]! });
  }
  found.sort((a, b) => b.pos - a.pos);
  let out = text;
  for (const f of found) {
    let target = resolveSpec(file, f.spec);
    if (!target) {
      // a directory import like require.resolve('../../workflows')
      const base = posix.normalize(posix.join(posix.dirname(file), f.spec));
      if (f.spec.startsWith('.') && existsSync(join(repo, base, 'index.ts'))) target = `${base}/index.ts`;
      else continue;
    }
    if (!mapping[file] && !mapping[target]) continue;
    const ns = specFor(newPath(file), newPath(target), f.spec);
    if (ns !== f.spec) {
      out = out.slice(0, f.pos) + ns + out.slice(f.end);
      edits += 1;
    }
  }
  if (out !== text) writeFileSync(join(repo, file), out);
}
// Mentions of moved paths in comments and docs (README, docs/*.md) follow the files.
const mentionFiles = [
  ...all,
  ...['README.md', 'docs/decisions.md', 'bench/RESULTS.md'].filter((f) => existsSync(join(repo, f))),
];
let mentions = 0;
for (const file of mentionFiles) {
  const text = readFileSync(join(repo, file), 'utf8');
  let out = text;
  for (const [from, to] of Object.entries(mapping)) {
    const re = new RegExp(`(?<![\\w./-])${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`, 'g');
    out = out.replace(re, () => {
      mentions += 1;
      return to;
    });
  }
  if (out !== text) writeFileSync(join(repo, file), out);
}
process.stdout.write(`${mentions} mentions of moved paths updated\n`);
for (const [from, to] of Object.entries(mapping)) {
  execFileSync('mkdir', ['-p', dirname(join(repo, to))]);
  execFileSync('git', ['-C', repo, 'mv', from, to]);
}
process.stdout.write(`${edits} import specifiers rewritten, ${Object.keys(mapping).length} files moved\n`);

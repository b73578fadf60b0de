/**
 * `npm test`'s jest step, in two phases. Most integration tests wait far more than they compute (durable timers,
 * retries, polling a workflow): run one after another they left the two CI cores about half idle and the suite past
 * CI's time limit. So the first phase runs every file but the exclusive ones side by side, `TEST_WORKERS` (2) at a
 * time, each jest worker a lane with its own database, namespaces and worker process (test/support/env.ts). The
 * second runs the exclusive files one at a time: a file is exclusive when its header says `@exclusive` with why
 * (it stops or pauses a service every lane shares).
 *
 * Arguments (`npm test -- path/to/file`) go to a single jest run as before, serial (jest.config.js).
 * Both phases write their counts; this writes their sum to JEST_SUMMARY_FILE for .ci/run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..');
const JEST = join(ROOT, 'node_modules', '.bin', 'jest');
const WORKERS = Number(process.env.TEST_WORKERS ?? 2);

function jest(args: string[], summaryFile?: string): number {
  const env = { ...process.env, ...(summaryFile ? { JEST_SUMMARY_FILE: summaryFile } : {}) };
  const result = spawnSync(JEST, args, { cwd: ROOT, stdio: 'inherit', env });
  return result.status ?? 1;
}

/** Integration test files whose header (the first comment) carries `@exclusive`. */
function exclusiveFiles(): string[] {
  const dir = join(ROOT, 'test', 'integration');
  const files: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.ts')) {
        const header = /^\/\*\*[\s\S]*?\*\//.exec(readFileSync(path, 'utf8'))?.[0] ?? '';
        if (/^\s*\*\s*@exclusive\b/m.test(header)) files.push(relative(ROOT, path));
      }
    }
  };
  walk(dir);
  return files.sort();
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function counts(file: string): { passed: number; failed: number } | undefined {
  try {
    const s = JSON.parse(readFileSync(file, 'utf8')) as { passed?: number; failed?: number };
    return { passed: Number(s.passed) || 0, failed: Number(s.failed) || 0 };
  } catch {
    return undefined;
  }
}

function main(): number {
  const extra = process.argv.slice(2);
  if (extra.length) return jest(extra, process.env.JEST_SUMMARY_FILE);

  const exclusive = exclusiveFiles();
  const dir = mkdtempSync(join(tmpdir(), 'assay-test-summary-'));
  try {
    const shared = join(dir, 'shared.json');
    const alone = join(dir, 'exclusive.json');
    process.stdout.write(`\n== jest: all but ${exclusive.length} exclusive files, ${WORKERS} at a time\n`);
    const first = jest(
      [`--maxWorkers=${WORKERS}`, '--testPathIgnorePatterns', ...exclusive.map((f) => `/${escape(f)}$`)],
      shared,
    );
    process.stdout.write(`\n== jest: the exclusive files, one at a time (${exclusive.join(', ')})\n`);
    const second = jest(['--selectProjects', 'integration', '--runTestsByPath', ...exclusive], alone);

    // A phase that ended before writing counts (type error, set-up failure) counts as one failure.
    const a = counts(shared) ?? { passed: 0, failed: 1 };
    const b = counts(alone) ?? { passed: 0, failed: 1 };
    const total = { passed: a.passed + b.passed, failed: a.failed + b.failed };
    if (process.env.JEST_SUMMARY_FILE) writeFileSync(process.env.JEST_SUMMARY_FILE, JSON.stringify(total));
    process.stdout.write(`\njest, both phases: ${total.passed} passed, ${total.failed} failed\n`);
    return first !== 0 ? first : second;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = main();

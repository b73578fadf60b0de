/**
 * The reference implementations the calibration metrics are checked against: scikit-learn, SciPy and NumPy in
 * `.venv-metrics`, installed by the tests themselves from test/support/metrics/requirements.txt on first use (a
 * minute, ~150 MB) and reused while the pins are unchanged, as test/support/litellm.ts does for LiteLLM.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withDirLock } from '../../scripts/dir-lock';

const ROOT = join(__dirname, '..', '..');
const VENV = join(ROOT, '.venv-metrics');
const REQUIREMENTS = join(__dirname, 'metrics', 'requirements.txt');
const SCRIPT = join(__dirname, 'metrics', 'reference.py');
/** Written after a successful install: the venv is reused while it matches the pins. */
const MARKER = join(VENV, 'assay-requirements.txt');
const python = join(VENV, 'bin', 'python');

function run(cmd: string, args: string[], input?: string): string {
  try {
    return execFileSync(cmd, args, { cwd: ROOT, input, encoding: 'utf8', timeout: 600_000, maxBuffer: 256 << 20 });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`.slice(0, 8000));
  }
}

/** Creates or refreshes `.venv-metrics`; answers its python. One builder at a time (scripts/dir-lock.ts). */
export function ensureReferenceMetrics(): string {
  return withDirLock(`${VENV}.lock`, buildReferenceMetrics);
}

function buildReferenceMetrics(): string {
  const wanted = readFileSync(REQUIREMENTS, 'utf8');
  if (existsSync(python) && existsSync(MARKER) && readFileSync(MARKER, 'utf8') === wanted) return python;
  if (!existsSync(python)) run('python3', ['-m', 'venv', VENV]);
  run(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '-r', REQUIREMENTS]);
  writeFileSync(MARKER, wanted);
  return python;
}

/** A metric case for test/support/metrics/reference.py; see that file for the names. */
export type ReferenceCase = Record<string, unknown> & { metric: string };

/** Every case's reference answer, in one Python process (starting SciPy costs more than the cases). */
export function referenceAnswers(cases: ReferenceCase[]): unknown[] {
  return JSON.parse(run(ensureReferenceMetrics(), [SCRIPT], JSON.stringify(cases))) as unknown[];
}

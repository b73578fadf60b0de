/**
 * The Python environment of the Python SDK (`.venv-sdk`): created on first use and refreshed when
 * clients/python/requirements-dev.txt or pyproject.toml change, as `.ci/run` does `.venv-ci` for Schemathesis. It holds
 * the pinned test tools, the model generator, the packaging tools, and the SDK itself installed editable (which proves
 * its pyproject.toml). Beside them, `.venv-sdk/wheelhouse` holds the wheels of the SDK's runtime requirements at the
 * pinned versions, so a test installs the built wheel into a fresh venv offline (test/integration/packages.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withDirLock } from './dir-lock';

const ROOT = join(__dirname, '..');
export const SDK_VENV = join(ROOT, '.venv-sdk');
export const PYTHON_CLIENT_DIR = join(ROOT, 'clients', 'python');
const REQUIREMENTS = join(PYTHON_CLIENT_DIR, 'requirements-dev.txt');
const STAMP = join(SDK_VENV, '.assay-requirements');
/** Wheels of httpx, pydantic and what they need, at the versions requirements-dev.txt pins. */
export const SDK_WHEELHOUSE = join(SDK_VENV, 'wheelhouse');

export const venvBin = (name: string) => join(SDK_VENV, 'bin', name);

/**
 * Creates or refreshes the venv and answers its python. Throws with pip's output when an install fails. Test files
 * that run side by side may ask at once: one builds while the others wait (scripts/dir-lock.ts).
 */
export function ensureSdkVenv(log: (line: string) => void = () => undefined): string {
  return withDirLock(`${SDK_VENV}.lock`, () => buildSdkVenv(log));
}

function buildSdkVenv(log: (line: string) => void): string {
  const wanted = createHash('sha256')
    .update(readFileSync(REQUIREMENTS))
    .update(readFileSync(join(PYTHON_CLIENT_DIR, 'pyproject.toml')))
    .digest('hex');
  const python = venvBin('python');
  const ready = [python, STAMP, SDK_WHEELHOUSE].every((path) => existsSync(path));
  if (ready && readFileSync(STAMP, 'utf8') === wanted) return python;
  const run = (cmd: string, args: string[]) => {
    try {
      execFileSync(cmd, args, { cwd: ROOT, stdio: 'pipe', timeout: 600_000 });
    } catch (err) {
      const e = err as { stdout?: Buffer; stderr?: Buffer; message: string };
      throw new Error(
        `${cmd} ${args.join(' ')} failed: ${e.message}\n${e.stdout?.toString() ?? ''}${e.stderr?.toString() ?? ''}`,
      );
    }
  };
  if (!existsSync(python)) {
    log('creating .venv-sdk');
    run('python3', ['-m', 'venv', SDK_VENV]);
  }
  log('installing clients/python/requirements-dev.txt and the SDK into .venv-sdk');
  const pip = ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check'];
  run(python, [...pip, '-r', REQUIREMENTS]);
  run(python, [...pip, '--no-deps', '-e', PYTHON_CLIENT_DIR]);
  rmSync(SDK_WHEELHOUSE, { recursive: true, force: true });
  run(python, ['-m', 'pip', 'download', '--quiet', '--dest', SDK_WHEELHOUSE, '-c', REQUIREMENTS, PYTHON_CLIENT_DIR]);
  writeFileSync(STAMP, wanted);
  return python;
}

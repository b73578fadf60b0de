/**
 * The browser the docs-page test drives: `CHROME_PATH`, else Debian's chromium. `npm test` must pass on a fresh
 * machine as `npm start` builds its own stack, so globalSetup installs Debian's package when it can (root and
 * apt-get present) and says what it does; otherwise the test fails naming what to install.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium(): string | null {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

export const CHROMIUM_MISSING =
  "no Chromium found: set CHROME_PATH to a Chromium or Chrome binary, or install Debian's package (apt-get install -y chromium)";

/** Installs Debian's chromium when none is found and this process may: returns where it is, or null. */
export function ensureChromium(say: (line: string) => void): string | null {
  const found = findChromium();
  if (found) return found;
  if (process.env.CHROME_PATH) {
    say(`CHROME_PATH=${process.env.CHROME_PATH} does not exist; not installing anything`);
    return null;
  }
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (!root || !apt) {
    say(`${CHROMIUM_MISSING} (not installing: ${root ? 'apt-get is not available' : 'not running as root'})`);
    return null;
  }
  say('chromium is missing: apt-get update && apt-get install -y chromium (once; a few minutes)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    const run = spawnSync('apt-get', args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    if (run.status !== 0) {
      say(`apt-get ${args.join(' ')} failed (exit ${run.status}); ${CHROMIUM_MISSING}`);
      return null;
    }
  }
  const installed = findChromium();
  say(installed ? `chromium installed at ${installed}` : `apt-get finished but ${CHROMIUM_MISSING}`);
  return installed;
}

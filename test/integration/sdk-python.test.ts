/**
 * The Python SDK's pytest suite (clients/python/tests) against the API listening on a loopback port, counted test
 * by test: the cases are collected when this file loads, pytest runs once in beforeAll with a JUnit report, and
 * each case is one jest test that passes only if that case passed (a skipped case fails; the suite has none).
 * The venv (.venv-sdk, pinned by clients/python/requirements-dev.txt) is created on first use.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureSdkVenv, PYTHON_CLIENT_DIR } from '../../scripts/python-venv';
import { runProcess } from '../support/cli';
import { newAccount } from '../support/identity';
import { startListeningApi, type ListeningApi } from '../support/listening-api';

const python = ensureSdkVenv((line) => process.stdout.write(`[python] ${line}\n`));
const PYTEST = ['-m', 'pytest', '-p', 'no:cacheprovider', '-p', 'no:asyncio'];

// `tests/test_x.py::test_y` for every case, as pytest itself collects them.
const cases = execFileSync(python, [...PYTEST, '--collect-only', '-q', 'tests'], {
  cwd: PYTHON_CLIENT_DIR,
  encoding: 'utf8',
})
  .split('\n')
  .filter((line) => line.includes('::'));

interface Outcome {
  status: 'passed' | 'failed' | 'skipped';
  message: string;
}

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Outcomes by case id from pytest's JUnit XML (classname `tests.test_x`, name `test_y`). */
function parseJunit(xml: string): Map<string, Outcome> {
  const out = new Map<string, Outcome>();
  for (const m of xml.matchAll(/<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const attrs = m[1]!;
    const classname = /classname="([^"]*)"/.exec(attrs)?.[1] ?? '';
    const name = decode(/\bname="([^"]*)"/.exec(attrs)?.[1] ?? '');
    const body = m[3] ?? '';
    const id = `${classname.replace(/\./g, '/')}.py::${name}`;
    if (/<(failure|error)\b/.test(body))
      out.set(id, { status: 'failed', message: decode(body.replace(/<[^>]+>/g, '')).trim() });
    else if (/<skipped\b/.test(body)) out.set(id, { status: 'skipped', message: decode(body) });
    else out.set(id, { status: 'passed', message: '' });
  }
  return out;
}

let api: ListeningApi;
let outcomes = new Map<string, Outcome>();
let pytestOutput = '';

beforeAll(async () => {
  api = await startListeningApi();
  const key = await (await newAccount(api.t)).key({ mode: 'test' });
  const dir = mkdtempSync(join(tmpdir(), 'assay-pytest-'));
  try {
    const report = join(dir, 'junit.xml');
    const result = await runProcess(
      python,
      [...PYTEST, '-q', `--junitxml=${report}`, join(PYTHON_CLIENT_DIR, 'tests')],
      { ASSAY_API_KEY: key, ASSAY_BASE_URL: api.baseUrl },
      600_000,
    );
    pytestOutput = `${result.stdout}\n${result.stderr}`;
    try {
      outcomes = parseJunit(readFileSync(report, 'utf8'));
    } catch {
      // no report: every case fails below with pytest's output
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 660_000);

afterAll(async () => {
  await api?.close();
});

it('collects the Python SDK test suite', () => {
  expect(cases.length).toBeGreaterThanOrEqual(10);
});

describe.each(cases)('pytest %s', (id) => {
  it('passes', () => {
    const outcome = outcomes.get(id);
    if (!outcome) throw new Error(`no result for ${id}; pytest said:\n${pytestOutput.slice(-4000)}`);
    if (outcome.status !== 'passed') throw new Error(`${id} ${outcome.status}:\n${outcome.message.slice(-4000)}`);
  });
});

/**
 * `npm run fuzz`: Schemathesis against the API as a real process. Starts the local stack if it is not running,
 * then a worker and the API on their own database, bucket, Temporal namespace and port (derived from the caller's,
 * so a fuzz run never meets the tests' data or an `npm start`), mints keys through POST /v1/keys, and lets
 * Schemathesis (pinned in test/fuzz/requirements.txt, installed in .venv-ci) generate requests from
 * /v1/openapi.json. Every answer must be documented (status, content type, schema) and none may be a server error
 * or take longer than the request timeout.
 *
 * Three passes, since each operation accepts one kind of credential: the API-key operations with a test key (the
 * whole pipeline runs, on the deterministic stub), again with a live key holding credits (charges, refunds, live
 * failures), and /keys with a session token. Each operation of a pass counts once in the `N passed, N failed` line
 * (written to FUZZ_SUMMARY_FILE for .ci/run); the exit code is 1 when anything failed.
 *
 * FUZZ_MAX_EXAMPLES (default 25) bounds the cases per operation and phase; FUZZ_SEED (default fixed, so CI runs
 * are reproducible) changes what is generated.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { parseConfig } from '../../domain/platform/config';
import { grantCredits } from '../../domain/operations/operations';
import { signLocalSessionToken } from '../../domain/access/session-tokens';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { startStack, stopStack, type ServiceName } from '../../scripts/stack/services';
import { freePort } from '../support/ports';
import { startWorker, type Spawned } from '../support/processes';

const ROOT = join(__dirname, '..', '..');
const VENV = join(ROOT, '.venv-ci');
const SCHEMATHESIS = join(VENV, 'bin', 'schemathesis');
const REQUIREMENTS = join(__dirname, 'requirements.txt');
const OUT = join(ROOT, '.fuzz');

const CHECKS = (
  process.env.FUZZ_CHECKS ??
  'not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance'
).split(',');
/**
 * Past the longest wait the API documents: `POST /prompt-templates/generate` waits up to 30 s for its job
 * (domain/catalog/prompt-generation.ts, PROMPT_WAIT_MS) before answering; at 20 s a test-mode generation queued behind
 * the fuzzer's own batches timed out once (2026-11-27). Sync runs are held to 5 s below (SYNC_RUN_TIMEOUT_S).
 */
const REQUEST_TIMEOUT_S = 40;
const say = (line: string) => process.stdout.write(`[fuzz] ${line}\n`);

function ensureSchemathesis(): void {
  const wanted = readFileSync(REQUIREMENTS, 'utf8');
  const version = /schemathesis==([\w.]+)/.exec(wanted)?.[1];
  const installed = existsSync(SCHEMATHESIS) ? spawnSync(SCHEMATHESIS, ['--version'], { encoding: 'utf8' }).stdout : '';
  if (version && installed.includes(version)) return;
  say(`installing schemathesis ${version} into .venv-ci`);
  const steps: Array<[string, string[]]> = [
    ['python3', ['-m', 'venv', VENV]],
    [join(VENV, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', '-r', REQUIREMENTS]],
  ];
  for (const [cmd, args] of steps) {
    const res = spawnSync(cmd, args, { stdio: 'inherit' });
    if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
  }
}

/** The API process, answering once GET /v1/health does. */
async function startApi(env: NodeJS.ProcessEnv, origin: string, logFile: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'api', 'server.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (d: Buffer) => {
    log += d.toString();
    writeFileSync(logFile, log);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited during start-up:\n${log}`);
    const ok = await fetch(`${origin}/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error(`the API did not answer within 60 s:\n${log}`);
}

async function mintKey(origin: string, session: string, mode: 'live' | 'test'): Promise<string> {
  const res = await fetch(`${origin}/v1/keys`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session}`, 'Content-Type': 'application/json' },
    // Every scope (omitted), and a rate limit Schemathesis cannot reach: 429s would hide the operations behind them.
    body: JSON.stringify({ name: `fuzz ${mode}`, mode, rate_limit_rpm: 100_000 }),
  });
  const body = (await res.json()) as { token?: string };
  if (res.status !== 201 || !body.token) throw new Error(`key creation failed: ${res.status} ${JSON.stringify(body)}`);
  return body.token;
}

interface Pass {
  name: string;
  authorization: string;
  filter: string[];
}

/** Per operation: a testcase with a <failure> or <error> failed. */
function countJunit(file: string): { passed: number; failed: number } {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const xml = readFileSync(file, 'utf8');
  const cases = xml.match(/<testcase\b[\s\S]*?(?:\/>|<\/testcase>)/g) ?? [];
  const failed = cases.filter((c) => /<(failure|error)\b/.test(c)).length;
  const skipped = cases.filter((c) => /<skipped\b/.test(c)).length;
  return { passed: cases.length - failed - skipped, failed };
}

function runPass(pass: Pass, origin: string, maxExamples: number, seed: string): { passed: number; failed: number } {
  const junit = join(OUT, `${pass.name}.xml`);
  rmSync(junit, { force: true });
  say(`pass "${pass.name}": schemathesis run ${origin}/v1/openapi.json`);
  const res = spawnSync(
    SCHEMATHESIS,
    [
      'run',
      `${origin}/v1/openapi.json`,
      '--checks',
      CHECKS.join(','),
      '--max-examples',
      String(maxExamples),
      '--seed',
      seed,
      '--request-timeout',
      String(REQUEST_TIMEOUT_S),
      '--workers',
      '2',
      '--generation-database',
      'none',
      '--no-color',
      '--header',
      `Authorization: ${pass.authorization}`,
      '--report',
      'junit',
      '--report-junit-path',
      junit,
      ...pass.filter,
    ],
    { cwd: OUT, stdio: 'inherit' },
  );
  const counts = countJunit(junit);
  // A run that failed without naming a failing operation (schema not loadable, a crash) still counts as a failure.
  if (res.status !== 0 && counts.failed === 0) counts.failed = 1;
  say(`pass "${pass.name}": ${counts.passed} operations passed, ${counts.failed} failed`);
  return counts;
}

async function main(): Promise<number> {
  mkdirSync(OUT, { recursive: true });
  ensureSchemathesis();
  const port = process.env.FUZZ_PORT ?? String(await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    // The fuzzer's keys ask for 100000 rpm, and it fails authentication on purpose far more than 30 times a minute.
    MAX_KEY_RATE_LIMIT_RPM: '100000',
    AUTH_FAILURES_PER_MINUTE: '1000000',
    LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    PORT: port,
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    MONGODB_DB: `${process.env.MONGODB_DB ?? 'assay'}_fuzz`,
    S3_BUCKET: `${process.env.S3_BUCKET ?? 'assay'}-fuzz`,
    TEMPORAL_NAMESPACE: `${process.env.TEMPORAL_NAMESPACE ?? 'assay'}-fuzz`,
    // A sync run answers 202 after this instead of 30 s, so generated sync runs stay inside the request timeout.
    SYNC_RUN_TIMEOUT_S: '5',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  const config = parseConfig(env);
  const origin = config.publicBaseUrl;
  const started = (await startStack(config, say)) as ServiceName[];
  let worker: Spawned | undefined;
  let api: ChildProcess | undefined;
  const client = new MongoClient(config.mongodbUri, { serverSelectionTimeoutMS: 5000 });
  try {
    await ensureNamespace(config.temporalAddress, config.TEMPORAL_NAMESPACE);
    await client.connect();
    await client.db(config.MONGODB_DB).dropDatabase();
    // startWorker waits for the worker's info-level 'polling' line.
    worker = await startWorker({ ...env, LOG_LEVEL: 'info' });
    api = await startApi(env, origin, join(OUT, 'api.log'));

    const accountId = 'acct_fuzz';
    const session = await signLocalSessionToken(config.SESSION_JWT_SECRET, { sub: 'fuzz', accountId }, 3600);
    const testKey = await mintKey(origin, session, 'test');
    const liveKey = await mintKey(origin, session, 'live');
    const grant = await grantCredits(client.db(config.MONGODB_DB), {
      accountId,
      credits: 100_000,
      bucket: 'regular',
      grantId: 'fuzz',
    });
    if (grant.outcome === 'refused') throw new Error(`granting credits failed: ${grant.reason}`);

    const maxExamples = Number(process.env.FUZZ_MAX_EXAMPLES ?? 25);
    const seed = process.env.FUZZ_SEED ?? '20251121';
    const apiKeyOps = ['--exclude-path-regex', '^/keys'];
    const passes: Pass[] = [
      { name: 'test-key', authorization: `Bearer ${testKey}`, filter: apiKeyOps },
      { name: 'live-key', authorization: `Bearer ${liveKey}`, filter: apiKeyOps },
      { name: 'session', authorization: `Bearer ${session}`, filter: ['--include-path-regex', '^/keys'] },
    ];
    const total = { passed: 0, failed: 0 };
    for (const pass of passes) {
      const counts = runPass(pass, origin, maxExamples, seed);
      total.passed += counts.passed;
      total.failed += counts.failed;
    }
    if (total.failed > 0) say(`the API's log is in ${join(OUT, 'api.log')}`);
    return report(total);
  } catch (err) {
    say(`failed: ${err instanceof Error ? err.message : String(err)}`);
    return report({ passed: 0, failed: 1 });
  } finally {
    api?.kill('SIGTERM');
    await worker?.stop();
    await client.close().catch(() => undefined);
    if (started.length) await stopStack(config, say, started);
  }
}

function report(total: { passed: number; failed: number }): number {
  say(`${total.passed} passed, ${total.failed} failed`);
  if (process.env.FUZZ_SUMMARY_FILE) writeFileSync(process.env.FUZZ_SUMMARY_FILE, JSON.stringify(total));
  return total.failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);

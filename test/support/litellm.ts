/**
 * LiteLLM's proxy as the model gateway in tests: a third-party server implementing both OpenAI Chat Completions and
 * Anthropic Messages. It is installed by the test set-up itself (pinned in test/support/litellm/requirements.txt,
 * into `.venv-litellm`, created on first use and reused while the pin is unchanged), so `npm test` on a clean
 * machine needs nothing more. Each model of the generated config answers through `litellm_params.mock_response`
 * (or forwards to a loopback upstream via `api_base`), so no request leaves the machine; telemetry and the remote
 * cost map are off. Every step is bounded in time and fails with a message that says what to do.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';

const ROOT = join(__dirname, '..', '..');
const VENV = join(ROOT, '.venv-litellm');
const REQUIREMENTS = join(__dirname, 'litellm', 'requirements.txt');
/** Written after a successful install: the venv is reused while it matches the pin. */
const MARKER = join(VENV, 'assay-requirements.txt');
const INSTALL_TIMEOUT_MS = 12 * 60_000;
const START_TIMEOUT_MS = 120_000;

export interface GatewayModel {
  /** The name clients send as `model`. */
  name: string;
  /** LiteLLM's `litellm_params`: `model` (provider/name), `mock_response`, `api_base`, `api_key`… */
  params: Record<string, unknown>;
}

export interface Gateway {
  /** Base URL for the OpenAI SDK (`…/v1`). */
  openAiUrl: string;
  /** Base URL for the Anthropic SDK (it appends `/v1/messages`). */
  anthropicUrl: string;
  /** The gateway's master key: what Assay sends as its API key. */
  key: string;
  /** Requests LiteLLM logged for `path` (e.g. `/v1/chat/completions`), with their status codes. */
  requests(path: string): number[];
  output(): string;
  stop(): Promise<void>;
}

function run(cmd: string, args: string[], timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (d: Buffer) => {
      output = (output + d.toString()).slice(-8_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      output += `\n(killed after ${timeoutMs / 1000} s)`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('error', (err) => {
      clearTimeout(timer);
      resolve({ code: -1, output: `${output}\n${err.message}` });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Creates or refreshes `.venv-litellm` when it does not hold the pinned version. */
export async function ensureLitellm(say: (line: string) => void = () => {}): Promise<string> {
  const wanted = readFileSync(REQUIREMENTS, 'utf8');
  const bin = join(VENV, 'bin', 'litellm');
  if (existsSync(bin) && existsSync(MARKER) && readFileSync(MARKER, 'utf8') === wanted) return bin;
  const pin = wanted.trim();
  say(`installing ${pin} into .venv-litellm (first run only: a few minutes, ~750 MB)`);
  const fail = (step: string, output: string) =>
    new Error(
      `Installing LiteLLM for the model-gateway tests failed at "${step}". It needs python3 (with venv) and PyPI. ` +
        `Retry, or run: python3 -m venv .venv-litellm && .venv-litellm/bin/pip install -r test/support/litellm/requirements.txt\n${output}`,
    );
  if (!existsSync(join(VENV, 'bin', 'pip'))) {
    const made = await run('python3', ['-m', 'venv', VENV], 120_000);
    if (made.code !== 0) throw fail('python3 -m venv .venv-litellm', made.output);
  }
  const pip = await run(
    join(VENV, 'bin', 'pip'),
    ['install', '--quiet', '--disable-pip-version-check', '--timeout', '60', '-r', REQUIREMENTS],
    INSTALL_TIMEOUT_MS,
  );
  if (pip.code !== 0 || !existsSync(bin)) throw fail(`pip install ${pin}`, pip.output);
  writeFileSync(MARKER, wanted);
  return bin;
}

/** Starts the proxy on a free loopback port with these models, and resolves once it answers. */
export async function startGateway(models: GatewayModel[]): Promise<Gateway> {
  const bin = await ensureLitellm((line) => process.stdout.write(`[litellm] ${line}\n`));
  const dir = mkdtempSync(join(tmpdir(), 'assay-litellm-'));
  const config = join(dir, 'config.yaml');
  // JSON is YAML: LiteLLM reads it as its config file.
  writeFileSync(
    config,
    JSON.stringify({
      model_list: models.map((m) => ({
        model_name: m.name,
        litellm_params: { api_key: 'unused-by-mocks', ...m.params },
      })),
      litellm_settings: { telemetry: false, drop_params: true },
      // The gateway must not retry on its own: the tests count what Assay's retry policy does.
      router_settings: { num_retries: 0 },
    }),
  );
  const port = await freePort();
  const key = `sk-assay-gateway-${Math.random().toString(36).slice(2, 14)}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: process.env.LANG ?? 'C.UTF-8',
    LITELLM_MASTER_KEY: key,
    LITELLM_TELEMETRY: 'False',
    // The model cost map ships in the package; without this LiteLLM fetches it from the network at start-up.
    LITELLM_LOCAL_MODEL_COST_MAP: 'True',
    NO_DOCS: 'True',
    PYTHONUNBUFFERED: '1',
  };
  const child: ChildProcess = spawn(
    bin,
    ['--config', config, '--host', '127.0.0.1', '--port', String(port), '--num_workers', '1'],
    {
      cwd: dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const origin = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`LiteLLM exited during start-up (${child.exitCode}):\n${out.slice(-4_000)}`);
    const ok = await fetch(`${origin}/health/liveliness`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`LiteLLM did not answer within ${START_TIMEOUT_MS / 1000} s:\n${out.slice(-4_000)}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    openAiUrl: `${origin}/v1`,
    anthropicUrl: origin,
    key,
    requests: (path) =>
      [...out.matchAll(/"POST (\S+) HTTP\/[\d.]+" (\d{3})/g)].filter((m) => m[1] === path).map((m) => Number(m[2])),
    output: () => out,
    stop,
  };
}

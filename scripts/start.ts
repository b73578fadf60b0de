/**
 * `npm start`: the whole product on one machine. Brings up the local stack (building it the first time), then the
 * worker and the API, waits until /v1/health is ok, and prints where everything is plus a session token.
 * Ctrl-C stops the API and worker, then the services this command started (not those it found running).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { loadConfig } from '../domain/platform/config';
import { childLogFormatter } from '../domain/platform/logger';
import { signLocalSessionToken } from '../domain/access/session-tokens';
import { startStack, stopStack, type ServiceName } from './stack/services';
import { elapsed, PROJECT_ROOT } from './stack/tools';
import { NODE_FLAGS } from './node-flags';
import { buildConsole } from './build-console';

const say = (line: string) => process.stdout.write(`[assay] ${line}\n`);
// Human-readable logs for a person at a terminal, JSON lines for anything reading the output.
const formatLine = childLogFormatter(process.stdout.isTTY === true);

/** Resolves when the child prints `marker` (its own "ready" log line). */
function launch(name: string, entry: string, marker: string): { child: ChildProcess; ready: Promise<void> } {
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', join(PROJECT_ROOT, entry)], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const prefix = (stream: NodeJS.WritableStream) => {
    let partial = '';
    return (chunk: Buffer) => {
      const text = partial + chunk.toString();
      if (text.includes(marker)) markReady();
      const lines = text.split('\n');
      partial = lines.pop() ?? ''; // a log line split across chunks is shown once whole
      for (const line of lines) if (line) stream.write(formatLine(name, line));
    };
  };
  child.stdout?.on('data', prefix(process.stdout));
  child.stderr?.on('data', prefix(process.stderr));
  return { child, ready };
}

async function waitHealthy(url: string, children: ChildProcess[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (children.some((c) => c.exitCode !== null)) throw new Error('the API or the worker exited during start-up');
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      last = await res.text();
      if ((JSON.parse(last) as { status?: string }).status === 'ok') return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`health did not become ok within ${timeoutMs / 1000} s; last answer: ${last || 'none'}`);
}

async function main(): Promise<void> {
  // A local tool: development unless the caller says otherwise (an unset NODE_ENV means production: fails closed).
  process.env.NODE_ENV ||= 'development';
  const config = loadConfig();
  const began = Date.now();
  let started: ServiceName[] = [];
  const children: ChildProcess[] = [];
  let stopping = false;

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('stopping…');
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
            setTimeout(() => c.kill('SIGKILL'), 20_000).unref();
          }),
      ),
    );
    await stopStack(config, say, started);
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    started = await startStack(config, say);
    await buildConsole({ say });
    const worker = launch('worker', 'worker/main.ts', 'assay worker polling');
    const api = launch('api', 'api/server.ts', 'assay api listening');
    children.push(worker.child, api.child);
    for (const child of children) child.once('exit', (code) => !stopping && void stop(code ?? 1));
    const base = `${config.publicBaseUrl}/v1`;
    await Promise.all([worker.ready, api.ready]);
    await waitHealthy(`${base}/health`, children, 120_000);
    const token = await signLocalSessionToken(
      config.SESSION_JWT_SECRET,
      { sub: 'dev-user', accountId: 'acct_dev' },
      86_400,
    );
    say(`ready in ${elapsed(began)}`);
    process.stdout.write(
      [
        '',
        `  API          ${base}`,
        `  Console      ${config.publicBaseUrl}/console`,
        `  Docs         ${config.publicBaseUrl}/docs`,
        `  OpenAPI      ${base}/openapi.json`,
        `  Temporal UI  ${config.temporalUiUrl}/namespaces/${config.TEMPORAL_NAMESPACE}/workflows`,
        '',
        '  Session token for /v1/keys (account acct_dev, valid 24 h):',
        `  ${token}`,
        '',
        '  Create an API key:',
        `  curl -s -X POST ${base}/keys -H "Authorization: Bearer $SESSION" -H 'Content-Type: application/json' -d '{"name":"dev","mode":"test"}'`,
        '',
        '  Ctrl-C stops everything this command started.',
        '',
      ].join('\n'),
    );
  } catch (err) {
    process.stderr.write(`[assay] ${err instanceof Error ? err.message : String(err)}\n`);
    await stop(1);
  }
}

void main();

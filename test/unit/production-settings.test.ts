/**
 * Production settings as an operator meets them: the shipped docker-compose.yml takes every
 * secret from the environment with no default and publishes only the API and the object store its presigned URLs
 * are signed for, and the API process itself
 * refuses to start in production on any secret this repository has published — naming the variable, never
 * printing the value.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PUBLISHED_SECRET_VALUES } from '../../domain/platform/config';

const ROOT = join(__dirname, '..', '..');
const COMPOSE_TEXT = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
const SECRETS = ['SESSION_JWT_SECRET', 'API_KEY_HASH_SECRET', 'DATA_ENCRYPTION_KEY', 'S3_SECRET_ACCESS_KEY'];

interface ComposeService {
  ports?: unknown[];
  environment?: Record<string, string> | string[];
}
const compose = parse(COMPOSE_TEXT, { merge: true }) as { services: Record<string, ComposeService> };

/** `${NAME…}` interpolations of the file, with what follows the name (`:?msg`, `:-default`, …). */
function interpolations(text: string): Array<{ name: string; rest: string }> {
  return [...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)([^}]*)\}/g)].map((m) => ({ name: m[1]!, rest: m[2]! }));
}

describe('docker-compose.yml', () => {
  it('takes every secret from the environment with `:?` (required) and no default', () => {
    const found = interpolations(COMPOSE_TEXT);
    for (const secret of SECRETS) {
      const uses = found.filter((f) => f.name === secret);
      expect([secret, uses.length > 0]).toEqual([secret, true]);
      for (const use of uses) expect([secret, use.rest]).toEqual([secret, expect.stringMatching(/^:\?\S/)]);
    }
    // Whatever else is interpolated, nothing carries a default a deployment could silently run on.
    for (const f of found) expect([f.name, f.rest]).not.toEqual([f.name, expect.stringMatching(/^:?-/)]);
    // And no secret is written out literally anywhere in the file.
    for (const value of PUBLISHED_SECRET_VALUES) expect(COMPOSE_TEXT).not.toContain(value);
  });

  it('hands the API and the worker the secrets, in production, with private and plain-http webhook targets off', () => {
    for (const name of ['api', 'worker']) {
      const env = compose.services[name]!.environment as Record<string, string>;
      expect(env.NODE_ENV).toBe('production');
      for (const secret of SECRETS) expect(env[secret]).toMatch(new RegExp(`^\\$\\{${secret}:\\?`));
      for (const flag of ['WEBHOOK_ALLOW_PRIVATE', 'WEBHOOK_ALLOW_INSECURE'])
        expect([flag, env[flag]]).toEqual([flag, undefined]);
    }
  });

  it('publishes the API and the object store, nothing else: no Temporal gRPC or UI, no MongoDB port', () => {
    const publishing = Object.entries(compose.services)
      .filter(([, s]) => (s.ports ?? []).length > 0)
      .map(([name]) => name)
      .sort();
    expect(publishing).toEqual(['api', 'minio']);
    expect(compose.services.api!.ports).toEqual(['8080:8080']);
  });

  // SigV4 signs the host: a URL signed for `minio:9000`, a name only the compose network resolves, is useless to a
  // client (issue 44 item 9).
  it('signs presigned URLs for the published object store while the services use the compose network', () => {
    for (const name of ['api', 'worker']) {
      const env = compose.services[name]!.environment as Record<string, string>;
      expect(env.S3_ENDPOINT).toBe('http://minio:9000');
      const publicEndpoint = new URL(env.S3_PUBLIC_ENDPOINT!);
      expect(publicEndpoint.hostname).not.toBe('minio');
      // Plain http is a production refusal unless said out loud (domain/platform/config.ts).
      if (publicEndpoint.protocol === 'http:') expect(env.S3_PUBLIC_ENDPOINT_ALLOW_HTTP).toBe('true');
      // Whatever port the public address names is published, to the store's own port 9000.
      const port = publicEndpoint.port || (publicEndpoint.protocol === 'https:' ? '443' : '80');
      expect(compose.services.minio!.ports).toContain(`${port}:9000`);
    }
  });

  // `docker compose config` interpolates like `up` does: without the secrets it must stop, naming one. Where the
  // compose CLI is missing (this machine has docker without the plugin), compose's documented rule is applied.
  it('fails `docker compose config` without the secrets set', () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !SECRETS.includes(k)));
    const cli = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
    if (cli.status === 0) {
      const res = spawnSync('docker', ['compose', '-f', join(ROOT, 'docker-compose.yml'), 'config', '--quiet'], {
        env,
        encoding: 'utf8',
      });
      expect(res.status).not.toBe(0);
      expect(res.stderr).toMatch(/SECRET|DATA_ENCRYPTION_KEY/);
      const withSecrets = Object.fromEntries(SECRETS.map((s) => [s, randomBytes(32).toString('base64')]));
      expect(
        spawnSync('docker', ['compose', '-f', join(ROOT, 'docker-compose.yml'), 'config', '--quiet'], {
          env: { ...env, ...withSecrets },
        }).status,
      ).toBe(0);
    } else {
      expect(missingRequired(COMPOSE_TEXT, env).sort()).toEqual([...SECRETS].sort());
      const withSecrets = Object.fromEntries(SECRETS.map((s) => [s, 'set']));
      expect(missingRequired(COMPOSE_TEXT, { ...env, ...withSecrets })).toEqual([]);
    }
  });
});

/** Compose's rule for `${VAR:?err}`: an error when VAR is unset or empty. Answers the variables that would fail. */
function missingRequired(text: string, env: NodeJS.ProcessEnv): string[] {
  const failing = interpolations(text).filter((f) => f.rest.startsWith(':?') && !env[f.name]);
  return [...new Set(failing.map((f) => f.name))];
}

describe('Dockerfile', () => {
  it('runs the image in production', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    // The stage the image runs is the last FROM; its ENV must say production, or it would start on development secrets.
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/\nENV NODE_ENV=production\b/);
    for (const secret of SECRETS) expect(dockerfile).not.toContain(secret);
  });
});

/** Runs `api/server.ts` with `env` and answers its exit code and output; it must exit before connecting anywhere. */
function startApi(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'api', 'server.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the API did not exit within 20 s:\n${output}`));
    }, 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

function productionEnv(): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    // Unreachable on purpose: a process that got past its configuration would hang or fail differently.
    MONGODB_URI: 'mongodb://127.0.0.1:1/',
    TEMPORAL_ADDRESS: '127.0.0.1:1',
    S3_ENDPOINT: 'http://127.0.0.1:1',
    S3_SECRET_ACCESS_KEY: randomBytes(30).toString('base64'),
    SESSION_JWT_SECRET: randomBytes(32).toString('base64url'),
    API_KEY_HASH_SECRET: randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
}

describe('the API process in production', () => {
  jest.setTimeout(120_000);

  it('refuses to start on any published secret, naming the variable and never printing the value', async () => {
    const cases: Array<[string, string]> = [];
    for (const name of ['SESSION_JWT_SECRET', 'API_KEY_HASH_SECRET', 'DATA_ENCRYPTION_KEY']) {
      // The values a careless deployment would paste: the development defaults and the old compose defaults.
      for (const value of PUBLISHED_SECRET_VALUES.filter((v) => v.length >= 32)) cases.push([name, value]);
    }
    // Two processes at a time: each loads the code base through tsx.
    for (let i = 0; i < cases.length; i += 2) {
      await Promise.all(
        cases.slice(i, i + 2).map(async ([name, value]) => {
          const { code, output } = await startApi({ ...productionEnv(), [name]: value });
          expect([name, code]).toEqual([name, 78]);
          expect(output).toContain(name);
          expect(output).not.toContain(value);
        }),
      );
    }
  });

  it('refuses to start with NODE_ENV unset and no secrets, naming each one', async () => {
    const {
      NODE_ENV: _unset,
      SESSION_JWT_SECRET: _a,
      API_KEY_HASH_SECRET: _b,
      DATA_ENCRYPTION_KEY: _c,
      ...env
    } = productionEnv();
    const { code, output } = await startApi(env);
    expect(code).toBe(78);
    for (const name of ['SESSION_JWT_SECRET', 'API_KEY_HASH_SECRET', 'DATA_ENCRYPTION_KEY'])
      expect(output).toContain(`${name}: must be set`);
  });
});

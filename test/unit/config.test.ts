import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, parseConfig, PUBLISHED_SECRET_VALUES } from '../../domain/platform/config';
import { temporalCliEnv, temporalConnectionOptions } from '../../domain/jobs/connection';
import { createStorage, presignDownload, presignUpload } from '../../domain/platform/storage';

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    parseConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('configuration', () => {
  it('starts a laptop that says it is developing, with nothing else set, on the local stack', () => {
    const config = parseConfig({ NODE_ENV: 'development' });
    expect(config.publicBaseUrl).toBe('http://127.0.0.1:8080');
    expect(config.mongodbUri).toBe('mongodb://127.0.0.1:27017/');
    expect(config.temporalAddress).toBe('127.0.0.1:7233');
    expect(config.localServices).toEqual({ mongodb: true, temporal: true, s3: true });
    expect(config.WEBHOOK_ALLOW_PRIVATE).toBe(true);
    expect(config.INITIAL_BONUS_CREDITS).toBe(100);
  });

  it('names every wrong variable', () => {
    const found = problems({
      NODE_ENV: 'development',
      PORT: 'eighty',
      MONGODB_URI: 'postgres://x',
      SYNC_RUNS: 'maybe',
    });
    expect(found.join('\n')).toMatch(/PORT/);
    expect(found.join('\n')).toMatch(/MONGODB_URI/);
    expect(found.join('\n')).toMatch(/SYNC_RUNS/);
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ NODE_ENV: 'test', PORT: '' }).PORT).toBe(8080);
  });

  it('uses external services when their addresses are given, and starts none of them', () => {
    const config = parseConfig({
      NODE_ENV: 'development',
      MONGODB_URI: 'mongodb://db.internal:27017/',
      TEMPORAL_ADDRESS: 'temporal.internal:7233',
      S3_ENDPOINT: 'https://s3.example.com',
    });
    expect(config.localServices).toEqual({ mongodb: false, temporal: false, s3: false });
    expect(config.s3Endpoint).toBe('https://s3.example.com');
  });

  it('refuses development secrets and missing service addresses in production', () => {
    const found = problems({ NODE_ENV: 'production' }).join('\n');
    for (const name of [
      'SESSION_JWT_SECRET',
      'API_KEY_HASH_SECRET',
      'DATA_ENCRYPTION_KEY',
      'MONGODB_URI',
      'TEMPORAL_ADDRESS',
      'S3_ENDPOINT',
    ]) {
      expect(found).toContain(name);
    }
  });

  it('turns private and insecure webhook targets off in production', () => {
    const config = parseConfig(productionEnv());
    expect(config.WEBHOOK_ALLOW_PRIVATE).toBe(false);
    expect(config.WEBHOOK_ALLOW_INSECURE).toBe(false);
  });

  it('runs the store on `query` in production and asks the server elsewhere, unless LIST_STRATEGY says', () => {
    expect(parseConfig(productionEnv()).LIST_STRATEGY).toBe('query');
    expect(parseConfig({ NODE_ENV: 'development' }).LIST_STRATEGY).toBe('auto');
    expect(parseConfig({ ...productionEnv(), LIST_STRATEGY: 'pages' }).LIST_STRATEGY).toBe('pages');
    expect(problems({ NODE_ENV: 'development', LIST_STRATEGY: 'mongo' }).join('\n')).toMatch(/LIST_STRATEGY/);
  });

  it('rejects an encryption key that is not 32 bytes', () => {
    expect(
      problems({ NODE_ENV: 'development', DATA_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') }).join(),
    ).toMatch(/DATA_ENCRYPTION_KEY/);
  });

  it('takes earlier encryption keys as comma-separated fallbacks, each 32 bytes', () => {
    const [one, two] = [randomBytes(32).toString('base64'), randomBytes(32).toString('base64')];
    expect(parseConfig({ NODE_ENV: 'development' }).DATA_ENCRYPTION_KEY_FALLBACKS).toEqual([]);
    expect(
      parseConfig({ NODE_ENV: 'development', DATA_ENCRYPTION_KEY_FALLBACKS: ` ${one}, ${two} ` })
        .DATA_ENCRYPTION_KEY_FALLBACKS,
    ).toEqual([one, two]);
    const short = Buffer.alloc(16, 9).toString('base64');
    expect(problems({ NODE_ENV: 'development', DATA_ENCRYPTION_KEY_FALLBACKS: `${one},${short}` })).toEqual([
      'DATA_ENCRYPTION_KEY_FALLBACKS: each key must be 32 bytes, base64-encoded',
    ]);
  });
});

/** A rotation of API_KEY_HASH_SECRET: earlier secrets verify, never sign. */
describe('API_KEY_HASH_SECRET_FALLBACKS', () => {
  it('is a comma-separated list of earlier secrets, empty by default, each as long as a secret must be', () => {
    const [one, two] = [secret(), secret()];
    const config = parseConfig({ NODE_ENV: 'development', API_KEY_HASH_SECRET_FALLBACKS: ` ${one}, ${two} ` });
    expect(config.API_KEY_HASH_SECRET_FALLBACKS).toEqual([one, two]);
    expect(parseConfig({ NODE_ENV: 'development' }).API_KEY_HASH_SECRET_FALLBACKS).toEqual([]);
    expect(problems({ NODE_ENV: 'development', API_KEY_HASH_SECRET_FALLBACKS: `${one},short` })).toEqual([
      'API_KEY_HASH_SECRET_FALLBACKS: each secret must be at least 32 characters',
    ]);
  });

  it('refuses a published or placeholder fallback in production, naming which, never its value', () => {
    const published = PUBLISHED_SECRET_VALUES.find((v) => v.length >= 32 && !v.includes(','))!;
    const found = problems({ ...productionEnv(), API_KEY_HASH_SECRET_FALLBACKS: `${secret()},${published}` });
    expect(found).toEqual([expect.stringMatching(/^API_KEY_HASH_SECRET_FALLBACKS \(secret 2\): is a value published/)]);
    expect(found.join()).not.toContain(published);
    const placeholder = problems({ ...productionEnv(), API_KEY_HASH_SECRET_FALLBACKS: 'x'.repeat(40) });
    expect(placeholder).toEqual([
      expect.stringMatching(/^API_KEY_HASH_SECRET_FALLBACKS \(secret 1\): looks like a placeholder/),
    ]);
    expect(parseConfig({ ...productionEnv(), API_KEY_HASH_SECRET_FALLBACKS: secret() }).production).toBe(true);
  });
});

const secret = () => randomBytes(32).toString('base64url');

/** A production environment with real (random) secrets: it starts. */
function productionEnv(): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    MONGODB_URI: 'mongodb://db:27017/',
    TEMPORAL_ADDRESS: 'temporal:7233',
    S3_ENDPOINT: 'https://s3.example.com',
    S3_SECRET_ACCESS_KEY: randomBytes(30).toString('base64'),
    SESSION_JWT_SECRET: randomBytes(32).toString('base64url'),
    API_KEY_HASH_SECRET: randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
}

const SECRETS = ['SESSION_JWT_SECRET', 'API_KEY_HASH_SECRET', 'DATA_ENCRYPTION_KEY'] as const;

/** The hosts the object store is dialled at and the presigned URLs are signed for (signing makes no request). */
async function signedHosts(env: NodeJS.ProcessEnv) {
  const storage = createStorage(parseConfig(env));
  try {
    const endpoint = await storage.s3.config.endpoint!();
    const upload = await presignUpload(storage, 'accounts/a/documents/d/original', 'text/plain', undefined, 60);
    const download = await presignDownload(storage, 'accounts/a/documents/d/original', 'd.txt', 'text/plain', 60);
    return {
      services: `${endpoint.hostname}${endpoint.port ? `:${endpoint.port}` : ''}`,
      upload: new URL(upload.url).host,
      download: new URL(download.url).host,
    };
  } finally {
    storage.s3.destroy();
  }
}

describe('production settings (docs/decisions.md 431)', () => {
  it('starts with real secrets', () => {
    expect(parseConfig(productionEnv()).production).toBe(true);
  });

  it('treats an unset NODE_ENV as production: no development secret is ever used silently', () => {
    const { NODE_ENV: _unset, ...env } = productionEnv();
    expect(parseConfig(env).production).toBe(true);
    const found = problems({}).join('\n');
    for (const name of [...SECRETS, 'MONGODB_URI']) expect(found).toContain(name);
  });

  it.each(SECRETS)('refuses %s unset, naming it', (name) => {
    const env = productionEnv();
    delete env[name];
    expect(problems(env)).toEqual([expect.stringMatching(new RegExp(`^${name}: must be set`))]);
  });

  it.each(SECRETS)('refuses %s shorter than 32 bytes', (name) => {
    const env = productionEnv();
    // The encryption key must decode to exactly 32 bytes anyway; the other two are checked by length.
    env[name] =
      name === 'DATA_ENCRYPTION_KEY'
        ? randomBytes(24).toString('base64')
        : randomBytes(20).toString('hex').slice(0, 31);
    expect(problems(env).join('\n')).toContain(name);
  });

  it.each(SECRETS)('refuses a placeholder %s of one repeated character', (name) => {
    const env = productionEnv();
    env[name] = name === 'DATA_ENCRYPTION_KEY' ? Buffer.alloc(32, 1).toString('base64') : 'x'.repeat(40);
    expect(problems(env).join('\n')).toMatch(new RegExp(`${name}: looks like a placeholder`));
  });

  it('refuses a published or placeholder fallback key, naming which, never its value', () => {
    const published = PUBLISHED_SECRET_VALUES.find((v) => Buffer.from(v, 'base64').length === 32)!;
    const env = {
      ...productionEnv(),
      DATA_ENCRYPTION_KEY_FALLBACKS: `${randomBytes(32).toString('base64')},${published}`,
    };
    const found = problems(env);
    expect(found).toEqual([expect.stringMatching(/^DATA_ENCRYPTION_KEY_FALLBACKS \(key 2\): is a value published/)]);
    expect(found.join()).not.toContain(published);
    expect(
      parseConfig({ ...productionEnv(), DATA_ENCRYPTION_KEY_FALLBACKS: randomBytes(32).toString('base64') }).production,
    ).toBe(true);
  });

  it('refuses every value published in the repository, in every secret, without echoing it', () => {
    for (const name of SECRETS) {
      for (const value of PUBLISHED_SECRET_VALUES) {
        const env = { ...productionEnv(), [name]: value };
        const found = problems(env);
        expect(found.length).toBeGreaterThan(0);
        expect(found.join('\n')).toContain(name);
        expect(found.join('\n')).not.toContain(value);
      }
    }
  });

  it('refuses a JWKS session verifier without issuer and audience, in every mode', () => {
    for (const NODE_ENV of ['production', 'development'] as const) {
      const base = { ...productionEnv(), NODE_ENV, SESSION_JWKS_URL: 'https://idp.example/.well-known/jwks.json' };
      expect(problems(base).join()).toMatch(/SESSION_ISSUER and SESSION_AUDIENCE/);
      expect(problems({ ...base, SESSION_ISSUER: 'https://idp.example' }).join()).toMatch(/SESSION_AUDIENCE/);
      expect(problems({ ...base, SESSION_ISSUER: 'https://idp.example', SESSION_AUDIENCE: 'assay' })).toEqual([]);
    }
  });

  it('refuses to allow private or plain-http webhook targets in production', () => {
    for (const flag of ['WEBHOOK_ALLOW_PRIVATE', 'WEBHOOK_ALLOW_INSECURE']) {
      expect(problems({ ...productionEnv(), [flag]: 'true' })).toEqual([
        expect.stringMatching(new RegExp(`^${flag}: `)),
      ]);
      expect(problems({ ...productionEnv(), [flag]: 'false' })).toEqual([]);
    }
  });

  it('signs presigned URLs for S3_PUBLIC_ENDPOINT, by default the store the services use', async () => {
    expect(await signedHosts(productionEnv())).toEqual({
      services: 's3.example.com',
      upload: 's3.example.com',
      download: 's3.example.com',
    });
    expect(await signedHosts({ ...productionEnv(), S3_PUBLIC_ENDPOINT: 'https://files.example.com/' })).toEqual({
      services: 's3.example.com',
      upload: 'files.example.com',
      download: 'files.example.com',
    });
    expect(await signedHosts({ NODE_ENV: 'development', S3_PUBLIC_ENDPOINT: 'http://localhost:9000' })).toEqual({
      services: '127.0.0.1:9000',
      upload: 'localhost:9000',
      download: 'localhost:9000',
    });
  });

  it('refuses a plain-http public object-store address in production unless S3_PUBLIC_ENDPOINT_ALLOW_HTTP says so', () => {
    const internal = { ...productionEnv(), S3_ENDPOINT: 'http://minio:9000' };
    // The services may reach the store over a private network in plain http; clients' URLs are another matter.
    expect(problems(internal)).toEqual([expect.stringMatching(/^S3_PUBLIC_ENDPOINT: /)]);
    expect(problems({ ...internal, S3_PUBLIC_ENDPOINT: 'http://files.example.com' })).toEqual([
      expect.stringMatching(/^S3_PUBLIC_ENDPOINT: .*https/),
    ]);
    expect(problems({ ...internal, S3_PUBLIC_ENDPOINT: 'https://files.example.com' })).toEqual([]);
    const allowed = parseConfig({
      ...internal,
      S3_PUBLIC_ENDPOINT: 'http://localhost:9000',
      S3_PUBLIC_ENDPOINT_ALLOW_HTTP: 'true',
    });
    expect(allowed.production).toBe(true);
    // Development signs for whatever it is given.
    expect(problems({ NODE_ENV: 'development', S3_PUBLIC_ENDPOINT: 'http://localhost:9000' })).toEqual([]);
  });

  describe('the Temporal connection (TLS, mTLS, API key)', () => {
    const dev = { NODE_ENV: 'development' };
    it('is plain unless asked, and any TLS setting or an API key turns TLS on', () => {
      expect(parseConfig(dev).temporalTls).toBe(false);
      expect(temporalConnectionOptions(parseConfig(dev))).toEqual({ address: '127.0.0.1:7233', tls: false });
      expect(parseConfig({ ...dev, TEMPORAL_TLS: 'true' }).temporalTls).toBe(true);
      for (const name of ['TEMPORAL_TLS_CA_PATH', 'TEMPORAL_TLS_SERVER_NAME', 'TEMPORAL_API_KEY']) {
        expect(parseConfig({ ...dev, [name]: 'x' }).temporalTls).toBe(true);
      }
      const cloud = temporalConnectionOptions(
        parseConfig({ ...dev, TEMPORAL_ADDRESS: 'ns.acct.tmprl.cloud:7233', TEMPORAL_API_KEY: 'k' }),
      );
      expect(cloud).toEqual({ address: 'ns.acct.tmprl.cloud:7233', tls: {}, apiKey: 'k' });
    });

    it('refuses a certificate without its key (or the reverse), and TLS turned off under TLS settings', () => {
      expect(problems({ ...dev, TEMPORAL_TLS_CERT_PATH: '/c.pem' })).toEqual([
        expect.stringMatching(/^TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH: /),
      ]);
      expect(problems({ ...dev, TEMPORAL_TLS_KEY_PATH: '/k.pem' })).toEqual([
        expect.stringMatching(/^TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH: /),
      ]);
      // An API key must never cross the network in cleartext.
      expect(problems({ ...dev, TEMPORAL_TLS: 'false', TEMPORAL_API_KEY: 'k' })).toEqual([
        expect.stringMatching(/^TEMPORAL_TLS: false contradicts TEMPORAL_API_KEY/),
      ]);
      expect(problems({ ...dev, TEMPORAL_TLS: 'false' })).toEqual([]);
    });

    it('reads the PEM files at start-up, naming the setting of one it cannot read', () => {
      const dir = mkdtempSync(join(tmpdir(), 'assay-config-'));
      try {
        const ca = join(dir, 'ca.pem');
        writeFileSync(ca, 'CA PEM');
        const options = temporalConnectionOptions(
          parseConfig({ ...dev, TEMPORAL_TLS_CA_PATH: ca, TEMPORAL_TLS_SERVER_NAME: 'temporal.internal' }),
        );
        expect(options.tls).toEqual({
          serverNameOverride: 'temporal.internal',
          serverRootCACertificate: Buffer.from('CA PEM'),
        });
        const missing = parseConfig({ ...dev, TEMPORAL_TLS_CERT_PATH: join(dir, 'no.pem'), TEMPORAL_TLS_KEY_PATH: ca });
        expect(() => temporalConnectionOptions(missing)).toThrow(
          /TEMPORAL_TLS_CERT_PATH: cannot read .*no\.pem \(ENOENT\)/,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it("hands the temporal CLI the same server under the CLI's own variables, the API key never on its command line", () => {
      const settings = {
        ...dev,
        TEMPORAL_ADDRESS: 'ns.acct.tmprl.cloud:7233',
        TEMPORAL_NAMESPACE: 'ns.acct',
        TEMPORAL_TLS_CA_PATH: '/ca.pem',
        TEMPORAL_TLS_CERT_PATH: '/client.pem',
        TEMPORAL_TLS_KEY_PATH: '/client.key',
        TEMPORAL_TLS_SERVER_NAME: 'temporal.internal',
        TEMPORAL_API_KEY: 'k',
      };
      const env = temporalCliEnv(parseConfig(settings), { ...settings, PATH: '/bin', TEMPORAL_PORT: '7233' });
      expect(env).toEqual({
        NODE_ENV: 'development',
        PATH: '/bin',
        TEMPORAL_ADDRESS: 'ns.acct.tmprl.cloud:7233',
        TEMPORAL_NAMESPACE: 'ns.acct',
        TEMPORAL_TLS: 'true',
        TEMPORAL_TLS_SERVER_CA_CERT_PATH: '/ca.pem',
        TEMPORAL_TLS_CLIENT_CERT_PATH: '/client.pem',
        TEMPORAL_TLS_CLIENT_KEY_PATH: '/client.key',
        TEMPORAL_TLS_SERVER_NAME: 'temporal.internal',
        TEMPORAL_API_KEY: 'k',
      });
      // A plain local server: TLS off explicitly, whatever the CLI's own configuration file says.
      expect(temporalCliEnv(parseConfig(dev), {})).toEqual({
        TEMPORAL_ADDRESS: '127.0.0.1:7233',
        TEMPORAL_NAMESPACE: 'default',
        TEMPORAL_TLS: 'false',
      });
    });
  });
});

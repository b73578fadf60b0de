import { ConfigError, parseConfig } from '../../domain/config';

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
  it('starts a laptop with no environment at all, on the local stack', () => {
    const config = parseConfig({});
    expect(config.publicBaseUrl).toBe('http://127.0.0.1:8080');
    expect(config.mongodbUri).toBe('mongodb://127.0.0.1:27017/');
    expect(config.temporalAddress).toBe('127.0.0.1:7233');
    expect(config.localServices).toEqual({ mongodb: true, temporal: true, s3: true });
    expect(config.WEBHOOK_ALLOW_PRIVATE).toBe(true);
    expect(config.INITIAL_BONUS_CREDITS).toBe(100);
  });

  it('names every wrong variable', () => {
    const found = problems({ PORT: 'eighty', MONGODB_URI: 'postgres://x', SYNC_RUNS: 'maybe' });
    expect(found.join('\n')).toMatch(/PORT/);
    expect(found.join('\n')).toMatch(/MONGODB_URI/);
    expect(found.join('\n')).toMatch(/SYNC_RUNS/);
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ PORT: '' }).PORT).toBe(8080);
  });

  it('uses external services when their addresses are given, and starts none of them', () => {
    const config = parseConfig({
      MONGODB_URI: 'mongodb://db.internal:27017/',
      TEMPORAL_ADDRESS: 'temporal.internal:7233',
      S3_ENDPOINT: 'https://s3.example.com',
    });
    expect(config.localServices).toEqual({ mongodb: false, temporal: false, s3: false });
    expect(config.s3Endpoint).toBe('https://s3.example.com');
  });

  it('refuses development secrets and missing service addresses in production', () => {
    const found = problems({ NODE_ENV: 'production' }).join('\n');
    for (const name of ['SESSION_JWT_SECRET', 'API_KEY_HASH_SECRET', 'DATA_ENCRYPTION_KEY', 'MONGODB_URI', 'TEMPORAL_ADDRESS', 'S3_ENDPOINT']) {
      expect(found).toContain(name);
    }
  });

  it('turns private and insecure webhook targets off in production', () => {
    const config = parseConfig({
      NODE_ENV: 'production',
      MONGODB_URI: 'mongodb://db:27017/',
      TEMPORAL_ADDRESS: 'temporal:7233',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_SECRET_ACCESS_KEY: 'a-real-secret-key',
      SESSION_JWT_SECRET: 'x'.repeat(40),
      API_KEY_HASH_SECRET: 'y'.repeat(40),
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
    });
    expect(config.WEBHOOK_ALLOW_PRIVATE).toBe(false);
    expect(config.WEBHOOK_ALLOW_INSECURE).toBe(false);
  });

  it('rejects an encryption key that is not 32 bytes', () => {
    expect(problems({ DATA_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') }).join()).toMatch(/DATA_ENCRYPTION_KEY/);
  });
});

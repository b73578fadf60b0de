/**
 * Test configuration, applied before any test module loads (jest `setupFiles`) and by globalSetup. Tests use the
 * same local services as `npm start` but their own database, bucket and Temporal namespace, so a developer can run
 * both at once. External addresses (MONGODB_URI, TEMPORAL_ADDRESS, S3_ENDPOINT) given by the caller still apply.
 */
const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  MONGODB_DB: 'assay_test',
  S3_BUCKET: 'assay-test',
  TEMPORAL_NAMESPACE: 'assay-test',
  PORT: '8089',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  // Every test client is 127.0.0.1, and the suite fails authentication on purpose hundreds of times a minute; the
  // test of that limit (test/integration/rate-limit.test.ts) sets its own.
  AUTH_FAILURES_PER_MINUTE: '1000000',
};

export function applyTestEnv(): void {
  for (const [name, value] of Object.entries(TEST_ENV)) {
    if (process.env[name] === undefined || process.env[name] === '') process.env[name] = value;
  }
  // Tests must never run against a production configuration.
  process.env.NODE_ENV = 'test';
}

/**
 * The namespaces of this test run, derived from TEMPORAL_NAMESPACE so concurrent sessions (each with their own
 * namespace) never share task queues: `idle` has no worker unless a test starts one (runs there stay queued);
 * `live` has a worker a test starts against its own model server; `tls` has a worker a test starts behind a TLS front
 * (test/support/temporal-tls-front.ts).
 */
export function testNamespaces(base = process.env.TEMPORAL_NAMESPACE ?? 'assay-test') {
  return { main: base, idle: `${base}-idle`, live: `${base}-live`, tls: `${base}-tls` };
}

applyTestEnv();

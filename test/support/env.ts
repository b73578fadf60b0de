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
  // In a test file (jest sets JEST_WORKER_ID after globalSetup, in its own processes and in-band alike): its lane.
  const lane = Number(process.env.JEST_WORKER_ID);
  if (lane && !process.env.ASSAY_TEST_LANE) {
    Object.assign(process.env, laneEnv(process.env.MONGODB_DB!, process.env.TEMPORAL_NAMESPACE!, lane));
    process.env.ASSAY_TEST_LANE = String(lane);
  }
}

/**
 * A lane is what one jest worker's test files share: a database, a Temporal namespace and the worker globalSetup
 * starts on it. `npm test` runs two lanes side by side (scripts/test.ts), so lanes share only the services and the
 * bucket: one file's reconciler, sweep or idle queue never sees another lane's records, and each lane's database
 * stays half the size (the embedded store scans a collection for most queries).
 */
export function laneEnv(database: string, namespace: string, lane: number) {
  return { MONGODB_DB: `${database}_w${lane}`, TEMPORAL_NAMESPACE: `${namespace}-w${lane}` };
}

/** The lane's worker process id, which globalSetup records for tests that read its memory. */
export function laneWorkerPid(): number {
  const pid = Number(process.env[`ASSAY_TEST_WORKER_PID_${process.env.ASSAY_TEST_LANE ?? 1}`]);
  if (!pid) throw new Error('globalSetup did not record the lane worker pid');
  return pid;
}

/**
 * The namespaces of this test run, derived from TEMPORAL_NAMESPACE (the lane's) so concurrent sessions and lanes
 * never share task queues: `idle` has no worker unless a test starts one (runs there stay queued); `live` has a
 * worker a test starts against its own model server; `tls` has a worker a test starts behind a TLS front
 * (test/support/temporal-tls-front.ts). A file that starts a worker elsewhere names its own namespace after `main`.
 */
export function testNamespaces(base = process.env.TEMPORAL_NAMESPACE ?? 'assay-test') {
  return { main: base, idle: `${base}-idle`, live: `${base}-live`, tls: `${base}-tls` };
}

applyTestEnv();

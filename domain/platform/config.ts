/**
 * The one place that reads the environment. Every process (API, worker, scripts) calls `loadConfig()` once at
 * start-up; a missing or malformed value stops the process with a message naming the variable, before anything
 * connects anywhere. Nothing else in the code base reads `process.env`.
 */
import { z } from 'zod';
import { bool, ECONOMY_ENV, port, positiveInt } from './env-values';

/** Values that are fine on a laptop and unacceptable in production: production must set its own. */
const DEV_SESSION_JWT_SECRET = 'assay-dev-session-secret-change-me-0123456789';
const DEV_API_KEY_HASH_SECRET = 'assay-dev-api-key-hash-secret-0123456789';
const DEV_DATA_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');
const DEV_S3_ACCESS_KEY = 'assay-dev';
const DEV_S3_SECRET_KEY = 'assay-dev-secret-key';

/** The secrets production must bring itself (it refuses to start without them), with their development values. */
export const PRODUCTION_SECRETS = {
  SESSION_JWT_SECRET: DEV_SESSION_JWT_SECRET,
  API_KEY_HASH_SECRET: DEV_API_KEY_HASH_SECRET,
  DATA_ENCRYPTION_KEY: DEV_DATA_ENCRYPTION_KEY,
} as const;
export type ProductionSecret = keyof typeof PRODUCTION_SECRETS;

/**
 * Every secret value this repository has ever published — the development defaults above and the defaults the
 * shipped docker-compose.yml once carried — so production refuses them whatever variable they are put in: anyone
 * can read them, so anyone could mint session tokens or forge key hashes with them.
 */
export const PUBLISHED_SECRET_VALUES: readonly string[] = [
  DEV_SESSION_JWT_SECRET,
  DEV_API_KEY_HASH_SECRET,
  DEV_DATA_ENCRYPTION_KEY,
  DEV_S3_SECRET_KEY,
  'change-me-session-secret-at-least-32-chars',
  'change-me-api-key-hash-secret-32-chars',
  'Y2hhbmdlLW1lLXRoaXMtaXMtMzItYnl0ZXMtbG9uZyE=',
  'change-me-minio-secret',
];

/** Bytes a production secret must have at least: guessable material is no secret. */
const MIN_SECRET_BYTES = 32;
/** A "secret" of fewer distinct characters than this (`xxxx…`, `0000…`) is a placeholder, not key material. */
const MIN_SECRET_DISTINCT_CHARS = 8;

const EnvSchema = z.object({
  /**
   * Unset means production: a deployment that forgets NODE_ENV must not run on development secrets.
   * Local development says so itself (`npm start`, the tests and the dev scripts set development or test).
   */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(8080),
  PUBLIC_BASE_URL: z.url().optional(),
  JSON_BODY_LIMIT: z.string().default('1mb'),

  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// or mongodb+srv:// URI')
    .optional(),
  MONGODB_DB: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,63}$/, 'letters, digits, _ and - only')
    .default('assay'),
  MONGODB_PORT: port.default(27017),
  /**
   * How lists, memberships and create-once read and write (domain/store/): `pages` for the
   * embedded store (FerretDB 1.x), `query` for MongoDB; `auto` asks the server at start-up. Unset: `query` in
   * production (which runs on MongoDB), `auto` elsewhere.
   */
  LIST_STRATEGY: z.enum(['auto', 'pages', 'query']).optional(),

  TEMPORAL_ADDRESS: z
    .string()
    .regex(/^[^\s:]+:\d+$/, 'must be host:port')
    .optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_PORT: port.default(7233),
  TEMPORAL_UI_PORT: port.default(8233),
  TEMPORAL_UI_URL: z.url().optional(),
  /**
   * A managed or TLS-fronted Temporal (Temporal Cloud): dial with TLS, verifying the server against the system's roots
   * unless TEMPORAL_TLS_CA_PATH names the CA. Any of the settings below implies it; `false` with them is refused.
   */
  TEMPORAL_TLS: bool.optional(),
  /** PEM file of the CA that signed the server's certificate (a private CA; Temporal Cloud's is publicly trusted). */
  TEMPORAL_TLS_CA_PATH: z.string().min(1).optional(),
  /** PEM files of this client's certificate and its key (mTLS, e.g. a Temporal Cloud namespace's CA-issued pair). */
  TEMPORAL_TLS_CERT_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_KEY_PATH: z.string().min(1).optional(),
  /** The name the server's certificate is checked against, when it is not the host of TEMPORAL_ADDRESS. */
  TEMPORAL_TLS_SERVER_NAME: z.string().min(1).optional(),
  /** A Temporal Cloud API key, sent as a bearer token on every call (only ever over TLS). */
  TEMPORAL_API_KEY: z.string().min(1).optional(),

  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
    .default('assay'),
  S3_ACCESS_KEY_ID: z.string().min(1).default(DEV_S3_ACCESS_KEY),
  S3_SECRET_ACCESS_KEY: z.string().min(8).default(DEV_S3_SECRET_KEY),
  S3_FORCE_PATH_STYLE: bool.default(true),
  /**
   * The store's address as clients reach it: presigned uploads and downloads are signed for it (SigV4 signs the
   * host), while the services dial S3_ENDPOINT. Unset: S3_ENDPOINT, which is right when both
   * are one address (AWS S3). A proxy in front of it must pass the Host header through unchanged.
   */
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  /** Production signs client URLs for https only; this allows plain http (a compose deployment on one machine). */
  S3_PUBLIC_ENDPOINT_ALLOW_HTTP: bool.default(false),
  /** Where the locally started services keep data, logs and pid files (default: `.data` in the project). */
  DATA_DIR: z.string().min(1).optional(),
  MINIO_PORT: port.default(9000),
  MINIO_CONSOLE_PORT: port.default(9001),

  // The three secrets have no schema default: development fills its own in below, production must bring them.
  SESSION_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_JWKS_URL: z.url().optional(),
  SESSION_ISSUER: z.string().min(1).optional(),
  SESSION_AUDIENCE: z.string().min(1).optional(),
  API_KEY_HASH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Earlier API key hash secrets, comma-separated: a key hashed under one still authenticates and is re-hashed under
   * the current secret on that use, and a cursor one signed is still honoured; they never sign (a rotation).
   */
  API_KEY_HASH_SECRET_FALLBACKS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    )
    .refine((secrets) => secrets.every((k) => k.length >= 32), 'each secret must be at least 32 characters')
    .default([]),
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
    .optional(),
  /**
   * Earlier encryption keys, comma-separated: they still open what they sealed, and never seal (a key rotation).
   * `npm run ops -- reseal-secrets` seals everything under the current key, after which they can go.
   */
  DATA_ENCRYPTION_KEY_FALLBACKS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    )
    .refine(
      (keys) => keys.every((k) => Buffer.from(k, 'base64').length === 32),
      'each key must be 32 bytes, base64-encoded',
    )
    .default([]),

  INITIAL_BONUS_CREDITS: z.coerce.number().min(0).default(100),
  DEFAULT_RATE_LIMIT_RPM: positiveInt.default(600),
  /** The highest `rate_limit_rpm` a key may be given (an abuse limit); the schema's own ceiling is 100000. */
  MAX_KEY_RATE_LIMIT_RPM: positiveInt.max(100_000).default(6000),
  /** Failed authentications one client address may make per minute before it gets 429: key guessing stays slow. */
  AUTH_FAILURES_PER_MINUTE: positiveInt.default(30),
  /**
   * Behind a load balancer or reverse proxy: take the client address from the last `X-Forwarded-For` entry (the one
   * the proxy appended). Off by default, so a client cannot choose its own address by sending the header. The same
   * as `TRUST_PROXY_HOPS=1`, which says how many.
   */
  TRUST_PROXY: bool.default(false),
  /**
   * How many proxies in front of the API append to `X-Forwarded-For` (a load balancer: 1; a CDN in front of it: 2):
   * the client address is the entry that many places from the right; entries left of those are never read, so a
   * client cannot choose its address. Unset: 1 with `TRUST_PROXY=true`, else 0 (the socket's address).
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
  SYNC_RUNS: z.enum(['enabled', 'disabled']).default('enabled'),
  SYNC_RUN_TIMEOUT_S: positiveInt.default(30),
  UPLOAD_URL_TTL_S: positiveInt.default(900),
  OUTPUT_URL_TTL_S: positiveInt.default(3600),
  REVIEW_CLAIM_S: positiveInt.default(900), // how long a claim on a review lasts; shorter only in tests
  FULLTEXT_TOKEN_BUDGET: positiveInt.default(200_000),
  /**
   * The most reference tokens one model call is sent as full text (`provider-b-1m-fulltext`): the model's window
   * (1 M tokens) less the inputs' budget and room for the instructions and the answer. Past it, references are cut.
   */
  FULLTEXT_REFERENCE_TOKEN_LIMIT: positiveInt.default(750_000),
  /** How long resolving a webhook host may take, at registration and at each attempt; past it, it did not resolve. */
  WEBHOOK_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(5000),
  WEBHOOK_ALLOW_PRIVATE: bool.optional(),
  WEBHOOK_ALLOW_INSECURE: bool.optional(),
  /** Seconds between delivery attempts; the last delay repeats until the window closes. */
  WEBHOOK_RETRY_SCHEDULE_S: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'comma-separated whole seconds, e.g. 60,300,1800')
    .transform((v) => v.split(',').map(Number))
    .refine((v) => v.every((n) => n > 0), 'every delay must be at least 1 second')
    .default([60, 300, 1800, 7200, 21600]),
  /** No attempt starts later than this many seconds after the first one. */
  WEBHOOK_RETRY_WINDOW_S: positiveInt.default(86_400),
  /** Per-attempt limit for the whole POST (connect, send, answer). */
  WEBHOOK_TIMEOUT_S: positiveInt.default(10),

  /** Model provider slots: A serves file search, B full text; B falls back to A when unset. */
  MODEL_A_PROVIDER: z.enum(['openai', 'anthropic']).optional(),
  MODEL_A_BASE_URL: z.url().optional(),
  MODEL_A_API_KEY: z.string().min(1).optional(),
  MODEL_A_MODEL: z.string().min(1).optional(),
  MODEL_B_PROVIDER: z.enum(['openai', 'anthropic']).optional(),
  MODEL_B_BASE_URL: z.url().optional(),
  MODEL_B_API_KEY: z.string().min(1).optional(),
  MODEL_B_MODEL: z.string().min(1).optional(),
  ...ECONOMY_ENV,
  MODEL_TIMEOUT_S: positiveInt.default(120),
  MODEL_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(4),
  /** Base delay of the exponential backoff between model retries (tests shorten it). */
  MODEL_RETRY_BASE_MS: positiveInt.default(1000),
  /** Bearer for `GET /metrics`; unset = no metrics endpoint (404). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Where the worker serves Temporal's own Prometheus metrics (on HOST); unset = not served. */
  WORKER_METRICS_PORT: port.optional(),

  WORKER_SHUTDOWN_GRACE_S: positiveInt.default(60),
  /**
   * Workflows one worker process keeps in Temporal's sticky cache, split between its task queues' workers; unset =
   * the SDK's own sizing for the process's heap, once for the process rather than once per queue (worker/workflow-cache.ts).
   */
  WORKER_MAX_CACHED_WORKFLOWS: positiveInt.min(2).optional(),
  /**
   * Extractions (documents and references) one worker process runs at once; unset = as many as half the process's
   * memory holds at the parsing sandbox's limit each (worker/extraction-slots.ts).
   */
  EXTRACTION_SLOTS: positiveInt.max(100).optional(),
  /**
   * Resident memory of the child process that chunks and indexes one reference (activities/indexing/sandbox.ts):
   * a reference that needs more fails with a reason. 1024 MB indexes 20 M characters of English and about 10 M of
   * Chinese or Japanese (measured). Each extraction slot counts it.
   */
  INDEXING_MEMORY_MB: positiveInt.min(256).max(65_536).default(1024),
  /**
   * The languages OCR reads: Tesseract codes joined by `+` or `,` (`eng`, `eng+fra`), each
   * an installed `@tesseract.js-data/<code>` package (the worker refuses to start otherwise; README lists them).
   */
  OCR_LANGUAGES: z
    .string()
    .regex(/^[a-z]{3}(_[a-z]+)?([+,][a-z]{3}(_[a-z]+)?)*$/, 'Tesseract language codes joined by + (eng, eng+fra)')
    .default('eng'),
  /** A file with more pages to read by OCR fails `too_many_pages`. */
  OCR_MAX_PAGES: positiveInt.max(10_000).default(100),
  /** Seconds one page may take to be read by OCR (the engine's start included on a file's first page). */
  OCR_PAGE_TIMEOUT_S: positiveInt.max(3600).default(60),
  /** Resident memory of the parsing sandbox while it reads a page by OCR. */
  OCR_MEMORY_MB: positiveInt.min(256).max(65_536).default(1024),
  /** Seconds between passes of the reconciler (the Schedule `assay-reconciler`), which settles what ended unsettled. */
  RECONCILE_INTERVAL_S: positiveInt.default(60),
  /** Comma-separated subset of task queues this worker process serves (default: all). */
  WORKER_TASK_QUEUES: z
    .string()
    .regex(/^[a-z-]+(,[a-z-]+)*$/, 'comma-separated task-queue names')
    .optional(),
  WORKFLOW_BUNDLE_PATH: z.string().min(1).optional(),
  HEALTH_CHECK_TIMEOUT_MS: positiveInt.default(2000),
  /**
   * How long one health answer is served again before the dependencies are probed anew:
   * `/v1/health` is public, and each fresh answer sends four probes. 0: probe on every call.
   */
  HEALTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
});

export type Env = z.infer<typeof EnvSchema>;
export interface Config extends Omit<
  Env,
  'WEBHOOK_ALLOW_PRIVATE' | 'WEBHOOK_ALLOW_INSECURE' | 'LIST_STRATEGY' | ProductionSecret
> {
  production: boolean;
  /** Trusted proxy hops: `TRUST_PROXY_HOPS`, or 1 with `TRUST_PROXY=true`, else 0. */
  proxyHops: number;
  /** Resolved addresses: either the external ones given, or the local stack's. */
  mongodbUri: string;
  temporalAddress: string;
  /** Whether the Temporal connection uses TLS: TEMPORAL_TLS, or implied by any TLS or API-key setting. */
  temporalTls: boolean;
  s3Endpoint: string;
  /** What presigned URLs are signed for: S3_PUBLIC_ENDPOINT, else the services' own address. */
  s3PublicEndpoint: string;
  temporalUiUrl: string;
  publicBaseUrl: string;
  /** Which services the local stack script must run (those with no external address configured). */
  localServices: { mongodb: boolean; temporal: boolean; s3: boolean };
  WEBHOOK_ALLOW_PRIVATE: boolean;
  WEBHOOK_ALLOW_INSECURE: boolean;
  LIST_STRATEGY: 'auto' | 'pages' | 'query';
  SESSION_JWT_SECRET: string;
  API_KEY_HASH_SECRET: string;
  DATA_ENCRYPTION_KEY: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  // Empty strings mean "unset": a `FOO=` line in a shell or compose file must not defeat a default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';

  const problems: string[] = [];
  if (production) {
    // Production refuses a missing, short or published secret. Messages name the variable, never the value.
    for (const name of Object.keys(PRODUCTION_SECRETS) as ProductionSecret[]) {
      const problem = productionSecretProblem(name, e[name]);
      if (problem) problems.push(`${name}: ${problem}`);
    }
    // A hash secret's fallback still authenticates keys and cursors: published, it would let anyone forge a cursor.
    e.API_KEY_HASH_SECRET_FALLBACKS.forEach((value, i) => {
      const problem = productionSecretProblem('API_KEY_HASH_SECRET', value);
      if (problem) problems.push(`API_KEY_HASH_SECRET_FALLBACKS (secret ${i + 1}): ${problem}`);
    });
    // A fallback opens what it sealed, so a published one would let anyone who sealed under it be believed.
    e.DATA_ENCRYPTION_KEY_FALLBACKS.forEach((value, i) => {
      const problem = productionSecretProblem('DATA_ENCRYPTION_KEY', value);
      if (problem) problems.push(`DATA_ENCRYPTION_KEY_FALLBACKS (key ${i + 1}): ${problem}`);
    });
    if (PUBLISHED_SECRET_VALUES.includes(e.S3_SECRET_ACCESS_KEY)) {
      problems.push('S3_SECRET_ACCESS_KEY: is a value published in the Assay repository; set your own');
    }
    if (!e.MONGODB_URI) problems.push('MONGODB_URI: required in production');
    if (!e.TEMPORAL_ADDRESS) problems.push('TEMPORAL_ADDRESS: required in production');
    if (!e.S3_ENDPOINT) problems.push('S3_ENDPOINT: required in production');
    // An SSRF into the deployment's own network, whose answers the deliveries log would show.
    if (e.WEBHOOK_ALLOW_PRIVATE)
      problems.push('WEBHOOK_ALLOW_PRIVATE: private webhook targets are never allowed in production');
    if (e.WEBHOOK_ALLOW_INSECURE)
      problems.push('WEBHOOK_ALLOW_INSECURE: plain-http webhook targets are never allowed in production');
  }
  // In every mode: a JWKS token verified without issuer and audience would accept any token the provider signs
  // for any application.
  if (e.SESSION_JWKS_URL && (!e.SESSION_ISSUER || !e.SESSION_AUDIENCE)) {
    problems.push('SESSION_ISSUER and SESSION_AUDIENCE: required with SESSION_JWKS_URL');
  }
  for (const slot of ['A', 'B'] as const) {
    const provider = e[`MODEL_${slot}_PROVIDER`];
    if (provider && !e[`MODEL_${slot}_MODEL`])
      problems.push(`MODEL_${slot}_MODEL: required with MODEL_${slot}_PROVIDER`);
    if (provider === 'openai' && !e[`MODEL_${slot}_API_KEY`] && !e[`MODEL_${slot}_BASE_URL`]) {
      problems.push(
        `MODEL_${slot}_API_KEY: required for the OpenAI API (or set MODEL_${slot}_BASE_URL for a local server)`,
      );
    }
  }
  problems.push(...temporalTlsProblems(e));
  const s3Endpoint = (e.S3_ENDPOINT ?? `http://127.0.0.1:${e.MINIO_PORT}`).replace(/\/+$/, '');
  const s3PublicEndpoint = (e.S3_PUBLIC_ENDPOINT ?? s3Endpoint).replace(/\/+$/, '');
  // Presigned URLs are bearer credentials for the bytes: in production they travel over TLS unless the operator
  // says otherwise. The services' own address may stay plain on a private network.
  if (
    production &&
    e.S3_ENDPOINT &&
    new URL(s3PublicEndpoint).protocol !== 'https:' &&
    !e.S3_PUBLIC_ENDPOINT_ALLOW_HTTP
  ) {
    problems.push(
      `S3_PUBLIC_ENDPOINT: presigned URLs must be https in production (${e.S3_PUBLIC_ENDPOINT ? 'it is' : 'S3_ENDPOINT, used when it is unset, is'} plain http); set S3_PUBLIC_ENDPOINT to the https address clients reach the store at, or S3_PUBLIC_ENDPOINT_ALLOW_HTTP=true`,
    );
  }
  if (problems.length) throw new ConfigError(problems);

  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, '');
  return {
    ...e,
    SESSION_JWT_SECRET: e.SESSION_JWT_SECRET ?? DEV_SESSION_JWT_SECRET,
    API_KEY_HASH_SECRET: e.API_KEY_HASH_SECRET ?? DEV_API_KEY_HASH_SECRET,
    DATA_ENCRYPTION_KEY: e.DATA_ENCRYPTION_KEY ?? DEV_DATA_ENCRYPTION_KEY,
    production,
    proxyHops: e.TRUST_PROXY_HOPS ?? (e.TRUST_PROXY ? 1 : 0),
    LIST_STRATEGY: e.LIST_STRATEGY ?? (production ? 'query' : 'auto'),
    mongodbUri: e.MONGODB_URI ?? `mongodb://127.0.0.1:${e.MONGODB_PORT}/`,
    temporalAddress: e.TEMPORAL_ADDRESS ?? `127.0.0.1:${e.TEMPORAL_PORT}`,
    temporalTls: e.TEMPORAL_TLS ?? TEMPORAL_TLS_SETTINGS.some((name) => e[name] !== undefined),
    s3Endpoint,
    s3PublicEndpoint,
    temporalUiUrl: (e.TEMPORAL_UI_URL ?? `http://127.0.0.1:${e.TEMPORAL_UI_PORT}`).replace(/\/+$/, ''),
    publicBaseUrl,
    localServices: { mongodb: !e.MONGODB_URI, temporal: !e.TEMPORAL_ADDRESS, s3: !e.S3_ENDPOINT },
    WEBHOOK_ALLOW_PRIVATE: e.WEBHOOK_ALLOW_PRIVATE ?? !production,
    WEBHOOK_ALLOW_INSECURE: e.WEBHOOK_ALLOW_INSECURE ?? !production,
  };
}

/** The settings that only make sense over TLS, so that setting one turns TLS on. */
const TEMPORAL_TLS_SETTINGS = [
  'TEMPORAL_TLS_CA_PATH',
  'TEMPORAL_TLS_CERT_PATH',
  'TEMPORAL_TLS_KEY_PATH',
  'TEMPORAL_TLS_SERVER_NAME',
  'TEMPORAL_API_KEY',
] as const;

function temporalTlsProblems(e: Env): string[] {
  const problems: string[] = [];
  if ((e.TEMPORAL_TLS_CERT_PATH === undefined) !== (e.TEMPORAL_TLS_KEY_PATH === undefined)) {
    problems.push(
      'TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH: set both (the client certificate and its key) or neither',
    );
  }
  // An API key on a plain connection would cross the network readable by anyone on the path.
  const set = TEMPORAL_TLS_SETTINGS.filter((name) => e[name] !== undefined);
  if (e.TEMPORAL_TLS === false && set.length)
    problems.push(`TEMPORAL_TLS: false contradicts ${set.join(', ')}, which only work over TLS`);
  return problems;
}

/** Why `value` is not acceptable as production secret `name`, or null when it is. */
function productionSecretProblem(name: ProductionSecret, value: string | undefined): string | null {
  if (value === undefined) return 'must be set in production (there is no default)';
  if (PUBLISHED_SECRET_VALUES.includes(value)) return 'is a value published in the Assay repository; generate your own';
  // The encryption key is checked as the 32 bytes it decodes to; the others as the bytes given.
  const material = name === 'DATA_ENCRYPTION_KEY' ? Buffer.from(value, 'base64') : Buffer.from(value, 'utf8');
  if (material.length < MIN_SECRET_BYTES) return `must be at least ${MIN_SECRET_BYTES} bytes`;
  if (new Set(material).size < MIN_SECRET_DISTINCT_CHARS)
    return 'looks like a placeholder (too few distinct bytes); generate a random value';
  return null;
}

/** For process entry points: parse, or print the problems and exit non-zero. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return parseConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}

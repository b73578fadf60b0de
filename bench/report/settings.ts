/** The bench's knobs (BENCH_* environment variables, bench/report.ts says each), ports, paths and child environment. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
export const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
export const SEED = num('BENCH_SEED', 100_000);
export const ACCOUNTS = num('BENCH_ACCOUNTS', 100);
export const RUNS = num('BENCH_RUNS', 1_000);
/** The soak (issue 44): runs per phase (three phases; 0 skips it) and the idle wait before each memory reading. */
export const SOAK_RUNS = num('BENCH_SOAK_RUNS', 1_000);
export const SOAK_IDLE_S = num('BENCH_SOAK_IDLE_S', 10);
/**
 * BENCH_ONLY=soak runs the soak alone (its set-up, its three phases, none of the other phases), to iterate on it; its
 * report (the soak's section and any failures) goes to BENCH_OUT, else to the log directory, never to bench/RESULTS.md.
 */
export const SOAK_ONLY = process.env.BENCH_ONLY === 'soak';
if (process.env.BENCH_ONLY && !SOAK_ONLY) throw new Error(`BENCH_ONLY=${process.env.BENCH_ONLY}: only "soak" is known`);
/** How long a load waits at most for a quiet machine (a smoke run on a busy shared machine sets 0). */
export const QUIET_MAX_S = num('BENCH_QUIET_MAX_S', 300);
export const DURATION_S = num('BENCH_DURATION_S', 10);
export const CONNECTIONS = num('BENCH_CONNECTIONS', 50);
export const LIST_CONNECTIONS = num('BENCH_LIST_CONNECTIONS', 10);
/** The list strategies the command-count section runs (BENCH_STRATEGIES, comma-separated; empty skips it). */
export const BENCH_STRATEGIES = (process.env.BENCH_STRATEGIES ?? 'pages,query')
  .split(',')
  .filter((s): s is 'pages' | 'query' => s === 'pages' || s === 'query');
export const CPU_ROUNDS = Math.max(1, num('BENCH_CPU_ROUNDS', 3));
export const OUT_SET = process.env.BENCH_OUT;

export const API_PORT = num('BENCH_PORT', 8780);
export const KOA_PORT = API_PORT + 1;
export const KOA_READ_PORT = API_PORT + 2;
/** The ports of bench/memory-probe.ts in the API and the worker (the command counts take API_PORT + 3 and + 4). */
export const MEMORY_PORTS = { api: API_PORT + 5, worker: API_PORT + 6 };
export const LOG_DIR = process.env.BENCH_LOG_DIR ?? mkdtempSync(join(tmpdir(), 'assay-bench-'));
mkdirSync(LOG_DIR, { recursive: true });
export const OUT = OUT_SET ?? (SOAK_ONLY ? join(LOG_DIR, 'soak.md') : join(__dirname, '..', 'RESULTS.md'));
export const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

export const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  MONGODB_DB: process.env.BENCH_MONGODB_DB ?? 'assay_bench_report',
  S3_BUCKET: process.env.BENCH_S3_BUCKET ?? 'assay-bench',
  TEMPORAL_NAMESPACE: process.env.BENCH_NAMESPACE ?? 'assay-bench',
  PORT: String(API_PORT),
  DEFAULT_RATE_LIMIT_RPM: '100000000',
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_ALLOW_INSECURE: 'true',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

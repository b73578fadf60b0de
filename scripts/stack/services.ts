/**
 * Starts, checks and stops the local services on 127.0.0.1: Temporal (dev server, SQLite file, Web UI), FerretDB
 * (MongoDB wire protocol over SQLite) and MinIO. Data lives under .data/, logs under .data/logs/, pid files under
 * .data/run/. A service that already answers is left alone, so running this twice is harmless; a service whose
 * address is configured externally (MONGODB_URI, TEMPORAL_ADDRESS, S3_ENDPOINT) is never started.
 */
import { spawn } from 'node:child_process';
import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import type { Config } from '../../domain/platform/config';
import { SEARCH_ATTRIBUTE_NAMES } from '../../domain/jobs/contract';
import { ensureNamespace, temporalServerAnswers } from '../../domain/jobs/namespaces';
import { elapsed, ensureTools, PROJECT_ROOT, toolPath, type Say } from './tools';

/** SQLite settings of the Temporal dev server (see the command below). */
export const SQLITE_PRAGMAS = ['journal_mode=wal', 'synchronous=normal'];

/**
 * SQLite settings of FerretDB, as its `--sqlite-url` query. FerretDB already opens WAL (and a busy timeout); SQLite's
 * default `synchronous=full` then syncs the WAL at every commit, and each write command is one commit behind the
 * write lock (tools.ts), so that sync bounded every write. `normal` syncs at checkpoints: a crash of FerretDB loses
 * nothing committed, a crash of the machine may lose the last commits — the same trade as the Temporal dev server's,
 * for a local stand-in.
 */
export const FERRETDB_SQLITE_QUERY = '?_pragma=synchronous(normal)';

export type ServiceName = 'temporal' | 'mongodb' | 'minio';

/** Data, logs and pid files of the local services: `.data` in the project unless DATA_DIR says otherwise. */
function dirs(c: Config) {
  const data = c.DATA_DIR ?? join(PROJECT_ROOT, '.data');
  return { data, logs: join(data, 'logs'), run: join(data, 'run') };
}

/**
 * Extra Temporal namespaces, so tests never share task queues with `npm start`: `assay-test-w<n>` has lane n's test
 * worker; `…-idle` has none unless a test starts one, so runs there stay queued for as long as a test needs;
 * `…-live` has one a test starts (test/support/env.ts; `npm test` runs two lanes, `TEST_WORKERS` up to three). Created with the server, which
 * is quicker than registering them one by one.
 */
export const EXTRA_NAMESPACES = [
  ...[1, 2, 3].flatMap((n) => [`assay-test-w${n}`, `assay-test-w${n}-idle`, `assay-test-w${n}-live`]),
  'assay-bench',
];
interface ServiceDef {
  name: ServiceName;
  tool: 'temporal' | 'ferretdb' | 'minio';
  wanted: (c: Config) => boolean;
  command: (c: Config) => { args: string[]; env?: NodeJS.ProcessEnv };
  ready: (c: Config) => Promise<boolean>;
  describe: (c: Config) => string;
}

const SERVICES: ServiceDef[] = [
  {
    name: 'temporal',
    tool: 'temporal',
    wanted: (c) => c.localServices.temporal,
    command: (c) => ({
      args: [
        'server',
        'start-dev',
        '--ip',
        '127.0.0.1',
        '--port',
        String(c.TEMPORAL_PORT),
        '--ui-port',
        String(c.TEMPORAL_UI_PORT),
        '--db-filename',
        join(dirs(c).data, 'temporal', 'temporal.db'),
        '--log-level',
        'warn',
        // WAL lets readers run beside the one writer, and `synchronous=normal` syncs at checkpoints rather than at
        // every commit: a no-op workflow went from ~23/s to ~40/s (issue 19). A crash can lose the last commits of a
        // dev server, never corrupt it; production runs a real Temporal cluster.
        ...SQLITE_PRAGMAS.flatMap((p) => ['--sqlite-pragma', p]),
        ...uniq(['default', c.TEMPORAL_NAMESPACE, ...EXTRA_NAMESPACES]).flatMap((n) => ['--namespace', n]),
        ...SEARCH_ATTRIBUTE_NAMES.flatMap((n) => ['--search-attribute', `${n}=Keyword`]),
      ],
    }),
    ready: (c) => temporalReady(c),
    describe: (c) => `temporal ${c.temporalAddress} (Web UI ${c.temporalUiUrl})`,
  },
  {
    name: 'mongodb',
    tool: 'ferretdb',
    wanted: (c) => c.localServices.mongodb,
    command: (c) => ({
      args: [
        '--handler=sqlite',
        `--sqlite-url=file:${join(dirs(c).data, 'ferretdb')}/${FERRETDB_SQLITE_QUERY}`,
        `--state-dir=${join(dirs(c).data, 'ferretdb')}`,
        `--listen-addr=127.0.0.1:${c.MONGODB_PORT}`,
        '--debug-addr=-',
        '--telemetry=disable',
        '--log-level=warn',
      ],
    }),
    ready: (c) => mongoReady(c),
    describe: (c) => `ferretdb ${c.mongodbUri}`,
  },
  {
    name: 'minio',
    tool: 'minio',
    wanted: (c) => c.localServices.s3,
    command: (c) => ({
      args: ['server', join(dirs(c).data, 'minio'), '--address', `127.0.0.1:${c.MINIO_PORT}`, '--quiet'],
      env: {
        MINIO_ROOT_USER: c.S3_ACCESS_KEY_ID,
        MINIO_ROOT_PASSWORD: c.S3_SECRET_ACCESS_KEY,
        MINIO_BROWSER: 'off',
        MINIO_UPDATE: 'off',
        MINIO_CALLHOME_ENABLE: 'off',
      },
    }),
    ready: (c) => minioReady(c),
    describe: (c) => `minio ${c.s3Endpoint}`,
  },
];

function uniq(xs: string[]): string[] {
  return [...new Set(xs)];
}

/**
 * Registers any wanted namespace the running server lacks (a server started by an older version of this script),
 * with the custom search attributes.
 */
async function ensureNamespaces(c: Config, say: Say): Promise<void> {
  for (const namespace of uniq(['default', c.TEMPORAL_NAMESPACE, ...EXTRA_NAMESPACES])) {
    await ensureNamespace(c.temporalAddress, namespace);
  }
  say(`namespaces ready: ${uniq([c.TEMPORAL_NAMESPACE, ...EXTRA_NAMESPACES]).join(', ')}`);
}

function temporalReady(c: Config): Promise<boolean> {
  return temporalServerAnswers(c.temporalAddress);
}

async function mongoReady(c: Config): Promise<boolean> {
  const client = new MongoClient(c.mongodbUri, { serverSelectionTimeoutMS: 1000, connectTimeoutMS: 1000 });
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => undefined);
  }
}

async function minioReady(c: Config): Promise<boolean> {
  try {
    const res = await fetch(`${c.s3Endpoint}/minio/health/live`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

function pidFile(c: Config, name: ServiceName): string {
  return join(dirs(c).run, `${name}.pid`);
}

async function readPid(c: Config, name: ServiceName): Promise<number | undefined> {
  const text = await readFile(pidFile(c, name), 'utf8').catch(() => '');
  const pid = Number.parseInt(text, 10);
  return Number.isFinite(pid) && pid > 0 ? pid : undefined;
}

/** The processes of the services this project started that are running now (the benchmark reads their CPU time). */
export async function servicePids(c: Config): Promise<Partial<Record<ServiceName, number>>> {
  const found: Partial<Record<ServiceName, number>> = {};
  for (const def of SERVICES) {
    const pid = await readPid(c, def.name);
    if (pid && alive(pid)) found[def.name] = pid;
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startOne(def: ServiceDef, config: Config, say: Say): Promise<void> {
  const { data, logs, run } = dirs(config);
  await mkdir(logs, { recursive: true });
  await mkdir(run, { recursive: true });
  for (const dir of ['temporal', 'ferretdb', 'minio']) await mkdir(join(data, dir), { recursive: true });
  const { args, env } = def.command(config);
  const log = await open(join(logs, `${def.name}.log`), 'a');
  const started = Date.now();
  const child = spawn(toolPath(def.tool), args, {
    cwd: data,
    env: { ...process.env, ...env },
    detached: true, // its own process group: Ctrl-C in a terminal reaches us, and we stop it deliberately
    stdio: ['ignore', log.fd, log.fd],
  });
  await log.close();
  child.unref();
  if (!child.pid) throw new Error(`could not start ${def.name}`);
  let exited: number | null | undefined;
  child.on('exit', (code) => {
    exited = code;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited !== undefined) {
      throw new Error(`${def.name} exited with code ${exited} while starting; see ${join(logs, `${def.name}.log`)}`);
    }
    if (await def.ready(config)) {
      // Recorded only once it answers: a start that fails must not overwrite the pid of a server already running.
      await writeFile(pidFile(config, def.name), String(child.pid));
      say(`started ${def.describe(config)} in ${elapsed(started)}`);
      return;
    }
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`${def.name} did not become ready within 60 s; see ${join(logs, `${def.name}.log`)}`);
}

/**
 * Brings up every local service the configuration needs. Returns the names of those it started (not those it
 * found running), so the caller stops only what it owns.
 */
export async function startStack(config: Config, say: Say, only?: ServiceName[]): Promise<ServiceName[]> {
  const defs = SERVICES.filter((d) => d.wanted(config) && (!only || only.includes(d.name)));
  if (defs.length === 0) return [];
  await ensureTools(
    say,
    defs.map((d) => d.tool),
  );
  const started: ServiceName[] = [];
  for (const def of defs) {
    if (await def.ready(config)) {
      say(`already running: ${def.describe(config)}`);
    } else {
      await startOne(def, config, say);
      started.push(def.name);
    }
    if (def.name === 'temporal') await ensureNamespaces(config, say);
  }
  return started;
}

/** Stops services started by this project (found through their pid files under the config's data directory). */
export async function stopStack(config: Config, say: Say, only?: ServiceName[]): Promise<void> {
  for (const def of [...SERVICES].reverse()) {
    if (only && !only.includes(def.name)) continue;
    const pid = await readPid(config, def.name);
    if (!pid || !alive(pid)) {
      await rm(pidFile(config, def.name), { force: true });
      continue;
    }
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 15_000;
    while (alive(pid) && Date.now() < deadline) await sleep(100);
    if (alive(pid)) process.kill(pid, 'SIGKILL');
    await rm(pidFile(config, def.name), { force: true });
    say(`stopped ${def.name}`);
  }
}

export async function stackStatus(config: Config): Promise<Record<ServiceName, string>> {
  const out = {} as Record<ServiceName, string>;
  for (const def of SERVICES) {
    const external = !def.wanted(config);
    const up = await def.ready(config);
    out[def.name] = `${up ? 'up' : 'down'}${external ? ' (external)' : ''}  ${def.describe(config)}`;
  }
  return out;
}

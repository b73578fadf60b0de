/**
 * The pinned binaries of the local stack, built from source with the Go toolchain (the machines reach the Go
 * module proxy and nothing else). Each is built once per machine into a per-user cache keyed by name and version
 * (~/.cache/assay/bin/<name>-<version>) and linked into .tools/bin, so a fresh clone starts in seconds and only a
 * version bump rebuilds.
 *
 * Every tool is built the same way: `go mod download` fetches the exact module version, and `go build` runs inside
 * a copy of it, so the module's own go.mod and go.sum (and any replace directives, which `go install` refuses) apply.
 */
import { execFile, spawn } from 'node:child_process';
import {
  access,
  chmod,
  copyFile,
  cp,
  mkdir,
  mkdtemp,
  readFile,
  rename,
  rm,
  symlink,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export interface ToolSpec {
  name: 'temporal' | 'ferretdb' | 'minio';
  module: string;
  version: string;
  pkg: string;
  /** Bumped whenever `prepare` changes what is built, so cached binaries are rebuilt. */
  buildRevision?: string;
  /** Changes to the module copy before compiling (generated files, patches). */
  prepare?: (dir: string) => Promise<void>;
}

/**
 * FerretDB 1.24 executes update, findAndModify and delete as read-modify-write in Go with no isolation between
 * concurrent commands: 200 concurrent `$inc`s on one document leave it at ~20, and a guarded debit
 * (`{balance: {$gte: 1}}`) is applied more times than the balance allows. MongoDB makes every single-document write
 * atomic, and Assay's correctness (credits, state machines, rate limits) rests on that. This patch serializes the
 * write commands inside the one FerretDB process, which restores per-document atomicity; reads stay concurrent.
 * test/integration/database-atomicity.test.ts proves the property against the running server.
 */
const FERRETDB_WRITE_COMMANDS = [
  'msg_update.go:MsgUpdate',
  'msg_findandmodify.go:MsgFindAndModify',
  'msg_delete.go:MsgDelete',
  'msg_insert.go:MsgInsert',
];

async function patchFerretdbWrites(dir: string): Promise<void> {
  const handlerDir = join(dir, 'internal', 'handler');
  await writeFile(
    join(handlerDir, 'assay_write_lock.go'),
    '// Added by Assay\'s build: serializes write commands (see scripts/stack/tools.ts).\n\npackage handler\n\nimport "sync"\n\nvar assayWriteMu sync.Mutex\n',
  );
  for (const entry of FERRETDB_WRITE_COMMANDS) {
    const [file, fn] = entry.split(':') as [string, string];
    const path = join(handlerDir, file);
    const source = await readFile(path, 'utf8');
    const signature = `func (h *Handler) ${fn}(connCtx context.Context, msg *wire.OpMsg) (*wire.OpMsg, error) {`;
    if (!source.includes(signature))
      throw new Error(`FerretDB patch: ${fn} not found in ${file}; review the patch for this version`);
    await writeFile(
      path,
      source.replace(signature, `${signature}\n\tassayWriteMu.Lock()\n\tdefer assayWriteMu.Unlock()\n`),
    );
  }
}

/**
 * FerretDB 1.24's SQLite backend looks documents up by `_id` with the expression `->'$._id'`, while the `_id` index is
 * built on `->"_id"`: SQLite compares index expressions literally, so every lookup by id scanned the whole table
 * (`EXPLAIN QUERY PLAN` says SCAN). It also pushed `_id` down only when it was the filter's sole key, and Assay's
 * tenant filters always add `account_id`. This patch writes the id expression the way the index has it and pushes
 * a string `_id` down whatever else the filter holds. That is safe because FerretDB applies the whole filter again
 * in Go to what SQLite returns; the pushdown only narrows the rows read.
 */
async function patchFerretdbIdLookups(dir: string): Promise<void> {
  const edit = async (file: string, from: string, to: string, count: number) => {
    const path = join(dir, 'internal', 'backends', 'sqlite', file);
    const source = await readFile(path, 'utf8');
    const found = source.split(from).length - 1;
    if (found !== count)
      throw new Error(
        `FerretDB patch: expected ${count}× ${JSON.stringify(from)} in ${file}, found ${found}; review the patch`,
      );
    await writeFile(path, source.split(from).join(to));
  };
  await edit(
    'metadata/metadata.go',
    `IDColumn = DefaultColumn + "->'$._id'"`,
    `IDColumn = DefaultColumn + "->'_id'"`,
    1,
  );
  await edit(
    'collection.go',
    'if params.Filter.Len() == 1 {\n\t\tv, _ := params.Filter.Get("_id")',
    'if params.Filter.Len() >= 1 {\n\t\tv, _ := params.Filter.Get("_id")',
    2,
  );
}

export const TOOLS: ToolSpec[] = [
  { name: 'temporal', module: 'github.com/temporalio/cli', version: 'v1.5.1', pkg: './cmd/temporal' },
  {
    name: 'ferretdb',
    module: 'github.com/FerretDB/FerretDB',
    version: 'v1.24.0',
    pkg: './cmd/ferretdb',
    buildRevision: 'assay.2',
    prepare: async (dir) => {
      // FerretDB panics at start without its generated version file.
      await writeFile(join(dir, 'build', 'version', 'version.txt'), 'v1.24.0\n');
      await patchFerretdbWrites(dir);
      await patchFerretdbIdLookups(dir);
    },
  },
  // MinIO publishes no semver tags; this pseudo-version is its 2026-02-12 source.
  { name: 'minio', module: 'github.com/minio/minio', version: 'v0.0.0-20260212201848-7aac2a2c5b7c', pkg: '.' },
];

export const PROJECT_ROOT = join(__dirname, '..', '..');
export const TOOLS_BIN = join(PROJECT_ROOT, '.tools', 'bin');
export const CACHE_BIN = join(process.env.ASSAY_CACHE_DIR ?? join(homedir(), '.cache', 'assay'), 'bin');

export type Say = (line: string) => void;

export function toolPath(name: ToolSpec['name']): string {
  return join(TOOLS_BIN, name);
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

function cachedName(tool: ToolSpec): string {
  return `${tool.name}-${tool.version.replace(/^v/, '')}${tool.buildRevision ? `-${tool.buildRevision}` : ''}`;
}

async function ensureGo(): Promise<void> {
  try {
    await exec('go', ['version']);
  } catch {
    throw new Error(
      'The Go toolchain is required to build the local stack (Temporal CLI, FerretDB, MinIO) the first time.\n' +
        'Install Go 1.24 or newer (https://go.dev/dl/ or your package manager) and run again, or point\n' +
        'MONGODB_URI, TEMPORAL_ADDRESS and S3_ENDPOINT at services you already run.',
    );
  }
}

function goEnv(): NodeJS.ProcessEnv {
  // GOTOOLCHAIN=local: never switch to another Go release behind the user's back.
  return { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod', CGO_ENABLED: '0' };
}

async function runWithProgress(say: Say, label: string, cmd: string, args: string[], cwd: string): Promise<void> {
  const started = Date.now();
  const ticker = setInterval(() => say(`  … ${label}: ${elapsed(started)} elapsed`), 15_000);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(cmd, args, { cwd, env: goEnv(), stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => {
        stderr = (stderr + d.toString()).slice(-4000);
      });
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} failed (exit ${code}):\n${stderr}`)),
      );
    });
  } finally {
    clearInterval(ticker);
  }
}

export function elapsed(since: number): string {
  const s = Math.round((Date.now() - since) / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

async function build(tool: ToolSpec, target: string, say: Say): Promise<void> {
  await ensureGo();
  const started = Date.now();
  say(`building ${tool.name} ${tool.version} from source (first run on this machine only; a few minutes)`);
  const work = await mkdtemp(join(tmpdir(), `assay-build-${tool.name}-`));
  try {
    say(`  [1/2] downloading ${tool.module}@${tool.version}`);
    const { stdout } = await exec('go', ['mod', 'download', '-json', `${tool.module}@${tool.version}`], {
      cwd: work,
      env: goEnv(),
      maxBuffer: 1 << 20,
    });
    const { Dir: moduleDir } = JSON.parse(stdout) as { Dir: string };
    const src = join(work, 'src');
    await cp(moduleDir, src, { recursive: true });
    await exec('chmod', ['-R', 'u+w', src]);
    await tool.prepare?.(src);
    say(`  [2/2] compiling ${tool.pkg} (dependencies download on the first build)`);
    const out = join(work, tool.name);
    await runWithProgress(say, `compiling ${tool.name}`, 'go', ['build', '-trimpath', '-o', out, tool.pkg], src);
    await mkdir(CACHE_BIN, { recursive: true });
    // Copy then rename: a concurrent reader never sees a half-written binary.
    const partial = `${target}.partial-${process.pid}`;
    await copyFile(out, partial);
    await chmod(partial, 0o755);
    await rename(partial, target);
    say(`built ${tool.name} ${tool.version} in ${elapsed(started)}`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Builds what is missing from the cache and links every tool into .tools/bin. */
export async function ensureTools(say: Say, only?: Array<ToolSpec['name']>): Promise<void> {
  await mkdir(TOOLS_BIN, { recursive: true });
  for (const tool of TOOLS) {
    if (only && !only.includes(tool.name)) continue;
    const cached = join(CACHE_BIN, cachedName(tool));
    if (!(await exists(cached))) await build(tool, cached, say);
    const link = toolPath(tool.name);
    await unlink(link).catch(() => undefined);
    await symlink(cached, link);
  }
}

/** The processes the phases load: the Koa baselines, the API and the worker, and the stack services' pids. */
import type { ChildProcess } from 'node:child_process';
import type { Config } from '../../domain/platform/config';
import { NODE_FLAGS } from '../../scripts/node-flags';
import { servicePids } from '../../scripts/stack/services';
import { koaHelloSource, koaRunReadSource } from './koa';
import { startProcess } from './processes';
import { MEMORY_PORTS } from './settings';

/** Starts them, each pushed on `children` as soon as it runs, so the bench stops it whatever happens next. */
export async function startBenchProcesses(config: Config, children: ChildProcess[]) {
  const koaSource = koaHelloSource();
  const koaReadSource = koaRunReadSource(config);
  children.push(await startProcess('koa', ['-e', koaSource], 'koa listening'));
  const koaRead = await startProcess('koa-read', [...NODE_FLAGS, '-e', koaReadSource], 'koa read listening');
  children.push(koaRead);
  // Through the bench's entry that lets the soak ask for a full garbage collection (bench/memory-probe.ts).
  const probe = ['--import', 'tsx', 'bench/memory-probe.ts'];
  const api = await startProcess('api', [...NODE_FLAGS, ...probe, 'api/server.ts'], 'assay api listening', {
    BENCH_MEMORY_PORT: String(MEMORY_PORTS.api),
  });
  children.push(api);
  const worker = await startProcess('worker', [...NODE_FLAGS, ...probe, 'worker/main.ts'], 'assay worker polling', {
    BENCH_MEMORY_PORT: String(MEMORY_PORTS.worker),
  });
  children.push(worker);

  // Every process a run's work touches, for the CPU split of the engine rows (only services this project started).
  const services = await servicePids(config);
  const stackPids: Record<string, number | undefined> = {
    API: api.pid,
    worker: worker.pid,
    'Temporal server': services.temporal,
    FerretDB: services.mongodb,
    MinIO: services.minio,
  };
  /** Stack services whose pid this checkout does not know (a stack started from another checkout): not counted. */
  const unmeasured = Object.entries(stackPids)
    .filter(([, pid]) => pid === undefined)
    .map(([name]) => name);
  return { koaRead, api, worker, stackPids, unmeasured };
}

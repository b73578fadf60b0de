/**
 * The entry the bench starts its API and worker through, never the product: `tsx bench/memory-probe.ts
 * api/server.ts` loads the entry named after it once this is in place (an entry, not an `--import` preload, for the
 * reason bench/count-commands.ts gives). It lets the soak (bench/report.ts, issue 44) read memory that is retained
 * rather than memory V8 has not got round to collecting or handing back: on 127.0.0.1:BENCH_MEMORY_PORT,
 *   `POST /gc` runs a full collection in every V8 isolate of the process — the main thread and each worker thread
 *     (the worker's workflow threads) — through the inspector protocol (`HeapProfiler.collectGarbage`, V8's
 *     "collect all available garbage", which also shrinks the young generation and frees emptied pages), then
 *     answers what `GET /` answers;
 *   `GET /` answers the process's memory: resident (VmRSS), each isolate's heap (used and committed), the main
 *     isolate's external memory, and for the worker each Temporal Worker's sticky cache (workflows cached, and its
 *     maximum).
 * The inspector session is opened for a request and closed after it: nothing runs between requests.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import type { Worker, WorkerOptions } from '@temporalio/worker';

/** The process's memory as the soak reports it; MB throughout. */
export interface MemoryReading {
  /** Resident set size (VmRSS of /proc/self/status). */
  rss: number;
  /** V8 heap used / committed, the main thread's isolate and the worker threads' together. */
  heapUsed: number;
  heapCommitted: number;
  /** Memory held outside the heap by the main isolate's objects (Buffers, ArrayBuffers, native bindings' reports). */
  external: number;
  /** Worker threads (workflow threads in the worker): heap used / committed of each, by title. */
  threads: Array<{ title: string; heapUsed: number; heapCommitted: number }>;
  /**
   * The worker's Temporal Workers: workflows in each sticky cache now, the most it held since the previous reading
   * (or the start), and the cache's bound.
   */
  caches: Array<{ taskQueue: string; cached: number; peak: number; max: number | undefined }>;
}

const MB = 2 ** 20;
const entry = process.argv[2];
if (!entry) throw new Error('usage: tsx bench/memory-probe.ts <entry.ts>');
const workers: Array<{ worker: Worker; options: WorkerOptions; peak: number }> = [];

// The worker's Temporal Workers are remembered as they are created, for their caches' sizes (worker/main.ts creates
// one per task queue). Only in the worker: the API does not load the Temporal worker package.
if (entry.startsWith('worker/')) {
  const sdk = require('@temporalio/worker') as typeof import('@temporalio/worker');
  const create = sdk.Worker.create.bind(sdk.Worker);
  sdk.Worker.create = async (options: WorkerOptions) => {
    const worker = await create(options);
    const watched = { worker, options, peak: 0 };
    workers.push(watched);
    // The SDK publishes its cache's size on every change.
    worker.numRunningWorkflowInstances$.subscribe((n) => (watched.peak = Math.max(watched.peak, n)));
    return worker;
  };
}

type Post = (method: string, params?: object) => Promise<Record<string, unknown>>;

/** Opens an inspector session on this process, with a `post` for the main isolate and one per worker thread. */
async function inspect<T>(work: (main: Post, threads: Array<{ title: string; post: Post }>) => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  const post: Post = (method, params = {}) =>
    new Promise((resolve, reject) =>
      session.post(method, params, (err, result) => (err ? reject(err) : resolve(result as Record<string, unknown>))),
    );
  const attached: Array<{ sessionId: string; title: string }> = [];
  session.on('NodeWorker.attachedToWorker', (m) =>
    attached.push({ sessionId: m.params.sessionId, title: m.params.workerInfo.title }),
  );
  let next = 0;
  const pending = new Map<number, (reply: { result?: Record<string, unknown>; error?: unknown }) => void>();
  session.on('NodeWorker.receivedMessageFromWorker', (m) => {
    const reply = JSON.parse(m.params.message) as { id?: number; result?: Record<string, unknown>; error?: unknown };
    if (reply.id !== undefined) pending.get(reply.id)?.(reply);
  });
  try {
    // Existing workers are reported while `enable` is answered.
    await post('NodeWorker.enable', { waitForDebuggerOnStart: false });
    const threads = attached.map(({ sessionId, title }) => ({
      title,
      post: (method: string, params: object = {}) =>
        new Promise<Record<string, unknown>>((resolve, reject) => {
          const id = ++next;
          pending.set(id, (reply) => {
            pending.delete(id);
            if (reply.error) reject(new Error(`${method} in ${title}: ${JSON.stringify(reply.error)}`));
            else resolve(reply.result ?? {});
          });
          post('NodeWorker.sendMessageToWorker', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(
            reject,
          );
        }),
    }));
    return await work(post, threads);
  } finally {
    await post('NodeWorker.disable').catch(() => undefined);
    session.disconnect();
  }
}

async function reading(collect: boolean): Promise<MemoryReading> {
  const threads = await inspect(async (main, threads) => {
    if (collect) {
      for (const t of threads) await t.post('HeapProfiler.collectGarbage');
      await main('HeapProfiler.collectGarbage');
    }
    return Promise.all(
      threads.map(async (t) => {
        const usage = await t.post('Runtime.getHeapUsage');
        return { title: t.title, heapUsed: Number(usage.usedSize) / MB, heapCommitted: Number(usage.totalSize) / MB };
      }),
    );
  });
  // V8 frees emptied pages on a background thread: give it a moment before resident memory is read.
  if (collect) await new Promise((r) => setTimeout(r, 1000));
  const own = process.memoryUsage();
  const status = readFileSync('/proc/self/status', 'utf8');
  const sum = (key: 'heapUsed' | 'heapCommitted') => threads.reduce((a, t) => a + t[key], 0);
  return {
    rss: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024,
    heapUsed: own.heapUsed / MB + sum('heapUsed'),
    heapCommitted: own.heapTotal / MB + sum('heapCommitted'),
    external: own.external / MB,
    threads,
    caches: workers.map((w) => {
      const cached = w.worker.getStatus().numCachedWorkflows;
      const peak = Math.max(w.peak, cached);
      w.peak = cached;
      return { taskQueue: w.options.taskQueue, cached, peak, max: w.options.maxCachedWorkflows };
    }),
  };
}

const port = Number(process.env.BENCH_MEMORY_PORT);
if (port > 0) {
  createServer((req, res) => {
    reading(req.method === 'POST' && req.url === '/gc').then(
      (r) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(r)),
      (err: unknown) => res.writeHead(500).end(String(err)),
    );
  })
    .listen(port, '127.0.0.1')
    .unref();
}

require(join(__dirname, '..', entry));

/**
 * The Temporal client side: one lazily (re)connecting connection per process, the poller check behind the health
 * endpoint's `worker` status, and the two primitives the jobs gateway (./index.ts) builds on: start-or-attach under
 * a business-key id, and a bounded wait for a result. Every call here that carries a deadline or an abort signal
 * goes through `inCallContext`, which keeps the client's call context switched on only while such a call is in
 * flight. Workflow code never imports this file.
 */
import {
  Client,
  Connection,
  WorkflowExecutionAlreadyStartedError,
  type ConnectionLike,
  type TLSConfig,
  type WorkflowHandle,
  type WorkflowStartOptions,
} from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import type { SearchAttributePair, Workflow } from '@temporalio/common';
import { readFileSync } from 'node:fs';
import { ConfigError, type Config } from '../platform/config';
import { TASK_QUEUES } from './contract';

export interface TemporalHandle {
  client: Client;
  connection: ConnectionLike;
  namespace: string;
  /**
   * True when the client shares its connection with this process's workers: a job started here may then ask for
   * its first workflow task in the start's answer (eager start) instead of through the task queue.
   */
  eager: boolean;
  close(): Promise<void>;
}

/**
 * How to reach the Temporal server: its address, TLS (a private CA, a client certificate, the name to check) and a
 * Cloud API key — the same for the client here and the worker's `NativeConnection`, whose options take this shape.
 * The PEM files are read now, so a missing one stops the process at start-up naming its setting.
 */
export function temporalConnectionOptions(config: Config): {
  address: string;
  tls: TLSConfig | false;
  apiKey?: string;
} {
  if (!config.temporalTls) return { address: config.temporalAddress, tls: false };
  const pem = (
    name: 'TEMPORAL_TLS_CA_PATH' | 'TEMPORAL_TLS_CERT_PATH' | 'TEMPORAL_TLS_KEY_PATH',
  ): Buffer | undefined => {
    const path = config[name];
    if (path === undefined) return undefined;
    try {
      return readFileSync(path);
    } catch (err) {
      throw new ConfigError([`${name}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? String(err)})`]);
    }
  };
  const ca = pem('TEMPORAL_TLS_CA_PATH');
  const crt = pem('TEMPORAL_TLS_CERT_PATH');
  const key = pem('TEMPORAL_TLS_KEY_PATH');
  const tls: TLSConfig = {
    ...(config.TEMPORAL_TLS_SERVER_NAME ? { serverNameOverride: config.TEMPORAL_TLS_SERVER_NAME } : {}),
    ...(ca ? { serverRootCACertificate: ca } : {}),
    ...(crt && key ? { clientCertPair: { crt, key } } : {}),
  };
  return {
    address: config.temporalAddress,
    tls,
    ...(config.TEMPORAL_API_KEY ? { apiKey: config.TEMPORAL_API_KEY } : {}),
  };
}

/**
 * The environment for the `temporal` CLI (operator scripts, tests) to reach the server this config names: the
 * address, namespace, TLS files and API key under the CLI's own variable names (its environment configuration),
 * so the key never appears on a command line, where any local user could read it. Every other `TEMPORAL_*`
 * variable is left out, so a setting of ours the CLI reads differently cannot leak into it.
 */
export function temporalCliEnv(config: Config, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(base).filter(([name]) => !name.startsWith('TEMPORAL_')));
  const set = (name: string, value: string | undefined) => {
    if (value !== undefined) env[name] = value;
  };
  set('TEMPORAL_ADDRESS', config.temporalAddress);
  set('TEMPORAL_NAMESPACE', config.TEMPORAL_NAMESPACE);
  set('TEMPORAL_TLS', String(config.temporalTls));
  if (config.temporalTls) {
    set('TEMPORAL_TLS_SERVER_CA_CERT_PATH', config.TEMPORAL_TLS_CA_PATH);
    set('TEMPORAL_TLS_CLIENT_CERT_PATH', config.TEMPORAL_TLS_CERT_PATH);
    set('TEMPORAL_TLS_CLIENT_KEY_PATH', config.TEMPORAL_TLS_KEY_PATH);
    set('TEMPORAL_TLS_SERVER_NAME', config.TEMPORAL_TLS_SERVER_NAME);
    set('TEMPORAL_API_KEY', config.TEMPORAL_API_KEY);
  }
  return env;
}

export async function connectTemporal(
  config: Config,
  options: { lazy?: boolean; workers?: ConnectionLike } = {},
): Promise<TemporalHandle> {
  if (options.workers) {
    // The worker process's own connection (its owner closes it): jobs its activities start can be started eagerly.
    const client = new Client({ connection: options.workers, namespace: config.TEMPORAL_NAMESPACE });
    return {
      client,
      connection: options.workers,
      namespace: config.TEMPORAL_NAMESPACE,
      eager: true,
      close: async () => undefined,
    };
  }
  // `Connection.connect` dials eagerly and fails fast; gRPC reconnects on its own once the server returns. A lazy
  // connection dials on first use (tests that need a Temporal that is not there from the start).
  const connection = Connection.lazy({ ...temporalConnectionOptions(config), connectTimeout: '5s' });
  if (!options.lazy) {
    // `Connection.connect` leaves the channel of a refused connection dialing in the background: close it here.
    await inCallContext(connection, () => connection.ensureConnected()).catch(async (err: unknown) => {
      await connection.close().catch(() => undefined);
      throw err;
    });
  }
  const client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
  return { client, connection, namespace: config.TEMPORAL_NAMESPACE, eager: false, close: () => connection.close() };
}

/** Calls with a deadline or an abort signal in flight, per connection (see `inCallContext`). */
const callsInContext = new WeakMap<object, number>();

/**
 * Runs `fn`, which sets a deadline, an abort signal or metadata on its Temporal calls, and switches the client's
 * call context off again once no such call is left in flight.
 *
 * The client carries those per-call settings in an `AsyncLocalStorage` (`callContextStorage`). Before Node's
 * async-context frames (the default from Node 24), the first `run()` of any such storage installs async hooks on
 * every promise and async resource the process creates from then on, for good: the Koa request path of a
 * `GET /runs/{id}` that never touches Temporal paid about a fifth of its CPU for them.
 * `disable()` removes them, and the storage's next `run()` installs them again (Node's documented behaviour), so
 * each burst of Temporal calls pays for its own context and the rest of the process pays nothing. Only when the
 * last call in flight has settled: disabling earlier would drop the deadline of a call still running. In a
 * worker process activities keep their own storage, so there the hooks stay, as they did.
 */
export async function inCallContext<T>(connection: ConnectionLike, fn: () => Promise<T>): Promise<T> {
  const storage = (connection as { callContextStorage?: { disable(): void } }).callContextStorage;
  if (!storage) return fn();
  callsInContext.set(connection, (callsInContext.get(connection) ?? 0) + 1);
  try {
    return await fn();
  } finally {
    const left = (callsInContext.get(connection) ?? 1) - 1;
    callsInContext.set(connection, left);
    if (left === 0) storage.disable();
  }
}

/** A liveness call with a deadline, so a stopped server turns into `down` rather than a hanging request. */
export async function pingTemporal(handle: TemporalHandle, timeoutMs: number): Promise<void> {
  await withinDeadline(handle, () => handle.connection.workflowService.getSystemInfo({}), timeoutMs);
}

/**
 * True when every task queue has a workflow poller seen recently. Temporal keeps a poller listed for a while after
 * its last poll, so the last-access time is what tells a live worker from a departed one.
 */
export async function workersPolling(handle: TemporalHandle, timeoutMs: number, maxAgeMs = 70_000): Promise<boolean> {
  const now = Date.now();
  for (const name of Object.values(TASK_QUEUES)) {
    // One deadline for all the queues together: the health check waits `timeoutMs` at most.
    const res = await withinDeadline(
      handle,
      () =>
        handle.connection.workflowService.describeTaskQueue({
          namespace: handle.namespace,
          taskQueue: { name, kind: temporal.api.enums.v1.TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
          taskQueueType: temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
        }),
      Math.max(1, now + timeoutMs - Date.now()),
    );
    const fresh = (res.pollers ?? []).some((p) => {
      const seconds = Number(p.lastAccessTime?.seconds ?? 0);
      return now - seconds * 1000 < maxAgeMs;
    });
    if (!fresh) return false;
  }
  return true;
}

/**
 * The longest a request-path call to Temporal may take. Without a deadline the client retries an unreachable server
 * with backoff for as long as the caller waits, and an API request would hang instead of answering 503; a gRPC
 * DEADLINE_EXCEEDED is a `ServiceError`, which the error middleware maps to 503.
 */
export const TEMPORAL_CALL_DEADLINE_MS = 5000;

export function withinDeadline<T>(
  handle: TemporalHandle,
  fn: () => Promise<T>,
  ms = TEMPORAL_CALL_DEADLINE_MS,
): Promise<T> {
  return inCallContext(handle.connection, () => handle.connection.withDeadline(Date.now() + ms, fn));
}

/**
 * Starts a job's workflow under its business-key id, or attaches to the one already started (a retried request,
 * or a job that finished earlier). A finished id is never run again (REJECT_DUPLICATE): its result is the answer.
 */
export async function startOrAttach<W extends Workflow>(
  handle: TemporalHandle,
  workflowType: string,
  options: {
    workflowId: string;
    taskQueue: string;
    args: Parameters<W>;
    memo?: Record<string, unknown>;
    /** Search attributes an operator filters by (in the Temporal UI). */
    searchAttributes?: SearchAttributePair[];
    /** Ask for the first workflow task in the start's answer when this process runs the queue's worker. */
    eager?: boolean;
    /** A closed execution of the id that failed may run again (a result computed anew, nothing else depends on it). */
    rerunFailed?: boolean;
    /**
     * A closed id may run again: for a job whose outcome lives in the store and is read there first, so a second run
     * only ever replaces what went missing (a page image). Otherwise never.
     */
    rerunClosed?: boolean;
  },
): Promise<WorkflowHandle<W>> {
  try {
    return await withinDeadline(handle, () =>
      handle.client.workflow.start<W>(workflowType, {
        workflowId: options.workflowId,
        taskQueue: options.taskQueue,
        args: options.args,
        memo: options.memo,
        typedSearchAttributes: options.searchAttributes,
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: options.rerunClosed
          ? 'ALLOW_DUPLICATE'
          : options.rerunFailed
            ? 'ALLOW_DUPLICATE_FAILED_ONLY'
            : 'REJECT_DUPLICATE',
        requestEagerStart: options.eager === true && handle.eager,
      } as unknown as WorkflowStartOptions<W>),
    );
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError)
      return handle.client.workflow.getHandle<W>(options.workflowId);
    throw err;
  }
}

/**
 * The workflow's result if it finishes within `ms`, else `undefined` (it keeps running). The long poll behind
 * `result()` is aborted at the deadline, so a timed-out wait leaves no call behind.
 */
export async function resultWithin<W extends Workflow>(
  temporal: TemporalHandle,
  workflow: WorkflowHandle<W>,
  ms: number,
): Promise<Awaited<ReturnType<W>> | undefined> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    return (await inCallContext(temporal.connection, () =>
      temporal.connection.withAbortSignal(controller.signal, () => workflow.result()),
    )) as Awaited<ReturnType<W>>;
  } catch (err) {
    if (controller.signal.aborted) return undefined;
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Worker process entry: one Temporal worker per task queue (runs, indexing, webhooks) sharing one connection and
 * one workflow bundle, so each queue keeps its own concurrency and a backlog on one never starves another. Run more
 * processes to scale out; give a process `WORKER_TASK_QUEUES` to dedicate it to some queues.
 *
 * Shutdown (SIGINT/SIGTERM): workers stop polling, in-flight activities get `WORKER_SHUTDOWN_GRACE_S` to finish
 * (activities heartbeat, so a worker killed outright is noticed and its activities retried elsewhere).
 */
import { NativeConnection, Runtime, Worker, makeTelemetryFilterString } from '@temporalio/worker';
import { queueActivities, type ActivityDeps } from '../activities';
import { createModelGateway } from '../activities/models/configured';
import { loadConfig } from '../domain/platform/config';
import { openProduct } from '../domain/operations/start-up';
import { purgeExpiredEvents } from '../domain/webhooks/events';
import {
  ensureReconcilerSchedule,
  RECONCILER_SCHEDULE_ID,
  temporalConnectionOptions,
  type TemporalHandle,
} from '../domain/jobs';
import { createLogger, type Logger } from '../domain/platform/logger';
import { TASK_QUEUES } from '../domain/jobs/contract';
import { extractionSlots, processMemoryBytes } from './extraction-slots';
import { sdkLogger } from './sdk-logger';
import { loadWorkflowBundle } from './workflow-bundle';
import { cachedWorkflowsPerWorker } from './workflow-cache';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'assay-worker');
  Runtime.install({
    logger: sdkLogger(logger.child({ component: 'temporal-sdk' })),
    telemetryOptions: {
      logging: { filter: makeTelemetryFilterString({ core: 'WARN' }), forward: {} },
      // Temporal's own worker metrics (activity execution latency per activity type, task-queue polls, failures):
      // the SDK measures every activity already, so the worker need not time them itself.
      ...(config.WORKER_METRICS_PORT
        ? {
            metrics: {
              prometheus: { bindAddress: `${config.HOST}:${config.WORKER_METRICS_PORT}`, useSecondsForDurations: true },
            },
          }
        : {}),
    },
  });

  // One connection for the workers and the client their activities start jobs with, so those jobs may start eagerly.
  const connection = await NativeConnection.connect(temporalConnectionOptions(config));
  const { database, storage, temporal, store } = await openProduct(config, { workers: connection });
  logger.info({ list_strategy: store.strategy, reason: store.reason }, 'store strategy chosen');
  const extractions = extractionSlots(config.EXTRACTION_SLOTS, processMemoryBytes(), config.INDEXING_MEMORY_MB);
  const deps: ActivityDeps = {
    config,
    logger,
    db: database.db,
    storage,
    models: createModelGateway(config),
    temporal,
    extractionSlots: { total: extractions, running: 0 },
  };

  const started = Date.now();
  const workflowBundle = await loadWorkflowBundle(config.WORKFLOW_BUNDLE_PATH);
  logger.info({ ms: Date.now() - started }, 'workflow code ready');

  const queues = selectQueues(config.WORKER_TASK_QUEUES);
  const cachedWorkflows = cachedWorkflowsPerWorker(config.WORKER_MAX_CACHED_WORKFLOWS, queues.length);
  const workers = await Promise.all(
    queues.map((queue) =>
      Worker.create({
        connection,
        namespace: config.TEMPORAL_NAMESPACE,
        taskQueue: TASK_QUEUES[queue],
        workflowBundle,
        // Only this queue's activities: a job's activity tasks stay on its queue's own concurrency.
        activities: queueActivities[queue](deps),
        // Test-mode work and webhook attempts run as local activities, which hold their
        // workflow task's slot while they run: as many slots as the activity slots that work had before.
        // (Never more than the cache holds: the SDK would lower it with a warning.)
        maxConcurrentWorkflowTaskExecutions: Math.min(WORKFLOW_TASK_SLOTS, cachedWorkflows),
        // One budget for the process's workflow cache, shared by its Workers (worker/workflow-cache.ts).
        maxCachedWorkflows: cachedWorkflows,
        // A run is one workflow task, taken from the queue's normal (not sticky) side; the SDK's fixed default gives
        // that side 2 of its 10 pollers, which capped new runs at 2 per poll round trip.
        workflowTaskPollerBehavior: POLLERS,
        activityTaskPollerBehavior: POLLERS,
        // Each extraction may hold a parsing sandbox at its memory limit: no more at once than the process can hold.
        ...(queue === 'indexing' ? { maxConcurrentActivityTaskExecutions: extractions } : {}),
        shutdownGraceTime: `${config.WORKER_SHUTDOWN_GRACE_S}s`,
        shutdownForceTime: `${config.WORKER_SHUTDOWN_GRACE_S + 10}s`,
      }),
    ),
  );
  logger.info(
    {
      namespace: config.TEMPORAL_NAMESPACE,
      taskQueues: queues.map((q) => TASK_QUEUES[q]),
      ...(queues.includes('indexing') ? { extractionSlots: extractions } : {}),
      cachedWorkflowsPerQueue: cachedWorkflows,
    },
    'assay worker polling',
  );
  if (queues.includes('runs')) void keepReconcilerScheduled(temporal, config.RECONCILE_INTERVAL_S, logger);
  // Event retention: the database may have no TTL indexes (FerretDB), so workers purge; at start, then hourly.
  const purgeEvents = () =>
    purgeExpiredEvents(database.db).then(
      (purged) => purged > 0 && logger.info({ purged }, 'expired events purged'),
      (err: unknown) => logger.warn({ err }, 'expired events not purged; the next round retries'),
    );
  void purgeEvents();
  const purgeTimer = setInterval(purgeEvents, EVENT_PURGE_INTERVAL_MS);
  try {
    // Runtime shuts every worker down on SIGINT/SIGTERM; run() resolves once in-flight work is done.
    await Promise.all(workers.map((w) => w.run()));
  } finally {
    clearInterval(purgeTimer);
    await connection.close();
    await temporal.close();
    await database.close();
    logger.info('assay worker stopped');
  }
}

const EVENT_PURGE_INTERVAL_MS = 3_600_000;

/**
 * Poller autoscaling, Temporal's recommended setting: the server reports each queue's backlog with the tasks it hands
 * out and the worker opens polls to match, never more than its free slots. The reports need Temporal Server 1.28 or
 * later (the dev server here is 1.29; Temporal Cloud sends them).
 */
const POLLERS = { type: 'autoscaling' } as const;

/** The SDK's default activity slots (100), where the local activities' work used to run. */
const WORKFLOW_TASK_SLOTS = 100;

/**
 * The reconciler's Schedule (it settles executions that ended unsettled), created or updated by every worker that
 * serves the runs queue (its passes run there); retried until it lands, so a worker started while Temporal is away
 * still creates it.
 */
async function keepReconcilerScheduled(temporal: TemporalHandle, intervalS: number, logger: Logger): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ensureReconcilerSchedule(temporal, intervalS);
      logger.info({ scheduleId: RECONCILER_SCHEDULE_ID, intervalS }, 'reconciler scheduled');
      return;
    } catch (err) {
      logger.warn({ err, attempt }, 'reconciler schedule not created yet; retrying');
      await new Promise((r) => setTimeout(r, Math.min(30_000, 1000 * attempt)).unref());
    }
  }
}

type QueueKey = keyof typeof TASK_QUEUES;

/** The queues this process serves: all, or those `WORKER_TASK_QUEUES` names (by their task-queue names). */
function selectQueues(list: string | undefined): QueueKey[] {
  const keys = Object.keys(TASK_QUEUES) as QueueKey[];
  if (!list) return keys;
  const all: string[] = Object.values(TASK_QUEUES);
  const chosen = list.split(',');
  const unknown = chosen.filter((q) => !all.includes(q));
  if (unknown.length)
    throw new Error(`WORKER_TASK_QUEUES: unknown task queue(s) ${unknown.join(', ')}; known: ${all.join(', ')}`);
  return keys.filter((k) => chosen.includes(TASK_QUEUES[k]));
}

main().catch((err: unknown) => {
  process.stderr.write(`assay worker failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

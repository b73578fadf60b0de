/**
 * The jobs gateway. Every Temporal execution the product starts, signals, waits for or inspects goes through one
 * function here, typed by the job's signature in the contract (contract.ts `JobSignatures`, which every workflow
 * function is checked against in workflows/index.ts): the gateway never imports workflow code, not even its types. This module owns the job ids, task queues, search
 * attributes and the request-path deadline; no other module imports `@temporalio/client` (test/unit/structure).
 *
 * Naming: a Temporal execution is a "job"; "workflow" is the product resource (an evaluation workflow, `wf_…`).
 */
import {
  ScheduleAlreadyRunning,
  ScheduleOverlapPolicy,
  WorkflowFailedError,
  WorkflowNotFoundError,
  type WorkflowHandle,
} from '@temporalio/client';
import {
  JOB_QUEUES,
  JOB_SHAPE,
  retryDeliveryNow,
  SEARCH_ATTRIBUTES,
  TASK_QUEUES,
  type DeliveryJobInput,
  type DocumentJobInput,
  type GeneratePromptInput,
  type JobName,
  type JobSignatures,
  type ReferenceJobInput,
  type PageImageJobInput,
  type BatchJobInput,
  type BatchResultsJobInput,
  type CalibrationJobInput,
  type CompareCalibrationsInput,
} from './contract';
import { resultWithin, startOrAttach, withinDeadline, type TemporalHandle } from './connection';

export {
  connectTemporal,
  pingTemporal,
  TEMPORAL_CALL_DEADLINE_MS,
  temporalCliEnv,
  temporalConnectionOptions,
  withinDeadline,
  workersPolling,
  type TemporalHandle,
} from './connection';
export type { ConnectionLike } from '@temporalio/client';

/** Workflow type names, checked against the jobs contract (contract.ts `JobSignatures`), which the workflows meet. */
export const JOB_TYPES = {
  extractDocument: 'extractDocument',
  indexReferenceDocument: 'indexReferenceDocument',
  renderPageImage: 'renderPageImage',
  evaluateRun: 'evaluateRun',
  generatePrompt: 'generatePrompt',
  deliverWebhook: 'deliverWebhook',
  reconcile: 'reconcile',
  runBatch: 'runBatch',
  evaluateBatchItem: 'evaluateBatchItem',
  batchResults: 'batchResults',
  runCalibration: 'runCalibration',
  compareCalibrations: 'compareCalibrations',
} as const satisfies { [K in JobName]?: K };

/** The task queue a job is started on (contract.ts JOB_QUEUES), the queue whose worker registers its activities. */
const queueOf = (job: keyof typeof JOB_QUEUES) => TASK_QUEUES[JOB_QUEUES[job]];

/** Business-key job ids: a retried request finds the same execution instead of starting a second one. */
export const jobIds = {
  run: (runId: string) => runId,
  extractDocument: (docId: string) => `extract-${docId}`,
  indexReferenceDocument: (refId: string) => `index-${refId}`,
  pageImage: (id: string, page: number, width: number) => `page-${id}-${page}-${width}`,
  delivery: (deliveryId: string) => deliveryId,
  batch: (batchId: string) => `batch-${batchId}`,
  calibration: (calibrationId: string) => `calibration-${calibrationId}`,
  compareCalibrations: (calibrationId: string, otherId: string) => `calibration-compare-${calibrationId}-${otherId}`,
};

/** The reconciler's Schedule (it settles what ended unsettled), one per namespace, made by every worker at start-up. */
export const RECONCILER_SCHEDULE_ID = 'assay-reconciler';

/** How a bounded wait for a job ended: its result, still running, or the execution closed without one. */
export type JobWait<T> = { state: 'done'; value: T } | { state: 'waiting' } | { state: 'ended'; message: string };

async function waitFor<W extends JobSignatures[JobName]>(
  temporal: TemporalHandle,
  handle: WorkflowHandle<W>,
  ms: number,
): Promise<JobWait<Awaited<ReturnType<W>>>> {
  try {
    const value = await resultWithin(temporal, handle, ms);
    return value === undefined ? { state: 'waiting' } : { state: 'done', value };
  } catch (err) {
    // Failed, terminated, timed out or canceled: the caller settles its resource (a 4xx/200, never a 500).
    if (err instanceof WorkflowFailedError) return { state: 'ended', message: err.message };
    throw err;
  }
}

// ---- runs -------------------------------------------------------------------------------------------------------

export interface RunJob {
  accountId: string;
  runId: string;
  workflowId: string;
  workflowName: string;
  productCode: string;
  livemode: boolean;
  /** The run waits for input documents still being read. */
  awaitsInput?: boolean;
}

/**
 * Starts (or attaches to) a run's execution. No execution timeout: a run's time bound counts from its start and
 * ends in settlement inside the workflow; queue time never counts.
 */
export function startRunJob(
  temporal: TemporalHandle,
  job: RunJob,
): Promise<WorkflowHandle<JobSignatures['evaluateRun']>> {
  return startOrAttach<JobSignatures['evaluateRun']>(temporal, JOB_TYPES.evaluateRun, {
    workflowId: jobIds.run(job.runId),
    taskQueue: queueOf(JOB_TYPES.evaluateRun),
    args: [
      {
        accountId: job.accountId,
        runId: job.runId,
        shape: JOB_SHAPE,
        livemode: job.livemode,
        // Only on a run that waits: every other run's input, and so its history, is as before.
        ...(job.awaitsInput ? { awaitsInput: 'checks' as const } : {}),
      },
    ],
    memo: { workflow_name: job.workflowName },
    searchAttributes: [
      { key: SEARCH_ATTRIBUTES.accountId, value: job.accountId },
      { key: SEARCH_ATTRIBUTES.runStatus, value: 'queued' },
      { key: SEARCH_ATTRIBUTES.workflowId, value: job.workflowId },
      { key: SEARCH_ATTRIBUTES.productCode, value: job.productCode },
    ],
  });
}

/** Waits at most `ms` for a run's execution (sync runs). */
export function waitForRun(temporal: TemporalHandle, handle: WorkflowHandle<JobSignatures['evaluateRun']>, ms: number) {
  return waitFor(temporal, handle, ms);
}

// ---- batches ----------------------------------------------------------------------------------------------------

/** Starts (or attaches to) a batch's job, on the batches queue. */
export async function startBatchJob(
  temporal: TemporalHandle,
  input: Omit<BatchJobInput, 'shape' | 'progress'>,
): Promise<void> {
  await startOrAttach<JobSignatures['runBatch']>(temporal, JOB_TYPES.runBatch, {
    workflowId: jobIds.batch(input.batchId),
    taskQueue: queueOf(JOB_TYPES.runBatch),
    args: [{ ...input, shape: JOB_SHAPE }],
    searchAttributes: [{ key: SEARCH_ATTRIBUTES.accountId, value: input.accountId }],
  });
}

/**
 * Starts (or attaches to) a calibration's job, on the batches queue: it waits for the calibration's batch to be final,
 * then writes the report.
 */
export async function startCalibrationJob(
  temporal: TemporalHandle,
  input: Omit<CalibrationJobInput, 'shape'>,
): Promise<void> {
  await startOrAttach<JobSignatures['runCalibration']>(temporal, JOB_TYPES.runCalibration, {
    workflowId: jobIds.calibration(input.calibrationId),
    taskQueue: queueOf(JOB_TYPES.runCalibration),
    args: [{ ...input, shape: JOB_SHAPE }],
    searchAttributes: [{ key: SEARCH_ATTRIBUTES.accountId, value: input.accountId }],
  });
}

/**
 * Compares two calibrations in the worker (issue 53 item 1: the bootstrap never runs in the API) under an id fixed by
 * the pair, so identical requests share one job, and waits at most `ms`. A job that failed may run again.
 */
export async function compareCalibrationsJob(temporal: TemporalHandle, input: CompareCalibrationsInput, ms: number) {
  const handle = await startOrAttach<JobSignatures['compareCalibrations']>(temporal, JOB_TYPES.compareCalibrations, {
    workflowId: jobIds.compareCalibrations(input.calibrationId, input.otherId),
    taskQueue: queueOf(JOB_TYPES.compareCalibrations),
    args: [input],
    searchAttributes: [{ key: SEARCH_ATTRIBUTES.accountId, value: input.accountId }],
    rerunFailed: true,
  });
  return waitFor(temporal, handle, ms);
}

/**
 * Starts (or attaches to) a batch item's run: the run's own job (id = run id, like any run) on the batches queue,
 * served by that queue's worker with its own slots, so items never wait in front of interactive runs.
 */
export async function startBatchItemJob(temporal: TemporalHandle, job: RunJob): Promise<void> {
  await startOrAttach<JobSignatures['evaluateBatchItem']>(temporal, JOB_TYPES.evaluateBatchItem, {
    workflowId: jobIds.run(job.runId),
    taskQueue: queueOf(JOB_TYPES.evaluateBatchItem),
    args: [
      {
        accountId: job.accountId,
        runId: job.runId,
        shape: JOB_SHAPE,
        livemode: job.livemode,
        // Only on a run that waits: every other run's input, and so its history, is as before.
        ...(job.awaitsInput ? { awaitsInput: 'checks' as const } : {}),
      },
    ],
    memo: { workflow_name: job.workflowName },
    eager: true,
    searchAttributes: [
      { key: SEARCH_ATTRIBUTES.accountId, value: job.accountId },
      { key: SEARCH_ATTRIBUTES.runStatus, value: 'queued' },
      { key: SEARCH_ATTRIBUTES.workflowId, value: job.workflowId },
      { key: SEARCH_ATTRIBUTES.productCode, value: job.productCode },
    ],
  });
}

/**
 * How long a batch job's histories grew: the executions of its id (one per continue-as-new) and the longest, in
 * events (the benchmark's check that continue-as-new keeps them bounded). Read from visibility, which may lag.
 */
export async function describeBatchHistory(
  temporal: TemporalHandle,
  batchId: string,
): Promise<{ runs: number; longest: number }> {
  let runs = 0;
  let longest = 0;
  for await (const execution of temporal.client.workflow.list({ query: `WorkflowId = '${jobIds.batch(batchId)}'` })) {
    runs++;
    longest = Math.max(longest, execution.historyLength);
  }
  return { runs, longest };
}

/**
 * Renders a batch's results file in the worker (the API never renders 10,000 rows in-process) and waits at most
 * `ms` for it. `rendering` names what the file will show (domain/batches/results-file.ts): requests for the same
 * rendering attach to one job, and a finished one answers its file.
 */
export async function batchResultsJob(
  temporal: TemporalHandle,
  input: BatchResultsJobInput,
  ms: number,
  rendering: string,
) {
  const handle = await startOrAttach<JobSignatures['batchResults']>(temporal, JOB_TYPES.batchResults, {
    workflowId: `batch-results-${input.batchId}-${rendering}`,
    taskQueue: queueOf(JOB_TYPES.batchResults),
    args: [input],
  });
  return waitFor(temporal, handle, ms);
}

// ---- documents and references -----------------------------------------------------------------------------------

/** Starts (or attaches to) a document's extraction. */
export function startExtraction(temporal: TemporalHandle, input: DocumentJobInput) {
  return startOrAttach<JobSignatures['extractDocument']>(temporal, JOB_TYPES.extractDocument, {
    workflowId: jobIds.extractDocument(input.docId),
    taskQueue: queueOf(JOB_TYPES.extractDocument),
    args: [input],
  });
}

/** Starts (or attaches to) a document's extraction and waits for it at most `waitMs`. */
export async function extractDocument(temporal: TemporalHandle, input: DocumentJobInput, waitMs: number) {
  return waitFor(temporal, await startExtraction(temporal, input), waitMs);
}

export async function indexReference(temporal: TemporalHandle, input: ReferenceJobInput): Promise<void> {
  await startOrAttach<JobSignatures['indexReferenceDocument']>(temporal, JOB_TYPES.indexReferenceDocument, {
    workflowId: jobIds.indexReferenceDocument(input.refId),
    taskQueue: queueOf(JOB_TYPES.indexReferenceDocument),
    args: [input],
  });
}

/**
 * Draws a page of a document on the indexing queue and waits at most `ms`. The id is the
 * document, page and width, so concurrent requests share one drawing; a closed one may run again, since its outcome
 * is read from the store before any start.
 */
export async function pageImageJob(temporal: TemporalHandle, input: PageImageJobInput, ms: number) {
  const handle = await startOrAttach<JobSignatures['renderPageImage']>(temporal, JOB_TYPES.renderPageImage, {
    workflowId: jobIds.pageImage(input.id, input.page, input.width),
    taskQueue: queueOf(JOB_TYPES.renderPageImage),
    args: [input],
    searchAttributes: [{ key: SEARCH_ATTRIBUTES.accountId, value: input.accountId }],
    eager: true,
    rerunClosed: true,
  });
  return waitFor(temporal, handle, ms);
}

// ---- webhooks ---------------------------------------------------------------------------------------------------

export async function deliver(temporal: TemporalHandle, input: DeliveryJobInput): Promise<void> {
  await startOrAttach<JobSignatures['deliverWebhook']>(temporal, JOB_TYPES.deliverWebhook, {
    workflowId: jobIds.delivery(input.deliveryId),
    taskQueue: queueOf(JOB_TYPES.deliverWebhook),
    args: [{ ...input, shape: JOB_SHAPE }],
    eager: true,
  });
}

/**
 * A new attempt now: a delivery still in its schedule is signalled to skip its timer; a finished one gets a
 * one-attempt execution under the same id (a closed delivery id may run again, unlike every other job).
 */
export async function retryDeliveryJob(
  temporal: TemporalHandle,
  input: DeliveryJobInput & { once: true },
): Promise<void> {
  await withinDeadline(temporal, () =>
    temporal.client.workflow.signalWithStart<JobSignatures['deliverWebhook'], []>(JOB_TYPES.deliverWebhook, {
      workflowId: jobIds.delivery(input.deliveryId),
      taskQueue: queueOf(JOB_TYPES.deliverWebhook),
      args: [{ ...input, shape: JOB_SHAPE }],
      signal: retryDeliveryNow,
      signalArgs: [],
      workflowIdReusePolicy: 'ALLOW_DUPLICATE',
    }),
  );
}

// ---- prompt generation ------------------------------------------------------------------------------------------

/**
 * Drafts a prompt on the runs queue (it may call a model, which the API never does) under the generation's id
 * (`gen_…`, the key of its ledger entries), and waits at most `ms`.
 */
export async function generatePromptJob(
  temporal: TemporalHandle,
  input: GeneratePromptInput,
  ms: number,
  generationId: string,
) {
  const handle = await startOrAttach<JobSignatures['generatePrompt']>(temporal, JOB_TYPES.generatePrompt, {
    workflowId: `prompt-${generationId}`,
    taskQueue: queueOf(JOB_TYPES.generatePrompt),
    args: [input],
  });
  return waitFor(temporal, handle, ms);
}

// ---- inspection (operators, the reconciler) ---------------------------------------------------------------------

export type JobStatus =
  'running' | 'completed' | 'failed' | 'canceled' | 'terminated' | 'continued_as_new' | 'timed_out' | 'not_found';

/**
 * Temporal's execution status in our terms. Only the closed statuses count as closed; anything open or not
 * known to this SDK version (paused, unspecified) is `running`, so nothing is ever settled on a guess.
 */
const CLOSED_STATUS: Record<string, JobStatus> = {
  COMPLETED: 'completed',
  FAILED: 'failed',
  CANCELLED: 'canceled',
  TERMINATED: 'terminated',
  CONTINUED_AS_NEW: 'continued_as_new',
  TIMED_OUT: 'timed_out',
};

export interface JobDescription {
  status: JobStatus;
  /** Temporal's own name for it (what an operator sees in the UI), `NOT_FOUND` when there is no execution. */
  temporalStatus: string;
  startTime: Date | null;
  closeTime: Date | null;
  taskQueue: string | null;
}

/** What Temporal knows of a job; `not_found` when no execution has that id (never started, or purged). */
export async function describeJob(temporal: TemporalHandle, workflowId: string): Promise<JobDescription> {
  try {
    const d = await withinDeadline(temporal, () => temporal.client.workflow.getHandle(workflowId).describe());
    return {
      status: CLOSED_STATUS[d.status.name] ?? 'running',
      temporalStatus: d.status.name,
      startTime: d.startTime ?? null,
      closeTime: d.closeTime ?? null,
      taskQueue: d.taskQueue,
    };
  } catch (err) {
    if (err instanceof WorkflowNotFoundError)
      return { status: 'not_found', temporalStatus: 'NOT_FOUND', startTime: null, closeTime: null, taskQueue: null };
    throw err;
  }
}

export const isClosed = (status: JobStatus) => status !== 'running' && status !== 'not_found';

/**
 * False only when Temporal says the job's execution is closed (terminated, timed out, …). Work that commits its own
 * result (a run's work activity) asks this right before committing: an execution an operator terminated meanwhile is
 * settled by the reconciler (failed, refunded), not completed by work it no longer waits for.
 * Temporal unreachable or slow: true — the commit goes ahead, so an outage never makes a paid model call run twice.
 */
export async function jobStillOpen(temporal: TemporalHandle, workflowId: string): Promise<boolean> {
  try {
    return !isClosed((await describeJob(temporal, workflowId)).status);
  } catch {
    return true;
  }
}

export async function terminateJob(temporal: TemporalHandle, workflowId: string, reason: string): Promise<void> {
  await withinDeadline(temporal, () => temporal.client.workflow.getHandle(workflowId).terminate(reason));
}

/**
 * Creates the reconciler's Schedule, or brings an existing one to `intervalS` (every worker calls this at start-up,
 * so concurrent creators race harmlessly: one creates, the others update to the same spec). Overlapping ticks are
 * skipped: one pass at a time.
 */
export async function ensureReconcilerSchedule(temporal: TemporalHandle, intervalS: number): Promise<void> {
  const spec = { intervals: [{ every: `${intervalS}s` }] };
  const action = {
    type: 'startWorkflow' as const,
    workflowType: JOB_TYPES.reconcile,
    taskQueue: queueOf(JOB_TYPES.reconcile),
    args: [] as [],
    workflowExecutionTimeout: `${Math.max(intervalS * 5, 300)}s`,
  };
  try {
    await withinDeadline(temporal, () =>
      temporal.client.schedule.create({
        scheduleId: RECONCILER_SCHEDULE_ID,
        spec,
        action,
        policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 minute' },
      }),
    );
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await withinDeadline(temporal, () =>
      temporal.client.schedule.getHandle(RECONCILER_SCHEDULE_ID).update((prev) => ({ ...prev, spec, action })),
    );
  }
}

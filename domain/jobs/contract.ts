/**
 * What the API, the worker and workflow code agree on: task queues, search attributes and (as they are added)
 * signal, query and update definitions. Workflow code imports this file, so it must stay pure: it may import only
 * `@temporalio/common` / `@temporalio/workflow` definitions and types, never Node modules or the database.
 */
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { defineSignal } from '@temporalio/workflow';

/**
 * Separate queues so a webhook or indexing backlog never starves runs; each can be scaled on its own. Batches (their
 * jobs and their items' runs) wait on their own queue, so a batch never delays an interactive run.
 */
export const TASK_QUEUES = {
  runs: 'assay-runs',
  indexing: 'assay-indexing',
  webhooks: 'assay-webhooks',
  batches: 'assay-batches',
} as const;

export type TaskQueueName = (typeof TASK_QUEUES)[keyof typeof TASK_QUEUES];

/**
 * The queue each job runs on. The gateway starts a job on this queue, the queue's worker registers exactly the
 * activities of its jobs (activities/index.ts `queueActivities`), and the workflow types its activity proxies by it
 * (`ActivitiesOf<job>`), so a workflow cannot call an activity its worker lacks. `noop` (the smoke test and bench
 * baseline) runs on every queue and calls none.
 */
export const JOB_QUEUES = {
  evaluateRun: 'runs',
  generatePrompt: 'runs',
  reconcile: 'runs',
  extractDocument: 'indexing',
  indexReferenceDocument: 'indexing',
  renderPageImage: 'indexing',
  deliverWebhook: 'webhooks',
  runBatch: 'batches',
  evaluateBatchItem: 'batches',
  batchResults: 'batches',
  runCalibration: 'batches',
  compareCalibrations: 'batches',
} as const satisfies Record<string, keyof typeof TASK_QUEUES>;

/** Custom search attributes (Keyword) that let an operator find any job in the Temporal Web UI. */
export const SEARCH_ATTRIBUTE_NAMES = [
  'AssayAccountId',
  'AssayRunStatus',
  'AssayWorkflowId',
  'AssayProductCode',
] as const;

export const SEARCH_ATTRIBUTES = {
  accountId: defineSearchAttributeKey('AssayAccountId', SearchAttributeType.KEYWORD),
  runStatus: defineSearchAttributeKey('AssayRunStatus', SearchAttributeType.KEYWORD),
  workflowId: defineSearchAttributeKey('AssayWorkflowId', SearchAttributeType.KEYWORD),
  productCode: defineSearchAttributeKey('AssayProductCode', SearchAttributeType.KEYWORD),
} as const;

/**
 * The shape a job's execution takes. The gateway writes it into the input of every run and delivery it starts, and
 * the workflow branches on it instead of calling `patched()`: a patch records a marker in every execution's
 * history, while the input is recorded anyway. A change of shape is a new value here, its
 * predecessor's branch kept until none of its executions is open, then retired in the order docs/decisions.md 360
 * gives; the shapes before this one (no `shape` in the input) are retired (workflows/job-shape.ts).
 */
export const JOB_SHAPE = 2;

/** Job inputs: ids and keys only, never document text (payloads are capped ~2 MB). */
export interface RunJobInput {
  accountId: string;
  runId: string;
  /** JOB_SHAPE in every job the gateway starts (executions without it, of an earlier shape, are retired). */
  shape?: typeof JOB_SHAPE;
  /** The run's mode, fixed at creation: a test-mode run is one local activity in the current shape. */
  livemode?: boolean;
  /**
   * The run was created while an input document was still being read: its job first waits for the reading, then
   * quotes and admits the run, so its pages are charged once read. Absent on every other run, whose shape is unchanged.
   * `'checks'`: short looks between durable timers, holding no activity slot (what the gateway starts now);
   * `true`: the earlier single long activity, kept for executions started with it until none is open.
   */
  awaitsInput?: true | 'checks';
}

export interface DocumentJobInput {
  accountId: string;
  docId: string;
}

export interface ReferenceJobInput {
  accountId: string;
  refId: string;
}

/** A page of a document drawn `width` pixels wide: one job per document, page and width, which requests share. */
export interface PageImageJobInput {
  accountId: string;
  owner: 'document' | 'reference';
  /** The document's or the reference's id. */
  id: string;
  /** 1-based. */
  page: number;
  width: number;
}

/** The page's image is stored (its size in pixels), or the page cannot be drawn (why, a sentence for the client). */
export type PageImageJobResult =
  { rendered: true; width: number; height: number } | { rendered: false; reason: string };

export interface ExtractionSummary {
  extracted: boolean;
  pageCount: number | null;
  /**
   * The extraction left its slot after a page read by OCR (a long scan holds up others by one page at most) and is to
   * be run again, going on from its kept pages; nothing was recorded.
   */
  yielded?: boolean;
  code?: string;
  reason?: string;
}

/** How a delivery retries, fixed when it is created (from configuration), so its history says what applied. */
export interface DeliveryPolicy {
  /** Seconds to wait after attempt n before attempt n+1; the last value repeats. */
  delaysS: number[];
  /** No attempt starts later than this many seconds after the first. */
  windowS: number;
  /** Per-attempt limit, in seconds. */
  timeoutS: number;
}

export interface DeliveryJobInput {
  accountId: string;
  deliveryId: string;
  policy: DeliveryPolicy;
  /** A manual retry of a finished delivery: one attempt, no schedule. */
  once?: boolean;
  /** JOB_SHAPE in every job the gateway starts (executions without it, of an earlier shape, are retired). */
  shape?: typeof JOB_SHAPE;
}

/**
 * Where a batch's job stands between two of its steps (recorded, so a retried step starts from it): every position
 * below `next` has its run (or was canceled); `inflight` are the positions admitted and not yet final; `done` tallies
 * the final ones. Small by construction (at most 50 positions), so continue-as-new carries it whole.
 */
export interface BatchProgress {
  next: number;
  inflight: number[];
  done: { succeeded: number; failed: number; canceled: number; refunded: number; charged_milli: number };
}

export interface BatchJobInput {
  accountId: string;
  batchId: string;
  shape?: typeof JOB_SHAPE;
  /** Absent at the start; carried across continue-as-new. */
  progress?: BatchProgress;
  /**
   * A live economy batch: its items first go through provider batches, then are admitted as
   * usual. Absent on every other batch, whose job (and recorded history) is unchanged.
   */
  economy?: true;
}

/** One provider batch of an economy batch's job: the `group`-th slice of its item positions. */
export interface EconomyGroupInput {
  accountId: string;
  batchId: string;
  group: number;
}

/** What the economy job's preparation answers: how many provider batches, and how long to wait between polls. */
export interface EconomyPlan {
  groups: number;
  pollMs: number;
}

export type BatchResultsFormat = 'csv' | 'xlsx' | 'jsonl';

export interface BatchResultsJobInput {
  accountId: string;
  batchId: string;
  format: BatchResultsFormat;
}

/** A calibration's job: waits for its batch on timers (the batch knows nothing of it), then writes the report. */
export interface CalibrationJobInput {
  accountId: string;
  calibrationId: string;
  shape?: typeof JOB_SHAPE;
}

/**
 * Two calibrations' comparison (issue 53 item 1), computed by the worker and stored in the object store under a key
 * fixed by the pair, so a second identical request reuses it.
 */
export interface CompareCalibrationsInput {
  accountId: string;
  calibrationId: string;
  otherId: string;
}

/** `POST /webhook-deliveries/{id}/retry` on a running delivery: attempt now instead of waiting for the timer. */
export const retryDeliveryNow = defineSignal('retryDeliveryNow');

export interface GeneratePromptInput {
  goal: string;
  category: 'education' | 'legal' | 'grading' | 'hr' | 'general';
  outputFormat: 'json' | 'markdown' | 'docx' | 'xlsx' | 'csv' | null;
  livemode: boolean;
}

export interface GeneratedPromptResult {
  user_prompt: string;
  recommended_output_format: 'json' | 'markdown' | 'docx' | 'xlsx' | 'csv';
  generator: 'model' | 'template';
}

/**
 * The signature of every job the worker registers, declared here so that the gateway (domain/jobs/index.ts) types
 * its starts and waits by the contract, never by the workflow code (which imports activities, which import
 * domain/: typing the gateway by it closed an import circle through the whole project). workflows/index.ts checks
 * at the type level that each workflow function has exactly the signature declared here. Property syntax, not
 * method syntax, so that parameters are checked contravariantly.
 */
export interface JobSignatures {
  evaluateRun: (input: RunJobInput) => Promise<{ status: string }>;
  extractDocument: (input: DocumentJobInput) => Promise<ExtractionSummary>;
  indexReferenceDocument: (input: ReferenceJobInput) => Promise<{ status: 'ready' | 'failed' }>;
  renderPageImage: (input: PageImageJobInput) => Promise<PageImageJobResult>;
  generatePrompt: (input: GeneratePromptInput) => Promise<GeneratedPromptResult>;
  deliverWebhook: (input: DeliveryJobInput) => Promise<{ status: 'succeeded' | 'failed'; attempts: number }>;
  reconcile: () => Promise<Record<string, unknown>>;
  runBatch: (input: BatchJobInput) => Promise<{ status: string }>;
  /** A batch item's run: `evaluateRun` on the batches queue, so items never take interactive runs' slots. */
  evaluateBatchItem: (input: RunJobInput) => Promise<{ status: string }>;
  batchResults: (input: BatchResultsJobInput) => Promise<{ key: string; mimeType: string; filename: string }>;
  runCalibration: (input: CalibrationJobInput) => Promise<{ status: string }>;
  /** Answers the comparison's object key. */
  compareCalibrations: (input: CompareCalibrationsInput) => Promise<{ key: string }>;
  /** The smoke test and the bench baseline: completes at once. */
  noop: () => Promise<string>;
}

export type JobName = keyof JobSignatures;

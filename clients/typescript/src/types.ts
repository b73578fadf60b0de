/** The SDK's names for the API's shapes (from the generated OpenAPI types), and the constants that go with them. */
import type { components, paths } from './generated/schema';

type Schemas = components['schemas'];
export type Run = Schemas['Run'];
export type Document = Schemas['Document'];
export type DocumentText = Schemas['DocumentText'];
export type RunCitation = Schemas['RunCitation'];
export type PageImage = Schemas['PageImage'];
export type ReferenceDocument = Schemas['ReferenceDocument'];
export type Workflow = Schemas['Workflow'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type CreatedWebhookEndpoint = Schemas['CreatedWebhookEndpoint'];
export type RotatedWebhookEndpoint = Schemas['RotatedWebhookEndpoint'];
export type Event = Schemas['Event'];
export type RunOutputFile = Schemas['RunOutputFile'];
export type CreateRunRequest = Schemas['CreateRunRequest'];
export type CreateWorkflowRequest = Schemas['CreateWorkflowRequest'];
export type CreateWebhookEndpointRequest = Schemas['CreateWebhookEndpointRequest'];
export type CalibrationSet = Schemas['CalibrationSet'];
export type CalibrationItem = Schemas['CalibrationItem'];
export type AddedCalibrationItems = Schemas['AddedCalibrationItems'];
export type CreateCalibrationSetRequest = Schemas['CreateCalibrationSetRequest'];
export type AddCalibrationItemsRequest = Schemas['AddCalibrationItemsRequest'];
export type Calibration = Schemas['Calibration'];
export type CalibrationComparison = Schemas['CalibrationComparison'];
export type CalibrationCriterionReport = Schemas['CalibrationCriterionReport'];
export type CalibrationSelectiveRow = Schemas['CalibrationSelectiveRow'];
export type CreateCalibrationRequest = Schemas['CreateCalibrationRequest'];
export type RunStatus = Run['status'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type UsageReport = Schemas['UsageReport'];
export type Balance = Schemas['Balance'];
/** A run's judgments put to a person: claim it, answer each criterion, submit (decision 47). */
export type Review = Schemas['Review'];
export type ReviewStatus = Review['status'];
/** One criterion of a review: its scale, and the model's value and confidence unless the review is blind. */
export type ReviewCriterion = Review['criteria'][number];
export type SubmitReviewRequest = Schemas['SubmitReviewRequest'];

export const TERMINAL_RUN_STATUSES: readonly RunStatus[] = ['succeeded', 'failed', 'canceled', 'refunded'];

/** Many runs of one workflow, one per item, admitted a few at a time (`max_concurrency`). */
export type Batch = Schemas['Batch'];
/** How many of a batch's items are in each state; they always sum to `total`. */
export type BatchCounts = Schemas['BatchCounts'];
/** One item of a batch: the documents of one run, with your own id for it (`external_id`) in the results. */
export type BatchItem = Schemas['BatchItem'];
/** 1–10,000 items; one invalid item refuses the whole request and nothing is created. */
export type CreateBatchRequest = Schemas['CreateBatchRequest'];
/** A signed link to a batch's results file, one row per item (unfinished items show their status). */
export type BatchResultsFile = Schemas['BatchResultsFile'];
/** A batch's status: `queued` → `running` → one of the three final ones. */
export type BatchStatus = Batch['status'];
export const FINAL_BATCH_STATUSES: readonly BatchStatus[] = ['succeeded', 'completed_with_failures', 'canceled'];
export type BatchResultsFormat = NonNullable<
  NonNullable<paths['/batches/{batchId}/results']['get']['parameters']['query']>['format']
>;
export const BATCH_RESULTS_FORMATS: readonly BatchResultsFormat[] = ['csv', 'xlsx', 'jsonl'];

export interface BatchResults {
  bytes: Uint8Array;
  mimeType: string;
  format: BatchResultsFormat;
  /** The file as text (csv, jsonl), without the byte-order mark the CSV starts with for spreadsheet programs. */
  text(): string;
}

export interface BatchWaitOptions {
  /** Give up (WaitTimeoutError; the batch goes on) after this long; by default wait until the batch is final. */
  timeoutMs?: number;
  /** The first pause between reads (1 s); each next one 1.5 times longer, up to `maxIntervalMs` (10 s). */
  intervalMs?: number;
  maxIntervalMs?: number;
  /** Called with every read of the batch, the final one included. */
  onProgress?: (batch: Batch) => void | Promise<void>;
}

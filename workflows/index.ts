/**
 * Every workflow the worker registers, each checked against the signature the jobs contract declares for it
 * (./conformance.ts). Workflow files import only @temporalio/workflow, pure code and types.
 */
export { extractDocument } from './extract-document';
export { generatePrompt } from './generate-prompt';
export { indexReferenceDocument } from './index-reference-document';
export { renderPageImage } from './render-page-image';
export { evaluateRun } from './evaluate-run';
export { deliverWebhook } from './deliver-webhook';
export { noop } from './noop';
export { reconcile } from './reconcile';
export { runBatch } from './run-batch';
export { evaluateBatchItem } from './evaluate-batch-item';
export { batchResults } from './batch-results';
export { runCalibration } from './run-calibration';
export { compareCalibrations } from './compare-calibrations';

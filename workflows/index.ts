/** Every workflow the worker registers. Workflow files import only @temporalio/workflow, pure code and types. */
export { extractDocument } from './extract-document';
export { indexReferenceDocument } from './index-reference-document';
export { evaluateRun } from './evaluate-run';
export { noop } from './noop';

/** Every workflow the worker registers. Workflow files import only @temporalio/workflow, pure code and types. */
export { noop } from './noop';

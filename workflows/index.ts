/**
 * Every workflow the worker registers. Workflow files import only @temporalio/workflow, pure code and types.
 * Each one has exactly the signature the jobs contract declares for it (domain/jobs/contract.ts `JobSignatures`,
 * by which the gateway starts it): the type below fails to compile otherwise, in either direction.
 */
import type { JobName, JobSignatures } from '../domain/jobs/contract';
import { deliverWebhook } from './deliver-webhook';
import { evaluateRun } from './evaluate-run';
import { extractDocument } from './extract-document';
import { generatePrompt } from './generate-prompt';
import { indexReferenceDocument } from './index-reference-document';
import { noop } from './noop';
import { reconcile } from './reconcile';

export { deliverWebhook, evaluateRun, extractDocument, generatePrompt, indexReferenceDocument, noop, reconcile };

const registered = {
  deliverWebhook,
  evaluateRun,
  extractDocument,
  generatePrompt,
  indexReferenceDocument,
  noop,
  reconcile,
};
type Registered = typeof registered;

/** Each registered workflow is assignable to its declared signature, and every declared job is registered. */
type Conforms<T extends JobSignatures> = T;
/** No workflow is registered that the contract does not declare. */
type Declared<K extends JobName> = K;
export type RegisteredWorkflows = Conforms<Registered> & Record<Declared<keyof Registered>, unknown>;

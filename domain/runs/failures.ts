/**
 * The one vocabulary of run failures: every `error.code` a failed run can carry, whether its message is written
 * for the client, and the message used when it is not. Activities throw these through `runFailure`; the workflow
 * turns whatever ended a run into one of them (`clientFailure`); the OpenAPI `Run.error.code` enumerates the same
 * list. Pure: the workflow bundle imports it.
 */
import { ActivityFailure, ApplicationFailure } from '@temporalio/common';

export const RUN_FAILURES = {
  /** Live mode with no provider configured for the strategy. */
  model_unavailable: {
    clientVisible: true,
    message: 'No language model is available for live runs; the run was refunded.',
  },
  /** The provider refused or failed after its own retries. */
  model_error: { clientVisible: true, message: 'The language model could not answer; the run was refunded.' },
  /** The prompt did not fit the model's context window (the provider said so; retrying cannot help). */
  context_too_large: {
    clientVisible: true,
    message: 'The documents and prompt do not fit the model’s context window; the run was refunded.',
  },
  /** The model declined to answer (a refusal or a provider's content filter). */
  model_refused: {
    clientVisible: true,
    message: 'The language model declined to evaluate these documents; the run was refunded.',
  },
  /** The answer did not meet the output contract (after one repair attempt for a model). */
  output_invalid: {
    clientVisible: true,
    message: 'The output did not meet the output contract; the run was refunded.',
  },
  /** An input document lost its text between creation and execution. */
  document_not_extracted: {
    clientVisible: true,
    message: 'An input document has no extracted text; the run was refunded.',
  },
  /** The evaluation workflow (the product resource) is gone. */
  workflow_missing: { clientVisible: true, message: 'The run’s workflow no longer exists; the run was refunded.' },
  /** The run's own time bound (counted from `started_at`) passed. */
  timeout: { clientVisible: true, message: 'The run did not finish within its time limit; it was refunded.' },
  /** Its job closed without settling the run (terminated by an operator, failed or timed out at the Temporal level). */
  execution_ended: {
    clientVisible: true,
    message: 'The run’s job ended before the run finished; the run was refunded.',
  },
  /** Its job could not be started: the request answered 5xx, the credits are back. */
  creation_failed: { clientVisible: true, message: 'The run could not be started; it was refunded. Create it again.' },
  /** A batch item whose charge the balance no longer covered when it was admitted (no request waits for a 402). */
  insufficient_credits: {
    clientVisible: true,
    message: 'The balance did not cover this batch item when it was admitted; nothing was charged.',
  },
  /** A batch item never admitted because its workflow was paused, archived or deleted (canceled, never charged). */
  workflow_not_active: {
    clientVisible: true,
    message: 'The batch’s workflow is no longer active; this item was canceled and never charged.',
  },
  /** A batch item never admitted because its batch was canceled (canceled, never charged). */
  batch_canceled: { clientVisible: true, message: 'The batch was canceled before this item started; never charged.' },
  /** Anything else: the details stay in the logs and the job history. */
  internal_error: { clientVisible: false, message: 'The run failed; it has been fully refunded.' },
} as const satisfies Record<string, { clientVisible: boolean; message: string }>;

export type RunFailureCode = keyof typeof RUN_FAILURES;

export const RUN_FAILURE_CODES = Object.keys(RUN_FAILURES) as [RunFailureCode, ...RunFailureCode[]];

export function isRunFailureCode(code: unknown): code is RunFailureCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(RUN_FAILURES, code);
}

/** A failure that ends the run at once (no retry can change it), with `code` as its type. */
export function runFailure(code: RunFailureCode, message: string = RUN_FAILURES[code].message): ApplicationFailure {
  return ApplicationFailure.nonRetryable(message, code);
}

/** What the client reads for `err`: the failure's own message when its code is client-visible, else the generic one. */
export function clientFailure(err: unknown): { code: RunFailureCode; message: string } {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure && isRunFailureCode(cause.type)) {
    const code = cause.type;
    return { code, message: RUN_FAILURES[code].clientVisible ? cause.message : RUN_FAILURES[code].message };
  }
  return { code: 'internal_error', message: RUN_FAILURES.internal_error.message };
}

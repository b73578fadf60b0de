/**
 * Which Temporal failures mean "the job system is unavailable now" (the Temporal half of the dependency-failure
 * classifier, domain/backing-services/dependency-failure.ts). Here because this directory is the one place that
 * knows the Temporal client's types.
 */
import {
  ActivityFailure,
  ServerFailure,
  ServiceError,
  TerminatedFailure,
  TimeoutFailure,
  WorkflowFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
  isGrpcServiceError,
} from '@temporalio/client';

/** The client's error types, for code that must recognise them without importing the client (tests). */
export { ServiceError, WorkflowFailedError };

/**
 * gRPC status codes (a stable part of the gRPC spec; @grpc/grpc-js is not a direct dependency) that mean the
 * server could not serve the call now: unreachable, too slow, overloaded, or it dropped the stream mid-call
 * (grpc-js reports a reset stream as INTERNAL). NOT_FOUND, INVALID_ARGUMENT, ALREADY_EXISTS … are answers, not
 * outages, and stay with whoever called.
 */
const GRPC_UNAVAILABLE_CODES = new Map<number, string>([
  [1, 'CANCELLED'],
  [2, 'UNKNOWN'],
  [4, 'DEADLINE_EXCEEDED'],
  [8, 'RESOURCE_EXHAUSTED'],
  [10, 'ABORTED'],
  [13, 'INTERNAL'],
  [14, 'UNAVAILABLE'],
]);

/** A workflow's own failure (its cause chain holds the workflow's errors, not this process's dependencies). */
export function isWorkflowFailure(err: unknown): boolean {
  return err instanceof WorkflowFailedError;
}

/**
 * A short reason when `err` means Temporal could not serve the call or gave up on the job, else `undefined`.
 * A `ServiceError` with a cause is judged by its cause (the caller walks cause chains).
 */
export function classifyTemporalFailure(err: object): string | undefined {
  if (isGrpcServiceError(err)) {
    const label = GRPC_UNAVAILABLE_CODES.get(err.code);
    return label ? `grpc ${label}` : undefined;
  }
  if (err instanceof ServiceError) {
    // The client wraps the gRPC error; a ServiceError without one is a transport failure (no answer at all).
    // Its cause, when it has one, is judged on its own (the caller's recursion).
    return err.cause ? undefined : 'ServiceError';
  }
  if (err instanceof WorkflowUpdateRPCTimeoutOrCancelledError) return err.name;
  if (err instanceof WorkflowFailedError) {
    // The job system gave up on the job (terminated by an operator, timed out, lost to a server failure, or
    // failed because an activity could not reach its dependency in time): retrying later is the answer. A
    // workflow that failed with our own application error is a bug or a business outcome the caller maps itself,
    // and a cancelled one was a decision, not an outage.
    const failure = err.cause;
    if (failure instanceof TerminatedFailure || failure instanceof TimeoutFailure || failure instanceof ServerFailure) {
      return `workflow ${failure.name}`;
    }
    if (failure instanceof ActivityFailure && failure.cause instanceof TimeoutFailure) {
      return 'activity TimeoutFailure';
    }
  }
  return undefined;
}

/** The errors the SDK throws: one class for every API refusal, carrying what the API's error envelope says. */

export interface ErrorDetail {
  path: string;
  message: string;
}

/** An answer the API gave on purpose: `{error: {code, message, request_id, details?}}` with a 4xx/5xx status. */
export class AssayError extends Error {
  override readonly name: string = 'AssayError';
  /** The machine-readable code (`not_found`, `rate_limited`, `insufficient_credits`, …). */
  readonly code: string;
  /** The HTTP status. */
  readonly status: number;
  /** The `req_…` id of the request, to quote when asking for support (also the `X-Request-Id` header). */
  readonly requestId: string | null;
  readonly details: ErrorDetail[];

  constructor(init: {
    status: number;
    code: string;
    message: string;
    requestId?: string | null;
    details?: ErrorDetail[];
  }) {
    super(`${init.status} ${init.code}: ${init.message}${init.requestId ? ` (request ${init.requestId})` : ''}`);
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId ?? null;
    this.details = init.details ?? [];
  }

  /** Builds the error from an answer whose body may or may not be the API's envelope (a proxy's 502 is not). */
  static fromResponse(response: Response, body: unknown): AssayError {
    const envelope = (
      body as { error?: { code?: unknown; message?: unknown; request_id?: unknown; details?: unknown } } | null
    )?.error;
    const requestId =
      typeof envelope?.request_id === 'string' ? envelope.request_id : response.headers.get('x-request-id');
    const init = {
      status: response.status,
      code: typeof envelope?.code === 'string' ? envelope.code : `http_${response.status}`,
      message: typeof envelope?.message === 'string' ? envelope.message : response.statusText || 'request failed',
      requestId,
      details: Array.isArray(envelope?.details) ? (envelope.details as ErrorDetail[]) : [],
    };
    const Kind = ERROR_BY_STATUS[response.status] ?? AssayError;
    return new Kind(init);
  }
}

export class InvalidRequestError extends AssayError {
  override readonly name = 'InvalidRequestError';
}
export class AuthenticationError extends AssayError {
  override readonly name = 'AuthenticationError';
}
export class InsufficientCreditsError extends AssayError {
  override readonly name = 'InsufficientCreditsError';
}
export class PermissionDeniedError extends AssayError {
  override readonly name = 'PermissionDeniedError';
}
export class NotFoundError extends AssayError {
  override readonly name = 'NotFoundError';
}
export class ConflictError extends AssayError {
  override readonly name = 'ConflictError';
}
export class RateLimitError extends AssayError {
  override readonly name = 'RateLimitError';
}
export class ServiceUnavailableError extends AssayError {
  override readonly name = 'ServiceUnavailableError';
}

const ERROR_BY_STATUS: Record<number, typeof AssayError> = {
  400: InvalidRequestError,
  401: AuthenticationError,
  402: InsufficientCreditsError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  413: InvalidRequestError,
  415: InvalidRequestError,
  422: InvalidRequestError,
  429: RateLimitError,
  503: ServiceUnavailableError,
};

/** `runs.wait` or `batches.wait` gave up before the run or batch settled; it goes on. */
export class WaitTimeoutError extends Error {
  override readonly name = 'WaitTimeoutError';
  /** The id waited for: a run's, or a batch's when `resource` is `batch`. */
  readonly id: string;
  constructor(
    /** The id waited for (kept under this name for `runs.wait`; a batch's id for `batches.wait`). */
    readonly runId: string,
    readonly lastStatus: string,
    timeoutMs: number,
    readonly resource: 'run' | 'batch' = 'run',
  ) {
    super(`${resource} ${runId} still ${lastStatus} after ${timeoutMs} ms`);
    this.id = runId;
  }
}

/** A webhook delivery whose signature is missing, wrong or too old. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

/**
 * The one error type that reaches clients. Anything thrown that is not an `ApiError` is an internal failure: the
 * error middleware logs it and answers 500 `internal_error` without its text.
 */
export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * Every `error.code` the API answers. The OpenAPI document lists, per operation and status, those named in the
 * route's refusals (api/openapi.ts) as an enum, so a client can switch on them exhaustively.
 */
export const ERROR_CODES = [
  'invalid_request',
  'invalid_json',
  'unauthorized',
  'api_key_revoked',
  'api_key_expired',
  'insufficient_credits',
  'insufficient_scope',
  'not_found',
  'method_not_allowed',
  'workflow_archived',
  'workflow_not_active',
  'document_not_extracted',
  'reference_document_not_ready',
  'reference_document_unavailable',
  'prompt_template_unavailable',
  'use_async',
  'idempotency_key_reused',
  'idempotency_key_in_use',
  'run_not_cancelable',
  'batch_not_cancelable',
  'economy_unavailable',
  'limit_reached',
  'output_not_ready',
  'review_claimed',
  'review_completed',
  'review_canceled',
  'webhook_endpoint_disabled',
  'event_expired',
  'payload_too_large',
  'unsupported_media_type',
  'upload_missing',
  'no_page_images',
  'page_unrenderable',
  'rate_limited',
  'limit_reached',
  'internal_error',
  'service_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const errors = {
  invalidRequest: (message: string, details?: ErrorDetail[]) => new ApiError(400, 'invalid_request', message, details),
  invalidJson: (message = 'The request body is not valid JSON.') => new ApiError(400, 'invalid_json', message),
  unauthorized: (message = 'A valid API key is required: Authorization: Bearer <key>.') =>
    new ApiError(401, 'unauthorized', message),
  /** Several scopes: any one of them would do. */
  insufficientScope: (...scopes: string[]) =>
    new ApiError(
      403,
      'insufficient_scope',
      scopes.length === 1
        ? `This API key lacks the scope "${scopes[0]}".`
        : `This API key lacks every one of the scopes ${scopes.map((s) => `"${s}"`).join(', ')}; it needs one of them.`,
    ),
  notFound: (what = 'resource') => new ApiError(404, 'not_found', `No such ${what}.`),
  routeNotFound: (method: string, path: string) => new ApiError(404, 'not_found', `No route for ${method} ${path}.`),
  methodNotAllowed: (allow?: string) =>
    new ApiError(
      405,
      'method_not_allowed',
      'This method is not allowed on this path.',
      undefined,
      allow ? { Allow: allow } : undefined,
    ),
  conflict: (code: string, message: string) => new ApiError(409, code, message),
  payloadTooLarge: (message: string) => new ApiError(413, 'payload_too_large', message),
  unsupportedMediaType: (message: string) => new ApiError(415, 'unsupported_media_type', message),
  unprocessable: (code: string, message: string) => new ApiError(422, code, message),
  serviceUnavailable: (message = 'A dependency is unavailable; retry shortly.') =>
    new ApiError(503, 'service_unavailable', message, undefined, { 'Retry-After': '5' }),
};

/** `@assay/sdk`: the Assay API client, its errors and webhook verification. */
export * from './client';
export * from './errors';
export { describeScale, parseReviewAnswer, type ReviewAnswer, type ReviewValue } from './reviews';
export { backoffMs, retryAfterMs, retryingFetch, type RetryOptions } from './retry';
export * as webhooks from './webhooks';
export { VERSION } from './version';
export type { WebhookEvent, VerifyOptions } from './webhooks';
export type { components, paths } from './generated/schema';

/**
 * API-key scopes. A route declares the one scope it needs; a key lists the scopes it has, or is unrestricted and
 * holds every scope, ones added later included.
 */
export const SCOPES = [
  'runs:read',
  'runs:write',
  'workflows:read',
  'workflows:write',
  'documents:write',
  'reference_documents:read',
  'reference_documents:write',
  'webhooks:read',
  'webhooks:write',
  'usage:read',
  'catalog:read',
  'calibrations:read',
  'calibrations:write',
  /** Reading documents without uploading them (page images); `documents:write` reads too, as it did before. */
  'documents:read',
  /** Reviews: reading the queue and `review.completed`; claiming and submitting. */
  'reviews:read',
  'reviews:write',
] as const;

export type Scope = (typeof SCOPES)[number];

/**
 * Every scope of version 1, which an unrestricted key was stored with before keys recorded `unrestricted`: a key
 * stored with exactly these is unrestricted.
 */
export const V1_SCOPES: readonly Scope[] = SCOPES.slice(0, 11);

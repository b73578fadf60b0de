/** API-key scopes (docs/decisions.md 403). A route declares the one scope it needs; a key lists the scopes it has. */
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
] as const;

export type Scope = (typeof SCOPES)[number];

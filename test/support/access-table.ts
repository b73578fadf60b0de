/**
 * The access walk's OWN copy of the access table — which credential every route takes and which scope it needs,
 * which scope reveals which kind of event — written from the design, never read from the route declarations, so a
 * route declared with the wrong scope fails the walk (test/integration/access-walk-*.test.ts). With it, what the
 * walk sends a route so the checks reach authorization and ownership.
 */
import type { RouteSpec } from '../../api/route';
import type { Scope } from '../../domain/access/scopes';
import type { EventType } from '../../domain/webhooks/events';

/** Who may call a route: a list of scopes means any one of them. */
export type Required = 'public' | 'session' | Scope | readonly Scope[];

/**
 * The scopes, written out route by route. `catalog:read` covers products, templates and generation; key management
 * takes the session credential; events take the read scope of their resource, so either read scope lets a key list
 * the events it may see.
 */
export const TABLE: Record<string, Required> = {
  'GET /health': 'public',
  'GET /openapi.json': 'public',

  'GET /keys': 'session',
  'POST /keys': 'session',
  'DELETE /keys/{keyId}': 'session',

  'GET /products': 'catalog:read',
  'GET /products/{code}': 'catalog:read',
  'GET /prompt-templates': 'catalog:read',
  'POST /prompt-templates/generate': 'catalog:read',

  'GET /workflows': 'workflows:read',
  'POST /workflows': 'workflows:write',
  'GET /workflows/{workflowId}': 'workflows:read',
  'PATCH /workflows/{workflowId}': 'workflows:write',
  'DELETE /workflows/{workflowId}': 'workflows:write',

  'POST /workflows/{workflowId}/runs': 'runs:write',
  'POST /workflows/{workflowId}/runs/quote': 'runs:read',
  'GET /runs': 'runs:read',
  'GET /runs/{runId}': 'runs:read',
  'POST /runs/{runId}/cancel': 'runs:write',
  'GET /runs/{runId}/output': 'runs:read',

  'POST /workflows/{workflowId}/batches': 'runs:write',
  'GET /batches': 'runs:read',
  'GET /batches/{batchId}': 'runs:read',
  'POST /batches/{batchId}/cancel': 'runs:write',
  'GET /batches/{batchId}/results': 'runs:read',

  'POST /documents': 'documents:write',
  'POST /documents/{docId}/complete': 'documents:write',
  'GET /documents/{docId}/text': 'documents:write',
  // Either documents scope shows a document's pages, so v1 keys that upload keep seeing them.
  'GET /documents/{docId}/pages/{page}': ['documents:read', 'documents:write'],

  'GET /reference-documents': 'reference_documents:read',
  'POST /reference-documents': 'reference_documents:write',
  'GET /reference-documents/{refId}': 'reference_documents:read',
  'DELETE /reference-documents/{refId}': 'reference_documents:write',
  'POST /reference-documents/{refId}/complete': 'reference_documents:write',
  'GET /reference-documents/{refId}/pages/{page}': 'reference_documents:read',

  'GET /webhook-endpoints': 'webhooks:read',
  'POST /webhook-endpoints': 'webhooks:write',
  'GET /webhook-endpoints/{whkId}': 'webhooks:read',
  'PATCH /webhook-endpoints/{whkId}': 'webhooks:write',
  'DELETE /webhook-endpoints/{whkId}': 'webhooks:write',
  'POST /webhook-endpoints/{whkId}/rotate-secret': 'webhooks:write',
  'GET /webhook-endpoints/{whkId}/deliveries': 'webhooks:read',
  'POST /webhook-deliveries/{whdId}/retry': 'webhooks:write',

  'GET /events': ['runs:read', 'reference_documents:read', 'calibrations:read', 'reviews:read'],
  'GET /events/{eventId}': ['runs:read', 'reference_documents:read', 'calibrations:read', 'reviews:read'],

  'GET /usage': 'usage:read',
  'GET /usage/balance': 'usage:read',

  'GET /calibration-sets': 'calibrations:read',
  'POST /calibration-sets': 'calibrations:write',
  'GET /calibration-sets/{setId}': 'calibrations:read',
  'DELETE /calibration-sets/{setId}': 'calibrations:write',
  'POST /calibration-sets/{setId}/items': 'calibrations:write',
  'GET /calibration-sets/{setId}/items': 'calibrations:read',

  // Creating a calibration also needs runs:write, since it spends credits as runs do (FIXTURE_ALSO_NEEDS below).
  'POST /workflows/{workflowId}/calibrations': 'calibrations:write',
  'GET /calibrations': 'calibrations:read',
  'GET /calibrations/{calibrationId}': 'calibrations:read',
  'GET /calibrations/{calibrationId}/compare': 'calibrations:read',
  'POST /calibrations/{calibrationId}/cancel': 'calibrations:write',

  // DESIGN 47: the review queue.
  'GET /reviews': 'reviews:read',
  'GET /reviews/{reviewId}': 'reviews:read',
  'POST /reviews/claim-next': 'reviews:write',
  'POST /reviews/{reviewId}/claim': 'reviews:write',
  'POST /reviews/{reviewId}/release': 'reviews:write',
  'POST /reviews/{reviewId}/submit': 'reviews:write',
};

/** The read scope that reveals each kind of event. */
export const EVENT_SCOPE: Record<EventType, Scope> = {
  'run.succeeded': 'runs:read',
  'run.failed': 'runs:read',
  'run.canceled': 'runs:read',
  'run.refunded': 'runs:read',
  'reference_document.ready': 'reference_documents:read',
  // A batch is read with runs:read (its items are runs), a calibration with calibrations:read.
  'batch.completed': 'runs:read',
  'calibration.completed': 'calibrations:read',
  // DESIGN 47: a review is read with reviews:read.
  'review.completed': 'reviews:read',
};

/**
 * What the walk's fixture of a route carries beyond the route's own scope: a redelivery sends the event again, so it
 * also needs the read scope of the delivery's event (the fixture's delivery is of a `run.succeeded`).
 */
export const FIXTURE_ALSO_NEEDS: Record<string, Scope> = {
  'POST /webhook-deliveries/{whdId}/retry': EVENT_SCOPE['run.succeeded'],
  // A calibration runs a batch: its creation needs runs:write as well as its own scope.
  'POST /workflows/{workflowId}/calibrations': 'runs:write',
};

/** Query strings a route needs to pass validation, so the checks reach authorization and ownership. */
export const QUERIES: Record<string, string> = {
  'GET /calibrations/{calibrationId}/compare': 'with=cal_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T',
};

/** Path parameters naming global resources (the catalog), which every account may read. */
export const GLOBAL_PARAMS = new Set(['code']);

/** Bodies for routes that take both path parameters and a body, so the 404 check passes validation first. */
export const BODIES: Record<string, object> = {
  'PATCH /workflows/{workflowId}': { name: 'renamed' },
  'POST /workflows/{workflowId}/runs': {},
  'POST /workflows/{workflowId}/batches': { items: [{ input_documents: ['doc_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'] }] },
  'POST /workflows/{workflowId}/calibrations': { calibration_set_id: 'cset_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' },
  'PATCH /webhook-endpoints/{whkId}': { status: 'disabled' },
  'POST /calibration-sets/{setId}/items': { items: [{ input_documents: ['doc_fixture'], labels: { score: 1 } }] },
  'POST /reviews/claim-next': { reviewer: 'walker' },
  'POST /reviews/{reviewId}/claim': { reviewer: 'walker' },
  'POST /reviews/{reviewId}/release': { reviewer: 'walker' },
  'POST /reviews/{reviewId}/submit': { reviewer: 'walker', values: { score: 3 } },
};

export const label = (r: Pick<RouteSpec, 'method' | 'path'>) => `${r.method.toUpperCase()} ${r.path}`;
export const accepted = (required: Required): readonly Scope[] =>
  typeof required === 'string' ? [required as Scope] : required;
export const isKeyRoute = (required: Required) => required !== 'public' && required !== 'session';

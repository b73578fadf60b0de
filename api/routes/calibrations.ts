/**
 * `/workflows/{id}/calibrations` and `/calibrations`: run a calibration set on a workflow, read its per-criterion
 * report and files, compare two (docs/api-reference.md §21).
 */
import { newId } from '../../domain/platform/ids';
import {
  cancelCalibration,
  createCalibration,
  getCalibration,
  listCalibrations,
  signedCalibrationView,
  type CalibrationDoc,
} from '../../domain/calibrations/calibrations';
import { COMPARE_RETRY_AFTER_S, requestComparison } from '../../domain/calibrations/compare';
import {
  Calibration,
  CalibrationComparison,
  CalibrationComparisonPending,
  CalibrationIdParams,
  CalibrationListQuery,
  CalibrationPage,
  CompareQuery,
  CreateCalibrationRequest,
  WorkflowCalibrationParams,
} from '../../domain/calibrations/schemas';
import type { KeyPrincipal } from '../../domain/access/api-keys';
import type { RouteDeps } from '../deps';
import { route, type RouteSpec } from '../route';

const read = { kind: 'api_key', scope: 'calibrations:read' } as const;
const write = { kind: 'api_key', scope: 'calibrations:write' } as const;

export function calibrationRoutes(deps: RouteDeps): RouteSpec[] {
  const view = (doc: CalibrationDoc) => signedCalibrationView(deps.storage, deps.config.OUTPUT_URL_TTL_S, doc);

  return [
    route({
      method: 'post',
      path: '/workflows/{workflowId}/calibrations',
      access: { ...write, also: 'runs:write' },
      tag: 'Calibrations',
      summary: 'Create a calibration',
      description:
        'Runs every item of the calibration set on the workflow, `repeats` times (1–5; items × repeats at most ' +
        '10,000; items × criteria at most 200,000), as one batch, then reports per criterion how far the model agrees with the first rater, how far ' +
        'the raters agree with each other, and how far the repeats agree with themselves, with bootstrap intervals ' +
        'and a verdict. Needs `calibrations:write` and `runs:write` (its runs are charged like a batch’s). Test ' +
        'mode runs free on stub outputs. Send `Idempotency-Key` to make retries safe.',
      params: WorkflowCalibrationParams,
      body: CreateCalibrationRequest,
      idempotency: { reserve: () => newId('calibration') },
      responses: { 202: { description: 'The calibration, running', schema: Calibration } },
      errors: {
        400:
          '`invalid_request`: the set has no items, items × repeats passes 10,000, or items × criteria passes ' +
          '200,000.',
        402: '`insufficient_credits`: the balance is lower than the whole batch’s quote.',
        404: '`not_found`: no such workflow or calibration set.',
        409: '`limit_reached`: the account has 5 unfinished batches; `workflow_not_active` and the other refusals of a batch.',
      },
      handler: async ({ tenant, params, body, principal, reservedId }) => {
        const key = principal as KeyPrincipal;
        const doc = await createCalibration(
          deps,
          tenant,
          { keyId: key.keyId, livemode: key.mode === 'live' },
          params.workflowId,
          body,
          reservedId ?? newId('calibration'),
          () => newId('batch'),
        );
        return { status: 202, body: await view(doc) };
      },
    }),
    route({
      method: 'get',
      path: '/calibrations',
      access: read,
      tag: 'Calibrations',
      summary: 'List calibrations',
      description: 'Newest first.',
      query: CalibrationListQuery,
      responses: { 200: { description: 'A page of calibrations', schema: CalibrationPage } },
      handler: async ({ tenant, query }) => {
        const { items, next_cursor } = await listCalibrations(tenant, query, deps.cursors);
        return { status: 200, body: { data: await Promise.all(items.map(view)), next_cursor } };
      },
    }),
    route({
      method: 'get',
      path: '/calibrations/{calibrationId}',
      access: read,
      tag: 'Calibrations',
      summary: 'Get a calibration',
      description: 'Its per-criterion report once its batch is final, and signed URLs (1 hour) to its two files.',
      params: CalibrationIdParams,
      responses: { 200: { description: 'The calibration', schema: Calibration } },
      errors: { 404: '`not_found`: no such calibration.' },
      handler: async ({ tenant, params }) => ({
        status: 200,
        body: await view(await getCalibration(tenant, params.calibrationId)),
      }),
    }),
    compareRoute(deps),
    route({
      method: 'post',
      path: '/calibrations/{calibrationId}/cancel',
      access: write,
      tag: 'Calibrations',
      summary: 'Cancel a calibration',
      description:
        'Its batch’s items not yet started end `canceled` (never charged, or refunded); running ones finish and ' +
        'stay charged. The calibration ends `canceled` at once, without a report.',
      params: CalibrationIdParams,
      responses: { 200: { description: 'The calibration, canceled', schema: Calibration } },
      errors: {
        404: '`not_found`: no such calibration.',
        409: '`calibration_not_cancelable`: the calibration has already ended.',
      },
      handler: async ({ tenant, params }) => ({
        status: 200,
        body: await view(await cancelCalibration(deps, tenant, params.calibrationId)),
      }),
    }),
  ];
}

/** Comparing two calibrations: a worker computes it, so the answer is the comparison or a 202 to ask again. */
function compareRoute(deps: RouteDeps): RouteSpec {
  return route({
    method: 'get',
    path: '/calibrations/{calibrationId}/compare',
    access: read,
    tag: 'Calibrations',
    summary: 'Compare two calibrations',
    description:
      'Per criterion and metric, this calibration’s value minus the other’s on the items both scored, with a ' +
      'paired 95 % bootstrap interval (the same resampled items for both). Computed by a worker and kept: the ' +
      'request waits up to 20 s for it, then answers 202 with `Retry-After` while the work goes on; asking again ' +
      'answers the same comparison once it is done.',
    params: CalibrationIdParams,
    query: CompareQuery,
    responses: {
      200: { description: 'The comparison', schema: CalibrationComparison },
      202: {
        description: 'Still being computed; ask again after `Retry-After` seconds',
        schema: CalibrationComparisonPending,
        retryAfter: true,
      },
    },
    errors: {
      404: '`not_found`: no such calibration.',
      409:
        '`calibration_sets_differ`: the two ran different sets; `calibration_not_finished`: one is still running; ' +
        '`calibration_failed`: one failed and has no report; `calibration_canceled`: one was canceled before its ' +
        'report.',
    },
    handler: async ({ tenant, params, query }) => {
      const answer = await requestComparison(deps, tenant, params.calibrationId, query.with);
      if (answer.state === 'done') return { status: 200, body: answer.comparison };
      return {
        status: 202,
        headers: { 'Retry-After': String(COMPARE_RETRY_AFTER_S) },
        body: {
          object: 'calibration_comparison_pending' as const,
          calibration_id: params.calibrationId,
          with: query.with,
        },
      };
    },
  });
}

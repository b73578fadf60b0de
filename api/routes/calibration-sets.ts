/** `/calibration-sets`: criteria and people's labels to calibrate a workflow against (docs/api-reference.md §20). */
import { PageQuery } from '../../domain/http/pagination';
import { Deleted } from '../../domain/http/schemas';
import { newId } from '../../domain/platform/ids';
import {
  AddCalibrationItemsRequest,
  AddedCalibrationItems,
  CalibrationItemPage,
  CalibrationSet,
  CalibrationSetIdParams,
  CalibrationSetPage,
  CreateCalibrationSetRequest,
} from '../../domain/calibration-sets/schemas';
import {
  addCalibrationItems,
  calibrationSetView,
  createCalibrationSet,
  deleteCalibrationSet,
  getCalibrationSet,
  listCalibrationItems,
  listCalibrationSets,
} from '../../domain/calibration-sets/calibration-sets';
import { criteriaToCopy } from '../../domain/evaluation-workflows/evaluation-workflows';
import type { RouteDeps } from '../deps';
import { route, type RouteSpec } from '../route';

export function calibrationSetRoutes(deps: RouteDeps): RouteSpec[] {
  const read = { kind: 'api_key', scope: 'calibrations:read' } as const;
  const write = { kind: 'api_key', scope: 'calibrations:write' } as const;
  const tag = 'Calibration sets';
  return [
    route({
      method: 'get',
      path: '/calibration-sets',
      access: read,
      tag,
      summary: 'List calibration sets',
      description: 'Newest first.',
      query: PageQuery,
      responses: { 200: { description: 'A page of calibration sets', schema: CalibrationSetPage } },
      handler: async ({ tenant, query }) => ({
        status: 200,
        body: await listCalibrationSets(tenant, query, deps.cursors),
      }),
    }),
    route({
      method: 'post',
      path: '/calibration-sets',
      access: write,
      tag,
      summary: 'Create a calibration set',
      description:
        "Criteria point into a run's `output` with an RFC 6901 JSON Pointer. `ordinal`: integers `min`–`max` " +
        '(`min` < `max`); `categorical`: `labels`; `boolean`; `numeric`: optional `min`/`max`. Keys are unique within ' +
        "the set. `workflow_id` instead of `criteria` copies that workflow's criteria (400 when it has none). Send " +
        '`Idempotency-Key` to make retries safe.',
      body: CreateCalibrationSetRequest,
      idempotency: { reserve: () => newId('calibrationSet') },
      responses: { 201: { description: 'The calibration set', schema: CalibrationSet } },
      handler: async ({ tenant, body, reservedId }) => ({
        status: 201,
        body: calibrationSetView(
          await createCalibrationSet(
            tenant,
            { name: body.name, criteria: body.criteria ?? (await criteriaToCopy(tenant, body.workflow_id!)) },
            reservedId,
          ),
        ),
      }),
    }),
    route({
      method: 'get',
      path: '/calibration-sets/{setId}',
      access: read,
      tag,
      summary: 'Get a calibration set',
      params: CalibrationSetIdParams,
      responses: { 200: { description: 'The calibration set, with its item count', schema: CalibrationSet } },
      errors: { 404: '`not_found`: no such calibration set.' },
      handler: async ({ tenant, params }) => ({
        status: 200,
        body: calibrationSetView(await getCalibrationSet(tenant, params.setId)),
      }),
    }),
    route({
      method: 'delete',
      path: '/calibration-sets/{setId}',
      access: write,
      tag,
      summary: 'Delete a calibration set',
      description: 'The set and its items answer 404 afterwards.',
      params: CalibrationSetIdParams,
      responses: { 200: { description: 'Deleted', schema: Deleted } },
      errors: { 404: '`not_found`: no such calibration set.' },
      handler: async ({ tenant, params }) => ({
        status: 200,
        body: await deleteCalibrationSet(tenant, params.setId),
      }),
    }),
    route({
      method: 'post',
      path: '/calibration-sets/{setId}/items',
      access: write,
      tag,
      summary: 'Add items to a calibration set',
      description:
        'Up to 1,000 items a call, 10,000 a set; all or none. Each names uploaded, extracted input documents and labels ' +
        "some of the set's criteria: a value, or `[{rater, value}]` (the first rater is H1). A label outside its " +
        "criterion's range or labels, or for a key the set lacks, is 400 naming `items.<i>.labels.<key>`. Send " +
        '`Idempotency-Key` to make retries safe.',
      params: CalibrationSetIdParams,
      body: AddCalibrationItemsRequest,
      idempotency: { reserve: () => newId('calibrationItem') },
      responses: { 201: { description: 'The items added, and the set’s count', schema: AddedCalibrationItems } },
      errors: {
        404: '`not_found`: no such calibration set.',
        409: '`limit_reached`: the set would hold more than 10,000 items; `document_not_extracted`.',
      },
      handler: async ({ tenant, params, body, reservedId }) => ({
        status: 201,
        body: await addCalibrationItems(tenant, params.setId, body, reservedId ?? newId('calibrationItem')),
      }),
    }),
    route({
      method: 'get',
      path: '/calibration-sets/{setId}/items',
      access: read,
      tag,
      summary: "List a calibration set's items",
      description: 'Newest first.',
      params: CalibrationSetIdParams,
      query: PageQuery,
      responses: { 200: { description: 'A page of items', schema: CalibrationItemPage } },
      errors: { 404: '`not_found`: no such calibration set.' },
      handler: async ({ tenant, params, query }) => ({
        status: 200,
        body: await listCalibrationItems(tenant, params.setId, query, deps.cursors),
      }),
    }),
  ];
}

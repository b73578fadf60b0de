/** `/workflows/{id}/runs` and `/runs`: create, read, cancel runs and fetch their output (spec §4 Runs). */
import { newId } from '../../domain/ids';
import { cancelRun, createRun, getRun, listRuns, runOutputFile, runView } from '../../domain/runs';
import {
  CreateRunRequest,
  Run,
  RunIdParams,
  RunListQuery,
  RunOutputFile,
  RunPage,
  WorkflowRunParams,
} from '../../domain/schemas/runs';
import type { KeyPrincipal } from '../../domain/api-keys';
import type { RouteDeps } from '../app';
import { route, type RouteSpec } from '../route';

export function runRoutes(deps: RouteDeps): RouteSpec[] {
  const read = { kind: 'api_key', scope: 'runs:read' } as const;
  const write = { kind: 'api_key', scope: 'runs:write' } as const;
  const base = deps.config.publicBaseUrl;
  return [
    route({
      method: 'post',
      path: '/workflows/{workflowId}/runs',
      access: write,
      tag: 'Runs',
      summary: 'Create a run',
      description:
        'Validates the workflow and inputs, quotes and debits credits (402 `insufficient_credits`), and starts the run. ' +
        '`async`: 202 with the queued run. `sync`: waits up to the sync timeout; 200 with the finished run, or 202 if ' +
        'it is still going (poll `result_url`). Send `Idempotency-Key` to make retries safe.',
      params: WorkflowRunParams,
      body: CreateRunRequest,
      idempotency: { reserve: () => newId('run') },
      responses: {
        200: { description: 'A sync run that finished', schema: Run },
        202: { description: 'The run, queued or still running', schema: Run },
      },
      handler: async ({ tenant, params, body, principal, reservedId }) => {
        const key = principal as KeyPrincipal;
        const { run, finished } = await createRun(
          deps,
          tenant,
          { keyId: key.keyId, livemode: key.mode === 'live' },
          params.workflowId,
          body,
          reservedId ?? newId('run'),
        );
        return { status: finished ? 200 : 202, body: runView(run, base) };
      },
    }),
    route({
      method: 'get',
      path: '/runs',
      access: read,
      tag: 'Runs',
      summary: 'List runs',
      description: 'Newest first; filter by `workflow_id` and `status`.',
      query: RunListQuery,
      responses: { 200: { description: 'A page of runs', schema: RunPage } },
      handler: async ({ tenant, query }) => {
        const { items, next_cursor } = await listRuns(tenant, query, deps.cursors);
        return { status: 200, body: { data: items.map((r) => runView(r, base)), next_cursor } };
      },
    }),
    route({
      method: 'get',
      path: '/runs/{runId}',
      access: read,
      tag: 'Runs',
      summary: 'Get a run',
      params: RunIdParams,
      responses: { 200: { description: 'The run', schema: Run } },
      handler: async ({ tenant, params }) => ({ status: 200, body: runView(await getRun(tenant, params.runId), base) }),
    }),
    route({
      method: 'post',
      path: '/runs/{runId}/cancel',
      access: write,
      tag: 'Runs',
      summary: 'Cancel a queued run',
      description: 'Only a queued run can be canceled (full refund); any other status is 409 `run_not_cancelable`.',
      params: RunIdParams,
      responses: { 200: { description: 'The canceled run', schema: Run } },
      handler: async ({ tenant, params }) => ({
        status: 200,
        body: runView(await cancelRun(deps, tenant, params.runId), base),
      }),
    }),
    route({
      method: 'get',
      path: '/runs/{runId}/output',
      access: read,
      tag: 'Runs',
      summary: 'Get a signed URL for the output file',
      description: 'A fresh URL each call. 409 `output_not_ready` until the run has succeeded.',
      params: RunIdParams,
      responses: { 200: { description: 'The output file', schema: RunOutputFile } },
      handler: async ({ tenant, params }) => ({
        status: 200,
        body: await runOutputFile(tenant, deps.storage, deps.config, params.runId),
      }),
    }),
  ];
}

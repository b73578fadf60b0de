/** `/workflows/{id}/runs` and `/runs`: create, read, cancel runs, fetch their output (docs/api-reference.md §13). */
import type { KeyPrincipal } from '../../domain/access/api-keys';
import { getRun, listRuns, runOutputFile, runQuote, runView, type RunDoc } from '../../domain/runs';
import { cancelRun } from '../../domain/runs/lifecycle';
import { signRunOutputFile } from '../../domain/runs/output-file';
import {
  CreateRunRequest,
  Run,
  RunIdParams,
  RunListQuery,
  RunOutputFile,
  RunPage,
  RunQuote,
  WorkflowRunParams,
} from '../../domain/runs/schemas';
import type { RouteDeps } from '../deps';
import { route, type RouteSpec } from '../route';
import { createRunRoute } from './run-create';

export function runRoutes(deps: RouteDeps): RouteSpec[] {
  const read = { kind: 'api_key', scope: 'runs:read' } as const;
  const write = { kind: 'api_key', scope: 'runs:write' } as const;
  const base = deps.config.publicBaseUrl;
  const signer = { storage: deps.storage, ttlS: deps.config.OUTPUT_URL_TTL_S };
  /** Every answer carrying a run signs its output file afresh (domain/runs/output-file.ts). */
  const view = async (run: RunDoc) => runView(run, base, await signRunOutputFile(signer, run));
  return [
    createRunRoute(deps, view),
    route({
      method: 'post',
      path: '/workflows/{workflowId}/runs/quote',
      access: read,
      tag: 'Runs',
      summary: 'Quote a run',
      description:
        'Takes the JSON body of run creation and answers what that run would cost and whether the balance covers it, ' +
        'with the same refusals as creation (404, 400, 409); nothing is created or charged. Test keys are quoted as ' +
        'live, with `credits_due: 0`: test-mode runs are never charged. `balance` is present only for a key with ' +
        '`usage:read`.',
      params: WorkflowRunParams,
      body: CreateRunRequest,
      responses: { 200: { description: 'The quote', schema: RunQuote } },
      errors: {
        404: '`not_found`: no such workflow.',
        409:
          '`workflow_not_active`, `document_not_extracted`, `reference_document_not_ready`, ' +
          '`reference_document_unavailable`, `prompt_template_unavailable`, `use_async`: creation would refuse the same way.',
      },
      handler: async ({ tenant, params, body, principal }) => {
        const key = principal as KeyPrincipal;
        const caller = { livemode: key.mode === 'live', readsBalance: key.scopes.includes('usage:read') };
        return { status: 200, body: await runQuote(deps, tenant, caller, params.workflowId, body) };
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
        return { status: 200, body: { data: await Promise.all(items.map(view)), next_cursor } };
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
      errors: { 404: '`not_found`: no such run.' },
      handler: async ({ tenant, params }) => ({ status: 200, body: await view(await getRun(tenant, params.runId)) }),
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
      errors: { 404: '`not_found`: no such run.', 409: '`run_not_cancelable`: the run is no longer queued.' },
      handler: async ({ tenant, params }) => ({
        status: 200,
        body: await view(await cancelRun(deps, tenant, params.runId)),
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
      errors: { 404: '`not_found`: no such run.', 409: '`output_not_ready`: the run has not succeeded.' },
      handler: async ({ tenant, params }) => ({
        status: 200,
        body: await runOutputFile(tenant, deps.storage, deps.config, params.runId),
      }),
    }),
  ];
}

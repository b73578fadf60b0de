/** `/workflows`: evaluation configurations (docs/api-reference.md §10). */
import { PageQuery } from '../../domain/http/pagination';
import { Deleted } from '../../domain/http/schemas';
import {
  CreateWorkflowRequest,
  UpdateWorkflowRequest,
  Workflow,
  WorkflowIdParams,
  WorkflowPage,
} from '../../domain/evaluation-workflows/schemas';
import {
  createEvaluationWorkflow,
  deleteEvaluationWorkflow,
  getEvaluationWorkflow,
  listEvaluationWorkflows,
  updateEvaluationWorkflow,
  evaluationWorkflowView,
} from '../../domain/evaluation-workflows/evaluation-workflows';
import type { RouteDeps } from '../deps';
import { route, type RouteSpec } from '../route';

export function workflowRoutes(deps: RouteDeps): RouteSpec[] {
  const read = { kind: 'api_key', scope: 'workflows:read' } as const;
  const write = { kind: 'api_key', scope: 'workflows:write' } as const;
  return [
    route({
      method: 'get',
      path: '/workflows',
      access: read,
      tag: 'Workflows',
      summary: 'List workflows',
      description: 'Newest first.',
      query: PageQuery,
      responses: { 200: { description: 'A page of workflows', schema: WorkflowPage } },
      handler: async ({ tenant, query }) => ({
        status: 200,
        body: await listEvaluationWorkflows(tenant, query, deps.cursors),
      }),
    }),
    route({
      method: 'post',
      path: '/workflows',
      access: write,
      tag: 'Workflows',
      summary: 'Create a workflow',
      description:
        'Every referenced id must exist in your account. Omitted `default_mode`, `default_model_policy` and ' +
        '`output_format` come from the product. With `output_schema_sample_id` and no `output_schema`, the schema is ' +
        "inferred from the sample's structure. `criteria` name where the output's verdicts stand (checked against " +
        'the output schema, 400 naming `criteria[i]`); `confidence.samples` above 1 has each live run judged that ' +
        'many times (needs `criteria`; the model part of the price is multiplied by it).',
      body: CreateWorkflowRequest,
      responses: { 201: { description: 'The workflow', schema: Workflow } },
      handler: async ({ tenant, body }) => ({
        status: 201,
        body: evaluationWorkflowView(await createEvaluationWorkflow(deps.db, tenant, body)),
      }),
    }),
    route({
      method: 'get',
      path: '/workflows/{workflowId}',
      access: read,
      tag: 'Workflows',
      summary: 'Get a workflow',
      params: WorkflowIdParams,
      responses: { 200: { description: 'The workflow', schema: Workflow } },
      errors: { 404: '`not_found`: no such workflow.' },
      handler: async ({ tenant, params }) => ({
        status: 200,
        body: evaluationWorkflowView(await getEvaluationWorkflow(tenant, params.workflowId)),
      }),
    }),
    route({
      method: 'patch',
      path: '/workflows/{workflowId}',
      access: write,
      tag: 'Workflows',
      summary: 'Update a workflow',
      description:
        'Status: active ↔ paused, any → archived (setting the current status changes nothing); archived is final: any ' +
        'change to an archived workflow, its status included, is 409 `workflow_archived`. New `criteria` and ' +
        '`confidence` apply to runs created afterwards; runs and batches keep what they were created with.',
      params: WorkflowIdParams,
      body: UpdateWorkflowRequest,
      responses: { 200: { description: 'The workflow', schema: Workflow } },
      errors: { 404: '`not_found`: no such workflow.', 409: '`workflow_archived`: archived workflows cannot change.' },
      handler: async ({ tenant, params, body }) => ({
        status: 200,
        body: evaluationWorkflowView(await updateEvaluationWorkflow(tenant, params.workflowId, body)),
      }),
    }),
    route({
      method: 'delete',
      path: '/workflows/{workflowId}',
      access: write,
      tag: 'Workflows',
      summary: 'Delete a workflow',
      description: 'Soft delete: 404 afterwards; existing runs keep their workflow_id.',
      params: WorkflowIdParams,
      responses: { 200: { description: 'Deleted', schema: Deleted } },
      errors: { 404: '`not_found`: no such workflow.' },
      handler: async ({ tenant, params }) => ({
        status: 200,
        body: await deleteEvaluationWorkflow(tenant, params.workflowId),
      }),
    }),
  ];
}

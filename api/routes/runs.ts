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
import { ingestDocumentBytes } from '../../domain/documents';
import { errors } from '../../domain/errors';
import type { UploadedFile } from '../middleware/multipart';

const MULTIPART_MAX_BYTES = 4 * 1024 * 1024;
/** End of the multipart deprecation window (RFC 8594 Sunset header). */
const MULTIPART_SUNSET = 'Wed, 30 Jun 2027 00:00:00 GMT';
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
      multipart: {
        maxTotalBytes: MULTIPART_MAX_BYTES,
        description:
          'Legacy (deprecated): multipart/form-data with `mode`, `metadata` (JSON string), `input_documents` (JSON array ' +
          'string) and repeated `files[]` (4 MB combined, else 413). Files become input documents.',
      },
      responses: {
        200: { description: 'A sync run that finished', schema: Run },
        202: { description: 'The run, queued or still running', schema: Run },
      },
      handler: async ({ tenant, params, body, principal, reservedId, ctx }) => {
        const key = principal as KeyPrincipal;
        const files = (ctx.state.files ?? []) as UploadedFile[];
        const headers: Record<string, string> = {};
        if (ctx.is('multipart/form-data')) {
          headers.Deprecation = 'true';
          headers.Sunset = MULTIPART_SUNSET;
          headers.Link = '</docs#/Documents>; rel="deprecation"';
        }
        if (files.length) {
          if ((body.input_documents?.length ?? 0) + files.length > 20) {
            throw errors.invalidRequest('At most 20 input documents per run, files included.', [
              { path: 'body.files', message: 'too many documents' },
            ]);
          }
          const ingested = [];
          for (const file of files) ingested.push(await ingestDocumentBytes(tenant, deps.storage, deps.temporal, file, 60_000));
          body = { ...body, input_documents: [...(body.input_documents ?? []), ...ingested.map((d) => d._id)] };
        }
        const { run, finished } = await createRun(
          deps,
          tenant,
          { keyId: key.keyId, livemode: key.mode === 'live' },
          params.workflowId,
          body,
          reservedId ?? newId('run'),
        );
        return { status: finished ? 200 : 202, body: runView(run, base), headers };
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

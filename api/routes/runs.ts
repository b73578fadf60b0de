/** `/workflows/{id}/runs` and `/runs`: create, read, cancel runs, fetch their output (docs/api-reference.md §13). */
import { newId } from '../../domain/platform/ids';
import { getRun, listRuns, runnableWorkflow, runOutputFile, runQuote, runView, type RunDoc } from '../../domain/runs';
import { createRun } from '../../domain/runs/create';
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
import type { KeyPrincipal } from '../../domain/access/api-keys';
import { ingestDocumentBytes } from '../../domain/documents/documents';
import { errors } from '../../domain/http/errors';
import type { UploadedFile } from '../middleware/multipart';

const MULTIPART_MAX_BYTES = 4 * 1024 * 1024;
/** How long a multipart run waits for its files' text before answering (409 `document_not_extracted` after). */
const MULTIPART_EXTRACTION_WAIT_MS = 60_000;
/** End of the multipart deprecation window (RFC 8594 Sunset header). */
const MULTIPART_SUNSET = 'Wed, 30 Jun 2027 00:00:00 GMT';
import type { RouteDeps } from '../deps';
import { route, type RouteSpec } from '../route';

export function runRoutes(deps: RouteDeps): RouteSpec[] {
  const read = { kind: 'api_key', scope: 'runs:read' } as const;
  const write = { kind: 'api_key', scope: 'runs:write' } as const;
  const base = deps.config.publicBaseUrl;
  const signer = { storage: deps.storage, ttlS: deps.config.OUTPUT_URL_TTL_S };
  /** Every answer carrying a run signs its output file afresh (domain/runs/output-file.ts). */
  const view = async (run: RunDoc) => runView(run, base, await signRunOutputFile(signer, run));
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
      errors: {
        402: '`insufficient_credits`: the balance is lower than the quote.',
        404: '`not_found`: no such workflow.',
        409:
          '`workflow_not_active`, `document_not_extracted`, `reference_document_not_ready`, ' +
          '`reference_document_unavailable`, `prompt_template_unavailable`, `use_async` (sync runs disabled).',
      },
      handler: async ({ tenant, params, body, principal, reservedId, renewReservation, ctx }) => {
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
          // Refuse an unknown or inactive workflow before storing anything: files for it would become orphan
          // documents, and waiting for their extraction made the refusal take minutes (found by Schemathesis).
          await runnableWorkflow(tenant, params.workflowId);
          // Extracted side by side, so the whole form waits at most one extraction bound, not one per file.
          const ingested = await Promise.all(
            files.map((file) =>
              ingestDocumentBytes(tenant, deps.storage, deps.temporal, file, MULTIPART_EXTRACTION_WAIT_MS),
            ),
          );
          body = { ...body, input_documents: [...(body.input_documents ?? []), ...ingested.map((d) => d._id)] };
        }
        const { run, finished } = await createRun(
          deps,
          tenant,
          { keyId: key.keyId, livemode: key.mode === 'live' },
          params.workflowId,
          body,
          reservedId && renewReservation ? { id: reservedId, renew: renewReservation } : undefined,
        );
        return { status: finished ? 200 : 202, body: await view(run), headers };
      },
    }),
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

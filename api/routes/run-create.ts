/**
 * `POST /workflows/{id}/runs`: run creation (docs/api-reference.md §13), apart from the other run routes because it
 * alone carries the legacy multipart form, whose files become input documents before the run is created.
 */
import type { KeyPrincipal } from '../../domain/access/api-keys';
import { ingestDocumentBytes } from '../../domain/documents/documents';
import { errors } from '../../domain/http/errors';
import { newId } from '../../domain/platform/ids';
import { runnableWorkflow, type RunDoc, type runView } from '../../domain/runs';
import { createRun } from '../../domain/runs/create';
import { CreateRunRequest, Run, WorkflowRunParams } from '../../domain/runs/schemas';
import type { RouteDeps } from '../deps';
import type { UploadedFile } from '../middleware/multipart';
import { route, type RouteSpec } from '../route';

const MULTIPART_MAX_BYTES = 4 * 1024 * 1024;
/** How long a multipart run waits for its files' text before answering (409 `document_not_extracted` after). */
const MULTIPART_EXTRACTION_WAIT_MS = 60_000;
/** End of the multipart deprecation window (RFC 8594 Sunset header). */
const MULTIPART_SUNSET = 'Wed, 30 Jun 2027 00:00:00 GMT';

/** `view` renders a run as every run answer does (its output file signed afresh): the caller's, shared. */
export function createRunRoute(deps: RouteDeps, view: (run: RunDoc) => Promise<ReturnType<typeof runView>>): RouteSpec {
  const write = { kind: 'api_key', scope: 'runs:write' } as const;
  return route({
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
  });
}

/**
 * `/workflows/{id}/batches` and `/batches`: create, read, list and cancel batches, and their results file
 * (docs/api-reference.md §19).
 */
import { newId } from '../../domain/platform/ids';
import {
  cancelBatch,
  createBatch,
  getBatch,
  listBatches,
  batchView,
  batchViewWithReviews,
} from '../../domain/batches/batches';
import {
  Batch,
  BATCH_BODY_LIMIT,
  BatchIdParams,
  BatchListQuery,
  BatchPage,
  BatchResultsFile,
  BatchResultsQuery,
  CreateBatchRequest,
  WorkflowBatchParams,
} from '../../domain/batches/schemas';
import { batchResultsFile } from '../../domain/batches/results-file';
import { signedFile } from '../../domain/platform/storage';
import { errors } from '../../domain/http/errors';
import type { KeyPrincipal } from '../../domain/access/api-keys';
import type { RouteDeps } from '../deps';
import { route, type RouteSpec } from '../route';

/** How long `GET /batches/{id}/results` waits for the worker to write the file before answering 503. */
const RESULTS_WAIT_MS = 60_000;

export function batchRoutes(deps: RouteDeps): RouteSpec[] {
  const read = { kind: 'api_key', scope: 'runs:read' } as const;
  const write = { kind: 'api_key', scope: 'runs:write' } as const;
  return [
    route({
      method: 'post',
      path: '/workflows/{workflowId}/batches',
      access: write,
      tag: 'Batches',
      summary: 'Create a batch',
      description:
        'Up to 10,000 items, each a run of the workflow on its `input_documents`, run `max_concurrency` at a time with ' +
        'the workflow’s configuration as it is now. Any invalid item refuses the whole request (400 naming each ' +
        '`items[i]`); nothing is created. Quoted whole: 402 when the balance is short of the sum (nothing is reserved; ' +
        'each item is charged when admitted). Body up to 8 MB. Send `Idempotency-Key` to make retries safe.',
      params: WorkflowBatchParams,
      body: CreateBatchRequest,
      bodyLimit: BATCH_BODY_LIMIT,
      idempotency: { reserve: () => newId('batch') },
      responses: { 202: { description: 'The batch, queued', schema: Batch } },
      errors: {
        402: '`insufficient_credits`: the balance is lower than the whole batch’s quote.',
        404: '`not_found`: no such workflow.',
        409:
          '`limit_reached`: the account has 5 unfinished batches; `workflow_not_active`, ' +
          '`reference_document_not_ready`, `reference_document_unavailable`, `prompt_template_unavailable`, ' +
          '`economy_unavailable` (`economy: true` where the model server has no batch API).',
      },
      handler: async ({ tenant, params, body, principal, reservedId }) => {
        const key = principal as KeyPrincipal;
        const batch = await createBatch(
          deps,
          tenant,
          { keyId: key.keyId, livemode: key.mode === 'live' },
          params.workflowId,
          body,
          reservedId ?? newId('batch'),
        );
        return { status: 202, body: batchView(batch) };
      },
    }),
    route({
      method: 'get',
      path: '/batches',
      access: read,
      tag: 'Batches',
      summary: 'List batches',
      description: 'Newest first.',
      query: BatchListQuery,
      responses: { 200: { description: 'A page of batches', schema: BatchPage } },
      handler: async ({ tenant, query }) => {
        const { items, next_cursor } = await listBatches(tenant, query, deps.cursors);
        return { status: 200, body: { data: items.map(batchView), next_cursor } };
      },
    }),
    route({
      method: 'get',
      path: '/batches/{batchId}',
      access: read,
      tag: 'Batches',
      summary: 'Get a batch',
      params: BatchIdParams,
      responses: { 200: { description: 'The batch', schema: Batch } },
      errors: { 404: '`not_found`: no such batch.' },
      handler: async ({ tenant, params }) => ({
        status: 200,
        body: await batchViewWithReviews(tenant, await getBatch(tenant, params.batchId)),
      }),
    }),
    route({
      method: 'post',
      path: '/batches/{batchId}/cancel',
      access: write,
      tag: 'Batches',
      summary: 'Cancel a batch',
      description:
        'No more items start: items not yet started end `canceled` (never charged, or refunded), running items finish, ' +
        'then the batch ends `canceled`. Answers the batch as it is now; canceling again is harmless.',
      params: BatchIdParams,
      responses: { 200: { description: 'The batch, canceling', schema: Batch } },
      errors: {
        404: '`not_found`: no such batch.',
        409: '`batch_not_cancelable`: the batch has finished.',
      },
      handler: async ({ tenant, params }) => ({
        status: 200,
        body: batchView(await cancelBatch(tenant, params.batchId)),
      }),
    }),
    route({
      method: 'get',
      path: '/batches/{batchId}/results',
      access: read,
      tag: 'Batches',
      summary: 'Get a signed URL for the results file',
      description:
        'One row per item (external id, run id, status, error code, credits, the output’s top-level fields as ' +
        'columns), as CSV, XLSX or JSONL, at any time: unfinished items show their status. While the batch runs the ' +
        'file shows the items as they are now (rendered again once the batch’s counts change; calls meanwhile share ' +
        'one rendering); once it is final the same file is answered again for the URL lifetime (a fresh signed URL ' +
        'each call), then rendered anew.',
      params: BatchIdParams,
      query: BatchResultsQuery,
      responses: { 200: { description: 'The results file', schema: BatchResultsFile } },
      errors: { 404: '`not_found`: no such batch.' },
      handler: async ({ tenant, params, query }) => {
        const batch = await getBatch(tenant, params.batchId);
        const wait = await batchResultsFile(deps, batch, query.format, RESULTS_WAIT_MS);
        if (wait.state !== 'done') throw errors.serviceUnavailable('The results file is still being written; retry.');
        const { key, mimeType, filename } = wait.value;
        return {
          status: 200,
          body: await signedFile(deps.storage, key, filename, mimeType, deps.config.OUTPUT_URL_TTL_S),
        };
      },
    }),
  ];
}

/** Batches (docs/api-reference.md §19). */
import { z } from 'zod';
import { PageQuery, pageSchema } from '../http/pagination';
import { CreateRunRequest } from '../runs/schemas';
import { ProviderBatch } from './economy';

export const BATCH_MAX_ITEMS = 10_000;
/** The body's limit, enforced while it streams in, so a body past it is refused before it is all read. */
export const BATCH_BODY_LIMIT = '8mb';
export const BATCH_MAX_CONCURRENCY = 50;
export const BATCH_DEFAULT_CONCURRENCY = 10;

export const BatchStatus = z.enum(['queued', 'running', 'succeeded', 'completed_with_failures', 'canceled']);
export type BatchStatus = z.infer<typeof BatchStatus>;
export const FINAL_BATCH_STATUSES: ReadonlySet<BatchStatus> = new Set([
  'succeeded',
  'completed_with_failures',
  'canceled',
]);

const metadata = CreateRunRequest.shape.metadata;

export const BatchItem = z
  .object({
    input_documents: z
      .array(z.string().min(1).max(64))
      .min(1, 'at least one input document')
      .max(20, 'at most 20 input documents per item'),
    metadata,
    external_id: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: 'Your own id for the item, carried by its run and its row of the results file.' }),
  })
  .strict()
  .meta({ id: 'BatchItem' });

export const CreateBatchRequest = z
  .object({
    items: z
      .array(BatchItem)
      .min(1, 'at least one item')
      .max(BATCH_MAX_ITEMS, `at most ${BATCH_MAX_ITEMS.toLocaleString('en')} items`),
    metadata,
    max_concurrency: z
      .number()
      .int()
      .min(1)
      .max(BATCH_MAX_CONCURRENCY)
      .optional()
      .meta({
        description: `Items running at once (1–${BATCH_MAX_CONCURRENCY}, default ${BATCH_DEFAULT_CONCURRENCY}).`,
      }),
    economy: z
      .boolean()
      .optional()
      .meta({
        description:
          'Answers within 24 hours through the providers’ batch APIs, each item quoted and charged the product’s ' +
          '`economy_discount` of its ordinary price. 409 `economy_unavailable` where the model server has no batch API.',
      }),
  })
  .strict()
  .meta({ id: 'CreateBatchRequest' });

export type CreateBatchRequest = z.infer<typeof CreateBatchRequest>;

export const BatchCounts = z
  .object({
    total: z.number().int(),
    queued: z.number().int().meta({ description: 'Items not yet started, admitted or not.' }),
    running: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    canceled: z.number().int(),
    refunded: z.number().int(),
  })
  .meta({ id: 'BatchCounts', description: 'Always sums to `total`.' });

export const Batch = z
  .object({
    id: z.string().meta({ example: 'bat_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' }),
    object: z.literal('batch'),
    workflow_id: z.string(),
    status: BatchStatus,
    livemode: z.boolean(),
    max_concurrency: z.number().int(),
    counts: BatchCounts,
    quoted_credits: z.number().meta({ description: 'The sum of every item’s quote at creation (nothing reserved).' }),
    charged_credits: z.number().meta({
      description: 'Credits the batch holds now: items charged at admission and not refunded (failed or canceled).',
    }),
    metadata: z.record(z.string(), z.unknown()),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    // Optional: a `batch.completed` event recorded before economy batches carries the batch as it was then, and
    // GET /events answers it as recorded.
    economy: z
      .boolean()
      .optional()
      .meta({ description: 'Created with `economy: true`. Absent in `batch.completed` events recorded before it.' }),
    reviews: z
      .object({ pending: z.number().int(), completed: z.number().int() })
      .optional()
      .meta({
        description:
          "Its items' reviews (the API reference's section on reviews): open and completed; on `GET /batches/{id}` of a batch whose " +
          'workflow reviews runs.',
      }),
    provider_batches: z.array(ProviderBatch).optional().meta({
      description:
        'The provider batches an economy batch’s items went out in (empty otherwise). Absent in `batch.completed` events recorded before it.',
    }),
  })
  .meta({ id: 'Batch' });

export const BatchPage = pageSchema(Batch, 'BatchList');
export const BatchIdParams = z.object({ batchId: z.string().max(64) });
export const WorkflowBatchParams = z.object({ workflowId: z.string().max(64) });
export const BatchListQuery = PageQuery.extend({});

export const BatchResultsQuery = z.object({
  format: z.enum(['csv', 'xlsx', 'jsonl']).default('csv'),
});

/** Content-Type and extension of each format, for the stored object and its download name. */
export const BATCH_RESULTS_FILE: Record<
  z.infer<typeof BatchResultsQuery>['format'],
  { mimeType: string; extension: string }
> = {
  csv: { mimeType: 'text/csv; charset=utf-8', extension: 'csv' },
  xlsx: { mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  jsonl: { mimeType: 'application/x-ndjson; charset=utf-8', extension: 'jsonl' },
};

export const BatchResultsFile = z
  .object({
    url: z.string().meta({ description: 'A signed download URL, valid until `expires_at`.' }),
    expires_at: z.string(),
    mime_type: z.string().meta({ example: 'text/csv' }),
  })
  .meta({ id: 'BatchResultsFile' });

/** Runs (docs/api-reference.md §13). */
import { z } from 'zod';
import { RunReview } from '../reviews/schemas';
import { PageQuery, pageSchema } from '../http/pagination';
import { ModelPolicySchema, OutputFormatSchema } from '../catalog/schemas';
import { Balance } from '../billing/schemas';
import { RUN_FAILURE_CODES } from './failures';

export const RunStatus = z.enum(['queued', 'running', 'succeeded', 'failed', 'canceled', 'refunded']);
export type RunStatus = z.infer<typeof RunStatus>;

/** The statuses a run ends in: nothing changes it afterwards but an operator refund of a succeeded run. */
export const FINAL_RUN_STATUSES: ReadonlySet<RunStatus> = new Set(['succeeded', 'failed', 'canceled', 'refunded']);

export const CreateRunRequest = z
  .object({
    mode: z.enum(['async', 'sync']).optional().meta({ description: "Omitted: the workflow's default_mode." }),
    metadata: z
      .record(z.string().max(40), z.unknown())
      .optional()
      .refine((m) => m === undefined || JSON.stringify(m).length <= 8192, 'must be at most 8 KB as JSON')
      .refine((m) => m === undefined || Object.keys(m).length <= 50, 'must have at most 50 keys'),
    input_documents: z.array(z.string().min(1).max(64)).max(20, 'at most 20 input documents per run').optional(),
  })
  .strict()
  .meta({ id: 'CreateRunRequest' });

export type CreateRunRequest = z.infer<typeof CreateRunRequest>;

export const RunUsage = z
  .object({
    input_tokens: z.number().int().nullable(),
    output_tokens: z.number().int().nullable(),
    model: z.string().nullable(),
    rag_strategy: z.string().nullable(),
    unverified_citations: z
      .number()
      .int()
      .min(0)
      .nullable()
      .meta({
        description:
          'Quotes the model offered as evidence that do not occur in the text it was given; they were dropped, never shown ' +
          'as citations. Null until the run has produced output.',
      }),
  })
  .meta({ id: 'RunUsage' });

export const RAG_STRATEGIES = ['file_search', 'fulltext', 'hybrid'] as const;
export const RagStrategy = z.enum(RAG_STRATEGIES);
export type RagStrategy = z.infer<typeof RagStrategy>;

export const SectionLocation = z
  .object({
    kind: z.enum(['page', 'sheet', 'slide', 'section']),
    index: z.number().int().meta({ description: '1-based page or slide number; sheet or section order.' }),
    label: z.string().meta({ example: 'Page 3' }),
  })
  .meta({
    id: 'SectionLocation',
    description: "One unit of a document's extracted text: a PDF page, a sheet, a slide, or a heading's section.",
  });

export const CitationBox = z
  .object({
    page: z.number().int().min(1).meta({ description: '1-based page number.' }),
    x: z.number().min(0).max(1).meta({ description: 'Left edge, as a fraction of the page width from its left.' }),
    y: z.number().min(0).max(1).meta({ description: 'Top edge, as a fraction of the page height from its top.' }),
    w: z.number().min(0).max(1).meta({ description: 'Width, as a fraction of the page width.' }),
    h: z.number().min(0).max(1).meta({ description: 'Height, as a fraction of the page height.' }),
  })
  .meta({ id: 'CitationBox', description: 'A rectangle on a page, in fractions of the page, origin top left.' });

export const RunCitation = z
  .object({
    criterion: z.string().meta({ description: 'The criterion or output field the model judged.' }),
    status: z.enum(['supported', 'insufficient_evidence']).meta({
      description: '`insufficient_evidence`: the documents do not support a judgement on this criterion (no quote).',
    }),
    quote: z.string().nullable().meta({
      description:
        'Exactly the extracted text at `input.start`..`input.end`: verified against the source, never paraphrased.',
    }),
    input: z
      .object({
        document_id: z.string(),
        location: SectionLocation,
        start: z.number().int().min(0),
        end: z.number().int().min(0),
        boxes: z
          .array(CitationBox)
          .optional()
          .meta({
            description:
              'Where the quote is on the page, for text with positions (PDF pages): one box per line of the quote, ' +
              'together covering it. Empty for formats without positions; absent on citations made before ' +
              'positions existed.',
          }),
      })
      .nullable()
      .meta({
        description:
          'Where the quote is. `start`/`end` are UTF-16 offsets (JavaScript string indexes) into the text of that ' +
          'section as `GET /documents/{id}/text` returns it: `sections[i].text.slice(start, end) === quote` for the ' +
          'section with the same `kind` and `index`.',
      }),
    reference: z
      .object({
        reference_document_id: z.string(),
        chunk_id: z
          .string()
          .meta({ description: 'The reference passage as the model was shown it (`manifest.chunk_ids`).' }),
        location: SectionLocation,
      })
      .nullable()
      .meta({
        description:
          'The reference clause the criterion was judged against; null when none was named or it was not in the context.',
      }),
  })
  .meta({ id: 'RunCitation' });
export type RunCitation = z.infer<typeof RunCitation>;

const share = z.number().min(0).max(1).nullable();

export const RunManifest = z
  .object({
    model: z.string().meta({ description: 'The model that answered; `stub` in test mode.' }),
    provider: z.enum(['openai', 'anthropic', 'stub']),
    policy: ModelPolicySchema.meta({ description: 'The model policy the workflow requested.' }),
    strategy: RagStrategy.meta({
      description: 'What the policy did: the strategy a test-mode run would have used live.',
    }),
    prompt_template: z.object({ id: z.string(), version: z.number().int() }).nullable(),
    reference_index_versions: z.array(z.object({ reference_document_id: z.string(), index_version: z.number().int() })),
    chunk_ids: z.array(z.string()).meta({ description: 'The reference chunks sent, in prompt order.' }),
    token_budget: z
      .number()
      .int()
      .meta({ description: 'The most input-document tokens a model call is sent (FULLTEXT_TOKEN_BUDGET).' }),
    inputs: z.array(
      z.object({
        document_id: z.string(),
        pages_total: z.number().int().meta({ description: 'Pages, sheets, slides or sections of the extracted text.' }),
        pages_sent: z
          .number()
          .int()
          .meta({ description: 'Those sent whole; pages are only ever dropped from the end.' }),
        tokens_total: z.number().int(),
        tokens_sent: z.number().int(),
        ocr: z
          .object({
            engine: z.string().meta({ example: 'tesseract.js 7.0.0 (eng)' }),
            mean_confidence: z.number().meta({ description: 'Mean word confidence, 0–100, over every page read.' }),
            pages: z.number().int().meta({ description: 'Pages of the document read by OCR.' }),
          })
          .nullable()
          .optional()
          .meta({
            description:
              'How the document’s scanned pages were read: the OCR engine and its mean word confidence; null when no ' +
              'page was read by OCR (absent on runs made before OCR).',
          }),
      }),
    ),
    tokens: z
      .object({
        instructions: z
          .number()
          .int()
          .meta({ description: 'System message, evaluation instructions, output contract and delimiters.' }),
        references: z.number().int(),
        inputs: z.number().int(),
        total: z.number().int(),
      })
      .meta({
        description: "o200k token counts of the first prompt sent; the provider's own count is `usage.input_tokens`.",
      }),
    samples: z
      .array(
        z.object({
          index: z.number().int().meta({ description: 'The sample, from 0.' }),
          input_tokens: z.number().int().nullable(),
          output_tokens: z.number().int().nullable(),
          valid: z.boolean().meta({ description: 'Whether its answer met the output contract (after one repair).' }),
        }),
      )
      .optional()
      .meta({
        description:
          "Each model call of a run judged several times (the workflow's `confidence.samples`), with the provider's " +
          'token counts, repairs included; absent for one call.',
      }),
    coverage: z
      .object({
        input_pages: share.meta({
          description:
            'Share of the input pages (sheets, slides, sections) the model received whole; null without inputs.',
        }),
        input_tokens: share.meta({ description: 'Share of the input tokens the model received.' }),
        reference_tokens: share.meta({
          description: "Share of the reference documents' indexed tokens the model received; null without references.",
        }),
      })
      .meta({ description: 'Below 1 when the context was cut to fit: long documents are never truncated silently.' }),
    provider_batch: z
      .object({ id: z.string(), provider: z.enum(['openai', 'anthropic']) })
      .optional()
      .meta({
        description:
          "An economy batch's item: the provider batch its requests went out in. Shown while the run waits `queued` for it.",
      }),
  })
  .meta({ id: 'RunManifest', description: 'What the model was given and how it was chosen.' });
export type RunManifest = z.infer<typeof RunManifest>;

/** One criterion's confidence over a run's repeated judgments. */
export const RunCriterionConfidence = z
  .object({
    value: z.number().min(0).max(1).meta({ description: 'The share of the valid answers equal to the consensus.' }),
    consensus: z.union([z.number(), z.string(), z.boolean()]).nullable(),
    samples: z
      .array(z.union([z.number(), z.string(), z.boolean()]).nullable())
      .meta({ description: "Each valid answer's value at the criterion's pointer, in sample order." }),
  })
  .meta({ id: 'RunCriterionConfidence' });
export type RunCriterionConfidence = z.infer<typeof RunCriterionConfidence>;

export const RunOutputFile = z
  .object({
    url: z
      .string()
      .meta({ description: 'A signed download URL, valid until `expires_at` (OUTPUT_URL_TTL_S after this answer).' }),
    expires_at: z.string(),
    mime_type: z.string().meta({ example: 'application/json' }),
  })
  .meta({ id: 'RunOutputFile' });

export const Run = z
  .object({
    id: z.string().meta({ example: 'run_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' }),
    object: z.literal('run'),
    workflow_id: z.string(),
    batch_id: z
      .string()
      .nullable()
      .meta({ description: 'The batch this run is an item of; null for a run of its own.' }),
    external_id: z.string().nullable().meta({ description: 'The batch item’s `external_id`; null otherwise.' }),
    status: RunStatus,
    mode: z.enum(['async', 'sync']),
    livemode: z.boolean(),
    quoted_credits: z.number().meta({
      description:
        'What the run was quoted at creation: the most it is charged. A run created while an input document is still ' +
        'being read waits in `queued`, quoted as if every page not yet known to have a text layer were read by OCR; ' +
        'it is charged what its input turns out to cost, never more (`charged_credits`).',
    }),
    charged_credits: z.number().nullable(),
    input_documents: z.array(z.string()),
    metadata: z.record(z.string(), z.unknown()),
    result_url: z.string(),
    output_format: OutputFormatSchema.nullable(),
    output: z.record(z.string(), z.unknown()).optional(),
    output_file: RunOutputFile.nullable().meta({
      description:
        'The output file, signed afresh on every answer (webhook payloads: at each delivery attempt). Null until the run ' +
        'has succeeded, and after a refund.',
    }),
    usage: RunUsage,
    citations: z
      .array(RunCitation)
      .nullable()
      .meta({
        description:
          'The evidence for each judged criterion, verified against the documents after the model answered. Null until ' +
          'the run has succeeded.',
      }),
    manifest: RunManifest.nullable().optional().meta({
      description:
        'What the model was sent. Null until the run has succeeded; omitted from webhook event payloads (GET the run).',
    }),
    confidence: z
      .record(z.string(), RunCriterionConfidence)
      .nullable()
      .optional()
      .meta({
        description:
          "Per criterion key, how sure the workflow's repeated judgments were (`confidence.samples` ≥ 2). Null until " +
          'the run has succeeded, and for one judgment.',
      }),
    confidence_min: z.number().nullable().optional().meta({
      description: "The lowest of the criteria's confidences; null when `confidence` is.",
    }),
    // Described on RunReview itself: `.meta` on the wrapper would inline it, and the Python models would call it `Review`.
    review: RunReview.optional(),
    reviewed_output: z.record(z.string(), z.unknown()).optional().meta({
      description: "The output with the review's values at the criteria's pointers, once the review is completed.",
    }),
    error: z
      .object({
        code: z.enum(RUN_FAILURE_CODES).meta({
          description:
            'Why the run failed (every failed run is fully refunded), or why a batch item was canceled before it ' +
            'started (`workflow_not_active`, `batch_canceled`, `execution_ended`; never charged).',
        }),
        message: z.string(),
      })
      .nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'Run' });

export const RunQuote = z
  .object({
    object: z.literal('run_quote'),
    workflow_id: z.string(),
    livemode: z.boolean(),
    quoted_credits: z
      .number()
      .meta({ description: 'The `quoted_credits` a run created with this body gets (test keys are quoted as live).' }),
    credits_due: z.number().meta({
      description:
        'What creating that run would debit: `quoted_credits` with a live key (for an input still being read, at most ' +
        'that, once it is read), 0 with a test key.',
    }),
    sufficient_credits: z.boolean().meta({
      description:
        'Whether the balance covers `credits_due`; when false, creating the run answers 402 `insufficient_credits`.',
    }),
    economy_credits: z.number().meta({
      description:
        'The quote of the same run as an item of an economy batch (`economy: true`): the product’s `economy_discount` ' +
        'of `quoted_credits`, rounded down.',
    }),
    // Present only when the key holds `usage:read` (the route's description says so).
    balance: Balance.optional(),
  })
  .meta({ id: 'RunQuote' });

export const RunPage = pageSchema(Run, 'RunList');
export const RunIdParams = z.object({ runId: z.string().max(64) });
export const WorkflowRunParams = z.object({ workflowId: z.string().max(64) });
export const RunListQuery = PageQuery.extend({
  workflow_id: z.string().max(64).optional(),
  batch_id: z.string().max(64).optional().meta({ description: 'Only the items of this batch.' }),
  status: RunStatus.optional(),
});

/** Evaluation workflows (docs/api-reference.md §10). */
import { z } from 'zod';
import { pageSchema } from '../http/pagination';
import { ModelPolicySchema, OutputFormatSchema } from '../catalog/schemas';
import { CALIBRATION_LIMITS, Criterion, CriterionInput, uniqueCriterionKeys } from '../calibration-sets/schemas';
import { ReviewPolicy, ReviewPolicyInput } from '../reviews/schemas';

const id = z.string().trim().min(1).max(64);

/**
 * The largest output schema, given or inferred from a sample, as JSON text. Compiling a schema takes about 0.25 ms
 * per property on the event loop that checks it (the API's) and on every worker that validates with it: 64 KB (700
 * to 1,100 properties) is about 0.2 s; the 1 MB a body may carry was 4–6 s.
 */
export const OUTPUT_SCHEMA_MAX_CHARS = 65_536;
export const WorkflowStatus = z.enum(['active', 'paused', 'archived']);

/** The criteria a workflow's outputs are judged on: unique keys, as a calibration set's. */
export const WorkflowCriteria = z
  .array(CriterionInput)
  .max(CALIBRATION_LIMITS.criteriaPerSet)
  .superRefine(uniqueCriterionKeys)
  .meta({
    description:
      "Where the workflow's verdicts stand in its output, each as a calibration set's criterion; with an output schema, " +
      'each pointer names a property it declares, of a type that fits the kind. At most 50.',
  });

/** Confidence from repeated judgments: how many agree with their consensus. */
export const CONFIDENCE_MAX_SAMPLES = 5;
export const WorkflowConfidence = z
  .object({
    samples: z
      .number()
      .int()
      .min(1)
      .max(CONFIDENCE_MAX_SAMPLES)
      .meta({
        description:
          'Model calls a live run makes over the same context (1–5; 1: no confidence). Above 1 needs `criteria`; ' +
          "the run's model price is multiplied by it.",
      }),
  })
  .strict()
  .meta({ id: 'WorkflowConfidence' });

export const CreateWorkflowRequest = z
  .object({
    product_code: z.string().trim().min(1).max(64),
    name: z.string().trim().min(1).max(200),
    prompt_template_id: id.nullable().optional(),
    user_prompt: z.string().max(20_000).nullable().optional(),
    reference_document_ids: z.array(id).max(50).optional(),
    output_format: OutputFormatSchema.optional(),
    output_schema_sample_id: id.nullable().optional(),
    output_schema: z
      .record(z.string(), z.unknown())
      .refine((schema) => JSON.stringify(schema).length <= OUTPUT_SCHEMA_MAX_CHARS, 'must be at most 64 KB as JSON')
      .nullable()
      .optional()
      .meta({ description: 'A JSON Schema (draft 2020-12), at most 64 KB as JSON.' }),
    default_mode: z.enum(['sync', 'async']).optional(),
    default_model_policy: ModelPolicySchema.optional(),
    webhook_endpoint_id: id.nullable().optional(),
    criteria: WorkflowCriteria.optional(),
    confidence: WorkflowConfidence.optional(),
    review: ReviewPolicyInput.optional(),
  })
  .strict()
  .meta({ id: 'CreateWorkflowRequest' });

export type CreateWorkflowRequest = z.infer<typeof CreateWorkflowRequest>;

export const UpdateWorkflowRequest = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    status: WorkflowStatus.optional(),
    user_prompt: z.string().max(20_000).nullable().optional(),
    criteria: WorkflowCriteria.optional().meta({
      description: 'Replaces the criteria; runs created before keep theirs.',
    }),
    confidence: WorkflowConfidence.optional(),
    // Replaces the review policy; runs created before keep theirs. No description here: `.meta` on the wrapper would
    // inline the schema under its property's name, and the Python models would call it `Review`.
    review: ReviewPolicyInput.optional(),
  })
  .strict()
  .meta({ id: 'UpdateWorkflowRequest' });

export type UpdateWorkflowRequest = z.infer<typeof UpdateWorkflowRequest>;

export const Workflow = z
  .object({
    id: z.string().meta({ example: 'wf_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' }),
    object: z.literal('workflow'),
    product_code: z.string(),
    name: z.string(),
    status: WorkflowStatus,
    prompt_template_id: z.string().nullable(),
    user_prompt: z.string().nullable(),
    reference_document_ids: z.array(z.string()),
    output_format: OutputFormatSchema,
    output_schema: z.record(z.string(), z.unknown()).nullable(),
    output_schema_sample_id: z.string().nullable(),
    default_mode: z.enum(['sync', 'async']),
    default_model_policy: ModelPolicySchema,
    webhook_endpoint_id: z.string().nullable(),
    criteria: z.array(Criterion).meta({ description: 'Empty when none are declared.' }),
    confidence: z.object({ samples: z.number().int() }).meta({ description: '`samples` is 1 unless set.' }),
    review: ReviewPolicy,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Workflow' });

export const WorkflowPage = pageSchema(Workflow, 'WorkflowList');
export const WorkflowIdParams = z.object({ workflowId: z.string().max(64) });

/** Runs (spec §2 Run, RunUsage, RunOutputFile; §3 run status; §4 Runs). */
import { z } from 'zod';
import { PageQuery, pageSchema } from '../pagination';
import { OutputFormatSchema } from './catalog';

export const RunStatus = z.enum(['queued', 'running', 'succeeded', 'failed', 'canceled', 'refunded']);
export type RunStatus = z.infer<typeof RunStatus>;

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
  })
  .meta({ id: 'RunUsage' });

export const RunOutputFile = z
  .object({
    url: z.string().meta({ description: 'A signed download URL.' }),
    expires_at: z.string(),
    mime_type: z.string(),
  })
  .meta({ id: 'RunOutputFile' });

export const Run = z
  .object({
    id: z.string().meta({ example: 'run_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' }),
    object: z.literal('run'),
    workflow_id: z.string(),
    status: RunStatus,
    mode: z.enum(['async', 'sync']),
    livemode: z.boolean(),
    quoted_credits: z.number(),
    charged_credits: z.number().nullable(),
    input_documents: z.array(z.string()),
    metadata: z.record(z.string(), z.unknown()),
    result_url: z.string(),
    output_format: OutputFormatSchema.nullable(),
    output: z.record(z.string(), z.unknown()).optional(),
    output_file: RunOutputFile.optional(),
    usage: RunUsage,
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'Run' });

export const RunPage = pageSchema(Run, 'RunList');
export const RunIdParams = z.object({ runId: z.string().max(64) });
export const WorkflowRunParams = z.object({ workflowId: z.string().max(64) });
export const RunListQuery = PageQuery.extend({
  workflow_id: z.string().max(64).optional(),
  status: RunStatus.optional(),
});

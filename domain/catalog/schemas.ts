/** Products and prompt templates (docs/api-reference.md §9). */
import { z } from 'zod';
import { MODEL_POLICIES, OUTPUT_FORMATS, TEMPLATE_CATEGORIES } from './catalog';

export const OutputFormatSchema = z.enum(OUTPUT_FORMATS);
export const ModelPolicySchema = z.enum(MODEL_POLICIES);

export const Product = z
  .object({
    code: z.string().meta({ example: 'essay_grading' }),
    object: z.literal('product'),
    name: z.string(),
    description: z.string().nullable(),
    status: z.enum(['active', 'beta', 'deprecated']),
    default_model_policy: ModelPolicySchema,
    default_mode: z.enum(['sync', 'async']),
    recommended_output_format: OutputFormatSchema,
    pricing: z
      .object({
        credits_per_run: z.number(),
        credits_per_page: z.number(),
        credits_per_1k_reference_tokens: z.number(),
        credits_per_ocr_page: z.number().meta({ example: 0.05 }),
        economy_discount: z.number().meta({
          example: 0.5,
          description: 'What an item of an economy batch (`economy: true`) pays of its ordinary price.',
        }),
      })
      .meta({
        description:
          'A run costs credits_per_run + credits_per_page × input pages + credits_per_ocr_page × input pages read by ' +
          'OCR (`ocr_pages` of its documents) (+ reference tokens on full-text policies).',
      }),
    created_at: z.string(),
  })
  .meta({ id: 'Product' });

export const ProductList = z.object({ data: z.array(Product) }).meta({ id: 'ProductList' });
export const ProductCodeParams = z.object({ code: z.string().max(64) });

export const PromptTemplate = z
  .object({
    id: z.string(),
    object: z.literal('prompt_template'),
    slug: z.string(),
    title: z.string(),
    category: z.enum(TEMPLATE_CATEGORIES),
    description: z.string().nullable(),
    user_prompt_seed: z.string(),
    locale: z.string(),
    recommended_output_format: OutputFormatSchema.nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'PromptTemplate' });

export const PromptTemplateList = z.object({ data: z.array(PromptTemplate) }).meta({ id: 'PromptTemplateList' });
export const TemplateListQuery = z.object({ category: z.enum(TEMPLATE_CATEGORIES).optional() });

export const GeneratePromptRequest = z
  .object({
    goal: z.string().trim().min(1).max(2000),
    category: z.enum(TEMPLATE_CATEGORIES).default('general'),
    output_format: OutputFormatSchema.optional(),
  })
  .strict()
  .meta({ id: 'GeneratePromptRequest' });

export const GeneratedPrompt = z
  .object({ user_prompt: z.string(), recommended_output_format: OutputFormatSchema.nullable() })
  .meta({ id: 'GeneratedPrompt' });

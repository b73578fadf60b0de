/** `/products`, `/prompt-templates`: the global catalog (spec §4 Products and prompt templates). */
import { getProduct, listProducts, listTemplates, productView, templateView } from '../../domain/catalog';
import { errors } from '../../domain/errors';
import { generatePrompt } from '../../domain/jobs';
import type { GeneratePromptInput } from '../../domain/workflow-contract';
import type { KeyPrincipal } from '../../domain/api-keys';
import {
  GeneratePromptRequest,
  GeneratedPrompt,
  ProductCodeParams,
  Product,
  ProductList,
  PromptTemplateList,
  TemplateListQuery,
} from '../../domain/schemas/catalog';
import type { RouteDeps } from '../app';
import { route, type RouteSpec } from '../route';

export function catalogRoutes(deps: RouteDeps): RouteSpec[] {
  const access = { kind: 'api_key', scope: 'catalog:read' } as const;
  return [
    route({
      method: 'get',
      path: '/products',
      access,
      tag: 'Catalog',
      summary: 'List products',
      responses: { 200: { description: 'Every product', schema: ProductList } },
      handler: async () => ({ status: 200, body: { data: (await listProducts(deps.db)).map(productView) } }),
    }),
    route({
      method: 'get',
      path: '/products/{code}',
      access,
      tag: 'Catalog',
      summary: 'Get a product',
      params: ProductCodeParams,
      responses: { 200: { description: 'The product', schema: Product } },
      errors: { 404: '`not_found`: no such product.' },
      handler: async ({ params }) => ({ status: 200, body: productView(await getProduct(deps.db, params.code)) }),
    }),
    route({
      method: 'get',
      path: '/prompt-templates',
      access,
      tag: 'Catalog',
      summary: 'List prompt templates',
      query: TemplateListQuery,
      responses: { 200: { description: 'Every prompt template', schema: PromptTemplateList } },
      handler: async ({ query }) => ({
        status: 200,
        body: { data: (await listTemplates(deps.db, query.category)).map(templateView) },
      }),
    }),
    route({
      method: 'post',
      path: '/prompt-templates/generate',
      access,
      tag: 'Catalog',
      summary: 'Generate an evaluation prompt from a goal',
      description:
        'Live keys with a configured model get a model-written prompt; test keys (and deployments without a model) ' +
        'get a deterministic, category-specific prompt. Both are ready to use as a workflow `user_prompt`.',
      body: GeneratePromptRequest,
      responses: { 200: { description: 'The prompt', schema: GeneratedPrompt } },
      handler: async ({ body, principal }) => {
        // Drafting may call a model, which the API never does itself: a short workflow on the runs queue does.
        const input: GeneratePromptInput = {
          goal: body.goal,
          category: body.category,
          outputFormat: body.output_format ?? null,
          livemode: (principal as KeyPrincipal).mode === 'live',
        };
        const job = await generatePrompt(deps.temporal, input, PROMPT_WAIT_MS);
        if (job.state === 'waiting') throw errors.serviceUnavailable('Prompt generation is taking too long; try again shortly.');
        if (job.state === 'ended') throw errors.serviceUnavailable('Prompt generation failed; try again shortly.');
        const result = job.value;
        return {
          status: 200,
          body: { user_prompt: result.user_prompt, recommended_output_format: result.recommended_output_format },
        };
      },
    }),
  ];
}

const PROMPT_WAIT_MS = 30_000;

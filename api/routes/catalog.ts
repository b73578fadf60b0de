/** `/products`, `/prompt-templates`: the global catalog (docs/api-reference.md §9). */
import {
  GENERATION_PRICING,
  getProduct,
  listProducts,
  listTemplates,
  productView,
  templateView,
} from '../../domain/catalog/catalog';
import { generatePrompt } from '../../domain/catalog/prompt-generation';
import type { KeyPrincipal } from '../../domain/access/api-keys';
import {
  GeneratePromptRequest,
  GeneratedPrompt,
  ProductCodeParams,
  Product,
  ProductList,
  PromptTemplateList,
  TemplateListQuery,
} from '../../domain/catalog/schemas';
import type { RouteDeps } from '../deps';
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
        "Live keys with a configured model get a model-written prompt, charged the catalog's " +
        `\`credits_per_generation\` (${GENERATION_PRICING.credits_per_generation}) and counted in \`GET /usage\`; test keys (and deployments without a model) ` +
        'get a deterministic, category-specific prompt for free (a live charge is refunded when no model wrote the ' +
        'prompt or the generation fails). Both are ready to use as a workflow `user_prompt`.',
      body: GeneratePromptRequest,
      responses: { 200: { description: 'The prompt', schema: GeneratedPrompt } },
      errors: {
        402: `\`insufficient_credits\`: a live generation costs ${GENERATION_PRICING.credits_per_generation} credits and the balance is lower.`,
      },
      handler: async ({ body, principal, tenant }) => ({
        status: 200,
        body: await generatePrompt(deps, tenant, { livemode: (principal as KeyPrincipal).mode === 'live' }, body),
      }),
    }),
  ];
}

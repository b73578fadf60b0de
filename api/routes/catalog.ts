/** `/products`, `/prompt-templates`: the global catalog (spec §4 Products and prompt templates). */
import { getProduct, listProducts, listTemplates, productView, templateView } from '../../domain/catalog';
import {
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
  ];
}

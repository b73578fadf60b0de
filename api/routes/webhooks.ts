/** `/webhook-endpoints` and `/webhook-deliveries` (docs/api-reference.md §15, §14). */
import { PageQuery } from '../../domain/http/pagination';
import { Deleted } from '../../domain/http/schemas';
import {
  CreatedWebhookEndpoint,
  CreateWebhookEndpointRequest,
  RotatedWebhookEndpoint,
  RotateWebhookSecretRequest,
  UpdateWebhookEndpointRequest,
  WebhookDelivery,
  WebhookDeliveryIdParams,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointIdParams,
  WebhookEndpointList,
} from '../../domain/webhooks/schemas';
import { LIMITS } from '../../domain/access/limits';
import { listEndpointDeliveries, retryDelivery, webhookDeliveryView } from '../../domain/webhooks/deliveries';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  updateWebhookEndpoint,
  webhookEndpointView,
} from '../../domain/webhooks/endpoints';
import { rotateWebhookEndpointSecret } from '../../domain/webhooks/endpoint-secrets';
import type { KeyPrincipal } from '../../domain/access/api-keys';
import type { RouteDeps } from '../deps';
import { route, type RouteSpec } from '../route';

const TARGET_RULES =
  'The URL must use https and resolve only to public addresses (private, loopback and link-local targets are ' +
  'refused unless the deployment allows them); redirects are never followed.';

const read = { kind: 'api_key', scope: 'webhooks:read' } as const;
const write = { kind: 'api_key', scope: 'webhooks:write' } as const;

export function webhookRoutes(deps: RouteDeps): RouteSpec[] {
  return [...endpointRoutes(deps), ...deliveryRoutes(deps)];
}

/** The endpoints themselves: register, read, change, delete, rotate their secret. */
function endpointRoutes(deps: RouteDeps): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/webhook-endpoints',
      access: read,
      tag: 'Webhooks',
      summary: 'List webhook endpoints',
      description: 'Newest first. Secrets are never listed.',
      responses: { 200: { description: 'Every endpoint of the account', schema: WebhookEndpointList } },
      handler: async ({ tenant }) => ({ status: 200, body: await listWebhookEndpoints(tenant) }),
    }),
    route({
      method: 'post',
      path: '/webhook-endpoints',
      access: write,
      tag: 'Webhooks',
      summary: 'Register a webhook endpoint',
      description:
        `${TARGET_RULES} Omitted \`events\` subscribes to the four kinds of the contract (\`run.refunded\` only ` +
        'when named). The answer carries the signing secret ' +
        '(`whsec_…`), shown only this once.',
      body: CreateWebhookEndpointRequest,
      responses: { 201: { description: 'The endpoint with its secret', schema: CreatedWebhookEndpoint } },
      errors: {
        403: '`insufficient_scope`: `events` names a kind the key may not read (`run.*` needs `runs:read`, `reference_document.*` `reference_documents:read`).',
        409: `\`limit_reached\`: the account has ${LIMITS.webhookEndpointsPerAccount} webhook endpoints; delete one first.`,
      },
      handler: async ({ tenant, body, principal }) => ({
        status: 201,
        body: await createWebhookEndpoint(deps.config, tenant, principal as KeyPrincipal, body),
        headers: { 'Cache-Control': 'no-store' },
      }),
    }),
    route({
      method: 'get',
      path: '/webhook-endpoints/{whkId}',
      access: read,
      tag: 'Webhooks',
      summary: 'Get a webhook endpoint',
      params: WebhookEndpointIdParams,
      responses: { 200: { description: 'The endpoint', schema: WebhookEndpoint } },
      errors: { 404: '`not_found`: no such webhook endpoint.' },
      handler: async ({ tenant, params }) => ({
        status: 200,
        body: webhookEndpointView(await getWebhookEndpoint(tenant, params.whkId)),
      }),
    }),
    route({
      method: 'patch',
      path: '/webhook-endpoints/{whkId}',
      access: write,
      tag: 'Webhooks',
      summary: 'Update a webhook endpoint',
      description: `Change \`url\`, \`events\` or \`status\` (active ↔ disabled; a disabled endpoint receives nothing). ${TARGET_RULES}`,
      params: WebhookEndpointIdParams,
      body: UpdateWebhookEndpointRequest,
      responses: { 200: { description: 'The endpoint', schema: WebhookEndpoint } },
      errors: {
        403: '`insufficient_scope`: changing `url` or `events`, or enabling, needs the read scope of every kind the endpoint receives.',
        404: '`not_found`: no such webhook endpoint.',
      },
      handler: async ({ tenant, params, body, principal }) => ({
        status: 200,
        body: webhookEndpointView(
          await updateWebhookEndpoint(deps.config, tenant, principal as KeyPrincipal, params.whkId, body),
        ),
      }),
    }),
    route({
      method: 'delete',
      path: '/webhook-endpoints/{whkId}',
      access: write,
      tag: 'Webhooks',
      summary: 'Delete a webhook endpoint',
      description: 'It receives nothing from now on, including retries of earlier deliveries.',
      params: WebhookEndpointIdParams,
      responses: { 200: { description: 'Deleted', schema: Deleted } },
      errors: { 404: '`not_found`: no such webhook endpoint.' },
      handler: async ({ tenant, params }) => ({ status: 200, body: await deleteWebhookEndpoint(tenant, params.whkId) }),
    }),
    route({
      method: 'post',
      path: '/webhook-endpoints/{whkId}/rotate-secret',
      access: write,
      tag: 'Webhooks',
      summary: "Rotate a webhook endpoint's signing secret",
      description:
        'Answers a new secret (`whsec_…`), shown only this once; every delivery from now on is signed with it. The ' +
        'replaced secret keeps signing too, as a second `v1` in `X-Service-Signature`, until ' +
        '`previous_secret_expires_at` (24 h by default), so a receiver verifies with either while it switches. ' +
        '`previous_secret_expires_in_s: 0` stops the replaced secret, and any replaced earlier, at once: the answer ' +
        'to a leaked secret. At most the three most recently replaced secrets keep signing.',
      params: WebhookEndpointIdParams,
      body: RotateWebhookSecretRequest,
      responses: { 200: { description: 'The endpoint with its new secret', schema: RotatedWebhookEndpoint } },
      errors: {
        404: '`not_found`: no such webhook endpoint.',
        409: '`rotation_in_progress`: other rotations of the same secret kept changing it meanwhile; retry.',
      },
      handler: async ({ tenant, params, body }) => ({
        status: 200,
        body: await rotateWebhookEndpointSecret(deps.config, tenant, params.whkId, body.previous_secret_expires_in_s),
        headers: { 'Cache-Control': 'no-store' },
      }),
    }),
  ];
}

/** What was sent to them: an endpoint's deliveries, and retrying one. */
function deliveryRoutes(deps: RouteDeps): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/webhook-endpoints/{whkId}/deliveries',
      access: read,
      tag: 'Webhooks',
      summary: "List an endpoint's deliveries",
      description:
        'Newest first, each with every attempt (time, status code, latency, error, first 1 KB of the answer).',
      params: WebhookEndpointIdParams,
      query: PageQuery,
      responses: { 200: { description: 'A page of deliveries', schema: WebhookDeliveryPage } },
      errors: { 404: '`not_found`: no such webhook endpoint.' },
      handler: async ({ tenant, params, query }) => ({
        status: 200,
        body: await listEndpointDeliveries(tenant, params.whkId, query, deps.cursors),
      }),
    }),
    route({
      method: 'post',
      path: '/webhook-deliveries/{whdId}/retry',
      access: write,
      tag: 'Webhooks',
      summary: 'Retry a delivery now',
      description:
        'A new attempt right away, with the same event id (receivers deduplicate on it). A delivery still in its ' +
        'retry schedule skips its current wait; a finished one gets one more attempt. 409 ' +
        '`webhook_endpoint_disabled` when the endpoint is disabled.',
      params: WebhookDeliveryIdParams,
      responses: { 202: { description: 'The delivery; the attempt follows', schema: WebhookDelivery } },
      errors: {
        403: '`insufficient_scope`: the key may not read the kind of event this delivery carries.',
        404: '`not_found`: no such webhook delivery.',
        409: '`webhook_endpoint_disabled`: enable the endpoint first; `event_expired`: the event is no longer kept.',
      },
      handler: async ({ tenant, params, principal }) => ({
        status: 202,
        body: webhookDeliveryView(await retryDelivery(deps, tenant, principal as KeyPrincipal, params.whdId)),
      }),
    }),
  ];
}

/** Webhook endpoints (where events are delivered, with their signing secrets) and their deliveries. */
import type { components } from '../generated/schema';
import { paginate, unwrap, type PageParams, type Transport } from '../transport';
import type {
  CreateWebhookEndpointRequest,
  CreatedWebhookEndpoint,
  RotatedWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
} from '../types';

export function webhookEndpointsResource(http: Transport) {
  const { api } = http;
  return {
    create: async (body: CreateWebhookEndpointRequest): Promise<CreatedWebhookEndpoint> =>
      unwrap(await api.POST('/webhook-endpoints', { body })),
    get: async (whkId: string) => unwrap(await api.GET('/webhook-endpoints/{whkId}', { params: { path: { whkId } } })),
    delete: async (whkId: string) =>
      unwrap(await api.DELETE('/webhook-endpoints/{whkId}', { params: { path: { whkId } } })),
    list: async (): Promise<WebhookEndpoint[]> => unwrap(await api.GET('/webhook-endpoints')).data,
    /** A new signing secret; the replaced one keeps signing for `previous_secret_expires_in_s` (24 h unless given). */
    rotateSecret: async (
      whkId: string,
      options: { previous_secret_expires_in_s?: number } = {},
    ): Promise<RotatedWebhookEndpoint> =>
      unwrap(
        await api.POST('/webhook-endpoints/{whkId}/rotate-secret', {
          params: { path: { whkId } },
          // The API fills in the default; the generated type lists defaulted fields as required.
          body: options as components['schemas']['RotateWebhookSecretRequest'],
        }),
      ),
  };
}

/** An endpoint's deliveries, newest first, each with every attempt; `retry` sends one again now. */
export function webhookDeliveriesResource(http: Transport) {
  const { api } = http;
  return {
    list: (whkId: string, params: PageParams = {}): AsyncGenerator<WebhookDelivery> =>
      paginate(async (cursor) =>
        unwrap(
          await api.GET('/webhook-endpoints/{whkId}/deliveries', {
            params: { path: { whkId }, query: { limit: params.limit, cursor } },
          }),
        ),
      ),
    retry: async (whdId: string): Promise<WebhookDelivery> =>
      unwrap(await api.POST('/webhook-deliveries/{whdId}/retry', { params: { path: { whdId } } })),
  };
}

/** Webhook endpoints and deliveries (docs/api-reference.md §15, §14). */
import { z } from 'zod';
import { pageSchema } from '../http/pagination';

/**
 * The kinds an endpoint can subscribe to: the four of docs/api-reference.md §15, `run.refunded` (a refund), and the
 * kinds of version 2, `batch.completed` and `calibration.completed`.
 */
export const WebhookEventType = z.enum([
  'run.succeeded',
  'run.failed',
  'run.canceled',
  'run.refunded',
  'reference_document.ready',
  'batch.completed',
  'calibration.completed',
  'review.completed',
]);
export type WebhookEventType = z.infer<typeof WebhookEventType>;
export const WEBHOOK_EVENT_TYPES = WebhookEventType.options;

/** Every kind, present and future. */
export const ALL_EVENTS = '*';
/** What an endpoint is subscribed to: kinds, or `*` alone. */
export type WebhookSubscription = WebhookEventType | typeof ALL_EVENTS;

/**
 * `events` omitted: the four kinds of docs/api-reference.md §15, for good. Every later kind (`run.refunded`,
 * `batch.completed`, `calibration.completed`) goes only to endpoints that name it or `*`, so a receiver written
 * against the contract never meets a kind it did not ask for.
 */
export const DEFAULT_WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = [
  'run.succeeded',
  'run.failed',
  'run.canceled',
  'reference_document.ready',
];

export const WebhookEndpointStatus = z.enum(['active', 'disabled']);

const url = z.string().trim().min(1).max(2048).meta({
  description: 'https URL (http only where the deployment allows it)',
  example: 'https://example.com/hooks/assay',
});
const subscription = z.union([WebhookEventType, z.literal(ALL_EVENTS)]);
const events = z
  .array(subscription)
  .min(1, 'name at least one event kind, `*` for every kind, or omit events for the four of version 1')
  .max(WEBHOOK_EVENT_TYPES.length + 1)
  .meta({
    description:
      'Omitted: the four kinds of version 1 (`run.succeeded`, `run.failed`, `run.canceled`, ' +
      '`reference_document.ready`), for good. Any other kind is delivered only when named, or with `*`: every kind, ' +
      'present and future (`*` needs an unrestricted key). `*` with other kinds is `*`.',
  });

export const CreateWebhookEndpointRequest = z
  .object({ url, events: events.optional() })
  .strict()
  .meta({ id: 'CreateWebhookEndpointRequest' });
export type CreateWebhookEndpointRequest = z.infer<typeof CreateWebhookEndpointRequest>;

export const UpdateWebhookEndpointRequest = z
  .object({ url: url.optional(), events: events.optional(), status: WebhookEndpointStatus.optional() })
  .strict()
  .meta({ id: 'UpdateWebhookEndpointRequest' });
export type UpdateWebhookEndpointRequest = z.infer<typeof UpdateWebhookEndpointRequest>;

export const WebhookEndpoint = z
  .object({
    id: z.string().meta({ example: 'whk_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' }),
    object: z.literal('webhook_endpoint'),
    url: z.string(),
    events: z.array(subscription).meta({ description: 'The kinds delivered, or `["*"]`: every kind.' }),
    status: WebhookEndpointStatus,
    created_at: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });

export const CreatedWebhookEndpoint = WebhookEndpoint.extend({
  secret: z.string().meta({ description: 'Signing secret, shown only in this answer.', example: 'whsec_…' }),
  warning: z.string(),
}).meta({ id: 'CreatedWebhookEndpoint' });

/** The longest a replaced secret keeps signing (the receiver's time to switch), and the default. */
export const MAX_PREVIOUS_SECRET_TTL_S = 86_400;

export const RotateWebhookSecretRequest = z
  .object({
    previous_secret_expires_in_s: z
      .number()
      .int()
      .min(0)
      .max(MAX_PREVIOUS_SECRET_TTL_S)
      .default(MAX_PREVIOUS_SECRET_TTL_S)
      .meta({
        description:
          'How long the replaced secret keeps signing deliveries, in seconds (at most 24 h). 0 stops it, and every earlier replaced secret, at once.',
      }),
  })
  .strict()
  .meta({ id: 'RotateWebhookSecretRequest' });

export const RotatedWebhookEndpoint = WebhookEndpoint.extend({
  secret: z.string().meta({ description: 'The new signing secret, shown only in this answer.', example: 'whsec_…' }),
  previous_secret_expires_at: z.string().nullable().meta({
    description:
      'Until then deliveries also carry a signature under the replaced secret; null when it stopped at once, or when no configured key could open it (it could sign nothing).',
  }),
  warning: z.string(),
}).meta({ id: 'RotatedWebhookEndpoint' });

export const WebhookEndpointList = z.object({ data: z.array(WebhookEndpoint) }).meta({ id: 'WebhookEndpointList' });

export const WebhookAttempt = z
  .object({
    attempted_at: z.string(),
    status_code: z.number().int().nullable(),
    latency_ms: z.number().int(),
    error: z.string().nullable().meta({ description: 'Why the attempt failed without (or besides) a status code.' }),
    response_body: z.string().nullable().meta({ description: 'The first 1 KB of the answer.' }),
  })
  .meta({ id: 'WebhookAttempt' });

export const WebhookDelivery = z
  .object({
    id: z.string().meta({ example: 'whd_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' }),
    object: z.literal('webhook_delivery'),
    endpoint_id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.array(WebhookAttempt),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

export const WebhookDeliveryPage = pageSchema(WebhookDelivery, 'WebhookDeliveryList');
export const WebhookEndpointIdParams = z.object({ whkId: z.string().max(64) });
export const WebhookDeliveryIdParams = z.object({ whdId: z.string().max(64) });

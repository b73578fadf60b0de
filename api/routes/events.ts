/** `/events`: the recorded events, the same payloads webhooks deliver, for a client catching up on missed ones. */
import { EVENT_RETENTION_DAYS, eventView, getEvent, listEvents } from '../../domain/events';
import { signEventRuns } from '../../domain/run-output-file';
import { Event, EventIdParams, EventListQuery, EventPage } from '../../domain/schemas/events';
import type { RouteDeps } from '../app';
import { route, type RouteSpec } from '../route';

export function eventRoutes(deps: RouteDeps): RouteSpec[] {
  // Events carry runs (and reference documents): whoever may read runs may read what happened to them.
  const read = { kind: 'api_key', scope: 'runs:read' } as const;
  const signer = { storage: deps.storage, ttlS: deps.config.OUTPUT_URL_TTL_S };
  return [
    route({
      method: 'get',
      path: '/events',
      access: read,
      tag: 'Events',
      summary: 'List events',
      description:
        `Newest first, the last ${EVENT_RETENTION_DAYS} days; filter by \`type\`. To catch up after missed webhooks, page until the last ` +
        'event you processed and handle the rest oldest first; deduplicate on `id` as with deliveries.',
      query: EventListQuery,
      responses: { 200: { description: 'A page of events', schema: EventPage } },
      handler: async ({ tenant, query }) => {
        const { items, next_cursor } = await listEvents(tenant, query, deps.cursors);
        return { status: 200, body: { data: await signEventRuns(deps.db, tenant.accountId, signer, items.map(eventView)), next_cursor } };
      },
    }),
    route({
      method: 'get',
      path: '/events/{eventId}',
      access: read,
      tag: 'Events',
      summary: 'Get an event',
      description: `Events older than ${EVENT_RETENTION_DAYS} days are gone (404).`,
      params: EventIdParams,
      responses: { 200: { description: 'The event', schema: Event } },
      errors: { 404: `\`not_found\`: no such event of this account in the last ${EVENT_RETENTION_DAYS} days.` },
      handler: async ({ tenant, params }) => {
        const [event] = await signEventRuns(deps.db, tenant.accountId, signer, [eventView(await getEvent(tenant, params.eventId))]);
        return { status: 200, body: event };
      },
    }),
  ];
}

/** `/events`: the recorded events, the same payloads webhooks deliver, for a client catching up on missed ones. */
import type { KeyPrincipal } from '../../domain/access/api-keys';
import {
  EVENT_READ_SCOPES,
  EVENT_RETENTION_DAYS,
  eventView,
  getEvent,
  listEvents,
  visibleEventTypes,
} from '../../domain/webhooks/events';
import { signEventRuns } from '../../domain/runs/output-file';
import { Event, EventIdParams, EventListQuery, EventPage } from '../../domain/event-schemas/schemas';
import type { RouteDeps } from '../deps';
import { route, type RouteSpec } from '../route';

export function eventRoutes(deps: RouteDeps): RouteSpec[] {
  // An event carries its run, reference document, batch or calibration: a key sees the kinds whose resource it may
  // read, and needs at least one of those read scopes to call these at all.
  const read = { kind: 'api_key', scope: EVENT_READ_SCOPES } as const;
  const visible = (principal: unknown) => visibleEventTypes((principal as KeyPrincipal).scopes);
  const signer = { storage: deps.storage, ttlS: deps.config.OUTPUT_URL_TTL_S };
  return [
    route({
      method: 'get',
      path: '/events',
      access: read,
      tag: 'Events',
      summary: 'List events',
      description:
        `Newest first, the last ${EVENT_RETENTION_DAYS} days; filter by \`type\`. A key sees \`run.*\` and ` +
        '`batch.completed` events with `runs:read`, `reference_document.*` events with `reference_documents:read` and ' +
        '`calibration.completed` events with `calibrations:read` and `review.completed` events with `reviews:read` ' +
        '(filtering by a kind it cannot ' +
        `see is 403). To catch up after missed webhooks, page until the last ` +
        'event you processed and handle the rest oldest first; deduplicate on `id` as with deliveries.',
      query: EventListQuery,
      responses: { 200: { description: 'A page of events', schema: EventPage } },
      errors: { 403: '`insufficient_scope`: `type` names a kind of event the key may not read.' },
      handler: async ({ tenant, query, principal }) => {
        const { items, next_cursor, current } = await listEvents(tenant, query, deps.cursors, visible(principal));
        // An event records its run's output file, so the URL is signed from the event without reading the run.
        const data = await signEventRuns(
          deps.db,
          tenant.accountId,
          signer,
          items.map(eventView),
          current ? items : undefined,
        );
        return { status: 200, body: { data, next_cursor } };
      },
    }),
    route({
      method: 'get',
      path: '/events/{eventId}',
      access: read,
      tag: 'Events',
      summary: 'Get an event',
      description:
        `Events older than ${EVENT_RETENTION_DAYS} days are gone (404); so is, for this key, an event of a kind it may ` +
        'not read (see the list).',
      params: EventIdParams,
      responses: { 200: { description: 'The event', schema: Event } },
      errors: {
        404: `\`not_found\`: no such event of this account in the last ${EVENT_RETENTION_DAYS} days that this key may read.`,
      },
      handler: async ({ tenant, params, principal }) => {
        const stored = await getEvent(tenant, params.eventId, visible(principal));
        const [event] = await signEventRuns(deps.db, tenant.accountId, signer, [eventView(stored)], [stored]);
        return { status: 200, body: event };
      },
    }),
  ];
}

/** Events: what happened to the account's resources, as webhooks deliver them. */
import { paginate, unwrap, type PageParams, type Transport } from '../transport';
import type { Event } from '../types';

export function eventsResource(http: Transport) {
  const { api } = http;
  return {
    get: async (eventId: string) => unwrap(await api.GET('/events/{eventId}', { params: { path: { eventId } } })),
    /** Newest first, as the API pages them. */
    list: (params: PageParams & { type?: Event['type'] } = {}): AsyncGenerator<Event> =>
      paginate(async (cursor) => unwrap(await api.GET('/events', { params: { query: { ...params, cursor } } }))),
  };
}

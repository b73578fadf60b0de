/**
 * Webhook endpoints: registration (URL checked by url.ts, secret `whsec_…` shown once and stored sealed),
 * reads, changes (url, events, status) and soft deletion. Which endpoints an account has is a membership of its
 * collection (`ENDPOINTS`); its secret after creation (signing, rotation, resealing) is
 * domain/webhooks/endpoint-secrets.ts; deliveries are domain/webhooks/deliveries.ts.
 */
import type { Db } from 'mongodb';
import type { Config } from '../platform/config';
import { COLLECTIONS } from '../platform/db';
import { ApiError, errors } from '../http/errors';
import { requireEventScopes } from './events';
import { LIMITS, refuseAbove } from '../access/limits';
import type { Scope } from '../access/scopes';
import { newId, randomBase62 } from '../platform/ids';
import { sealSecret } from '../platform/secret-box';
import {
  ALL_EVENTS,
  DEFAULT_WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_TYPES,
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  type WebhookEventType,
  type WebhookSubscription,
} from './schemas';
import { defineCollection, type TenantDb } from '../store';
import { resolveTarget, TargetRefused, type Lookup, type TargetPolicy } from './url';
import { DELIVERIES } from './delivery-record';

export interface WebhookEndpointDoc {
  _id: string;
  account_id: string;
  url: string;
  /** The kinds it receives, in the canonical order, or `['*']`: every kind, present and future. */
  events: WebhookSubscription[];
  status: 'active' | 'disabled';
  /** AES-256-GCM under DATA_ENCRYPTION_KEY, bound to the endpoint id (domain/platform/secret-box.ts). */
  secret_sealed: string;
  /** Secrets replaced by a rotation that still sign deliveries until they expire, oldest first, sealed alike. */
  previous_secrets?: Array<{ sealed: string; expires_at: Date }>;
  /** Consecutive failures are counted from here: creation, or the last time the endpoint was (re-)enabled. */
  failures_counted_since: Date;
  /** The failed deliveries since its last success, newest last, at most 20 (domain/webhooks/deliveries.ts). */
  failure_streak?: Array<{ d: string; at: Date }>;
  disabled_reason: string | null;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const SECRET_WARNING =
  'Store this secret now: it is shown only once. It verifies the X-Service-Signature header of every delivery.';

export function webhookEndpointView(doc: WebhookEndpointDoc) {
  return {
    id: doc._id,
    object: 'webhook_endpoint' as const,
    url: doc.url,
    events: doc.events,
    status: doc.status,
    created_at: doc.created_at.toISOString(),
  };
}

/**
 * The endpoints. Which ones an account has (`undeleted`: fan-out, the list, the per-account limit) is a membership,
 * never a query by account, which the embedded store answers by scanning every account's.
 * Deletion is final.
 */
export const ENDPOINTS = defineCollection<WebhookEndpointDoc, 'undeleted'>({
  collection: COLLECTIONS.webhookEndpoints,
  memberships: {
    undeleted: {
      rosters: COLLECTIONS.endpointRosters,
      holds: () => ({ deleted_at: null }),
      left: (endpoint) => Boolean(endpoint.deleted_at),
    },
  },
});

export const endpointCollection = (tenant: TenantDb) => ENDPOINTS.in(tenant);

/** Hourly: the safety net of the endpoints' membership. Answers what it changed. */
export const sweepEndpointRosters = (db: Db) => ENDPOINTS.sweep(db);

/** The account's endpoints that are not deleted (any status), in no particular order. */
export const accountEndpoints = (tenant: TenantDb) => ENDPOINTS.members('undeleted', tenant);

export function targetPolicy(config: Config): TargetPolicy {
  return {
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    allowInsecure: config.WEBHOOK_ALLOW_INSECURE,
    lookupTimeoutMs: config.WEBHOOK_LOOKUP_TIMEOUT_MS,
  };
}

async function checkedUrl(config: Config, raw: string, lookup?: Lookup): Promise<string> {
  try {
    return (await resolveTarget(raw, targetPolicy(config), lookup)).url.toString();
  } catch (err) {
    if (!(err instanceof TargetRefused)) throw err;
    throw errors.invalidRequest(`url ${err.message}.`, [{ path: 'body.url', message: err.message }]);
  }
}

/**
 * Every kind once, in the canonical order, whatever order (or duplicates) the client sent; `*` with anything else is
 * `*` alone, which already holds the rest.
 */
function normalizeEvents(events: readonly WebhookSubscription[] | undefined): WebhookSubscription[] {
  if (events?.includes(ALL_EVENTS)) return [ALL_EVENTS];
  const wanted = new Set<WebhookSubscription>(events ?? DEFAULT_WEBHOOK_EVENT_TYPES);
  return WEBHOOK_EVENT_TYPES.filter((e) => wanted.has(e));
}

/** Whether an endpoint subscribed to `events` receives `type`. */
export function subscribesTo(events: readonly WebhookSubscription[], type: WebhookEventType): boolean {
  return events.includes(ALL_EVENTS) || events.includes(type);
}

/** Who is asking: an endpoint may only be subscribed to events its creator may read. */
export interface EndpointCaller {
  scopes: readonly Scope[];
  /** Holds every scope, present and future: only such a key may subscribe to `*`, which names kinds not yet made. */
  unrestricted?: boolean;
}

/**
 * Refuses (403 insufficient_scope) a caller who may not read everything `events` hands to a URL. `*` hands over
 * kinds that do not exist yet, whose read scope may not exist yet either: only an unrestricted key holds those.
 */
function requireSubscriptionScopes(caller: EndpointCaller, events: readonly WebhookSubscription[]): void {
  if (events.includes(ALL_EVENTS)) {
    if (caller.unrestricted) return;
    throw new ApiError(
      403,
      'insufficient_scope',
      'Subscribing to "*" (every kind of event, present and future) needs an unrestricted API key (one created ' +
        'without scopes); name the kinds instead.',
    );
  }
  requireEventScopes(
    caller.scopes,
    events.filter((e): e is WebhookEventType => e !== ALL_EVENTS),
  );
}

export async function createWebhookEndpoint(
  config: Config,
  tenant: TenantDb,
  caller: EndpointCaller,
  input: CreateWebhookEndpointRequest,
  lookup?: Lookup,
) {
  const events = normalizeEvents(input.events);
  requireSubscriptionScopes(caller, events);
  const url = await checkedUrl(config, input.url, lookup);
  await refuseAboveLimit(tenant, LIMITS.webhookEndpointsPerAccount - 1);
  const id = newId('webhookEndpoint');
  const secret = `whsec_${randomBase62(32)}`;
  const now = new Date();
  const doc = (await ENDPOINTS.insert(tenant, {
    _id: id,
    url,
    events,
    status: 'active',
    secret_sealed: sealSecret(config.DATA_ENCRYPTION_KEY, secret, id),
    failures_counted_since: now,
    disabled_reason: null,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  })) as WebhookEndpointDoc;
  // Counted again after the insert (limits.ts `refuseAbove`): racing creations cannot all see room and succeed.
  await refuseAboveLimit(tenant, LIMITS.webhookEndpointsPerAccount, async () => {
    await ENDPOINTS.remove(tenant, id);
  });
  // Only a saving for the reads of its deliveries: without it they look the endpoint up, so a failure here must not
  // fail a creation that has happened.
  await DELIVERIES.openScope(tenant, id).catch(() => undefined);
  return { ...webhookEndpointView(doc), secret, warning: SECRET_WARNING };
}

/** 409 `limit_reached` when the account holds more than `most` endpoints, after `takeBack` (the caller's own insert). */
function refuseAboveLimit(tenant: TenantDb, most: number, takeBack?: () => Promise<void>): Promise<void> {
  const count = async () => (await accountEndpoints(tenant)).length;
  return refuseAbove(count, most, { name: 'webhook endpoints', limit: LIMITS.webhookEndpointsPerAccount }, takeBack);
}

/**
 * The list answers every endpoint in one page (the reference's list is not paged), so an account may hold at most
 * this many; creation refuses the next one rather than the list silently dropping some.
 */
export const MAX_WEBHOOK_ENDPOINTS = 1000;

export async function listWebhookEndpoints(tenant: TenantDb) {
  const docs = (await accountEndpoints(tenant))
    .sort((a, b) => (a._id < b._id ? 1 : -1))
    .slice(0, MAX_WEBHOOK_ENDPOINTS);
  return { data: docs.map(webhookEndpointView) };
}

export async function getWebhookEndpoint(tenant: TenantDb, id: string): Promise<WebhookEndpointDoc> {
  const doc = await endpointCollection(tenant).findOne({ _id: id, deleted_at: null });
  if (!doc) throw errors.notFound('webhook endpoint');
  return doc;
}

export async function updateWebhookEndpoint(
  config: Config,
  tenant: TenantDb,
  caller: EndpointCaller,
  id: string,
  patch: UpdateWebhookEndpointRequest,
  lookup?: Lookup,
) {
  const current = await getWebhookEndpoint(tenant, id);
  // Pointing the endpoint somewhere new, changing what it receives or switching it back on hands its events to a
  // URL: the caller must be able to read them. Switching it off hands over nothing.
  if (patch.url !== undefined || patch.events !== undefined || patch.status === 'active') {
    requireSubscriptionScopes(caller, patch.events !== undefined ? normalizeEvents(patch.events) : current.events);
  }
  const now = new Date();
  const set: Partial<WebhookEndpointDoc> = { updated_at: now };
  if (patch.url !== undefined) set.url = await checkedUrl(config, patch.url, lookup);
  if (patch.events !== undefined) set.events = normalizeEvents(patch.events);
  if (patch.status !== undefined && patch.status !== current.status) {
    set.status = patch.status;
    // Re-enabling starts a fresh count: the failures that disabled it must not disable it again at once.
    if (patch.status === 'active') Object.assign(set, { failures_counted_since: now, disabled_reason: null });
    else set.disabled_reason = 'disabled through the API';
  }
  const updated = await endpointCollection(tenant).findOneAndUpdate({ _id: id, deleted_at: null }, { $set: set });
  if (!updated) throw errors.notFound('webhook endpoint');
  return updated;
}

export async function deleteWebhookEndpoint(tenant: TenantDb, id: string) {
  // Only an endpoint that exists gets a tombstone (an unknown id's list answers 404 anyway).
  await getWebhookEndpoint(tenant, id);
  // Its deliveries' list is closed first: a deletion that stops after it leaves an endpoint whose deliveries' reads
  // look it up (found: answered as before), never a deleted endpoint a list still vouches for; a retried DELETE
  // completes it. Off the membership once deleted (the store's, on this transition).
  await DELIVERIES.closeScope(tenant, id);
  const deleted = await ENDPOINTS.transition(
    tenant,
    { _id: id, deleted_at: null },
    { $set: { deleted_at: new Date() } },
  );
  if (!deleted) throw errors.notFound('webhook endpoint');
  return { id, object: 'webhook_endpoint' as const, deleted: true as const };
}

export function endpointNotActive(doc: WebhookEndpointDoc): ApiError {
  return errors.conflict(
    'webhook_endpoint_disabled',
    `The webhook endpoint is ${doc.status}; enable it (PATCH status "active") to deliver to it.`,
  );
}

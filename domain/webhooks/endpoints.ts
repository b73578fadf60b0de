/**
 * Webhook endpoints: registration (URL checked against DESIGN.md decision 20, secret `whsec_…` shown once and stored sealed),
 * reads, changes (url, events, status) and soft deletion. Which endpoints an account has is its roster
 * (domain/webhooks/endpoint-roster.ts); deliveries are domain/webhooks/deliveries.ts.
 */
import type { Db } from 'mongodb';
import type { Config } from '../platform/config';
import { COLLECTIONS } from '../platform/db';
import { ApiError, errors } from '../http/errors';
import { requireEventScopes } from './events';
import { LIMITS, refuseAbove } from '../access/limits';
import type { Scope } from '../access/scopes';
import { newId, randomBase62 } from '../platform/ids';
import { openSecret, openSecretWith, sealSecret, SecretUnreadable } from '../platform/secret-box';
import {
  DEFAULT_WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_TYPES,
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  type WebhookEventType,
} from './schemas';
import type { TenantDb } from '../access/tenant';
import { resolveTarget, TargetRefused, type Lookup, type TargetPolicy } from './url';
import { markDeliveryListLive } from './delivery-list';
import { enrolEndpoint, rosterEndpoints, withdrawEndpoint } from './endpoint-roster';

export interface WebhookEndpointDoc {
  _id: string;
  account_id: string;
  url: string;
  events: WebhookEventType[];
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

export const SECRET_WARNING = 'Store this secret now: it is shown only once. It verifies the X-Service-Signature header of every delivery.';

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

export const endpointCollection = (tenant: TenantDb) => tenant.collection<WebhookEndpointDoc>(COLLECTIONS.webhookEndpoints);

export function targetPolicy(config: Config): TargetPolicy {
  return { allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, allowInsecure: config.WEBHOOK_ALLOW_INSECURE };
}

/** The keys that open a sealed secret: the current one first, then the fallbacks of a rotation (secret-box.ts). */
const openingKeys = (config: Config) => [config.DATA_ENCRYPTION_KEY, ...config.DATA_ENCRYPTION_KEY_FALLBACKS];

/** The endpoint's signing secret; throws `SecretUnreadable` when none of the configured keys opens it. */
export function endpointSecret(config: Config, doc: WebhookEndpointDoc): string {
  return openSecret(openingKeys(config), doc.secret_sealed, doc._id);
}

/**
 * Every secret a delivery made at `now` is signed with: the current one, then those a rotation replaced that have
 * not expired (one `v1` each in the signature header, so a receiver holding any of them verifies).
 */
export function endpointSigningSecrets(config: Config, doc: WebhookEndpointDoc, now = new Date()): string[] {
  const previous = (doc.previous_secrets ?? []).filter((p) => p.expires_at > now).map((p) => openSecret(openingKeys(config), p.sealed, doc._id));
  return [endpointSecret(config, doc), ...previous];
}

/** At most this many replaced secrets keep signing: a receiver mid-switch holds one of the last few. */
export const MAX_PREVIOUS_SECRETS = 3;
/** The longest a replaced secret keeps signing (the receiver's time to switch). */
export const MAX_PREVIOUS_SECRET_TTL_S = 86_400;
const ROTATION_ATTEMPTS = 10;

export const ROTATED_SECRET_WARNING =
  'Store this secret now: it is shown only once. Deliveries are signed with it and, until previous_secret_expires_at, also with the secret it replaced.';

/**
 * A new signing secret for the endpoint (`POST /webhook-endpoints/{id}/rotate-secret`). The replaced secret keeps
 * signing deliveries for `previousExpiresInS` seconds, a second `v1` in the header, so receivers switch without
 * refusing a delivery; 0 stops it at once, and every earlier replaced secret with it (the answer to a leak).
 * Earlier replaced secrets keep their own expiry, at most MAX_PREVIOUS_SECRETS of them: a rotation retried
 * because its answer was lost leaves the secret the receiver still holds signing. The write is conditional on the
 * secret read, so two rotations at once each keep the other's secret among the replaced ones.
 */
export async function rotateWebhookEndpointSecret(config: Config, tenant: TenantDb, id: string, previousExpiresInS: number) {
  for (let attempt = 1; ; attempt++) {
    const current = await getWebhookEndpoint(tenant, id);
    const now = new Date();
    const expiresAt = previousExpiresInS > 0 ? new Date(now.getTime() + previousExpiresInS * 1000) : null;
    const previous = expiresAt
      ? [...(current.previous_secrets ?? []).filter((p) => p.expires_at > now), { sealed: current.secret_sealed, expires_at: expiresAt }].slice(-MAX_PREVIOUS_SECRETS)
      : [];
    const secret = `whsec_${randomBase62(32)}`;
    const res = await endpointCollection(tenant).updateOne(
      { _id: id, deleted_at: null, secret_sealed: current.secret_sealed },
      { $set: { secret_sealed: sealSecret(config.DATA_ENCRYPTION_KEY, secret, id), previous_secrets: previous, updated_at: now } },
    );
    if (res.matchedCount === 1) {
      return { ...webhookEndpointView(current), secret, previous_secret_expires_at: expiresAt?.toISOString() ?? null, warning: ROTATED_SECRET_WARNING };
    }
    if (attempt === ROTATION_ATTEMPTS) {
      throw errors.conflict('rotation_in_progress', 'Other rotations of this endpoint\'s secret kept changing it meanwhile; retry.');
    }
  }
}

export interface ResealReport {
  checked: number;
  resealed: number;
  /** Endpoints whose secret none of the configured keys opens: left as they are. */
  unreadable: string[];
  /** Endpoints whose secret changed between the read and the write (a rotation): a second run takes them. */
  changedMeanwhile: number;
}

/**
 * The step of a key rotation that lets the old key go (`npm run ops -- reseal-secrets`, docs/decisions.md 295): every
 * endpoint's secret that opens only under a fallback is sealed again under the current DATA_ENCRYPTION_KEY. The
 * secret itself does not change, so receivers notice nothing. Each write is conditional on the sealed value read,
 * so it never overwrites a value changed meanwhile; running it again reseals nothing. An operator path: it reads
 * every endpoint of every account, deleted ones too (a redelivery of their events is refused, but their records
 * stay until purged).
 */
export async function resealEndpointSecrets(db: Db, config: Config): Promise<ResealReport> {
  const endpoints = db.collection<WebhookEndpointDoc>(COLLECTIONS.webhookEndpoints);
  const report: ResealReport = { checked: 0, resealed: 0, unreadable: [], changedMeanwhile: 0 };
  /** The value sealed under the current key, the same when it is already, null when no configured key opens it. */
  const underCurrentKey = (sealed: string, id: string): string | null => {
    try {
      const opened = openSecretWith(openingKeys(config), sealed, id);
      return opened.keyIndex === 0 ? sealed : sealSecret(config.DATA_ENCRYPTION_KEY, opened.plaintext, id);
    } catch (err) {
      if (!(err instanceof SecretUnreadable)) throw err;
      return null;
    }
  };
  for await (const doc of endpoints.find({}, { projection: { _id: 1, secret_sealed: 1, previous_secrets: 1 } })) {
    report.checked++;
    const secret = underCurrentKey(doc.secret_sealed, doc._id);
    const previous = (doc.previous_secrets ?? []).map((p) => ({ ...p, sealed: underCurrentKey(p.sealed, doc._id) }));
    if (secret === null || previous.some((p) => p.sealed === null)) {
      report.unreadable.push(doc._id);
      continue;
    }
    if (secret === doc.secret_sealed && previous.every((p, i) => p.sealed === doc.previous_secrets![i]!.sealed)) continue;
    // Conditional on the secret read: a rotation meanwhile wrote values under the current key already.
    const res = await endpoints.updateOne(
      { _id: doc._id, secret_sealed: doc.secret_sealed },
      { $set: { secret_sealed: secret, ...(doc.previous_secrets ? { previous_secrets: previous as Array<{ sealed: string; expires_at: Date }> } : {}) } },
    );
    if (res.matchedCount === 0) report.changedMeanwhile++;
    report.resealed += res.modifiedCount;
  }
  return report;
}

async function checkedUrl(config: Config, raw: string, lookup?: Lookup): Promise<string> {
  try {
    return (await resolveTarget(raw, targetPolicy(config), lookup)).url.toString();
  } catch (err) {
    if (!(err instanceof TargetRefused)) throw err;
    throw errors.invalidRequest(`url ${err.message}.`, [{ path: 'body.url', message: err.message }]);
  }
}

/** Every kind once, in the canonical order, whatever order (or duplicates) the client sent. */
function normalizeEvents(events: WebhookEventType[] | undefined): WebhookEventType[] {
  const wanted = new Set(events ?? DEFAULT_WEBHOOK_EVENT_TYPES);
  return WEBHOOK_EVENT_TYPES.filter((e) => wanted.has(e));
}

/** Who is asking: an endpoint may only be subscribed to events its creator may read (DESIGN.md decision 25). */
export interface EndpointCaller {
  scopes: readonly Scope[];
}

export async function createWebhookEndpoint(
  config: Config,
  tenant: TenantDb,
  caller: EndpointCaller,
  input: CreateWebhookEndpointRequest,
  lookup?: Lookup,
) {
  const events = normalizeEvents(input.events);
  requireEventScopes(caller.scopes, events);
  const url = await checkedUrl(config, input.url, lookup);
  await refuseAboveLimit(tenant, LIMITS.webhookEndpointsPerAccount - 1);
  const id = newId('webhookEndpoint');
  await enrolEndpoint(tenant, id);
  const secret = `whsec_${randomBase62(32)}`;
  const now = new Date();
  const doc = (await endpointCollection(tenant).insertOne({
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
    await endpointCollection(tenant).deleteOne({ _id: id });
    await withdrawEndpoint(tenant, id);
  });
  // Only a saving for the deliveries list's reads: without the mark they look the endpoint up, so a failure here
  // must not fail a creation that has happened.
  await markDeliveryListLive(tenant, id, true).catch(() => undefined);
  return { ...webhookEndpointView(doc), secret, warning: SECRET_WARNING };
}

/** 409 `limit_reached` when the account holds more than `most` endpoints, after `takeBack` (the caller's own insert). */
function refuseAboveLimit(tenant: TenantDb, most: number, takeBack?: () => Promise<void>): Promise<void> {
  const count = async () => (await rosterEndpoints<WebhookEndpointDoc>(tenant)).length;
  return refuseAbove(count, most, { name: 'webhook endpoints', limit: LIMITS.webhookEndpointsPerAccount }, takeBack);
}

/**
 * The list answers every endpoint in one page (the reference's list is not paged), so an account may hold at most
 * this many; creation refuses the next one rather than the list silently dropping some (docs/decisions.md 132).
 */
export const MAX_WEBHOOK_ENDPOINTS = 1000;

export async function listWebhookEndpoints(tenant: TenantDb) {
  const docs = (await rosterEndpoints<WebhookEndpointDoc>(tenant)).sort((a, b) => (a._id < b._id ? 1 : -1)).slice(0, MAX_WEBHOOK_ENDPOINTS);
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
    requireEventScopes(caller.scopes, patch.events !== undefined ? normalizeEvents(patch.events) : current.events);
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
  // The mark goes first: a deletion that fails after it leaves an endpoint whose list looks it up, never a deleted
  // endpoint whose list still says it exists.
  await markDeliveryListLive(tenant, id, false);
  const res = await endpointCollection(tenant).updateOne({ _id: id, deleted_at: null }, { $set: { deleted_at: new Date() } });
  if (res.matchedCount === 0) throw errors.notFound('webhook endpoint');
  // Off the roster only once deleted: a failure between leaves an id readers skip (and take off), never an endpoint
  // it lacks. So a failure here must not answer 503 for a deletion that has happened: a retry would then get 404.
  await withdrawEndpoint(tenant, id).catch(() => undefined);
  return { id, object: 'webhook_endpoint' as const, deleted: true as const };
}

export function endpointNotActive(doc: WebhookEndpointDoc): ApiError {
  return errors.conflict('webhook_endpoint_disabled', `The webhook endpoint is ${doc.status}; enable it (PATCH status "active") to deliver to it.`);
}

/**
 * A webhook endpoint's signing secret after its creation (domain/webhooks/endpoints.ts seals the first): opening
 * it under the configured keys, the secrets a delivery is signed with, rotation (the replaced secret keeps signing
 * until it expires), and sealing every secret again under a new DATA_ENCRYPTION_KEY. Writes only `secret_sealed` and
 * `previous_secrets` of `webhook_endpoints`.
 */
import type { Db } from 'mongodb';
import type { Config } from '../platform/config';
import { COLLECTIONS } from '../platform/db';
import { errors } from '../http/errors';
import { randomBase62 } from '../platform/ids';
import { openSecret, openSecretWith, sealSecret, SecretUnreadable } from '../platform/secret-box';
import type { TenantDb } from '../store';
import { endpointCollection, getWebhookEndpoint, webhookEndpointView, type WebhookEndpointDoc } from './endpoints';

/** The keys that open a sealed secret: the current one first, then the fallbacks of a rotation (secret-box.ts). */
const openingKeys = (config: Config) => [config.DATA_ENCRYPTION_KEY, ...config.DATA_ENCRYPTION_KEY_FALLBACKS];

/** The endpoint's signing secret; throws `SecretUnreadable` when none of the configured keys opens it. */
export function endpointSecret(config: Config, doc: WebhookEndpointDoc): string {
  return openSecret(openingKeys(config), doc.secret_sealed, doc._id);
}

/** Whether one of the configured keys opens `sealed` (a secret bound to endpoint `id`). */
function opens(config: Config, sealed: string, id: string): boolean {
  try {
    openSecret(openingKeys(config), sealed, id);
    return true;
  } catch (err) {
    if (err instanceof SecretUnreadable) return false;
    throw err;
  }
}

/**
 * Every secret a delivery made at `now` is signed with: the current one, then those a rotation replaced that have
 * not expired (one `v1` each in the signature header, so a receiver holding any of them verifies). The current
 * secret is required (throws `SecretUnreadable`); a replaced one no configured key opens is left out and counted in
 * `unreadable` for the caller to log: it can sign nothing, and failing every delivery over it would make a rotation —
 * the remedy for an unreadable secret — fail them all until it expired.
 */
export function endpointSigningSecrets(
  config: Config,
  doc: WebhookEndpointDoc,
  now = new Date(),
): { secrets: string[]; unreadable: number } {
  const current = endpointSecret(config, doc);
  const previous: string[] = [];
  let unreadable = 0;
  for (const p of doc.previous_secrets ?? []) {
    if (p.expires_at <= now) continue;
    try {
      previous.push(openSecret(openingKeys(config), p.sealed, doc._id));
    } catch (err) {
      if (!(err instanceof SecretUnreadable)) throw err;
      unreadable++;
    }
  }
  return { secrets: [current, ...previous], unreadable };
}

/** At most this many replaced secrets keep signing: a receiver mid-switch holds one of the last few. */
export const MAX_PREVIOUS_SECRETS = 3;
const ROTATION_ATTEMPTS = 10;

export const ROTATED_SECRET_WARNING =
  'Store this secret now: it is shown only once. Deliveries are signed with it and, until previous_secret_expires_at, also with the secret it replaced.';

/**
 * A new signing secret for the endpoint (`POST /webhook-endpoints/{id}/rotate-secret`). The replaced secret keeps
 * signing deliveries for `previousExpiresInS` seconds, a second `v1` in the header, so receivers switch without
 * refusing a delivery; 0 stops it at once, and every earlier replaced secret with it (the answer to a leak).
 * Earlier replaced secrets keep their own expiry, at most MAX_PREVIOUS_SECRETS of them: a rotation retried
 * because its answer was lost leaves the secret the receiver still holds signing. The write is conditional on the
 * secret read, so two rotations at once each keep the other's secret among the replaced ones. A secret no configured
 * key opens is never carried forward (`previous_secret_expires_at` is then null): it could sign nothing.
 */
export async function rotateWebhookEndpointSecret(
  config: Config,
  tenant: TenantDb,
  id: string,
  previousExpiresInS: number,
) {
  for (let attempt = 1; ; attempt++) {
    const current = await getWebhookEndpoint(tenant, id);
    const now = new Date();
    // Only a secret some key opens is carried forward: an unreadable one signs nothing, so the rotation that
    // rescues an endpoint whose secret no key opens leaves it with the new secret alone.
    const replaced = opens(config, current.secret_sealed, id);
    const expiresAt = previousExpiresInS > 0 && replaced ? new Date(now.getTime() + previousExpiresInS * 1000) : null;
    const previous =
      previousExpiresInS > 0
        ? [
            ...(current.previous_secrets ?? []).filter((p) => p.expires_at > now && opens(config, p.sealed, id)),
            ...(expiresAt ? [{ sealed: current.secret_sealed, expires_at: expiresAt }] : []),
          ].slice(-MAX_PREVIOUS_SECRETS)
        : [];
    const secret = `whsec_${randomBase62(32)}`;
    const res = await endpointCollection(tenant).updateOne(
      { _id: id, deleted_at: null, secret_sealed: current.secret_sealed },
      {
        $set: {
          secret_sealed: sealSecret(config.DATA_ENCRYPTION_KEY, secret, id),
          previous_secrets: previous,
          updated_at: now,
        },
      },
    );
    if (res.matchedCount === 1) {
      return {
        ...webhookEndpointView(current),
        secret,
        previous_secret_expires_at: expiresAt?.toISOString() ?? null,
        warning: ROTATED_SECRET_WARNING,
      };
    }
    if (attempt === ROTATION_ATTEMPTS) {
      throw errors.conflict(
        'rotation_in_progress',
        "Other rotations of this endpoint's secret kept changing it meanwhile; retry.",
      );
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
 * The step of a key rotation that lets the old key go (`npm run ops -- reseal-secrets`): every
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
    if (secret === doc.secret_sealed && previous.every((p, i) => p.sealed === doc.previous_secrets![i]!.sealed))
      continue;
    // Conditional on the secret read: a rotation meanwhile wrote values under the current key already.
    const res = await endpoints.updateOne(
      { _id: doc._id, secret_sealed: doc.secret_sealed },
      {
        $set: {
          secret_sealed: secret,
          ...(doc.previous_secrets
            ? { previous_secrets: previous as Array<{ sealed: string; expires_at: Date }> }
            : {}),
        },
      },
    );
    if (res.matchedCount === 0) report.changedMeanwhile++;
    report.resealed += res.modifiedCount;
  }
  return report;
}

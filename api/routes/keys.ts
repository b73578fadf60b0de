/** `/keys`: API-key management, authenticated with a session token (docs/api-reference.md §8, §2). */
import { createKey, listKeys, revokeKey, STOPPED_KEY_LISTED_DAYS } from '../../domain/access/api-keys';
import type { Config } from '../../domain/platform/config';
import type { KeyCache } from '../../domain/access/key-cache';
import { LIMITS } from '../../domain/access/limits';
import { ApiKeySummary, CreateKeyRequest, KeyIdParams, KeyList, SecretApiKey } from '../../domain/access/schemas';
import { route, type RouteSpec } from '../route';

export function keyRoutes(config: Config, keys: KeyCache): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/keys',
      access: { kind: 'session' },
      tag: 'API keys',
      summary: 'List API keys',
      description:
        `The account's keys, newest first: the active ones, and those revoked or expired in the last ${STOPPED_KEY_LISTED_DAYS} days. ` +
        'Tokens are never listed.',
      responses: { 200: { description: 'Key summaries', schema: KeyList } },
      handler: async ({ tenant }) => ({ status: 200, body: { data: await listKeys(tenant) } }),
    }),
    route({
      method: 'post',
      path: '/keys',
      access: { kind: 'session' },
      tag: 'API keys',
      summary: 'Create an API key',
      description:
        'Answers the token once. Omitted or empty `scopes` grants every scope. An account holds at most ' +
        `${LIMITS.activeKeysPerAccount} active keys; revoke one to make room. It lists at most ${LIMITS.listedKeysPerAccount} ` +
        `(active, or revoked or expired in the last ${STOPPED_KEY_LISTED_DAYS} days).`,
      body: CreateKeyRequest,
      responses: { 201: { description: 'The new key with its token', schema: SecretApiKey } },
      errors: {
        409: `\`limit_reached\`: the account has ${LIMITS.activeKeysPerAccount} active keys, or lists ${LIMITS.listedKeysPerAccount} keys.`,
      },
      handler: async ({ tenant, body, principal }) => ({
        status: 201,
        body: await createKey(
          tenant,
          { hashSecret: config.API_KEY_HASH_SECRET, maxRateLimitRpm: config.MAX_KEY_RATE_LIMIT_RPM },
          principal?.kind === 'session' ? principal.sub : 'unknown',
          body,
        ),
        headers: { 'Cache-Control': 'no-store' },
      }),
    }),
    route({
      method: 'delete',
      path: '/keys/{keyId}',
      access: { kind: 'session' },
      tag: 'API keys',
      summary: 'Revoke an API key',
      description:
        'Takes effect at once on the API process that answers, and within 5 seconds on every other. Revoking a revoked key changes nothing.',
      params: KeyIdParams,
      responses: { 200: { description: 'The revoked key', schema: ApiKeySummary } },
      errors: { 404: '`not_found`: no such key in this account.' },
      handler: async ({ tenant, params }) => {
        const body = await revokeKey(tenant, params.keyId);
        // Refused by this process at once; other processes read the revocation within 5 s (their cache lives 2 s).
        keys.revoked(params.keyId);
        return { status: 200, body };
      },
    }),
  ];
}

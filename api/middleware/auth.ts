/**
 * Authentication and authorization for a route, from its declared access (api/route.ts). Called by the router for
 * every route, so no route can forget it:
 *   session  → a verified identity-provider JWT; the account is created on first sight.
 *   api_key  → a valid, unrevoked, unexpired key; then the rate limit (headers on every answer); then the scope.
 * A session token on an API-key route, or an API key on a session route, is 401.
 */
import type { Context } from 'koa';
import type { Db } from 'mongodb';
import { ensureAccount } from '../../domain/accounts';
import { authenticateKey } from '../../domain/api-keys';
import type { Config } from '../../domain/config';
import { ApiError, errors } from '../../domain/errors';
import { consume } from '../../domain/rate-limit';
import type { SessionVerifier } from '../../domain/session';
import { acceptedScopes, type Access, type Principal } from '../route';

export interface AuthDeps {
  config: Config;
  db: Db;
  verifySession: SessionVerifier;
}

function bearer(ctx: Context): string {
  const header = ctx.get('Authorization');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw errors.unauthorized();
  return match[1]!;
}

export async function authorize(ctx: Context, access: Access, deps: AuthDeps): Promise<Principal | undefined> {
  if (access.kind === 'public') return undefined;
  const token = bearer(ctx);

  if (access.kind === 'session') {
    if (token.startsWith('ak_')) throw errors.unauthorized('Key management needs a session token, not an API key.');
    const session = await deps.verifySession(token);
    await ensureAccount(deps.db, session.accountId, deps.config.INITIAL_BONUS_CREDITS);
    return session;
  }

  if (!token.startsWith('ak_')) throw errors.unauthorized('This endpoint needs an API key, not a session token.');
  const key = await authenticateKey(deps.db, deps.config.API_KEY_HASH_SECRET, token);
  const limit = key.rateLimitRpm ?? deps.config.DEFAULT_RATE_LIMIT_RPM;
  const decision = await consume(deps.db, key.keyId, limit);
  const resetSeconds = Math.ceil(decision.resetAt.getTime() / 1000);
  ctx.set('X-RateLimit-Limit', String(decision.limit));
  ctx.set('X-RateLimit-Remaining', String(decision.remaining));
  ctx.set('X-RateLimit-Reset', String(resetSeconds));
  if (!decision.allowed) {
    const retryAfter = Math.max(1, Math.ceil((decision.resetAt.getTime() - Date.now()) / 1000));
    throw new ApiError(429, 'rate_limited', `Rate limit of ${limit} requests per minute exceeded.`, undefined, {
      'Retry-After': String(retryAfter),
    });
  }
  const accepted = acceptedScopes(access);
  if (!accepted.some((s) => key.scopes.includes(s))) throw errors.insufficientScope(...accepted);
  return key;
}

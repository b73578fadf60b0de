/**
 * Authentication and authorization for a route, from its declared access (api/route.ts). Called by the router for
 * every route, so no route can forget it:
 *   session  → a verified identity-provider JWT; the account is created on first sight.
 *   api_key  → a valid, unrevoked, unexpired key; then the rate limit (headers on every answer); then the scope.
 * A credential that fails either is counted against the caller's address, and answered 429 once that address is
 * over its limit of failed authentications; a valid credential is never refused for its address.
 * A session token on an API-key route, or an API key on a session route, is 401.
 * On the hot path (a known key, a lease with tokens left, a recent view of the address) nothing here reads or writes
 * the database: the key's state, the rate-limit tokens and the failure counts are held per process with bounded
 * staleness (docs/decisions.md 165–167).
 */
import type { Context } from 'koa';
import type { Db } from 'mongodb';
import { ensureAccount } from '../../domain/access/accounts';
import type { Config } from '../../domain/platform/config';
import { ApiError, errors } from '../../domain/http/errors';
import type { KeyCache } from '../../domain/access/key-cache';
import type { FailureThrottle, KeyLimiter } from '../../domain/access/rate-leases';
import { authFailureId, RateLimiterUnavailable } from '../../domain/access/rate-limit';
import { clientAddressGroup } from '../../domain/access/client-address';
import type { SessionVerifier } from '../../domain/access/session';
import { acceptedScopes, type Access, type Principal } from '../route';

export interface AuthDeps {
  config: Config;
  db: Db;
  verifySession: SessionVerifier;
  keys: KeyCache;
  limiter: KeyLimiter;
  failures: FailureThrottle;
}

function bearer(ctx: Context): string {
  const header = ctx.get('Authorization');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw errors.unauthorized();
  return match[1]!;
}

const rateLimited = (message: string, retryAfterS: number) =>
  new ApiError(429, 'rate_limited', message, undefined, { 'Retry-After': String(retryAfterS) });

/** Any limiter failure (database down, contention it could not settle) is 503: never 500, never a free pass. */
async function limiter<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof RateLimiterUnavailable)
      throw errors.serviceUnavailable('The rate limiter is unavailable; retry shortly.');
    throw err;
  }
}

export async function authorize(ctx: Context, access: Access, deps: AuthDeps): Promise<Principal | undefined> {
  if (access.kind === 'public') return undefined;
  try {
    return await authenticate(ctx, access, deps);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) await refuseFailure(ctx, deps);
    throw err;
  }
}

/**
 * A credential that failed (docs/decisions.md 432 as amended in docs/decisions.md 310): counted against the client's
 * address, and once the address is over AUTH_FAILURES_PER_MINUTE in a sliding minute, answered 429 instead of 401.
 * Only failing credentials are limited: a valid one is served from any address, so a client that keeps failing
 * behind the same balancer or NAT locks nobody else out. That a 401 turned 429 tells the guess apart from a valid
 * key is no help to an attacker: a key is 190 random bits, and the limit keeps the guessing slow either way.
 */
async function refuseFailure(ctx: Context, deps: AuthDeps): Promise<void> {
  const failuresId = authFailureId(clientAddressGroup(ctx.ip || 'unknown'));
  const failureLimit = deps.config.AUTH_FAILURES_PER_MINUTE;
  // An address already over answers from the view this process holds, with no database write per refusal; the
  // count decides the rest (it sees every process's failures).
  const seen = await limiter(() => deps.failures.check(failuresId, failureLimit));
  const decision = seen.allowed ? await limiter(() => deps.failures.failed(failuresId, failureLimit)) : seen;
  if (decision.allowed) return;
  // The limit that refused this request is the address's, so that is the one the X-RateLimit-* headers describe
  // (the OpenAPI document promises them on every 429).
  ctx.set('X-RateLimit-Limit', String(failureLimit));
  ctx.set('X-RateLimit-Remaining', '0');
  ctx.set('X-RateLimit-Reset', String(Math.ceil(Date.now() / 1000) + decision.retryAfterS));
  throw rateLimited(
    'Too many failed authentications from this address; retry after Retry-After seconds.',
    decision.retryAfterS,
  );
}

async function authenticate(
  ctx: Context,
  access: Exclude<Access, { kind: 'public' }>,
  deps: AuthDeps,
): Promise<Principal> {
  const token = bearer(ctx);

  if (access.kind === 'session') {
    if (token.startsWith('ak_')) throw errors.unauthorized('Key management needs a session token, not an API key.');
    const session = await deps.verifySession(token);
    await ensureAccount(deps.db, session.accountId, deps.config.INITIAL_BONUS_CREDITS);
    return session;
  }

  if (!token.startsWith('ak_')) throw errors.unauthorized('This endpoint needs an API key, not a session token.');
  const key = await deps.keys.authenticate(token);
  const limit = key.rateLimitRpm ?? deps.config.DEFAULT_RATE_LIMIT_RPM;
  const decision = await limiter(() => deps.limiter.admit(key.keyId, limit));
  ctx.set('X-RateLimit-Limit', String(decision.limit));
  ctx.set('X-RateLimit-Remaining', String(decision.remaining));
  ctx.set('X-RateLimit-Reset', String(Math.ceil(decision.resetAt.getTime() / 1000)));
  if (!decision.allowed)
    throw rateLimited(`Rate limit of ${limit} requests per minute exceeded.`, decision.retryAfterS);
  const accepted = acceptedScopes(access);
  if (!accepted.some((s) => key.scopes.includes(s))) throw errors.insufficientScope(...accepted);
  if (access.also && !key.scopes.includes(access.also)) throw errors.insufficientScope(access.also);
  return key;
}

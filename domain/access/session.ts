/**
 * Session credentials for `/keys`: a JWT from the identity provider, verified against its JWKS
 * (`SESSION_JWKS_URL`, issuer, audience) or, locally, HS256 with `SESSION_JWT_SECRET`. Only the expected
 * algorithms are accepted (never `none`); expiry, not-before, issuer and audience are all checked.
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { ACCOUNT_ID_PATTERN } from './accounts';
import type { Config } from '../platform/config';
import { errors } from '../http/errors';
import { LOCAL_AUDIENCE, LOCAL_ISSUER } from './session-tokens';

export interface SessionPrincipal {
  kind: 'session';
  accountId: string;
  sub: string;
}

export type SessionVerifier = (token: string) => Promise<SessionPrincipal>;

const ASYMMETRIC_ALGS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export function createSessionVerifier(config: Config): SessionVerifier {
  let key: Uint8Array | JWTVerifyGetKey;
  let options: { algorithms: string[]; issuer: string; audience: string };
  if (config.SESSION_JWKS_URL) {
    // The config refuses JWKS without both; an empty one here would make jose skip that check altogether.
    if (!config.SESSION_ISSUER || !config.SESSION_AUDIENCE)
      throw new Error('SESSION_JWKS_URL needs SESSION_ISSUER and SESSION_AUDIENCE');
    key = createRemoteJWKSet(new URL(config.SESSION_JWKS_URL), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    options = { algorithms: ASYMMETRIC_ALGS, issuer: config.SESSION_ISSUER, audience: config.SESSION_AUDIENCE };
  } else {
    key = new TextEncoder().encode(config.SESSION_JWT_SECRET);
    options = {
      algorithms: ['HS256'],
      issuer: config.SESSION_ISSUER ?? LOCAL_ISSUER,
      audience: config.SESSION_AUDIENCE ?? LOCAL_AUDIENCE,
    };
  }
  return async (token) => {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, key as never, { ...options, requiredClaims: ['exp', 'sub'] }));
    } catch (err) {
      // The identity provider's key set could not be fetched: our problem, not the caller's.
      const code = (err as { code?: string }).code;
      if (code === 'ERR_JWKS_TIMEOUT' || err instanceof TypeError) throw errors.serviceUnavailable();
      throw errors.unauthorized('The session token is invalid or expired.');
    }
    const accountId = payload.account_id;
    if (typeof accountId !== 'string' || !ACCOUNT_ID_PATTERN.test(accountId) || typeof payload.sub !== 'string') {
      throw errors.unauthorized('The session token lacks a valid account_id claim.');
    }
    return { kind: 'session', accountId, sub: payload.sub };
  };
}

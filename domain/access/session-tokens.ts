/**
 * Session tokens for local development: an HS256 JWT with the claims the identity provider would issue
 * (`sub`, `account_id`). Production verifies the provider's tokens against its JWKS and never signs any.
 */
import { SignJWT } from 'jose';

export const LOCAL_ISSUER = 'assay-local';
export const LOCAL_AUDIENCE = 'assay-api';

export async function signLocalSessionToken(
  secret: string,
  claims: { sub: string; accountId: string },
  ttlSeconds = 3600,
): Promise<string> {
  return new SignJWT({ account_id: claims.accountId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(LOCAL_ISSUER)
    .setAudience(LOCAL_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(new TextEncoder().encode(secret));
}

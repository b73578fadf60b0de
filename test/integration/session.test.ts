/**
 * Session tokens for /keys: the local HS256 mode and the identity provider's JWKS mode (a real JWKS served over
 * HTTP on loopback). Every forged, stale or misdirected token is 401.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { LOCAL_AUDIENCE, LOCAL_ISSUER } from '../../domain/access/session-tokens';
import { createTestContext, type TestContext } from '../support/app';
import { newAccount } from '../support/identity';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const secret = () => new TextEncoder().encode(t.config.SESSION_JWT_SECRET);
const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

async function localToken(
  overrides: { iss?: string; aud?: string; exp?: number; nbf?: number; account_id?: unknown; key?: Uint8Array } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ account_id: 'account_id' in overrides ? overrides.account_id : 'acct_session_test' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('user-1')
    .setIssuer(overrides.iss ?? LOCAL_ISSUER)
    .setAudience(overrides.aud ?? LOCAL_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(overrides.exp ?? now + 600);
  if (overrides.nbf) jwt.setNotBefore(overrides.nbf);
  return jwt.sign(overrides.key ?? secret());
}

async function keysStatus(token: string): Promise<{ status: number; code?: string }> {
  const res = await t.api.get('/v1/keys').set('Authorization', `Bearer ${token}`);
  return { status: res.status, code: res.body?.error?.code };
}

describe('local session tokens (HS256)', () => {
  it('accepts a valid token', async () => {
    expect((await keysStatus(await localToken())).status).toBe(200);
  });

  it('refuses a tampered payload', async () => {
    const [h, , s] = (await localToken()).split('.');
    const forged = `${h}.${b64url({ sub: 'user-1', account_id: 'acct_victim', iss: LOCAL_ISSUER, aud: LOCAL_AUDIENCE, exp: 9999999999 })}.${s}`;
    expect(await keysStatus(forged)).toEqual({ status: 401, code: 'unauthorized' });
  });

  it('refuses alg: none', async () => {
    const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: 'u', account_id: 'acct_x', iss: LOCAL_ISSUER, aud: LOCAL_AUDIENCE, exp: 9999999999 })}.`;
    expect(await keysStatus(unsigned)).toEqual({ status: 401, code: 'unauthorized' });
  });

  it.each([
    ['expired', { exp: Math.floor(Date.now() / 1000) - 120 }],
    ['not yet valid', { nbf: Math.floor(Date.now() / 1000) + 3600 }],
    ['from another issuer', { iss: 'https://evil.example' }],
    ['for another audience', { aud: 'someone-else' }],
    ['signed with another secret', { key: new TextEncoder().encode('x'.repeat(48)) }],
    ['without account_id', { account_id: undefined }],
    ['with a malformed account_id', { account_id: { $ne: null } }],
  ])('refuses a token %s', async (_what, overrides) => {
    expect(await keysStatus(await localToken(overrides))).toEqual({ status: 401, code: 'unauthorized' });
  });

  it('refuses an API key on /keys and a session token on API routes', async () => {
    const a = await newAccount(t);
    const key = await a.key();
    expect((await keysStatus(key)).status).toBe(401);
    const res = await t.api.get('/v1/usage/balance').set('Authorization', `Bearer ${a.session}`);
    expect(res.status).toBe(401);
  });
});

describe('identity-provider session tokens (JWKS)', () => {
  let server: Server;
  let jwksUrl: string;
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  let publicJwk: JWK;
  let idp: TestContext;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    server = createServer((_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ keys: [publicJwk] }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
    idp = await createTestContext({
      SESSION_JWKS_URL: jwksUrl,
      SESSION_ISSUER: 'https://idp.example',
      SESSION_AUDIENCE: 'assay',
    });
  });
  afterAll(async () => {
    await idp.close();
    await new Promise((r) => server.close(r));
  });

  const idpToken = (claims: { iss?: string; aud?: string } = {}) =>
    new SignJWT({ account_id: 'acct_idp_user' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject('idp-user')
      .setIssuer(claims.iss ?? 'https://idp.example')
      .setAudience(claims.aud ?? 'assay')
      .setExpirationTime('10m')
      .sign(privateKey);

  const status = async (token: string) =>
    (await idp.api.get('/v1/keys').set('Authorization', `Bearer ${token}`)).status;

  it('accepts a token signed by the provider', async () => {
    expect(await status(await idpToken())).toBe(200);
  });

  it('refuses wrong issuer or audience', async () => {
    expect(await status(await idpToken({ iss: 'https://other-idp.example' }))).toBe(401);
    expect(await status(await idpToken({ aud: 'other-api' }))).toBe(401);
  });

  it('refuses an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const forged = await new SignJWT({ account_id: 'acct_idp_user' })
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .setSubject('idp-user')
      .setIssuer('https://idp.example')
      .setAudience('assay')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
    expect(await status(forged)).toBe(401);
  });

  it('refuses a locally signed token in provider mode', async () => {
    expect(await status(await localToken())).toBe(401);
  });
});

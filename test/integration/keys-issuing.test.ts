/** API keys against the real stack: creating one, using it, the scopes it holds, and the accounts keys belong to. */
import type { ApiKeyDoc } from '../../domain/access/api-keys';
import { SCOPES } from '../../domain/access/scopes';
import { COLLECTIONS } from '../../domain/platform/db';
import { useAccountStack } from '../support/account-stack';
import type { TestContext } from '../support/app';
import { newAccount, type TestAccount } from '../support/identity';

const stack = useAccountStack();
let t: TestContext;
let a: TestAccount;
beforeEach(() => {
  ({ t, a } = stack);
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('creating a key', () => {
  it('answers the token once, and never again', async () => {
    const created = await t.api
      .post('/v1/keys')
      .set(auth(a.session))
      .send({ name: 'ci', mode: 'live', scopes: ['runs:read'] });
    expect(created.status).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { token, public_id, last4, warning } = created.body;
    expect(token).toMatch(/^ak_live_[0-9A-Za-z]{32}$/);
    expect(public_id).toMatch(/^key_/);
    expect(last4).toBe(token.slice(-4));
    expect(warning).toMatch(/once/);

    const list = await t.api.get('/v1/keys').set(auth(a.session));
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(token);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        public_id,
        name: 'ci',
        key_prefix: 'ak_live',
        last4,
        mode: 'live',
        scopes: ['runs:read'],
        status: 'active',
        rate_limit_rpm: null,
        expires_at: null,
        revoked_at: null,
      }),
    ]);
    expect(list.body.data[0]).not.toHaveProperty('token');
  });

  it('grants every scope when scopes are omitted or empty: the key is unrestricted', async () => {
    for (const body of [{ name: 'all', scopes: [] }, { name: 'all' }]) {
      const res = await t.api.post('/v1/keys').set(auth(a.session)).send(body);
      expect(res.body.scopes).toEqual([...SCOPES]);
      expect(res.body.unrestricted).toBe(true);
      expect(res.body.mode).toBe('live');
    }
    const listed = await t.api.get('/v1/keys').set(auth(a.session));
    expect(listed.body.data.map((k: { unrestricted: boolean }) => k.unrestricted)).toEqual([true, true]);
  });

  it.each([
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: '' }, 'name'],
    [{}, 'name'],
    [{ name: 'k', mode: 'staging' }, 'mode'],
    [{ name: 'k', scopes: ['runs:read', 'runs:delete'] }, 'scopes'],
    [{ name: 'k', expires_at: '2001-01-01T00:00:00Z' }, 'expires_at'],
    [{ name: 'k', expires_at: 'tomorrow' }, 'expires_at'],
    [{ name: 'k', rate_limit_rpm: 0 }, 'rate_limit_rpm'],
    // At most MAX_KEY_RATE_LIMIT_RPM (6000 by default), whatever the creator asks for.
    [{ name: 'k', rate_limit_rpm: 6001 }, 'rate_limit_rpm'],
    [{ name: 'k', rate_limit_rpm: 100_000 }, 'rate_limit_rpm'],
    [{ name: 'k', admin: true }, ''],
  ])('refuses %j with 400 naming the field', async (body, field) => {
    const res = await t.api.post('/v1/keys').set(auth(a.session)).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.details.map((d: { path: string }) => d.path).join(' ')).toContain(field);
    const list = await t.api.get('/v1/keys').set(auth(a.session));
    expect(list.body.data).toEqual([]);
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const res = await t.api
      .post('/v1/keys')
      .set(auth(a.session))
      .set('Content-Type', 'application/json')
      .send('{"name":');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_json');
  });
});

describe('using a key', () => {
  it('authenticates, and a revoked key is refused on the very next request', async () => {
    const token = await a.key();
    expect((await t.api.get('/v1/usage/balance').set(auth(token))).status).toBe(200);
    const [{ public_id }] = (await t.api.get('/v1/keys').set(auth(a.session))).body.data;
    const revoked = await t.api.delete(`/v1/keys/${public_id}`).set(auth(a.session));
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ public_id, status: 'revoked' });
    expect(Date.parse(revoked.body.revoked_at)).toBeGreaterThan(Date.now() - 60_000);

    const refused = await t.api.get('/v1/usage/balance').set(auth(token));
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('api_key_revoked');

    const again = await t.api.delete(`/v1/keys/${public_id}`).set(auth(a.session));
    expect(again.body.revoked_at).toBe(revoked.body.revoked_at);
  });

  it('refuses an expired key with api_key_expired', async () => {
    const token = await a.key({ expires_at: new Date(Date.now() + 1500).toISOString() });
    expect((await t.api.get('/v1/usage/balance').set(auth(token))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1700));
    const res = await t.api.get('/v1/usage/balance').set(auth(token));
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('api_key_expired');
  });

  it.each([
    ['no header', undefined],
    ['a malformed key', 'Bearer ak_live_short'],
    ['an unknown key', `Bearer ak_live_${'A'.repeat(32)}`],
    ['a Basic credential', 'Basic dXNlcjpwYXNz'],
  ])('answers %s with 401 unauthorized', async (_what, header) => {
    const req = t.api.get('/v1/usage/balance');
    if (header) req.set('Authorization', header);
    const res = await req;
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('records last use without writing on every request', async () => {
    const token = await a.key();
    await t.api.get('/v1/usage/balance').set(auth(token));
    await new Promise((r) => setTimeout(r, 200));
    const first = (await t.api.get('/v1/keys').set(auth(a.session))).body.data[0].last_used_at;
    expect(Date.parse(first)).toBeGreaterThan(Date.now() - 10_000);
    for (let i = 0; i < 3; i++) await t.api.get('/v1/usage/balance').set(auth(token));
    await new Promise((r) => setTimeout(r, 200));
    expect((await t.api.get('/v1/keys').set(auth(a.session))).body.data[0].last_used_at).toBe(first);
  });

  it('carries the key mode on the request', async () => {
    const live = await a.key({ mode: 'live' });
    const test = await a.key({ mode: 'test' });
    expect(live.startsWith('ak_live_')).toBe(true);
    expect(test.startsWith('ak_test_')).toBe(true);
    const keys = (await t.api.get('/v1/keys').set(auth(a.session))).body.data;
    expect(keys.map((k: { mode: string }) => k.mode).sort()).toEqual(['live', 'test']);
  });
});

describe('scopes added after a key was made (docs/decisions.md 382)', () => {
  const V1 = [
    'runs:read',
    'runs:write',
    'workflows:read',
    'workflows:write',
    'documents:write',
    'reference_documents:read',
    'reference_documents:write',
    'webhooks:read',
    'webhooks:write',
    'usage:read',
    'catalog:read',
  ];
  /** A scope version 1 did not have, tried on the one route that already takes it. */
  const readsCalibrationEvents = (token: string) => t.api.get('/v1/events?type=calibration.completed').set(auth(token));

  it('a key stored with every scope of version 1, before keys recorded `unrestricted`, holds the new scopes too', async () => {
    const created = await t.api.post('/v1/keys').set(auth(a.session)).send({ name: 'v1', scopes: V1 });
    // As a version-1 server stored a key created without scopes: the whole list of the time, nothing else.
    await t.database.db
      .collection<ApiKeyDoc>(COLLECTIONS.apiKeys)
      .updateOne({ _id: created.body.public_id }, { $unset: { unrestricted: '' } });
    const res = await readsCalibrationEvents(created.body.token);
    expect([res.status, res.body.data]).toEqual([200, []]);
    const [listed] = (await t.api.get('/v1/keys').set(auth(a.session))).body.data;
    expect(listed).toMatchObject({ unrestricted: true, scopes: expect.arrayContaining(['calibrations:read']) });
    expect(listed.scopes).toEqual([...SCOPES]);
  });

  it('a key that lists scopes keeps exactly those, even every scope of version 1, and gets no new one', async () => {
    const created = await t.api.post('/v1/keys').set(auth(a.session)).send({ name: 'listed', scopes: V1 });
    expect([created.body.unrestricted, created.body.scopes]).toEqual([false, V1]);
    const res = await readsCalibrationEvents(created.body.token);
    expect([res.status, res.body.error?.code]).toEqual([403, 'insufficient_scope']);
    // A version-1 key that listed fewer scopes than all is just as restricted.
    const older = await t.api
      .post('/v1/keys')
      .set(auth(a.session))
      .send({ name: 'older', scopes: ['runs:read'] });
    await t.database.db
      .collection<ApiKeyDoc>(COLLECTIONS.apiKeys)
      .updateOne({ _id: older.body.public_id }, { $unset: { unrestricted: '' } });
    const refused = await readsCalibrationEvents(older.body.token);
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'insufficient_scope']);
  });
});

describe('accounts', () => {
  it('are created on first sight with the initial bonus credits, and never reset', async () => {
    const token = await a.key();
    const balance = await t.api.get('/v1/usage/balance').set(auth(token));
    expect(balance.body).toEqual({ pro_credits: 100, bonus_pro: 100, regular_pro: 0, basic_credits_excluded: true });
    await t.database.db
      .collection(COLLECTIONS.accounts)
      .updateOne({ _id: a.accountId as never }, { $set: { bonus_milli: 7000 } });
    await t.api.get('/v1/keys').set(auth(a.session));
    expect((await t.api.get('/v1/usage/balance').set(auth(token))).body.bonus_pro).toBe(7);
  });

  it('see only their own keys, and cannot revoke another account’s', async () => {
    const b = await newAccount(t);
    const bToken = await b.key();
    const [bKey] = (await t.api.get('/v1/keys').set(auth(b.session))).body.data;
    expect((await t.api.get('/v1/keys').set(auth(a.session))).body.data).toEqual([]);
    const res = await t.api.delete(`/v1/keys/${bKey.public_id}`).set(auth(a.session));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect((await t.api.get('/v1/usage/balance').set(auth(bToken))).status).toBe(200);
  });
});

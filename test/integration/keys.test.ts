/** API keys against the real stack: creation, listing, revocation, expiry, validation, storage at rest. */
import type { Db } from 'mongodb';
import {
  backfillCredentials,
  createKey,
  hashToken,
  keyIdOf,
  listKeys,
  sweepKeyRosters,
  type ApiKeyDoc,
} from '../../domain/access/api-keys';
import { ensureAccount } from '../../domain/access/accounts';
import { SCOPES } from '../../domain/access/scopes';
import { TenantDb } from '../../domain/store';
import { COLLECTIONS } from '../../domain/platform/db';
import { newId, randomBase62 } from '../../domain/platform/ids';
import { commandsDuring, scans } from '../support/db-commands';
import { createTestContext, type TestContext } from '../support/app';
import { newAccount, type TestAccount } from '../support/identity';

let t: TestContext;
let a: TestAccount;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(async () => {
  a = await newAccount(t);
});
afterAll(async () => {
  await t.close();
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

describe("an account's keys, read through its roster", () => {
  const keys = () => t.database.db.collection<ApiKeyDoc>(COLLECTIONS.apiKeys);
  const tenant = (db: Db = t.database.db) => new TenantDb(db, a.accountId);
  const monitored = <R>(work: (db: Db) => Promise<R>) => commandsDuring(t.config.mongodbUri, t.config.MONGODB_DB, work);
  const policy = () => ({ hashSecret: t.config.API_KEY_HASH_SECRET, maxRateLimitRpm: t.config.MAX_KEY_RATE_LIMIT_RPM });
  const listedIds = async () =>
    ((await t.api.get('/v1/keys').set(auth(a.session))).body.data as Array<{ public_id: string }>).map(
      (k) => k.public_id,
    );

  /** A key as a process that keeps no roster wrote it (an account from before rosters, an older version). */
  async function insertUnrostered(accountId: string, createdAt = new Date()): Promise<string> {
    const id = newId('apiKey');
    await keys().insertOne({
      _id: id,
      account_id: accountId,
      name: 'unrostered',
      mode: 'test',
      token_hash: randomBase62(40),
      last4: 'abcd',
      scopes: ['runs:read'],
      rate_limit_rpm: null,
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
      created_by: 'test',
      created_at: createdAt,
    });
    return id;
  }

  it("lists and creates keys without a query over other accounts' keys", async () => {
    // Other accounts' keys: a query by account would have to step over them.
    for (let i = 0; i < 30; i++) await insertUnrostered(`acct_other${i % 3}`);
    const older = (await t.api.post('/v1/keys').set(auth(a.session)).send({ name: 'older', mode: 'test' })).body
      .public_id;
    const revoked = (await t.api.post('/v1/keys').set(auth(a.session)).send({ name: 'revoked', mode: 'test' })).body
      .public_id;
    expect((await t.api.delete(`/v1/keys/${revoked}`).set(auth(a.session))).status).toBe(200);

    const listed = await monitored((db) => listKeys(tenant(db)));
    expect(scans(listed.commands)).toEqual([]);
    expect(listed.result.map((k) => [k.public_id, k.status])).toEqual([
      [revoked, 'revoked'],
      [older, 'active'],
    ]);

    const created = await monitored((db) => createKey(tenant(db), policy(), 'test', { name: 'new', mode: 'live' }));
    expect(scans(created.commands)).toEqual([]);
    expect(await listedIds()).toEqual([created.result.public_id, revoked, older]);
    // The new key works at once, and is its account's alone.
    expect((await t.api.get('/v1/usage/balance').set(auth(created.result.token))).status).toBe(200);
    expect(await keys().countDocuments({ account_id: a.accountId })).toBe(3);
  });

  it('creates and lists the first keys of a new account without a scan: its creation opened its rosters', async () => {
    for (let i = 0; i < 30; i++) await insertUnrostered(`acct_other${i % 3}`);
    const fresh = `acct_${randomBase62(12)}`;
    const first = await monitored(async (db) => {
      expect(await ensureAccount(db, fresh, 10)).toBe(true);
      expect(await ensureAccount(db, fresh, 10)).toBe(false);
      const key = await createKey(new TenantDb(db, fresh), policy(), 'test', { name: 'first', mode: 'test' });
      return { key, listed: await listKeys(new TenantDb(db, fresh)) };
    });
    expect(scans(first.commands)).toEqual([]);
    expect(first.result.listed.map((k) => k.public_id)).toEqual([first.result.key.public_id]);
  });

  it('finds the keys of an account from before rosters with one scan, at the first read only; the hourly sweep takes in a key written without the roster', async () => {
    // An account from before rosters has none (this one has made no request yet, so nothing opened them).
    for (const name of [COLLECTIONS.keyRosters, COLLECTIONS.activeKeyRosters])
      await t.database.db.collection<{ _id: string }>(name).deleteOne({ _id: a.accountId });
    const legacy = await insertUnrostered(a.accountId, new Date(Date.now() - 60_000));
    const first = await monitored((db) => listKeys(tenant(db)));
    expect(scans(first.commands)).toEqual([expect.stringMatching(new RegExp(`^find ${COLLECTIONS.apiKeys} `))]);
    expect(first.result.map((k) => k.public_id)).toEqual([legacy]);
    const second = await monitored((db) => listKeys(tenant(db)));
    expect(scans(second.commands)).toEqual([]);

    // Written by a process that keeps no roster (a rolling deploy): unknown to the built roster until the sweep.
    const late = await insertUnrostered(a.accountId);
    expect(await listedIds()).toEqual([legacy]);
    expect(await sweepKeyRosters(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await listedIds()).toEqual([late, legacy]);
  });

  it('skips an id a crash left on the rosters before its key was written, and counts it toward no limit', async () => {
    const live = (await t.api.post('/v1/keys').set(auth(a.session)).send({ name: 'live', mode: 'test' })).body
      .public_id;
    const phantom = newId('apiKey'); // enrolled, then the process died before the insert
    for (const name of [COLLECTIONS.keyRosters, COLLECTIONS.activeKeyRosters]) {
      await t.database.db
        .collection<{ _id: string; ids: string[] }>(name)
        .updateOne({ _id: a.accountId }, { $addToSet: { ids: phantom } });
    }
    expect(await listedIds()).toEqual([live]);
    for (let i = 0; i < 99; i++)
      expect(
        (
          await t.api
            .post('/v1/keys')
            .set(auth(a.session))
            .send({ name: `k${i}`, mode: 'test' })
        ).status,
      ).toBe(201);
    const over = await t.api.post('/v1/keys').set(auth(a.session)).send({ name: 'over' });
    expect([over.status, over.body.error.code]).toEqual([409, 'limit_reached']);
    expect(await listedIds()).toHaveLength(100);
  });

  it('never puts a revoked or expired key back on the active roster at the hourly sweep', async () => {
    const active = t.database.db.collection<{ _id: string; ids: string[] }>(COLLECTIONS.activeKeyRosters);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (
          await t.api
            .post('/v1/keys')
            .set(auth(a.session))
            .send({ name: `k${i}`, mode: 'test' })
        ).body.public_id,
      );
    const [kept, revoked, expired] = ids as [string, string, string];
    expect((await t.api.delete(`/v1/keys/${revoked}`).set(auth(a.session))).status).toBe(200);
    await keys().updateOne({ _id: expired }, { $set: { expires_at: new Date(Date.now() - 1000) } });
    await active.updateOne({ _id: a.accountId }, { $pull: { ids: expired } }); // as the reader that found it expired does
    await sweepKeyRosters(t.database.db);
    expect((await active.findOne({ _id: a.accountId }))!.ids).toEqual([kept]);
    expect((await listedIds()).sort()).toEqual([...ids].sort());
  });

  it('reads only the keys that may still authenticate to check the limit, however many the account has revoked or let expire', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push(
        (
          await t.api
            .post('/v1/keys')
            .set(auth(a.session))
            .send({ name: `k${i}`, mode: 'test' })
        ).body.public_id,
      );
    const gone = ids.slice(0, 10);
    for (const id of gone.slice(0, 8))
      expect((await t.api.delete(`/v1/keys/${id}`).set(auth(a.session))).status).toBe(200);
    // Two expire (and one of them was revoked too, by a request whose roster update failed: still on the roster).
    await keys().updateMany({ _id: { $in: gone.slice(8) } }, { $set: { expires_at: new Date(Date.now() - 1000) } });
    await t.database.db
      .collection<{ _id: string; ids: string[] }>(COLLECTIONS.activeKeyRosters)
      .updateOne({ _id: a.accountId }, { $addToSet: { ids: gone[0]! } });

    // The first creation finds the leftovers and takes them out; from then on none of them is read.
    await createKey(tenant(), policy(), 'test', { name: 'first', mode: 'test' });
    const created = await monitored((db) => createKey(tenant(db), policy(), 'test', { name: 'second', mode: 'test' }));
    const keyReads = created.commands
      .filter((c) => c.commandName === 'find' && c.command.find === COLLECTIONS.apiKeys)
      .map((c) => String(c.command.filter._id));
    expect(keyReads.length).toBeGreaterThan(0);
    expect(keyReads.filter((id) => gone.includes(id))).toEqual([]);
    // Every key is still listed, the revoked and the expired with the rest.
    expect(await listedIds()).toHaveLength(14);
  });
});

describe('revoked and expired keys, listed for 30 days', () => {
  const keys = () => t.database.db.collection<ApiKeyDoc>(COLLECTIONS.apiKeys);
  const roster = () => t.database.db.collection<{ _id: string; ids: string[] }>(COLLECTIONS.keyRosters);
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
  const listedIds = async () =>
    ((await t.api.get('/v1/keys').set(auth(a.session))).body.data as Array<{ public_id: string }>).map(
      (k) => k.public_id,
    );
  const create = async (name: string) =>
    (await t.api.post('/v1/keys').set(auth(a.session)).send({ name, mode: 'test' })).body.public_id as string;

  it('lists a key for 30 days after it was revoked or expired, whichever came first, then no longer; its record stays', async () => {
    const [active, revoked, expired, longRevoked, longExpired, expiredBeforeRevoked] = [
      await create('active'),
      await create('revoked'),
      await create('expired'),
      await create('long revoked'),
      await create('long expired'),
      await create('expired, then revoked'),
    ];
    await keys().updateOne({ _id: revoked }, { $set: { revoked_at: daysAgo(29) } });
    await keys().updateOne({ _id: expired }, { $set: { expires_at: daysAgo(29) } });
    await keys().updateOne({ _id: longRevoked }, { $set: { revoked_at: daysAgo(31) } });
    await keys().updateOne({ _id: longExpired }, { $set: { expires_at: daysAgo(31) } });
    await keys().updateOne(
      { _id: expiredBeforeRevoked },
      { $set: { expires_at: daysAgo(31), revoked_at: daysAgo(1) } },
    );

    expect(await listedIds()).toEqual([expired, revoked, active]);
    // Taken off the roster by the read that found them, and not put back by the hourly sweep; the records stay.
    expect((await roster().findOne({ _id: a.accountId }))!.ids.sort()).toEqual([active, revoked, expired].sort());
    await sweepKeyRosters(t.database.db);
    expect(await listedIds()).toEqual([expired, revoked, active]);
    expect(await keys().countDocuments({ account_id: a.accountId })).toBe(6);
    // Revoking one of them again still answers it.
    const again = await t.api.delete(`/v1/keys/${longRevoked}`).set(auth(a.session));
    expect([again.status, again.body.status, again.body.public_id]).toEqual([200, 'revoked', longRevoked]);
  });

  it('lists at most 1000 keys: the next creation is 409 limit_reached until stopped keys age out of the list', async () => {
    // One active, and 998 revoked yesterday, written as the API would have (their records, and the roster).
    const revoked = Array.from({ length: 998 }, (_, i) => ({
      _id: newId('apiKey'),
      account_id: a.accountId,
      name: `ci ${i}`,
      mode: 'test' as const,
      token_hash: randomBase62(40),
      last4: 'abcd',
      scopes: ['runs:read' as const],
      rate_limit_rpm: null,
      expires_at: null,
      last_used_at: null,
      revoked_at: daysAgo(1),
      created_by: 'test',
      created_at: daysAgo(2),
    }));
    await create('active');
    await keys().insertMany(revoked);
    await roster().updateOne({ _id: a.accountId }, { $addToSet: { ids: { $each: revoked.map((k) => k._id) } } });
    const last = await t.api.post('/v1/keys').set(auth(a.session)).send({ name: 'the 1000th' });
    expect(last.status).toBe(201);

    const over = await t.api.post('/v1/keys').set(auth(a.session)).send({ name: 'one too many' });
    expect([over.status, over.body.error.code]).toEqual([409, 'limit_reached']);
    expect(over.body.error.message).toMatch(/1000 API keys listed.*leaves the list 30 days after it stopped/);
    expect(await listedIds()).toHaveLength(1000);

    // Three of them stopped long enough ago: room for three more.
    await keys().updateMany(
      { _id: { $in: revoked.slice(0, 3).map((k) => k._id) } },
      { $set: { revoked_at: daysAgo(31) } },
    );
    for (let i = 0; i < 3; i++)
      expect(
        (
          await t.api
            .post('/v1/keys')
            .set(auth(a.session))
            .send({ name: `room ${i}` })
        ).status,
      ).toBe(201);
    expect((await t.api.post('/v1/keys').set(auth(a.session)).send({ name: 'full again' })).status).toBe(409);
  });
});

describe('storage at rest', () => {
  it('keeps nothing in api_keys that authenticates', async () => {
    const tokens = [await a.key(), await a.key({ mode: 'live' })];
    const dump = await t.database.db.collection(COLLECTIONS.apiKeys).find({ account_id: a.accountId }).toArray();
    expect(dump).toHaveLength(2);
    const text = JSON.stringify(dump);
    for (const token of tokens) {
      // No token, and no run of 8 or more of its secret characters, appears anywhere.
      const secret = token.slice(8);
      for (let i = 0; i + 8 <= secret.length; i++) expect(text).not.toContain(secret.slice(i, i + 8));
    }
    for (const doc of dump) {
      for (const value of Object.values(doc)) {
        if (typeof value !== 'string') continue;
        const res = await t.api.get('/v1/usage/balance').set(auth(value));
        expect(res.status).toBe(401);
      }
    }
  });
});

describe('keys from before credentials', () => {
  it('finds one by its hash until every key has a credential; from then on an unknown token is read by _id alone', async () => {
    const dbName = `${t.config.MONGODB_DB}_credentials_${randomBase62(8).toLowerCase()}`;
    const db = t.database.client.db(dbName);
    const monitored = (token: string) =>
      commandsDuring(t.config.mongodbUri, dbName, (d) => keyIdOf(d, hashToken(t.config.API_KEY_HASH_SECRET, token)));
    const token = () => `ak_test_${randomBase62(32)}`;
    try {
      // Two keys as they were stored before `api_key_credentials` existed: no credential.
      const [first, second] = [token(), token()];
      await db.collection(COLLECTIONS.apiKeys).insertMany([
        {
          _id: 'key_first' as never,
          account_id: 'acct_old',
          token_hash: hashToken(t.config.API_KEY_HASH_SECRET, first),
        },
        {
          _id: 'key_second' as never,
          account_id: 'acct_old',
          token_hash: hashToken(t.config.API_KEY_HASH_SECRET, second),
        },
      ]);
      expect((await monitored(first)).result).toBe('key_first');
      const unknownBefore = await monitored(token());
      expect(unknownBefore.result).toBeNull();
      expect(scans(unknownBefore.commands)).toEqual([
        expect.stringMatching(new RegExp(`^find ${COLLECTIONS.apiKeys} `)),
      ]);

      expect(await backfillCredentials(db)).toBe(1); // the second: the first got its credential when it was found
      expect(await backfillCredentials(db)).toBe(0);
      const secondFound = await monitored(second);
      expect(secondFound.result).toBe('key_second');
      expect(secondFound.commands.filter((c) => c.commandName === 'find')).toHaveLength(1);
      const unknownAfter = await monitored(token());
      expect(unknownAfter.result).toBeNull();
      expect(scans(unknownAfter.commands)).toEqual([]);
    } finally {
      await db.dropDatabase();
    }
  });
});

// Limits a leaked session cannot go past.
describe('abuse limits', () => {
  it('accepts rate_limit_rpm up to MAX_KEY_RATE_LIMIT_RPM, and follows the configured ceiling', async () => {
    const ok = await t.api.post('/v1/keys').set(auth(a.session)).send({ name: 'fast', rate_limit_rpm: 6000 });
    expect([ok.status, ok.body.rate_limit_rpm]).toEqual([201, 6000]);
    const lower = await createTestContext({ MAX_KEY_RATE_LIMIT_RPM: '100' });
    try {
      const over = await lower.api.post('/v1/keys').set(auth(a.session)).send({ name: 'k', rate_limit_rpm: 101 });
      expect([over.status, over.body.error.code, over.body.error.details]).toEqual([
        400,
        'invalid_request',
        [{ path: 'body.rate_limit_rpm', message: 'must be at most 100' }],
      ]);
    } finally {
      await lower.close();
    }
  });

  it('allows 100 active keys per account and answers the 101st with 409 limit_reached; revoking makes room', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await t.api
        .post('/v1/keys')
        .set(auth(a.session))
        .send({ name: `k${i}`, mode: 'test' });
      expect(res.status).toBe(201);
      ids.push(res.body.public_id);
    }
    const over = await t.api.post('/v1/keys').set(auth(a.session)).send({ name: 'one too many' });
    expect([over.status, over.body.error.code]).toEqual([409, 'limit_reached']);
    expect((await t.api.get('/v1/keys').set(auth(a.session))).body.data).toHaveLength(100);
    expect((await t.api.delete(`/v1/keys/${ids[0]}`).set(auth(a.session))).status).toBe(200);
    expect((await t.api.post('/v1/keys').set(auth(a.session)).send({ name: 'room again' })).status).toBe(201);
    // An expired key holds no slot either.
    await t.database.db
      .collection(COLLECTIONS.apiKeys)
      .updateOne({ _id: ids[1] as never }, { $set: { expires_at: new Date(Date.now() - 1000) } });
    expect((await t.api.post('/v1/keys').set(auth(a.session)).send({ name: 'after expiry' })).status).toBe(201);
    expect((await t.api.post('/v1/keys').set(auth(a.session)).send({ name: 'full again' })).status).toBe(409);
  });

  it('never holds more than 100 active keys when creations race', async () => {
    for (let i = 0; i < 95; i++)
      await t.api
        .post('/v1/keys')
        .set(auth(a.session))
        .send({ name: `k${i}`, mode: 'test' });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.api
          .post('/v1/keys')
          .set(auth(a.session))
          .send({ name: `race${i}` }),
      ),
    );
    for (const res of answers) expect([201, 409]).toContain(res.status);
    const active = await t.database.db
      .collection(COLLECTIONS.apiKeys)
      .countDocuments({ account_id: a.accountId, revoked_at: null });
    expect(active).toBeLessThanOrEqual(100);
    expect(active).toBe(95 + answers.filter((r) => r.status === 201).length);
  });
});

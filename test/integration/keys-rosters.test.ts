/**
 * An account's API keys read through its roster, against the real database: listing and creating without a query
 * over other accounts' keys, keys from before rosters, the hourly sweep, and what a crash leaves on a roster.
 */
import type { Db } from 'mongodb';
import { createKey, listKeys, sweepKeyRosters, type ApiKeyDoc } from '../../domain/access/api-keys';
import { ensureAccount } from '../../domain/access/accounts';
import { TenantDb } from '../../domain/store';
import { COLLECTIONS } from '../../domain/platform/db';
import { newId, randomBase62 } from '../../domain/platform/ids';
import { commandsDuring, scans } from '../support/db-commands';
import { useAccountStack } from '../support/account-stack';
import type { TestContext } from '../support/app';
import type { TestAccount } from '../support/identity';

const stack = useAccountStack();
let t: TestContext;
let a: TestAccount;
beforeEach(() => {
  ({ t, a } = stack);
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

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

/**
 * How many API keys an account holds and sees, against the real stack: revoked and expired keys listed for 30 days,
 * at most 1000 listed, 100 active, and the rate limit a key may ask for.
 */
import { sweepKeyRosters, type ApiKeyDoc } from '../../domain/access/api-keys';
import { COLLECTIONS } from '../../domain/platform/db';
import { newId, randomBase62 } from '../../domain/platform/ids';
import { useAccountStack } from '../support/account-stack';
import { createTestContext, type TestContext } from '../support/app';
import type { TestAccount } from '../support/identity';

const stack = useAccountStack();
let t: TestContext;
let a: TestAccount;
beforeEach(() => {
  ({ t, a } = stack);
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

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

/**
 * API keys at rest, against the real database: nothing stored in api_keys authenticates, and keys from before
 * credentials are found by their hash until every key has one.
 */
import { backfillCredentials, hashToken, keyIdOf } from '../../domain/access/api-keys';
import { COLLECTIONS } from '../../domain/platform/db';
import { randomBase62 } from '../../domain/platform/ids';
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

/**
 * Rotating `API_KEY_HASH_SECRET` against the real database: a key issued under the earlier
 * secret still authenticates while that secret is listed in `API_KEY_HASH_SECRET_FALLBACKS`, is re-hashed under the
 * new secret on that use, and then works once the fallback is gone; a cursor issued before the rotation is honoured.
 */
import { randomBytes } from 'node:crypto';
import { hashToken, type ApiKeyDoc } from '../../domain/access/api-keys';
import { COLLECTIONS } from '../../domain/platform/db';
import { createTestContext, type TestContext } from '../support/app';
import { newAccount } from '../support/identity';
import { makeWorkflow } from '../support/runs';

jest.setTimeout(180_000);

const auth = (key: string) => ({ Authorization: `Bearer ${key}` });
const OLD = randomBytes(32).toString('base64url');
const NEW = randomBytes(32).toString('base64url');
const opened: TestContext[] = [];

async function context(env: NodeJS.ProcessEnv): Promise<TestContext> {
  const t = await createTestContext(env);
  opened.push(t);
  return t;
}
afterAll(async () => {
  for (const t of opened) await t.close();
});

it('a key issued before the rotation works, is re-hashed on its next use, and works without the fallback', async () => {
  const before = await context({ API_KEY_HASH_SECRET: OLD });
  const key = await (await newAccount(before)).key();
  await makeWorkflow(before, key);
  await makeWorkflow(before, key);
  const page = await before.api.get('/v1/workflows?limit=1').set(auth(key));
  expect(page.status).toBe(200);
  const cursor = page.body.next_cursor as string;
  expect(cursor).toEqual(expect.any(String));
  const keys = before.database.db.collection<ApiKeyDoc>(COLLECTIONS.apiKeys);
  expect(await keys.findOne({ token_hash: hashToken(OLD, key) })).not.toBeNull();

  const rotated = await context({ API_KEY_HASH_SECRET: NEW, API_KEY_HASH_SECRET_FALLBACKS: OLD });
  const listed = await rotated.api.get('/v1/workflows?limit=1').set(auth(key));
  expect(listed.status).toBe(200);
  // The cursor the earlier secret signed still pages on.
  const next = await rotated.api.get(`/v1/workflows?limit=1&cursor=${encodeURIComponent(cursor)}`).set(auth(key));
  expect(next.status).toBe(200);
  expect(next.body.data[0].id).not.toBe(page.body.data[0].id);
  // Cursors issued now are signed under the new secret only.
  expect(listed.body.next_cursor).not.toBe(cursor);

  // Re-hashed under the new secret: nothing stored is derived from the earlier one any more.
  expect(await keys.findOne({ token_hash: hashToken(OLD, key) })).toBeNull();
  expect(await keys.findOne({ token_hash: hashToken(NEW, key) })).not.toBeNull();

  const after = await context({ API_KEY_HASH_SECRET: NEW });
  expect((await after.api.get('/v1/workflows?limit=1').set(auth(key))).status).toBe(200);
  // Without the fallback, the earlier secret's cursor is one this server did not issue.
  const stale = await after.api.get(`/v1/workflows?limit=1&cursor=${encodeURIComponent(cursor)}`).set(auth(key));
  expect(stale.status).toBe(400);
});

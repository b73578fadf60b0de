/**
 * GET /v1/events and /v1/events/{id} against the real stack: tenant isolation, and each kind of event shown only to
 * a key with the read scope of what it carries.
 */
import { recordEvent } from '../../domain/webhooks/events';
import { randomBase62 } from '../../domain/platform/ids';
import { SCOPES } from '../../domain/access/scopes';
import type { TestContext } from '../support/app';
import { referenceReadyData } from '../support/events';
import { type ApiEvent, useEventsStack } from '../support/events-stack';
import { newAccount, type TestAccount } from '../support/identity';

const { stack, dataFor } = useEventsStack();
let t: TestContext;
let a: TestAccount;
let key: string;
beforeEach(() => {
  ({ t, a, key } = stack);
});
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });

const refData = referenceReadyData;

describe('access', () => {
  it("never shows another account's events", async () => {
    const mine = await recordEvent(
      t.database.db,
      a.accountId,
      'run.succeeded',
      `test:${randomBase62(16)}`,
      await dataFor(a.accountId),
    );
    const b = await newAccount(t);
    const theirKey = await b.key({ mode: 'test' });
    const theirs = await recordEvent(
      t.database.db,
      b.accountId,
      'run.succeeded',
      `test:${randomBase62(16)}`,
      await dataFor(b.accountId),
    );

    expect((await t.api.get('/v1/events').set(auth(theirKey))).body.data.map((e: ApiEvent) => e.id)).toEqual([
      theirs._id,
    ]);
    expect((await t.api.get('/v1/events').set(auth(key))).body.data.map((e: ApiEvent) => e.id)).toEqual([mine._id]);
    const cross = await t.api.get(`/v1/events/${mine._id}`).set(auth(theirKey));
    expect([cross.status, cross.body.error.code]).toEqual([404, 'not_found']);
  });

  // An event carries its resource, so it is visible only with that resource's read scope.
  it('shows run.* events only to runs:read and reference_document.* only to reference_documents:read', async () => {
    const c = await newAccount(t);
    const run = await recordEvent(
      t.database.db,
      c.accountId,
      'run.succeeded',
      `test:${randomBase62(16)}`,
      await dataFor(c.accountId),
    );
    const ref = await recordEvent(
      t.database.db,
      c.accountId,
      'reference_document.ready',
      `test:${randomBase62(16)}`,
      refData(),
    );
    const ids = async (token: string, query = '') => {
      const res = await t.api.get(`/v1/events${query}`).set(auth(token));
      expect(res.status).toBe(200);
      return res.body.data.map((e: ApiEvent) => e.id);
    };
    const runsOnly = await c.key({ scopes: ['runs:read'] });
    const refsOnly = await c.key({ scopes: ['reference_documents:read'] });
    const both = await c.key({ scopes: ['runs:read', 'reference_documents:read'] });
    // Every scope but the four that read some kind of event (calibration.completed, review.completed among them).
    const readers: string[] = ['runs:read', 'reference_documents:read', 'calibrations:read', 'reviews:read'];
    const neither = await c.key({ scopes: SCOPES.filter((s) => !readers.includes(s)) });

    expect(await ids(runsOnly)).toEqual([run._id]);
    expect(await ids(refsOnly)).toEqual([ref._id]);
    expect(await ids(both)).toEqual([ref._id, run._id]);
    for (const path of ['/v1/events', `/v1/events/${run._id}`, `/v1/events/${ref._id}`]) {
      const refused = await t.api.get(path).set(auth(neither));
      expect([path, refused.status, refused.body.error.code]).toEqual([path, 403, 'insufficient_scope']);
    }
    // One event of a kind the key cannot read is as absent as another account's.
    expect((await t.api.get(`/v1/events/${run._id}`).set(auth(runsOnly))).status).toBe(200);
    expect((await t.api.get(`/v1/events/${ref._id}`).set(auth(runsOnly))).status).toBe(404);
    expect((await t.api.get(`/v1/events/${ref._id}`).set(auth(refsOnly))).status).toBe(200);
    expect((await t.api.get(`/v1/events/${run._id}`).set(auth(refsOnly))).status).toBe(404);
    // Asking for a kind by name that the key cannot read is refused, naming the scope.
    const named = await t.api.get('/v1/events?type=run.succeeded').set(auth(refsOnly));
    expect([named.status, named.body.error.code, named.body.error.message]).toEqual([
      403,
      'insufficient_scope',
      expect.stringContaining('runs:read'),
    ]);
    expect(await ids(refsOnly, '?type=reference_document.ready')).toEqual([ref._id]);
  });

  it('pages through only the visible kinds', async () => {
    const c = await newAccount(t);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        (
          await recordEvent(
            t.database.db,
            c.accountId,
            'run.failed',
            `test:${randomBase62(16)}`,
            await dataFor(c.accountId),
          )
        )._id,
      );
      await recordEvent(t.database.db, c.accountId, 'reference_document.ready', `test:${randomBase62(16)}`, refData());
    }
    const runsOnly = await c.key({ scopes: ['runs:read'] });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: { data: ApiEvent[]; next_cursor: string | null } } = await t.api
        .get(`/v1/events?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
        .set(auth(runsOnly));
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((e: ApiEvent) => e.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
  });
});

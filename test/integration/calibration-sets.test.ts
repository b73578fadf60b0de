/**
 * Calibration sets and their items against the real stack: criteria validation,
 * labels checked against their criterion, input documents checked as run creation checks them, all-or-nothing
 * calls, the 1,000-a-call and 10,000-a-set limits, pagination, idempotency, scopes, deletion, and isolation.
 */
import { COLLECTIONS } from '../../domain/platform/db';
import { createTestContext, type TestContext } from '../support/app';
import { newAccount, type TestAccount } from '../support/identity';
import { uploadDocument } from '../support/uploads';

let t: TestContext;
let a: TestAccount;
let token: string;
/** An extracted input document of `a`'s. */
let doc: string;
const auth = (k = token) => ({ Authorization: `Bearer ${k}` });

const CRITERIA = [
  { key: 'score', pointer: '/score', kind: 'ordinal', min: 1, max: 6 },
  { key: 'tone', pointer: '/tone', kind: 'categorical', labels: ['formal', 'casual'] },
  { key: 'on_topic', pointer: '/checks/on_topic', kind: 'boolean' },
  { key: 'words', pointer: '/length/words', kind: 'numeric', min: 0 },
];

async function extractedDocument(k: string): Promise<string> {
  const res = await uploadDocument(t, k, {
    bytes: Buffer.from('An essay about rivers, and why they flood in spring.'),
    filename: 'essay.txt',
    mimeType: 'text/plain',
  });
  expect(res.body.extracted).toBe(true);
  return res.body.id as string;
}

beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(async () => {
  a = await newAccount(t);
  token = await a.key();
  doc = await extractedDocument(token);
});
afterAll(async () => {
  await t.close();
});

const createSet = (body: object, k = token) => t.api.post('/v1/calibration-sets').set(auth(k)).send(body);
const addItems = (setId: string, items: object[], k = token) =>
  t.api.post(`/v1/calibration-sets/${setId}/items`).set(auth(k)).send({ items });
const getSet = (setId: string, k = token) => t.api.get(`/v1/calibration-sets/${setId}`).set(auth(k));
async function newSet(criteria: object[] = CRITERIA): Promise<string> {
  const res = await createSet({ name: 'Essays, autumn term', criteria });
  expect(res.status).toBe(201);
  return res.body.id as string;
}
const item = (labels: object, extra: object = {}) => ({ input_documents: [doc], labels, ...extra });

async function allItems(setId: string, limit = 100): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: { data: Array<Record<string, unknown>>; next_cursor: string | null } } =
      await t.api
        .get(`/v1/calibration-sets/${setId}/items`)
        .query({ limit, ...(cursor ? { cursor } : {}) })
        .set(auth());
    expect(res.status).toBe(200);
    out.push(...res.body.data);
    cursor = res.body.next_cursor;
  } while (cursor);
  return out;
}

describe('creating a set', () => {
  it('answers the set with every criterion spelled out, and GET answers the same with its item count', async () => {
    const res = await createSet({ name: 'Essays', criteria: CRITERIA });
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^cset_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(res.body).toMatchObject({ object: 'calibration_set', name: 'Essays', item_count: 0 });
    expect(res.body.criteria).toEqual([
      { key: 'score', pointer: '/score', kind: 'ordinal', min: 1, max: 6, labels: null },
      { key: 'tone', pointer: '/tone', kind: 'categorical', min: null, max: null, labels: ['formal', 'casual'] },
      { key: 'on_topic', pointer: '/checks/on_topic', kind: 'boolean', min: null, max: null, labels: null },
      { key: 'words', pointer: '/length/words', kind: 'numeric', min: 0, max: null, labels: null },
    ]);
    const got = await getSet(res.body.id);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('accepts every pointer RFC 6901 allows, the whole output and escaped "~" and "/" included', async () => {
    const pointers = ['', '/', '/a~1b', '/m~0n', '/arr/0', '/ü ber/ '];
    const res = await createSet({
      name: 'Pointers',
      criteria: pointers.map((pointer, i) => ({ key: `c${i}`, pointer, kind: 'boolean' })),
    });
    expect(res.status).toBe(201);
    expect(res.body.criteria.map((c: { pointer: string }) => c.pointer)).toEqual(pointers);
  });

  const ordinal = { key: 'score', pointer: '/score', kind: 'ordinal', min: 1, max: 5 };
  it.each<[string, object, string]>([
    ['a key starting with a digit', { ...ordinal, key: '1score' }, 'body.criteria.0.key'],
    ['a key with capitals', { ...ordinal, key: 'Score' }, 'body.criteria.0.key'],
    ['a key of 65 characters', { ...ordinal, key: `a${'b'.repeat(64)}` }, 'body.criteria.0.key'],
    ['a pointer without its leading slash', { ...ordinal, pointer: 'score' }, 'body.criteria.0.pointer'],
    ['a pointer with a bare ~', { ...ordinal, pointer: '/a~2b' }, 'body.criteria.0.pointer'],
    ['a pointer ending in ~', { ...ordinal, pointer: '/a~' }, 'body.criteria.0.pointer'],
    ['an unknown kind', { ...ordinal, kind: 'likert' }, 'body.criteria.0.kind'],
    ['an ordinal without min', { key: 'score', pointer: '/s', kind: 'ordinal', max: 5 }, 'body.criteria.0.min'],
    ['an ordinal without max', { key: 'score', pointer: '/s', kind: 'ordinal', min: 1 }, 'body.criteria.0.max'],
    ['an ordinal with min = max', { ...ordinal, min: 3, max: 3 }, 'body.criteria.0.max'],
    ['an ordinal with min > max', { ...ordinal, min: 5, max: 1 }, 'body.criteria.0.max'],
    ['an ordinal with a fractional min', { ...ordinal, min: 0.5 }, 'body.criteria.0.min'],
    ['an ordinal of more than 101 labels', { ...ordinal, min: 0, max: 101 }, 'body.criteria.0.max'],
    ['an ordinal with labels', { ...ordinal, labels: ['a', 'b'] }, 'body.criteria.0.labels'],
    ['a categorical without labels', { key: 'tone', pointer: '/t', kind: 'categorical' }, 'body.criteria.0.labels'],
    [
      'a categorical with no labels',
      { key: 'tone', pointer: '/t', kind: 'categorical', labels: [] },
      'body.criteria.0.labels',
    ],
    [
      'a categorical with a label twice',
      { key: 'tone', pointer: '/t', kind: 'categorical', labels: ['a', 'b', 'a'] },
      'body.criteria.0.labels',
    ],
    [
      'a categorical with min',
      { key: 'tone', pointer: '/t', kind: 'categorical', labels: ['a'], min: 1 },
      'body.criteria.0.min',
    ],
    ['a boolean with max', { key: 'ok', pointer: '/ok', kind: 'boolean', max: 1 }, 'body.criteria.0.max'],
    ['a numeric with min > max', { key: 'n', pointer: '/n', kind: 'numeric', min: 10, max: 2 }, 'body.criteria.0.max'],
    ['an unknown field', { ...ordinal, weight: 2 }, 'body.criteria.0'],
  ])('refuses %s with 400 naming the field', async (_what, criterion, path) => {
    const res = await createSet({ name: 'Bad', criteria: [criterion] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('refuses a key used twice, naming the second, and a set with no criteria or no name', async () => {
    const twice = await createSet({
      name: 'Twice',
      criteria: [
        { key: 'score', pointer: '/a', kind: 'boolean' },
        { key: 'score', pointer: '/b', kind: 'boolean' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.details[0].path).toBe('body.criteria.1.key');
    expect((await createSet({ name: 'None', criteria: [] })).body.error.details[0].path).toBe('body.criteria');
    expect((await createSet({ criteria: CRITERIA })).body.error.details[0].path).toBe('body.name');
    // Nothing was created by any refusal.
    expect((await t.api.get('/v1/calibration-sets').set(auth())).body.data).toEqual([]);
  });

  it('creates once per Idempotency-Key: a retry answers the same set, another body under the key is 409', async () => {
    const send = (body: object) =>
      t.api.post('/v1/calibration-sets').set(auth()).set('Idempotency-Key', 'cset-key-1').send(body);
    const first = await send({ name: 'Once', criteria: CRITERIA });
    const again = await send({ name: 'Once', criteria: CRITERIA });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await send({ name: 'Other', criteria: CRITERIA });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    const listed = (await t.api.get('/v1/calibration-sets').set(auth())).body.data;
    expect(listed.map((s: { id: string }) => s.id)).toEqual([first.body.id]);
  });
});

describe('adding items', () => {
  it('adds items with one label or several raters’, lacking some criteria, and counts them', async () => {
    const setId = await newSet();
    const res = await addItems(setId, [
      item({ score: 4, tone: 'formal', on_topic: true, words: 412.5 }, { external_id: 'essay-1' }),
      item({
        score: [
          { rater: 'ana', value: 5 },
          { rater: 'ben', value: 6 },
        ],
      }),
    ]);
    expect(res.status).toBe(201);
    expect(res.body.item_count).toBe(2);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0]).toMatchObject({
      object: 'calibration_item',
      calibration_set_id: setId,
      input_documents: [doc],
      external_id: 'essay-1',
      labels: { score: 4, tone: 'formal', on_topic: true, words: 412.5 },
    });
    expect(res.body.data[0].id).toMatch(/^csi_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(res.body.data[1]).toMatchObject({
      external_id: null,
      labels: {
        score: [
          { rater: 'ana', value: 5 },
          { rater: 'ben', value: 6 },
        ],
      },
    });
    expect((await getSet(setId)).body.item_count).toBe(2);
    // Listed newest first: the last item sent first.
    expect((await allItems(setId)).map((i) => i.id)).toEqual([res.body.data[1].id, res.body.data[0].id]);
  });

  it.each<[string, object, string]>([
    ['an ordinal label above max', { score: 7 }, 'body.items.1.labels.score'],
    ['an ordinal label below min', { score: 0 }, 'body.items.1.labels.score'],
    ['a fractional ordinal label', { score: 2.5 }, 'body.items.1.labels.score'],
    ['a string for an ordinal', { score: '4' }, 'body.items.1.labels.score'],
    ['a categorical label not declared', { tone: 'angry' }, 'body.items.1.labels.tone'],
    ['a number for a boolean', { on_topic: 1 }, 'body.items.1.labels.on_topic'],
    ['a numeric label below its min', { words: -1 }, 'body.items.1.labels.words'],
    [
      'a rater’s label out of range',
      {
        score: [
          { rater: 'ana', value: 3 },
          { rater: 'ben', value: 9 },
        ],
      },
      'body.items.1.labels.score.1.value',
    ],
    ['a criterion the set lacks', { clarity: 3 }, 'body.items.1.labels.clarity'],
  ])('refuses %s with 400 naming it, and adds none of the call’s items', async (_what, labels, path) => {
    const setId = await newSet();
    const res = await addItems(setId, [item({ score: 3 }), item(labels), item({ score: 2 })]);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.details[0].path).toBe(path);
    expect(res.body.error.message).toContain(path.slice('body.'.length));
    expect((await getSet(setId)).body.item_count).toBe(0);
    expect(await allItems(setId)).toEqual([]);
  });

  it('refuses malformed items by their path: no documents, no labels, a rater twice, 1,001 in one call, over 2,000 documents', async () => {
    const setId = await newSet();
    const cases: Array<[object[], string]> = [
      [[{ input_documents: [], labels: { score: 1 } }], 'body.items.0.input_documents'],
      [[item({})], 'body.items.0.labels'],
      [
        [
          item({
            score: [
              { rater: 'ana', value: 1 },
              { rater: 'ana', value: 2 },
            ],
          }),
        ],
        'body.items.0.labels.score.1.rater',
      ],
      [[], 'body.items'],
      [Array.from({ length: 1001 }, () => item({ score: 1 })), 'body.items'],
      // 2,020 distinct documents named in one call (at most 2,000).
      [
        Array.from({ length: 101 }, (_, i) => ({
          input_documents: Array.from({ length: 20 }, (_, j) => `doc_${i}_${j}`),
          labels: { score: 1 },
        })),
        'body.items',
      ],
    ];
    for (const [items, path] of cases) {
      const res = await addItems(setId, items);
      expect({ path, status: res.status, first: res.body.error.details[0].path }).toEqual({
        path,
        status: 400,
        first: path,
      });
    }
    expect((await getSet(setId)).body.item_count).toBe(0);
  });

  it('checks input documents as run creation does: unknown or another account’s is 400, unextracted 409', async () => {
    const setId = await newSet();
    const missing = await addItems(setId, [
      item({ score: 1 }),
      { input_documents: ['doc_nope'], labels: { score: 2 } },
    ]);
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0]).toEqual({
      path: 'body.items.1.input_documents',
      message: 'no document doc_nope',
    });

    const b = await newAccount(t);
    const theirs = await extractedDocument(await b.key());
    const foreign = await addItems(setId, [{ input_documents: [theirs], labels: { score: 2 } }]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details[0].path).toBe('body.items.0.input_documents');

    const pending = await t.api.post('/v1/documents').set(auth()).send({ filename: 'later.txt' });
    const unextracted = await addItems(setId, [{ input_documents: [pending.body.id], labels: { score: 2 } }]);
    expect(unextracted.status).toBe(409);
    expect(unextracted.body.error.code).toBe('document_not_extracted');

    expect((await getSet(setId)).body.item_count).toBe(0);
    expect(await allItems(setId)).toEqual([]);
  });

  it('holds at most 10,000 items: the call that would pass it is 409 limit_reached and adds nothing', async () => {
    const setId = await newSet([{ key: 'score', pointer: '/score', kind: 'ordinal', min: 1, max: 5 }]);
    const thousand = (n = 1000) => Array.from({ length: n }, (_, i) => item({ score: (i % 5) + 1 }));
    for (let call = 0; call < 9; call++) expect((await addItems(setId, thousand())).status).toBe(201);
    // Two calls at once, each fitting alone, both together not: exactly one gets the room.
    const racing = await Promise.all([addItems(setId, thousand(600)), addItems(setId, thousand(600))]);
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await getSet(setId)).body.item_count).toBe(9600);
    expect((await addItems(setId, thousand(399))).body.item_count).toBe(9999);
    const over = await addItems(setId, thousand(2));
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('limit_reached');
    expect(over.body.error.message).toContain('10,000');
    const last = await addItems(setId, thousand(1));
    expect(last.status).toBe(201);
    expect(last.body.item_count).toBe(10_000);
    expect((await addItems(setId, thousand(1))).status).toBe(409);
    expect((await getSet(setId)).body.item_count).toBe(10_000);
    // Every item counted is listed, once.
    const listed = await allItems(setId);
    expect([listed.length, new Set(listed.map((i) => i.id)).size]).toEqual([10_000, 10_000]);
  }, 300_000);

  it('adds once per Idempotency-Key: a retry answers the same items and the count is not doubled', async () => {
    const setId = await newSet();
    const send = () =>
      t.api
        .post(`/v1/calibration-sets/${setId}/items`)
        .set(auth())
        .set('Idempotency-Key', 'items-key-1')
        .send({ items: [item({ score: 2 }), item({ score: 3 })] });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await getSet(setId)).body.item_count).toBe(2);
    expect(await allItems(setId)).toHaveLength(2);
  });

  it('adds once when retried after the first call wrote its items but never answered (its key’s lock lapsed)', async () => {
    const setId = await newSet();
    const send = () =>
      t.api
        .post(`/v1/calibration-sets/${setId}/items`)
        .set(auth())
        .set('Idempotency-Key', 'items-key-lapsed')
        .send({ items: [item({ score: 2 }), item({ score: 3 }), item({ score: 4 })] });
    const first = await send();
    expect(first.status).toBe(201);
    // The first call's process died after writing its items, before recording its answer: the key is still held
    // by it, and its lock has lapsed, so the retry runs the call again under the same reservation.
    const keys = t.database.db.collection(COLLECTIONS.idempotencyKeys);
    const lapsed = await keys.updateMany(
      { account_id: a.accountId },
      { $set: { state: 'in_flight', status: null, body_json: null, locked_until: new Date(0) } },
    );
    expect(lapsed.modifiedCount).toBe(1);

    const retried = await send();
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.body).toEqual(first.body);
    expect((await getSet(setId)).body.item_count).toBe(3);
    const listed = await allItems(setId);
    expect(listed.map((i) => i.id).sort()).toEqual(first.body.data.map((i: { id: string }) => i.id).sort());
  });
});

describe('reading', () => {
  it('pages through items and sets, each exactly once, newest first', async () => {
    const setId = await newSet();
    const added = await addItems(
      setId,
      Array.from({ length: 25 }, (_, i) => item({ score: (i % 6) + 1 }, { external_id: `e${i}` })),
    );
    const paged = await allItems(setId, 10);
    expect(paged.map((i) => i.external_id)).toEqual(Array.from({ length: 25 }, (_, i) => `e${24 - i}`));
    expect(paged.map((i) => i.id)).toEqual([...added.body.data.map((i: { id: string }) => i.id)].reverse());

    const more = [await newSet(), await newSet()];
    const first = await t.api.get('/v1/calibration-sets').query({ limit: 2 }).set(auth());
    expect(first.body.data.map((s: { id: string }) => s.id)).toEqual([more[1], more[0]]);
    const second = await t.api
      .get('/v1/calibration-sets')
      .query({ limit: 2, cursor: first.body.next_cursor })
      .set(auth());
    expect(second.body.data.map((s: { id: string }) => s.id)).toEqual([setId]);
    expect(second.body.next_cursor).toBeNull();
    expect(second.body.data[0].item_count).toBe(25);

    // A cursor of one set's items is not one of another's.
    const page = await t.api.get(`/v1/calibration-sets/${setId}/items`).query({ limit: 10 }).set(auth());
    const misplaced = await t.api
      .get(`/v1/calibration-sets/${more[0]}/items`)
      .query({ cursor: page.body.next_cursor })
      .set(auth());
    expect(misplaced.status).toBe(400);
  });

  it('keeps accounts apart: another account’s set is 404 to read, list, add to or delete', async () => {
    const setId = await newSet();
    await addItems(setId, [item({ score: 1 })]);
    const b = await newAccount(t);
    const bKey = await b.key();
    expect((await getSet(setId, bKey)).status).toBe(404);
    expect((await t.api.get(`/v1/calibration-sets/${setId}/items`).set(auth(bKey))).status).toBe(404);
    expect((await addItems(setId, [item({ score: 1 })], bKey)).status).toBe(404);
    expect((await t.api.delete(`/v1/calibration-sets/${setId}`).set(auth(bKey))).status).toBe(404);
    expect((await t.api.get('/v1/calibration-sets').set(auth(bKey))).body.data).toEqual([]);
    expect((await getSet(setId)).body.item_count).toBe(1);
  });

  it('needs calibrations:read to read and calibrations:write to change', async () => {
    const setId = await newSet();
    const reader = await a.key({ scopes: ['calibrations:read'] });
    const other = await a.key({ scopes: ['runs:read', 'runs:write'] });
    expect((await getSet(setId, reader)).status).toBe(200);
    expect((await t.api.get(`/v1/calibration-sets/${setId}/items`).set(auth(reader))).status).toBe(200);
    for (const res of [
      await createSet({ name: 'x', criteria: CRITERIA }, reader),
      await addItems(setId, [item({ score: 1 })], reader),
      await t.api.delete(`/v1/calibration-sets/${setId}`).set(auth(reader)),
      await getSet(setId, other),
      await t.api.get('/v1/calibration-sets').set(auth(other)),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('insufficient_scope');
    }
  });
});

describe('deleting', () => {
  it('takes the set and its items away: 404 afterwards, gone from the list, a second delete 404', async () => {
    const setId = await newSet();
    const kept = await newSet();
    await addItems(setId, [item({ score: 1 })]);
    const res = await t.api.delete(`/v1/calibration-sets/${setId}`).set(auth());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: setId, object: 'calibration_set', deleted: true });
    expect((await getSet(setId)).status).toBe(404);
    expect((await t.api.get(`/v1/calibration-sets/${setId}/items`).set(auth())).status).toBe(404);
    expect((await addItems(setId, [item({ score: 1 })])).status).toBe(404);
    expect((await t.api.delete(`/v1/calibration-sets/${setId}`).set(auth())).status).toBe(404);
    const listed = (await t.api.get('/v1/calibration-sets').set(auth())).body.data;
    expect(listed.map((s: { id: string }) => s.id)).toEqual([kept]);
  });
});

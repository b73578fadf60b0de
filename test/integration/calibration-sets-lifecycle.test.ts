/**
 * Calibration sets against the real stack: creating one (criteria validation, idempotency), reading sets and items
 * (pagination, scopes, isolation between accounts) and deleting one with its items.
 */
import type { TestContext } from '../support/app';
import {
  addItems,
  allItems,
  auth,
  createSet,
  CRITERIA,
  getSet,
  item,
  newSet,
  useCalibrationSetStack,
} from '../support/calibration-sets';
import { newAccount, type TestAccount } from '../support/identity';

const stack = useCalibrationSetStack();
let t: TestContext;
let a: TestAccount;
beforeEach(() => {
  ({ t, a } = stack);
});

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

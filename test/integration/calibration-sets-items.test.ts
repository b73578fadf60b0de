/**
 * Adding items to a calibration set against the real stack: labels checked against their criterion, input
 * documents checked as run creation checks them, all-or-nothing calls, the 1,000-a-call and 10,000-a-set limits,
 * and idempotency.
 */
import { COLLECTIONS } from '../../domain/platform/db';
import type { TestContext } from '../support/app';
import {
  addItems,
  allItems,
  auth,
  extractedDocument,
  getSet,
  item,
  newSet,
  useCalibrationSetStack,
} from '../support/calibration-sets';
import { newAccount, type TestAccount } from '../support/identity';

const stack = useCalibrationSetStack();
let t: TestContext;
let a: TestAccount;
let doc: string;
beforeEach(() => {
  ({ t, a, doc } = stack);
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

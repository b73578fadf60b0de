/**
 * POST /v1/workflows/{id}/runs/quote against the real stack: the quote is the `quoted_credits` of the run created
 * right after with the same body (per page, and with reference tokens under a full-text policy), quoting writes
 * and charges nothing, every refusal of creation is the quote's refusal too, a short balance is reported rather
 * than refused, test keys are quoted as live with nothing due, and the route needs runs:read.
 */
import { COLLECTIONS } from '../../domain/platform/db';
import { createTestContext, type TestContext } from '../support/app';
import { makeDocument, SAMPLE_SENTENCES } from '../support/files';
import { newAccount, type TestAccount } from '../support/identity';
import { balance, makeWorkflow, waitForRun } from '../support/runs';
import { uploadDocument, uploadReference, waitForReference } from '../support/uploads';

let t: TestContext;
let a: TestAccount;
let testKey: string;
let liveKey: string;
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });

beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(async () => {
  a = await newAccount(t);
  testKey = await a.key({ mode: 'test' });
  liveKey = await a.key({ mode: 'live' });
});
afterAll(async () => {
  await t.close();
});

const quote = (ctx: TestContext, token: string, wf: string, body: object) =>
  ctx.api.post(`/v1/workflows/${wf}/runs/quote`).set(auth(token)).send(body);
const create = (ctx: TestContext, token: string, wf: string, body: object) =>
  ctx.api.post(`/v1/workflows/${wf}/runs`).set(auth(token)).send(body);

/** Nothing of the account's was written: no run (not even a hidden one), no ledger entry. */
async function expectNothingWritten(accountId: string) {
  expect(await t.database.db.collection(COLLECTIONS.runs).countDocuments({ account_id: accountId })).toBe(0);
  expect(await t.database.db.collection(COLLECTIONS.ledger).countDocuments({ account_id: accountId })).toBe(0);
}

describe('a quote', () => {
  it('is what the run created next with the same body is quoted, and writes and charges nothing', async () => {
    const doc = await uploadDocument(
      t,
      liveKey,
      await makeDocument('pdf', { sentences: ['One.', 'Two.', 'Three.'], pages: 3 }),
    );
    const wf = await makeWorkflow(t, liveKey);
    const body = { input_documents: [doc.body.id], metadata: { batch: 7 } };
    const before = await balance(t, liveKey);

    const live = await quote(t, liveKey, wf, body);
    expect(live.status).toBe(200);
    // general_evaluation: 1 credit a run + 0.2 a page.
    expect(live.body).toEqual({
      object: 'run_quote',
      workflow_id: wf,
      livemode: true,
      quoted_credits: 1.6,
      // The same run in an economy batch: the catalog's discount (0.5) of the quote.
      economy_credits: 0.8,
      credits_due: 1.6,
      sufficient_credits: true,
      balance: before,
    });
    const test = await quote(t, testKey, wf, body);
    expect(test.body).toMatchObject({ livemode: false, quoted_credits: 1.6, credits_due: 0, sufficient_credits: true });
    expect(await balance(t, liveKey)).toEqual(before);
    expect((await t.api.get('/v1/runs').set(auth(liveKey))).body.data).toEqual([]);
    await expectNothingWritten(a.accountId);

    const liveRun = await create(t, liveKey, wf, body);
    expect([liveRun.status, liveRun.body.quoted_credits]).toEqual([202, live.body.quoted_credits]);
    const testRun = await create(t, testKey, wf, body);
    expect([testRun.status, testRun.body.quoted_credits]).toEqual([202, test.body.quoted_credits]);
    // Settle both (the live one fails without a model and is refunded) so nothing is left running.
    await waitForRun(t, liveKey, liveRun.body.id);
    await waitForRun(t, testKey, testRun.body.id);
  });

  it('prices reference tokens under a full-text policy exactly as creation does', async () => {
    const refId = await uploadReference(t, testKey, await makeDocument('md', { sentences: SAMPLE_SENTENCES }));
    expect((await waitForReference(t, testKey, refId)).status).toBe('ready');
    const wf = await makeWorkflow(t, testKey, {
      reference_document_ids: [refId],
      default_model_policy: 'provider-b-1m-fulltext',
    });
    const quoted = await quote(t, testKey, wf, {});
    expect(quoted.status).toBe(200);
    expect(quoted.body.quoted_credits).toBeGreaterThan(1); // 1 a run, plus the reference tokens
    const run = await create(t, testKey, wf, {});
    expect(run.body.quoted_credits).toBe(quoted.body.quoted_credits);
    await waitForRun(t, testKey, run.body.id);
  });

  it('reports a short balance where creation answers 402', async () => {
    await t.database.db
      .collection(COLLECTIONS.accounts)
      .updateOne({ _id: a.accountId as never }, { $set: { bonus_milli: 500, regular_milli: 0 } });
    const wf = await makeWorkflow(t, liveKey);
    const live = await quote(t, liveKey, wf, {});
    expect(live.body).toMatchObject({
      quoted_credits: 1,
      credits_due: 1,
      sufficient_credits: false,
      balance: { pro_credits: 0.5 },
    });
    expect((await quote(t, testKey, wf, {})).body).toMatchObject({ credits_due: 0, sufficient_credits: true });
    const refused = await create(t, liveKey, wf, {});
    expect([refused.status, refused.body.error.code]).toEqual([402, 'insufficient_credits']);
  });
});

describe('refusals', () => {
  it('refuses exactly what creation refuses, with the same status and code, writing nothing', async () => {
    const before = await balance(t, liveKey);
    const wf = await makeWorkflow(t, liveKey);
    const paused = await makeWorkflow(t, liveKey);
    await t.api.patch(`/v1/workflows/${paused}`).set(auth(liveKey)).send({ status: 'paused' });
    const pending = await t.api.post('/v1/documents').set(auth(liveKey)).send({ filename: 'x.pdf' });
    const ref = await t.api.post('/v1/reference-documents').set(auth(liveKey)).send({ name: 'R', filename: 'r.pdf' });
    const withRef = await makeWorkflow(t, liveKey, { reference_document_ids: [ref.body.id] });
    const b = await newAccount(t);
    const theirs = await makeWorkflow(t, await b.key({ mode: 'live' }));

    const cases: Array<[string, string, object, number, string]> = [
      ['unknown workflow', 'wf_nope', {}, 404, 'not_found'],
      ["another account's workflow", theirs, {}, 404, 'not_found'],
      ['paused workflow', paused, {}, 409, 'workflow_not_active'],
      ['unknown document', wf, { input_documents: ['doc_nope'] }, 400, 'invalid_request'],
      ['unextracted document', wf, { input_documents: [pending.body.id] }, 409, 'document_not_extracted'],
      [
        'too many documents',
        wf,
        { input_documents: Array.from({ length: 21 }, (_, i) => `doc_${i}`) },
        400,
        'invalid_request',
      ],
      ['unknown field', wf, { files: [] }, 400, 'invalid_request'],
      ['bad mode', wf, { mode: 'later' }, 400, 'invalid_request'],
      ['reference still processing', withRef, {}, 409, 'reference_document_not_ready'],
    ];
    for (const [name, workflow, body, status, code] of cases) {
      const q = await quote(t, liveKey, workflow, body);
      const c = await create(t, liveKey, workflow, body);
      expect([name, q.status, q.body.error?.code]).toEqual([name, status, code]);
      expect([name, c.status, c.body.error?.code]).toEqual([name, status, code]);
      expect(q.body.error.details).toEqual(c.body.error.details);
    }

    const off = await createTestContext({ SYNC_RUNS: 'disabled' });
    try {
      const sync = await quote(off, liveKey, wf, { mode: 'sync' });
      expect([sync.status, sync.body.error.code]).toEqual([409, 'use_async']);
    } finally {
      await off.close();
    }

    // JSON only: the legacy multipart form is for creation, not quotes.
    const form = await t.api.post(`/v1/workflows/${wf}/runs/quote`).set(auth(liveKey)).field('mode', 'async');
    expect([form.status, form.body.error.code]).toEqual([415, 'unsupported_media_type']);

    expect(await balance(t, liveKey)).toEqual(before);
    await expectNothingWritten(a.accountId);
  });

  it('needs runs:read', async () => {
    const wf = await makeWorkflow(t, liveKey);
    const writer = await a.key({ mode: 'live', scopes: ['runs:write'] });
    const refused = await quote(t, writer, wf, {});
    expect([refused.status, refused.body.error.code]).toEqual([403, 'insufficient_scope']);
    const reader = await a.key({ mode: 'live', scopes: ['runs:read'] });
    expect((await quote(t, reader, wf, {})).status).toBe(200);
  });

  // The balance is usage data. A runs:read key once read it through every quote.
  it('shows the balance only to a key holding usage:read', async () => {
    const wf = await makeWorkflow(t, liveKey);
    const reader = await a.key({ mode: 'live', scopes: ['runs:read'] });
    const plain = await quote(t, reader, wf, {});
    expect(plain.status).toBe(200);
    expect(plain.body).not.toHaveProperty('balance');
    expect(plain.body).toMatchObject({ quoted_credits: 1, credits_due: 1, sufficient_credits: true });
    const withUsage = await a.key({ mode: 'live', scopes: ['runs:read', 'usage:read'] });
    const full = await quote(t, withUsage, wf, {});
    expect(full.body.balance).toEqual(await balance(t, liveKey));
  });
});
